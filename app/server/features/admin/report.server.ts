/**
 * The owner's report: requests per week for the last REPORT_WEEKS weeks (Monday to Sunday, Boise time) by
 * kind, where they came from (landing page, city, utm campaign), the won rate (accepted or a later stage), the jobs
 * completed, the review requests sent and the median time from a request to the owner's first real contact (an
 * event: a text, a quote, a window decision, or a stage set by hand; app/server/kit/stages.ts).
 */
import { sql } from "kysely";
import type { Database } from "../../kit/db/database.server.ts";
import { countSent } from "../../notify/jobs.server.ts";
import type { ListedLead } from "./listing.server.ts";
import type { LeadKind } from "../../kit/leads.server.ts";
import { isWon, stageRank, type Stage } from "../../kit/stages.ts";
import { localParts, localTime, startOfLocalWeek } from "../../kit/business-time.server.ts";

const REPORT_WEEKS = 12;
/** Sources shown by name; the rest are added up as "Other". */
const TOP_SOURCES = 8;
export const KINDS: readonly LeadKind[] = ["estimate", "contact", "application", "newsletter"];

export interface Report {
  /** Oldest first. */
  weeks: { start: string; counts: Record<LeadKind, number>; total: number }[];
  total: number;
  /** Each source's requests in all the weeks, and per week (oldest first, like `weeks`). */
  sources: { title: string; rows: { label: string; count: number; weekly: number[] }[] }[];
  /** Won: a quote accepted, or any later stage (completed jobs included). */
  won: number;
  /** Jobs done (stage "completed" or later): each asked its customer for a review. */
  completed: number;
  lost: number;
  /** won ÷ (won + lost), null before any request is decided. */
  wonRate: number | null;
  /** Median milliseconds from request to the owner's first real contact, over the requests contacted; null if none. */
  medianToContactMs: number | null;
  followedUp: number;
}

