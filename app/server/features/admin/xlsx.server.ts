/**
 * The requests as an Excel workbook (.xlsx), the CSV's columns (./export.server.ts) with their types in the
 * file, so no import dialog guesses them: every text cell is a text cell with the Text format "@" (a ZIP
 * code keeps its leading zero, a phone number its form, and a cell starting with = is text: no formula is
 * ever written, so none needs a visible quote), and the time received is a real date cell showing Boise's
 * wall clock (yyyy-mm-dd hh:mm), and a dollar amount (the instant estimate's low and high) a number shown
 * $1,234. Strings are stored as UTF-8 XML (accents, emoji); characters XML cannot
 * hold are never written: a hidden character (a control, a direction override: app/lib/text.ts) is shown as
 * "�", as in the CSV.
 */
import type { Cell } from "write-excel-file/node";
import { visible } from "../../../lib/text.ts";
import { localParts } from "../../kit/business-time.server.ts";
import { leadsTable, type SheetCell } from "./export.server.ts";
import { type FieldViews, LEAD_FIELD_VIEWS } from "../../notify/labels.server.ts";
import type { ListedLead } from "./listing.server.ts";

/** Boise's wall clock as the date a spreadsheet shows (a workbook's dates have no time zone). */
function boiseWallClock(date: Date): Date {
  const t = localParts(date);
  return new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second));
}

const cellOf = (cell: SheetCell): Cell =>
  cell instanceof Date
    ? { type: Date, value: boiseWallClock(cell), format: "yyyy-mm-dd hh:mm" }
    : typeof cell === "string"
      ? { type: String, value: visible(cell), format: "@" }
      : { type: Number, value: cell.dollars, format: '"$"#,##0' };

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export async function leadsXlsx(leads: ListedLead[], views: FieldViews = LEAD_FIELD_VIEWS): Promise<Buffer> {
  // Loaded on the first export, not at the server's start (about 0.1 s).
  const { default: writeXlsxFile } = await import("write-excel-file/node");
  const { header, rows } = leadsTable(leads, views);
  const data: Cell[][] = [
    header.map((label): Cell => ({ type: String, value: label, format: "@", fontWeight: "bold" })),
    ...rows.map((row) => row.map(cellOf)),
  ];
  return writeXlsxFile(data, {
    sheet: "Requests",
    stickyRowsCount: 1,
    columns: header.map((label) => ({ width: label.startsWith("Received") ? 18 : Math.max(12, label.length + 2) })),
  }).toBuffer();
}
