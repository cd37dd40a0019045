/** The inbox's filters and rows, as the /admin pages and the CSV export read them. */
import { inboxFilterSchema, type InboxFilterValues } from "../../../forms/admin.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { formatPhone, oneLine } from "../../notify/labels.server.ts";
import { countLeads, leadPage, type LeadCursor, type ListedLead, type LeadFilter } from "./listing.server.ts";
import { isOverdue, parseLocalDate, startOfLocalDay } from "../../kit/business-time.server.ts";
import { spamFlag } from "../../kit/spam-signal.server.ts";

/** Requests shown on one inbox page (within 100 KB of HTML on a phone); "Older requests" shows the next. */
export const INBOX_PAGE_SIZE = 25;

/** "2026-12-01T17:30:00.000Z_<id>": where a page ends, as the "Older requests" link carries it. */
export const cursorText = (cursor: LeadCursor) => `${cursor.createdAt}_${cursor.id}`;

/** The `before` of a URL, or null when there is none or it is not one this site wrote (then the list starts over). */
export function readCursor(url: URL): LeadCursor | null {
  const raw = url.searchParams.get("before") ?? "";
  const match = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,6})?Z)_([0-9A-Za-z-]{1,64})$/.exec(raw);
  return match ? { createdAt: match[1]!, id: match[2]! } : null;
}

/**
 * The filters in a URL's query string. A value that is not valid is left out (the page says which);
 * dates are whole days in Boise time, `to` included.
 */
export function readFilters(url: URL): { values: InboxFilterValues; filter: LeadFilter; problems: string[] } {
  const values: Record<string, string> = {};
  const problems: string[] = [];
  for (const key of Object.keys(inboxFilterSchema.shape) as (keyof InboxFilterValues)[]) {
    const raw = url.searchParams.get(key);
    if (raw === null || raw.trim() === "") continue;
    const parsed = inboxFilterSchema.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) values[key] = parsed.data;
    else problems.push(parsed.error?.issues[0]?.message ?? `Check the ${key} filter`);
  }
  const typed = values as InboxFilterValues;
  const from = typed.from ? parseLocalDate(typed.from) : null;
  const to = typed.to ? parseLocalDate(typed.to) : null;
  // A date that is not a real day is left out too: a date field cannot show it (HTML forbids such a value).
  if (typed.from && !from) {
    problems.push("Choose a real start date");
    delete typed.from;
  }
  if (typed.to && !to) {
    problems.push("Choose a real end date");
    delete typed.to;
  }
  return {
    values: typed,
    problems,
    filter: {
      kind: typed.kind,
      stage: typed.stage,
      search: typed.q,
      since: from ?? undefined,
      until: to ? startOfLocalDay(to, 1) : undefined,
    },
  };
}

/** The same filters as a query string (for the CSV link). */
export const filterQuery = (values: InboxFilterValues) =>
  new URLSearchParams(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string")).toString();

/** "$400–$650" from a /pricing estimate's priceLow/priceHigh, when both are whole-dollar amounts. */
export function priceRange(fields: ListedLead["fields"]): string | null {
  const { priceLow, priceHigh } = fields;
  const dollars = (v: unknown) =>
    typeof v === "string" && /^\d{1,7}$/.test(v) ? `$${Number(v).toLocaleString("en-US")}` : null;
  const low = dollars(priceLow);
  const high = dollars(priceHigh);
  if (!low || !high) return null;
  return low === high ? low : `${low}–${high}`;
}

/** "12 min", "5 h", "3 d": how long ago. */
export function ageText(from: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - from.getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)} h`;
  return `${Math.floor(minutes / 1440)} d`;
}

/** A request's arrival window as its row shows it ("Tue Dec 1, 8–10 AM — requested"); `waiting` while it needs the owner's decision. */
export interface BookingLine {
  text: string;
  waiting: boolean;
}

/** The booking lines of some requests (the bookings feature's bookingLines; the route hands it over). */
export type BookingLines = (database: Database, leadIds: string[]) => Promise<Map<string, BookingLine>>;

export interface InboxRow {
  id: string;
  kind: ListedLead["kind"];
  name: string;
  email: string;
  phone: { display: string; href: string } | null;
  place: string;
  inServiceArea: boolean | null;
  price: string | null;
  receivedAt: string;
  age: string;
  stage: ListedLead["stage"];
  /** Still new after 2 business hours, and not answered by any means the site records (docs/decisions/035). */
  overdue: boolean;
  /** "Check: sent fast" when a spam check could not tell this request from a bot's (kept and flagged). */
  flag: string | null;
  /** The arrival window asked for: "Tue Dec 1, 8–10 AM — requested"; `waiting` while it needs the owner's decision. */
  booking: BookingLine | null;
}

function inboxRow(lead: ListedLead, now: Date, booking: BookingLine | undefined): InboxRow {
  const city = typeof lead.fields.city === "string" ? oneLine(lead.fields.city) : "";
  return {
    id: lead.id,
    kind: lead.kind,
    name: oneLine(lead.contact.name ?? ""),
    email: lead.contact.email,
    phone: lead.contact.phone ? { display: formatPhone(lead.contact.phone), href: `tel:${lead.contact.phone}` } : null,
    place: [city, lead.contact.zip ?? ""].filter(Boolean).join(" "),
    inServiceArea: lead.inServiceArea,
    price: priceRange(lead.fields),
    receivedAt: lead.createdAt.toISOString(),
    age: ageText(lead.createdAt, now),
    stage: lead.stage,
    overdue:
      lead.stage === "new" &&
      lead.firstContactAt === null &&
      lead.kind !== "newsletter" &&
      isOverdue(lead.createdAt, now),
    flag: spamFlag(lead.fields),
    booking: booking ?? null,
  };
}

export async function inbox(database: Database, url: URL, now = new Date(), bookingLines?: BookingLines) {
  const { values, filter, problems } = readFilters(url);
  const before = readCursor(url);
  const [page, total] = await Promise.all([
    leadPage(database, filter, { before, limit: INBOX_PAGE_SIZE }),
    countLeads(database, filter),
  ]);
  const bookings = bookingLines
    ? await bookingLines(
        database,
        page.leads.map((lead) => lead.id),
      )
    : new Map<string, BookingLine>();
  const query = filterQuery(values);
  return {
    values,
    problems,
    total,
    /** Not the first page: the list starts after an earlier page's last request. */
    later: before !== null,
    /** The next page's address, with the same filters; null on the last page. */
    olderHref: page.older
      ? `/admin?${[query, new URLSearchParams({ before: cursorText(page.older) }).toString()].filter(Boolean).join("&")}`
      : null,
    newestHref: `/admin${query ? `?${query}` : ""}`,
    rows: page.leads.map((lead) => inboxRow(lead, now, bookings.get(lead.id))),
  };
}
