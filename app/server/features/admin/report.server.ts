/**
 * The owner's report: requests per week for the last REPORT_WEEKS weeks (Monday to Sunday, Boise time) by
 * kind, where they came from (landing page, city, utm campaign), the won rate (accepted or a later stage), the jobs
 * completed, the review requests sent and the median time from a request to the owner's first real contact (an
 * event: a text, a quote, a window decision, or a stage set by hand; app/server/kit/stages.ts).
 */
import type { Database } from "../../kit/db/database.server.ts";
import { countSent } from "../../notify/jobs.server.ts";
import type { ListedLead } from "./listing.server.ts";
import type { LeadKind } from "../../kit/leads.server.ts";
import { isWon, stageRank } from "../../kit/stages.ts";
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
function ranked(values: { label: string; week: number }[]): { label: string; count: number; weekly: number[] }[] {
  const weeklyOf = new Map<string, number[]>();
  for (const { label, week } of values) {
    const weekly = weeklyOf.get(label) ?? Array<number>(REPORT_WEEKS).fill(0);
    weekly[week]!++;
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

/** The report over `leads` (the requests received since reportStart(now)), from their stages and first contacts. */
export function buildReport(leads: ListedLead[], now: Date): Report {
  const first = reportStart(now);
  const { year, month, day } = localParts(first);
  const starts = Array.from({ length: REPORT_WEEKS + 1 }, (_, i) => localTime(year, month, day + 7 * i).getTime());
  const inRange = leads.filter(
    (lead) => lead.createdAt.getTime() >= starts[0]! && lead.createdAt.getTime() < starts[REPORT_WEEKS]!,
  );
  const weeks = starts.slice(0, REPORT_WEEKS).map((start) => ({
    start: new Date(start).toISOString(),
    counts: Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<LeadKind, number>,
    total: 0,
  }));
  const weekOf = (lead: ListedLead) => starts.findLastIndex((start) => start <= lead.createdAt.getTime());
  for (const lead of inRange) {
    const index = weekOf(lead);
    weeks[index]!.counts[lead.kind]++;
    weeks[index]!.total++;
  }
  const by = (label: (lead: ListedLead) => string) =>
    ranked(inRange.map((lead) => ({ label: label(lead), week: weekOf(lead) })));
  const completed = inRange.filter((l) => stageRank(l.stage) >= stageRank("completed")).length;
  const won = inRange.filter((l) => isWon(l.stage)).length;
  const lost = inRange.filter((l) => l.stage === "lost").length;
  const toContact = inRange.flatMap((lead) =>
    lead.firstContactAt ? [Math.max(0, lead.firstContactAt.getTime() - lead.createdAt.getTime())] : [],
  );
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);
  return {
    weeks,
    total: inRange.length,
    sources: [
      { title: "Landing page", rows: by((l) => landingPath(l.context.landingPage)) },
      {
        title: "City",
        rows: by((l) => text(l.fields.city) ?? (l.contact.zip ? `ZIP ${l.contact.zip}` : "(not given)")),
      },
      { title: "Campaign (utm_campaign)", rows: by((l) => text(l.context.utm.utm_campaign) ?? "(none)") },
    ],
    won,
    completed,
    lost,
    wonRate: won + lost === 0 ? null : won / (won + lost),
    medianToContactMs: median(toContact),
    followedUp: toContact.length,
  };
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
