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
import { localParts } from "../../kit/business-time.server.ts";
import { leadsTable, type SheetCell } from "./export.server.ts";
import { collect, xlsxStream } from "./xlsx-stream.server.ts";
import { type FieldViews, LEAD_FIELD_VIEWS } from "../../notify/labels.server.ts";
import type { ListedLead } from "./listing.server.ts";
import type { LeadMoney } from "./books.server.ts";

/** Boise's wall clock as the date a spreadsheet shows (a workbook's dates have no time zone). */
function boiseWallClock(date: Date): Date {
  const t = localParts(date);
  return new Date(Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second));
}

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The requests' sheet's column widths: the time received wide enough for its date and time. */
export const leadWidths = (header: string[]) =>
  header.map((label) => (label.startsWith("Received") ? 18 : Math.max(12, label.length + 2)));

/** The requests' workbook as it streams (./xlsx-stream.server.ts), from `columns` and their rows a batch at a time. */
export const leadsXlsxStream = (header: string[], batches: AsyncIterable<SheetCell[][]>) =>
  xlsxStream({ name: "Requests", header, widths: leadWidths(header), batches, wallClock: boiseWallClock });

export async function leadsXlsx(
  leads: ListedLead[],
  views: FieldViews = LEAD_FIELD_VIEWS,
  money: ReadonlyMap<string, LeadMoney> = new Map(),
): Promise<Buffer> {
  const { header, rows } = leadsTable(leads, views, money);
  return collect(
    leadsXlsxStream(
      header,
      (async function* () {
        yield rows;
      })(),
    ),
  );
}
