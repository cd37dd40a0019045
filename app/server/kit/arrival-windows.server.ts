/**
 * The arrival windows a ZIP code may ask for (content/availability.yaml), before counting places: every
 * window of the next `daysShown` days that is on a working day, not a blackout date, at least `leadDays`
 * working days after today, on a day the ZIP's area is served, and not begun. All in Boise time; pure
 * functions of the content, the ZIP table and the instant given (tests move it across the clock changes).
 */
import { availability as content, type Availability } from "../../content/availability.ts";
import { availabilityProblem } from "../../content/availability-check.ts";
import { windowValue } from "../../forms/booking.ts";
import { areaAnswer, type ZipTable } from "../../lib/service-area.ts";
import { localParts, localTime } from "./business-time.server.ts";
import { zipTable as siteZipTable } from "./service-area.server.ts";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
type Weekday = (typeof WEEKDAYS)[number];

export interface ArrivalWindow {
  /** Local date, YYYY-MM-DD. */
  day: string;
  /** Local times, "HH:MM-HH:MM". */
  times: string;
  startsAt: Date;
  endsAt: Date;
  /** How many jobs the window takes (content). */
  capacity: number;
}

/** Where a ZIP code stands for booking online. */
export type AreaRule =
  | { kind: "days"; city: string; area: string | null; weekdays: Weekday[] }
  | { kind: "appointment"; city: string; area: string }
  | { kind: "outside" }
  | { kind: "unknown" };

/** The ZIP's area: served on some days (or every working day: area null), by appointment, or outside. */
export function areaRule(zip: string, availability: Availability = content, table: ZipTable = siteZipTable): AreaRule {
  const answer = areaAnswer(zip, table);
  if (!answer) return { kind: "unknown" };
  if (answer.tier === "outside") return { kind: "outside" };
  const city = answer.city;
  const area = availability.areas.find((a) => a.cities.includes(city));
  if (!area) return { kind: "days", city, area: null, weekdays: availability.workingDays };
  if (area.byAppointment) return { kind: "appointment", city, area: area.name };
  return {
    kind: "days",
    city,
    area: area.name,
    weekdays: availability.workingDays.filter((d) => area.days?.includes(d)),
  };
}

/** "2026-11-24" for the local date `offset` days after (year, month, day). */
const dateString = (year: number, month: number, day: number) => {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}-${String(d.getUTCDate()).padStart(2, "0")}`;
};
const weekdayOf = (year: number, month: number, day: number): Weekday =>
  WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The instants a window of local `day` and `times` ("08:00-10:00") starts and ends: a day of 23 or 25 hours keeps its wall-clock times. */
export function windowInstants(day: string, times: string): { startsAt: Date; endsAt: Date } {
  const [year = 0, month = 0, date = 0] = day.split("-").map(Number);
  const [start = "00:00", end = "00:00"] = times.split("-");
  return {
    startsAt: localTime(year, month, date, 0, minutesOf(start)),
    endsAt: localTime(year, month, date, 0, minutesOf(end)),
  };
}

/** The windows of one local date (whatever its weekday), as instants. */
export function windowsOn(day: string, availability: Availability = content): ArrivalWindow[] {
  return availability.windows.map((w) => {
    const times = `${w.start}-${w.end}`;
    return { day, times, ...windowInstants(day, times), capacity: w.jobs };
  });
}

/**
 * Every window `zip` may ask for at `now` (before places are counted), in time order: none for a ZIP outside
 * the area or by appointment.
 */
export function candidateWindows(
  zip: string,
  now: Date,
  availability: Availability = content,
  table: ZipTable = siteZipTable,
): { rule: AreaRule; windows: ArrivalWindow[] } {
  const rule = areaRule(zip, availability, table);
  if (rule.kind !== "days") return { rule, windows: [] };
  const today = localParts(now);
  const working = (y: number, m: number, d: number) =>
    availability.workingDays.includes(weekdayOf(y, m, d)) && !availability.blackoutDates.includes(dateString(y, m, d));
  // The first day offered: `leadDays` working days after today (today itself never counts).
  let offset = 0;
  for (let counted = 0; counted < availability.leadDays;) {
    offset++;
    if (working(today.year, today.month, today.day + offset)) counted++;
  }
  const windows: ArrivalWindow[] = [];
  for (let d = offset; d <= availability.daysShown; d++) {
    const [y, m, day] = [today.year, today.month, today.day + d];
    if (!working(y, m, day) || !rule.weekdays.includes(weekdayOf(y, m, day))) continue;
    for (const w of windowsOn(dateString(y, m, day), availability)) if (w.startsAt > now) windows.push(w);
  }
  return { rule, windows };
}

/** The window `zip` may ask for at `now` with this date and times, or null (past, full day off, not its day, no such window). */
export function findWindow(
  zip: string,
  day: string,
  times: string,
  now: Date,
  availability: Availability = content,
  table: ZipTable = siteZipTable,
): ArrivalWindow | null {
  return (
    candidateWindows(zip, now, availability, table).windows.find((w) => w.day === day && w.times === times) ?? null
  );
}

/** A window's local times as a visitor reads them: "8–10 AM", "10 AM–12 PM", "1–3 PM", "8:30–10 AM". */
export function timesLabel(times: string): string {
  const [start = "", end = ""] = times.split("-");
  const part = (hhmm: string) => {
    const h = Number(hhmm.slice(0, 2));
    const m = hhmm.slice(3, 5);
    return { text: `${h % 12 || 12}${m === "00" ? "" : `:${m}`}`, half: h < 12 ? "AM" : "PM" };
  };
  const a = part(start);
  const b = part(end);
  return a.half === b.half ? `${a.text}–${b.text} ${b.half}` : `${a.text} ${a.half}–${b.text} ${b.half}`;
}

/** "Tuesday, December 1" for a local date. */
export function dayLabel(day: string): string {
  const [year = 0, month = 0, date = 0] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date)).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
  });
}

/** "Tuesday, December 1, 8–10 AM" */
export const windowLabel = (day: string, times: string) => `${dayLabel(day)}, ${timesLabel(times)}`;

/** One day's open windows, as the pages list them (radio or select values: app/forms/booking.ts windowValue). */
export interface DayOption {
  day: string;
  label: string;
  windows: { value: string; label: string; left: number }[];
}

/** Groups windows (in time order) by day. */
export function byDay(windows: readonly (ArrivalWindow & { left: number })[]): DayOption[] {
  const days: DayOption[] = [];
  for (const w of windows) {
    let day = days.at(-1);
    if (day?.day !== w.day) days.push((day = { day: w.day, label: dayLabel(w.day), windows: [] }));
    day.windows.push({ value: windowValue(w.day, w.times), label: timesLabel(w.times), left: w.left });
  }
  return days;
}

// Vite refuses unknown area cities: the content plugin (app/content/build-time/vite-plugin.server.ts) makes no
// availability module for such a file, in the build and in development alike. The same check when this module
// loads covers Node code that reads content/ through the loader instead (the unit tests, the Playwright helpers);
// in what Vite built it always passes.
const problem = availabilityProblem(
  content,
  Object.values(siteZipTable).map(([city]) => city),
);
if (problem) throw new Error(problem);
