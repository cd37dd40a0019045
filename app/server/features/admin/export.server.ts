/**
 * The requests as a table for spreadsheets: one set of columns for the CSV (`npm run leads -- list --csv`,
 * /admin/requests.csv) and the .xlsx workbook (`list --xlsx FILE`, /admin/requests.xlsx; ./xlsx.server.ts).
 *
 * One column per fact, each with its own name (a program that reads the header, like python's
 * csv.DictReader, keeps every column): the contact's e-mail, phone and ZIP code are not repeated from the
 * form's fields, the name is the form's First name and Last name, and a field whose label another column
 * already has is named with its key too. Times are Boise's wall clock (the business's time zone), phones
 * in their display form "(208) 555-0134", which no spreadsheet reads as a number or a formula.
 */
import type { Fields } from "../../kit/leads.server.ts";
import { localParts } from "../../kit/business-time.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { stageLabel } from "../../kit/stages.ts";
import { KIND_OPTIONS } from "../../../forms/admin.ts";
import { toCsv } from "./csv.server.ts";
import { type FieldViews, formatField, formatPhone, LEAD_FIELD_VIEWS, ownerValue } from "../../notify/labels.server.ts";
import type { ListedLead } from "./listing.server.ts";
import type { LeadMoney } from "./books.server.ts";

const kindText = (kind: string) => KIND_OPTIONS.find((o) => o.value === kind)?.label ?? kind;

export const areaText = (inServiceArea: boolean | null) =>
  inServiceArea === null ? "?" : inServiceArea ? "yes" : "no";

/** A cell: text, an instant shown as a date and time in Boise, a whole-dollar amount, an amount in cents, or a Boise calendar day (YYYY-MM-DD). */
export type SheetCell = string | Date | { dollars: number } | { cents: number } | { day: string };

/** "-54.25": cents as the plain decimal an import reads (no thousands separator, no currency sign). */
export function plainAmount(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? "-" : ""}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const PAID_WORDS: Record<LeadMoney["paid"], string> = { yes: "yes", partly: "partly", no: "no", "": "" };

/** A field's cell: a whole-dollar amount as a number when its view says so and it is one, else its text. */
function fieldCell(key: string, value: Fields[string] | undefined, views: FieldViews): SheetCell {
  if (views.get(key)?.sheet === "dollars" && typeof value === "string" && /^\d{1,9}$/.test(value))
    return { dollars: Number(value) };
  return ownerValue(key, value, views);
}

export interface LeadsTable {
  header: string[];
  rows: SheetCell[][];
}

/** Labels made unique: a repeated one gets its field key, then a number. */
function uniqueLabels(columns: { label: string; key?: string }[]): string[] {
  const seen = new Set<string>();
  return columns.map(({ label, key }) => {
    let name = label;
    if (seen.has(name) && key) name = `${label} (${key})`;
    for (let n = 2; seen.has(name); n++) name = `${label} (${n})`;
    seen.add(name);
    return name;
  });
}

/** The columns of the table: the fixed ones, the utm keys and the form fields the requests have. */
export interface LeadColumns {
  header: string[];
  utmKeys: string[];
  fieldKeys: string[];
}

/**
 * The columns for requests whose form values have `fieldKeys` and whose utm values have `utmKeys` (in the order
 * the newest request first shows them): a field has a column of its own, named by its view, unless its view says
 * the contact's columns (First name … ZIP code) show it.
 */
export function leadColumns(
  fieldKeysSeen: Iterable<string>,
  utmKeysSeen: Iterable<string>,
  views: FieldViews = LEAD_FIELD_VIEWS,
): LeadColumns {
  const fieldKeys = [...new Set(fieldKeysSeen)].filter((key) => views.get(key)?.column !== false);
  const utmKeys = [...new Set(utmKeysSeen)].sort();
  const header = uniqueLabels([
    ...[
      "Reference",
      "Received (Boise time)",
      "Kind",
      "First name",
      "Last name",
      "E-mail",
      "Phone",
      "ZIP code",
      "In service area",
      "Stage",
      "Accepted option",
      "Price (accepted)",
      "Deposit paid",
      "Window",
      "Paid",
      "Delivery",
      "Sent from page",
      "Landing page",
      "Referrer",
      ...utmKeys,
      "gclid",
    ].map((label) => ({ label })),
    ...fieldKeys.map((key) => {
      const view = views.get(key);
      return { label: typeof view?.column === "string" ? view.column : (view?.label ?? key), key };
    }),
  ]);
  return { header, utmKeys, fieldKeys };
}