/** The instant the report's first week starts: Monday 00:00 of the week REPORT_WEEKS − 1 weeks before this one. */
export function reportStart(now: Date): Date {
  const { year, month, day } = localParts(startOfLocalWeek(now));
  return localTime(year, month, day - 7 * (REPORT_WEEKS - 1));
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Sources by how many requests they brought, each with its count per week; beyond TOP_SOURCES, "Other". */
function ranked(values: { label: string; week: number; count: number }[]): {
  label: string;
  count: number;
  weekly: number[];
}[] {
  const weeklyOf = new Map<string, number[]>();
  for (const { label, week, count } of values) {
    const weekly = weeklyOf.get(label) ?? Array<number>(REPORT_WEEKS).fill(0);
    weekly[week]! += count;
    weeklyOf.set(label, weekly);
  }
  const sum = (list: number[]) => list.reduce((total, n) => total + n, 0);
  const sorted = [...weeklyOf]
    .map(([label, weekly]) => ({ label, count: sum(weekly), weekly }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
  if (sorted.length <= TOP_SOURCES) return sorted;
  const rest = sorted.slice(TOP_SOURCES);
  const weekly = Array.from({ length: REPORT_WEEKS }, (_, week) => sum(rest.map((row) => row.weekly[week]!)));
  return [...sorted.slice(0, TOP_SOURCES), { label: "Other", count: sum(weekly), weekly }];
}

const landingPath = (landing: string | null) => {
  if (!landing) return "(not known)";
  try {
    return new URL(landing, "https://site.invalid").pathname;
  } catch {
    return "(not known)";
  }
};

/** The instants the report's weeks start (Boise Mondays), and the end of the last one: REPORT_WEEKS + 1 of them. */
function weekStarts(now: Date): number[] {
  const { year, month, day } = localParts(reportStart(now));
  return Array.from({ length: REPORT_WEEKS + 1 }, (_, i) => localTime(year, month, day + 7 * i).getTime());
}

/**
 * Requests of the report's weeks that share everything the report tells apart: the week (0 = the oldest), the
 * kind, the stage, and the text values the sources read (null when the request has none, or not as text).
 */
export interface ReportGroup {
  week: number;
  kind: LeadKind;
  stage: Stage;
  landingPage: string | null;
  city: string | null;
  zip: string | null;
  campaign: string | null;
  count: number;
}

/** The report from its groups (`groups`) and the milliseconds from each request of its weeks to its first contact. */
export function reportOf(groups: ReportGroup[], toContact: number[], now: Date): Report {
  const starts = weekStarts(now);
  const weeks = starts.slice(0, REPORT_WEEKS).map((start) => ({
    start: new Date(start).toISOString(),
    counts: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<LeadKind, number>,
    total: 0,
  }));
  for (const group of groups) {
    weeks[group.week]!.counts[group.kind] += group.count;
    weeks[group.week]!.total += group.count;
  }
  const by = (label: (group: ReportGroup) => string) =>
    ranked(groups.map((group) => ({ label: label(group), week: group.week, count: group.count })));
  const count = (test: (group: ReportGroup) => boolean) =>
    groups.filter(test).reduce((total, group) => total + group.count, 0);
  const completed = count((g) => stageRank(g.stage) >= stageRank("completed"));
  const won = count((g) => isWon(g.stage));
  const lost = count((g) => g.stage === "lost");
  const text = (value: string | null) => (value?.trim() ? value.trim() : null);
  return {
    weeks,
    total: count(() => true),
    sources: [
      { title: "Landing page", rows: by((g) => landingPath(g.landingPage)) },
      { title: "City", rows: by((g) => text(g.city) ?? (g.zip ? `ZIP ${g.zip}` : "(not given)")) },
      { title: "Campaign (utm_campaign)", rows: by((g) => text(g.campaign) ?? "(none)") },
    ],
    won,
    completed,
    lost,
    wonRate: won + lost === 0 ? null : won / (won + lost),
    medianToContactMs: median(toContact),
    followedUp: toContact.length,
  };
}

/** The report over `leads` (the requests received since reportStart(now)), from their stages and first contacts. */
export function buildReport(leads: ListedLead[], now: Date): Report {
  const starts = weekStarts(now);
  const inRange = leads.filter(
    (lead) => lead.createdAt.getTime() >= starts[0]! && lead.createdAt.getTime() < starts[REPORT_WEEKS]!,
  );
  const string = (value: unknown) => (typeof value === "string" ? value : null);
  const groups = inRange.map((lead): ReportGroup => ({
    week: starts.findLastIndex((start) => start <= lead.createdAt.getTime()),
    kind: lead.kind,
    stage: lead.stage,
    landingPage: lead.context.landingPage,
    city: string(lead.fields.city),
    zip: lead.contact.zip,
    campaign: string(lead.context.utm.utm_campaign),
    count: 1,
  }));
  const toContact = inRange.flatMap((lead) =>
    lead.firstContactAt ? [Math.max(0, lead.firstContactAt.getTime() - lead.createdAt.getTime())] : [],
  );
  return reportOf(groups, toContact, now);
}

/** A text value inside a JSON column (fields, attribution), or null when it is missing or not text. */
function jsonText(database: Database, column: "fields" | "attribution", path: string[]) {
  const ref = sql.ref(`leads.${column}`);
  return database.dialect === "postgres"
    ? sql<
        string | null
      >`case when jsonb_typeof(${ref}::jsonb #> ${sql.lit(`{${path.join(",")}}`)}) = 'string' then ${ref}::jsonb #>> ${sql.lit(`{${path.join(",")}}`)} end`
    : sql<
        string | null
      >`case when json_type(${ref}, ${sql.lit(`$.${path.join(".")}`)}) = 'text' then json_extract(${ref}, ${sql.lit(`$.${path.join(".")}`)}) end`;
}

/**
 * The report computed in the database: the requests of its weeks counted per group (./reportOf's ReportGroup,
 * a few hundred rows however many requests there are) and the times to first contact; the same as buildReport
 * over the same requests.
 */
export async function reportFromDatabase(database: Database, now: Date): Promise<Report> {
  const starts = weekStarts(now).map((t) => new Date(t).toISOString());
  const week = sql<number>`case ${sql.join(
    starts.slice(1, REPORT_WEEKS).map((start, i) => sql`when leads.created_at < ${start} then ${sql.lit(i)}`),
    sql` `,
  )} else ${sql.lit(REPORT_WEEKS - 1)} end`;
  const inWeeks = database.db
    .selectFrom("leads")
    .where("leads.created_at", ">=", starts[0]!)
    .where("leads.created_at", "<", starts[REPORT_WEEKS]!);
  const [groups, contacts] = await Promise.all([
    inWeeks
      .select((eb) => [
        week.as("week"),
        "leads.kind",
        "leads.stage",
        jsonText(database, "attribution", ["landingPage"]).as("landing"),
        jsonText(database, "fields", ["city"]).as("city"),
        "leads.zip",
        jsonText(database, "attribution", ["utm", "utm_campaign"]).as("campaign"),
        eb.fn.countAll<string | number>().as("n"),
      ])
      .groupBy(["week", "leads.kind", "leads.stage", "landing", "city", "leads.zip", "campaign"])
      .execute(),
    inWeeks
      .select(["leads.created_at", "leads.first_contact_at"])
      .where("leads.first_contact_at", "is not", null)
      .execute(),
  ]);
  return reportOf(
    groups.map((row) => ({
      week: Number(row.week),
      kind: row.kind,
      stage: row.stage,
      landingPage: row.landing,
      city: row.city,
      zip: row.zip,
      campaign: row.campaign,
      count: Number(row.n),
    })),
    contacts.map((row) => Math.max(0, Date.parse(row.first_contact_at!) - Date.parse(row.created_at))),
    now,
  );
}

/** How many review request e-mails went out in [since, until): the outbox's 'review' jobs sent then. */
export const reviewRequestsSent = (database: Database, since: Date, until: Date): Promise<number> =>
  countSent(database, "review", since, until);

/** The quotes of the report's period: requests first quoted then, how their quotes were answered, and how fast. */
export interface QuoteFigures {
  /** Requests whose first quote version was sent in [since, until). */
  quoted: number;
  accepted: number;
  declined: number;
  /** accepted ÷ (accepted + declined) of those requests, null before any is answered. */
  acceptanceRate: number | null;
  /** Median milliseconds from a request to its first quote sent; null if none. */
  medianToQuoteMs: number | null;
}

/** Quotes sent, their acceptance rate and the median time from request to quote (read from the quotes tables). */
export async function quoteFigures(database: Database, since: Date, until: Date): Promise<QuoteFigures> {
  const rows = await database.db
    .selectFrom("quotes")
    .innerJoin("leads", "leads.id", "quotes.lead_id")
    .select(["quotes.lead_id", "quotes.status", "quotes.sent_at", "leads.created_at"])
    .where("quotes.sent_at", "is not", null)
    .orderBy("quotes.version")
    .execute();
  const byLead = new Map<string, { firstSent: string; created: string; answered: "accepted" | "declined" | null }>();
  for (const row of rows) {
    const seen = byLead.get(row.lead_id);
    const answered = row.status === "accepted" || row.status === "declined" ? row.status : null;
    if (!seen) byLead.set(row.lead_id, { firstSent: row.sent_at!, created: row.created_at, answered });
    else if (answered) seen.answered = answered;
  }
  const inPeriod = [...byLead.values()].filter(
    (q) => q.firstSent >= since.toISOString() && q.firstSent < until.toISOString(),
  );
  const accepted = inPeriod.filter((q) => q.answered === "accepted").length;
  const declined = inPeriod.filter((q) => q.answered === "declined").length;
  return {
    quoted: inPeriod.length,
    accepted,
    declined,
    acceptanceRate: accepted + declined > 0 ? accepted / (accepted + declined) : null,
    medianToQuoteMs: median(inPeriod.map((q) => Date.parse(q.firstSent) - Date.parse(q.created))),
  };
}
