/**
 * Time as the business counts it: local dates and weeks in Boise (business.timeZone), and the time that
 * passes within business hours (business.hours, the spec's hours). Pure functions of their inputs.
 */
import { business } from "../../content/business.ts";

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

const partsFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: business.timeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  hour: "numeric",
  minute: "numeric",
  second: "numeric",
});

type LocalParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The local calendar date and time of an instant, as the time zone database says (Intl: about 5 µs a call). */
function intlParts(date: Date): LocalParts {
  const parts = Object.fromEntries(partsFormat.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: +parts.year!,
    month: +parts.month!,
    day: +parts.day!,
    hour: +parts.hour!,
    minute: +parts.minute!,
    second: +parts.second!,
  };
}

const DAY_MS = 86_400_000;
/** The local clock's offset from UTC (ms) at the whole second `t`. */
const offsetAt = (t: number) => {
  const p = intlParts(new Date(t));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - t;
};
/** Per UTC day (its number since 1970): the offset when it is the same at the day's first and last second, else null. */
const dayOffsets = new Map<number, number | null>();
/** Instants the cache serves: 1970 to 2200 (others, and invalid dates, go to Intl as before). */
const FAST_UNTIL = Date.UTC(2200, 0, 1);

/**
 * The local calendar date and time of an instant. A list of 20,000 requests asks this for each of them
 * (the exports, the report), so the offset is read once per UTC day: a day whose first and last second have
 * the same offset has it throughout (the clocks change at most once in a day), and its instants are that
 * offset's arithmetic; a day with a change asks Intl for each instant.
 */
export function localParts(date: Date): LocalParts {
  const t = date.getTime();
  if (!(t >= 0 && t < FAST_UNTIL)) return intlParts(date);
  const dayNumber = Math.floor(t / DAY_MS);
  let offset = dayOffsets.get(dayNumber);
  if (offset === undefined) {
    const first = offsetAt(dayNumber * DAY_MS);
    offset = first === offsetAt((dayNumber + 1) * DAY_MS - 1000) ? first : null;
    if (dayOffsets.size >= 20_000) dayOffsets.clear();
    dayOffsets.set(dayNumber, offset);
  }
  if (offset === null) return intlParts(date);
  const local = new Date(t + offset);
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
  };
}

/** The instant at which the local clock shows this date and time (months and days may overflow, like Date.UTC). */
export function localTime(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (t: number) => {
    const p = localParts(new Date(t));
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - t;
  };
  const guess = wall - offsetAt(wall);
  // Around a change of the clocks the offset at the guess can differ from the one at `wall`.
  return new Date(wall - offsetAt(guess));
}

/** Local midnight at the start of the local day of `date`, shifted by `days`. */
export function startOfLocalDay(date: Date, days = 0): Date {
  const { year, month, day } = localParts(date);
  return localTime(year, month, day + days);
}

/** Local midnight of the Monday that starts the week of `date`. */
export function startOfLocalWeek(date: Date): Date {
  const { year, month, day } = localParts(date);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return localTime(year, month, day - ((weekday + 6) % 7));
}

/** "2030-01-07" → the instant local midnight starts that day; null when it is not a real date. */
export function parseLocalDate(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return localTime(year, month, day);
}

/** The local date of an instant as YYYY-MM-DD. */
export function localDateString(date: Date): string {
  const { year, month, day } = localParts(date);
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const hoursOn = (weekday: number) =>
  business.hours.find((h) => (h.schema as readonly string[]).includes(DAY_NAMES[weekday]!));
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Milliseconds between `start` and `end` that fall within business hours. Counting stops once `limitMs` is
 * reached (the answer is then `limitMs`), so a check on an old request does not walk through every day since.
 */
export function businessMsBetween(start: Date, end: Date, limitMs = Number.POSITIVE_INFINITY): number {
  let total = 0;
  const { year, month, day } = localParts(start);
  for (let offset = 0; total < limitMs; offset++) {
    const date = new Date(Date.UTC(year, month - 1, day + offset));
    const hours = hoursOn(date.getUTCDay());
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    if (localTime(y, m, d).getTime() >= end.getTime()) break;
    if (!hours) continue;
    const opens = localTime(y, m, d, 0, minutesOf(hours.opens)).getTime();
    const closes = localTime(y, m, d, 0, minutesOf(hours.closes)).getTime();
    total += Math.max(0, Math.min(closes, end.getTime()) - Math.max(opens, start.getTime()));
  }
  return Math.min(total, limitMs);
}

/** How long a request may stay "new" before the inbox flags it: 2 business hours. */
const FOLLOW_UP_WITHIN_MS = 2 * 3_600_000;

export const isOverdue = (createdAt: Date, now: Date) =>
  businessMsBetween(createdAt, now, FOLLOW_UP_WITHIN_MS) >= FOLLOW_UP_WITHIN_MS;

/**
 * The moment the business opens on the first business day on or after the local date (year, month, day may
 * overflow, like Date.UTC): when a customer e-mail that is due on a day goes out (a seasonal reminder).
 */
export function firstOpeningOnOrAfter(year: number, month: number, day: number): Date {
  for (let offset = 0; offset < 14; offset++) {
    const date = new Date(Date.UTC(year, month - 1, day + offset));
    const hours = hoursOn(date.getUTCDay());
    if (hours)
      return localTime(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), 0, minutesOf(hours.opens));
  }
  return localTime(year, month, day, 9);
}
