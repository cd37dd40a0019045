/**
 * When a seasonal reminder is due (docs/decisions/033-seasonal-reminders.md). Dates are Boise calendar dates
 * (YYYY-MM-DD); each service's rule is in its content file (content/services/*.md, `reminder`). Pure functions.
 *
 * - Every N months: the k-th reminder falls k·N months after the day the job was completed, on the same day of
 *   the month, or the month's last day when it is shorter (a job on January 31 is due again on February 28 or
 *   29, then on March 31): counted from the job each time, so the day never drifts.
 * - On days of the year (a season): the first listed day after the last reminder that is at least
 *   SEASON_GAP_DAYS after the job, so gutters cleaned on September 20 are not "due" on October 15.
 * The e-mail goes out when the business opens on that day, or the next day it is open (kit's business time).
 */
import type { ServiceReminder } from "../../../content/schema.ts";
import { firstOpeningOnOrAfter } from "../../kit/business-time.server.ts";

/** A seasonal reminder is never due sooner than this after the job it follows. */
export const SEASON_GAP_DAYS = 60;

type Ymd = [year: number, month: number, day: number];

const parse = (date: string): Ymd => date.split("-").map(Number) as Ymd;
const format = ([year, month, day]: Ymd) =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const dayNumber = ([year, month, day]: Ymd) => Date.UTC(year, month - 1, day) / 86_400_000;
const fromDayNumber = (n: number): Ymd => {
  const date = new Date(n * 86_400_000);
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
};

/** The date `months` months after `date` (the same day of the month, or the month's last day). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = parse(date);
  const index = year * 12 + (month - 1) + months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  return format([y, m, Math.min(day, daysInMonth(y, m))]);
}

/** The date `days` days after `date`. */
export const addDays = (date: string, days: number) => format(fromDayNumber(dayNumber(parse(date)) + days));

/**
 * The first date strictly after `after` on which a reminder of a job completed on `since` is due under `rule`.
 * `after` is `since` for the first reminder, then the due date of the last one.
 */
export function nextDue(rule: ServiceReminder, since: string, after: string): string {
  if (rule.everyMonths !== undefined) {
    const every = rule.everyMonths;
    const [sy, sm] = parse(since);
    const [ay, am] = parse(after);
    // The first multiple of `every` months whose date can be after `after`, then the next one if it is not.
    let k = Math.max(1, Math.floor((ay * 12 + am - (sy * 12 + sm)) / every));
    while (addMonths(since, k * every) <= after) k++;
    return addMonths(since, k * every);
  }
  const earliest = addDays(since, SEASON_GAP_DAYS);
  const from = earliest > after ? earliest : addDays(after, 1);
  const [year] = parse(from);
  const candidates = [year, year + 1]
    .flatMap((y) => (rule.dates ?? []).map((d) => format([y, d.month, d.day])))
    .filter((date) => date >= from)
    .sort();
  const first = candidates[0];
  if (!first) throw new Error("a seasonal reminder needs at least one date");
  return first;
}

/** The instant a reminder due on `date` goes out: when the business opens that day, or the next day it opens. */
export function sendAt(date: string): Date {
  const [year, month, day] = parse(date);
  return firstOpeningOnOrAfter(year, month, day);
}