/** A request's row under `columns`; its money (./books.server.ts leadMoney) follows its stage, blank without any. */
export function leadCells(
  { id, createdAt, kind, contact, inServiceArea, stage, deliveryStatus, context, fields }: ListedLead,
  { utmKeys, fieldKeys }: LeadColumns,
  views: FieldViews = LEAD_FIELD_VIEWS,
  money?: LeadMoney,
): SheetCell[] {
  return [
    referenceOf(id),
    createdAt,
    kindText(kind),
    formatField(fields.firstName),
    formatField(fields.lastName),
    contact.email,
    formatPhone(contact.phone),
    contact.zip ?? "",
    areaText(inServiceArea),
    stageLabel(stage),
    ...moneyCells(money),
    deliveryStatus === "notified" ? "delivered" : "not yet delivered",
    context.page,
    context.landingPage ?? "",
    context.referrer ?? "",
    ...utmKeys.map((key) => context.utm[key] ?? ""),
    context.gclid ?? "",
    ...fieldKeys.map((key) => fieldCell(key, fields[key], views)),
  ];
}

/** The table of `leads`, their fields as `views` shows them (the site's forms'), each with its money from `money`. */
export function leadsTable(
  leads: ListedLead[],
  views: FieldViews = LEAD_FIELD_VIEWS,
  money: ReadonlyMap<string, LeadMoney> = new Map(),
): LeadsTable {
  const columns = leadColumns(
    leads.flatMap((lead) => Object.keys(lead.fields)),
    leads.flatMap((lead) => Object.keys(lead.context.utm)),
    views,
  );
  return { header: columns.header, rows: leads.map((lead) => leadCells(lead, columns, views, money.get(lead.id))) };
}

/** A request's accepted option, its price, the deposit paid, the confirmed window and whether it is paid. */
const moneyCells = (money: LeadMoney | undefined): SheetCell[] =>
  money
    ? [
        money.acceptedOption,
        money.priceCents === null ? "" : { cents: money.priceCents },
        money.depositCents > 0 ? { cents: money.depositCents } : "",
        money.window,
        PAID_WORDS[money.paid],
      ]
    : ["", "", "", "", ""];

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as Boise's wall clock, "2026-11-26 08:30:00": the form spreadsheets read as a date and time. */
export function boiseDateTime(date: Date): string {
  const t = localParts(date);
  return `${t.year}-${pad(t.month)}-${pad(t.day)} ${pad(t.hour)}:${pad(t.minute)}:${pad(t.second)}`;
}

/**
 * The CSV (./csv.server.ts: UTF-8 with a byte-order mark, RFC 4180, text cells quoted and formula-safe);
 * a time and a dollar amount are the cells left unquoted, so that an import that takes quoted cells as text
 * still reads them as a date and a number.
 */
export function leadsCsv(
  leads: ListedLead[],
  views: FieldViews = LEAD_FIELD_VIEWS,
  money: ReadonlyMap<string, LeadMoney> = new Map(),
): string {
  const { header, rows } = leadsTable(leads, views, money);
  return toCsv([header, ...rows.map(csvCells)]);
}

/** A row's cells as the CSV writes them (./csv.server.ts toCsv). */
export const csvCells = (row: SheetCell[]) =>
  row.map((cell) =>
    cell instanceof Date
      ? { raw: boiseDateTime(cell) }
      : typeof cell === "string"
        ? cell
        : "cents" in cell
          ? { raw: plainAmount(cell.cents) }
          : "day" in cell
            ? { raw: cell.day }
            : { raw: String(cell.dollars) },
  );
