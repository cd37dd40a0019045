import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ServiceReminder } from "../../../content/schema.ts";
import { localParts } from "../../kit/business-time.server.ts";
import { business } from "../../../content/business.ts";
import { addDays, addMonths, nextDue, SEASON_GAP_DAYS, sendAt } from "./due-dates.server.ts";

const ymd = (date: string) => date.split("-").map(Number) as [number, number, number];
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const dayCount = (a: string, b: string) =>
  (Date.UTC(...(ymd(b).map((n, i) => (i === 1 ? n - 1 : n)) as [number, number, number])) -
    Date.UTC(...(ymd(a).map((n, i) => (i === 1 ? n - 1 : n)) as [number, number, number]))) /
  86_400_000;

/** Any calendar date from 2000 to 2099, leap days included. */
const date = fc
  .record({
    year: fc.integer({ min: 2000, max: 2099 }),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 31 }),
  })
  .map(
    ({ year, month, day }) =>
      `${year}-${String(month).padStart(2, "0")}-${String(Math.min(day, daysInMonth(year, month))).padStart(2, "0")}`,
  );
const seasonDay = fc.record({
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
  what: fc.constant("x"),
});
const monthsRule = fc.integer({ min: 1, max: 60 }).map((everyMonths): ServiceReminder => ({ everyMonths }));
const seasonRule = fc.array(seasonDay, { minLength: 1, maxLength: 4 }).map((dates): ServiceReminder => ({ dates }));

describe("the next date a reminder is due", () => {
  it("every N months: a whole number of periods after the job, on its day of the month or the month's last day", () => {
    fc.assert(
      fc.property(monthsRule, date, fc.integer({ min: 0, max: 200 }), (rule, since, later) => {
        const after = addDays(since, later);
        const due = nextDue(rule, since, after);
        expect(due > after).toBe(true);
        const [sy, sm, sd] = ymd(since);
        const [dy, dm, dd] = ymd(due);
        const months = dy * 12 + dm - (sy * 12 + sm);
        expect(months % rule.everyMonths!).toBe(0);
        expect(months).toBeGreaterThan(0);
        expect(dd).toBe(Math.min(sd, daysInMonth(dy, dm)));
        // The first such date: one period earlier is not after `after` (or is the job itself).
        expect(months === rule.everyMonths || addMonths(since, months - rule.everyMonths!) <= after).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("every N months from a leap day: February 28 in a common year, February 29 in a leap year, never March", () => {
    expect(nextDue({ everyMonths: 12 }, "2028-02-29", "2028-02-29")).toBe("2029-02-28");
    expect(nextDue({ everyMonths: 12 }, "2028-02-29", "2031-03-01")).toBe("2032-02-29");
    expect(nextDue({ everyMonths: 48 }, "2028-02-29", "2028-02-29")).toBe("2032-02-29");
    expect(nextDue({ everyMonths: 1 }, "2027-01-31", "2027-01-31")).toBe("2027-02-28");
    // Counted from the job, not from the last reminder: the day does not drift to the 28th.
    expect(nextDue({ everyMonths: 1 }, "2027-01-31", "2027-02-28")).toBe("2027-03-31");
  });

  it("a season: the first listed day after the last reminder and at least the gap after the job", () => {
    fc.assert(
      fc.property(seasonRule, date, fc.integer({ min: 0, max: 800 }), (rule, since, later) => {
        const after = addDays(since, later);
        const due = nextDue(rule, since, after);
        const [, month, day] = ymd(due);
        expect(rule.dates!.some((d) => d.month === month && d.day === day)).toBe(true);
        expect(due > after).toBe(true);
        expect(dayCount(since, due)).toBeGreaterThanOrEqual(SEASON_GAP_DAYS);
        // No listed day is skipped: none falls between the earliest allowed day and the one chosen.
        const earliest = [addDays(since, SEASON_GAP_DAYS), addDays(after, 1)].sort().at(-1)!;
        for (let d = earliest; d < due; d = addDays(d, 1)) {
          const [, m, dd] = ymd(d);
          expect(rule.dates!.some((x) => x.month === m && x.day === dd)).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("holiday lights: up in early October, down in mid-January, one reminder each, year after year", () => {
    const lights: ServiceReminder = {
      dates: [
        { month: 10, day: 1, what: "up" },
        { month: 1, day: 15, what: "down" },
      ],
    };
    // Put up on October 20, 2026: the take-down in January, then the next put-up, then the next take-down.
    const first = nextDue(lights, "2026-10-20", "2026-10-20");
    const second = nextDue(lights, "2026-10-20", first);
    const third = nextDue(lights, "2026-10-20", second);
    expect([first, second, third]).toEqual(["2027-01-15", "2027-10-01", "2028-01-15"]);
    // Gutters cleaned in late September are not due again two weeks later, but next October.
    expect(nextDue({ dates: [{ month: 10, day: 15, what: "g" }] }, "2026-09-20", "2026-09-20")).toBe("2027-10-15");
  });

  it("goes out when the business opens on the due day or the next day it is open, in Boise time across the clock changes", () => {
    const opening = (weekday: number) =>
      business.hours.find((h) =>
        (h.schema as readonly string[]).includes(
          ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][weekday]!,
        ),
      );
    fc.assert(
      fc.property(date, (due) => {
        const at = sendAt(due);
        const local = localParts(at);
        const sent = `${local.year}-${String(local.month).padStart(2, "0")}-${String(local.day).padStart(2, "0")}`;
        expect(sent >= due).toBe(true);
        const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
        const hours = opening(weekday);
        expect(hours).toBeDefined();
        expect(`${String(local.hour).padStart(2, "0")}:${String(local.minute).padStart(2, "0")}`).toBe(hours!.opens);
        // Every day between the due day and the day it goes out is a closed day.
        for (let d = due; d < sent; d = addDays(d, 1)) {
          const [y, m, dd] = ymd(d);
          expect(opening(new Date(Date.UTC(y, m - 1, dd)).getUTCDay())).toBeUndefined();
        }
      }),
      { numRuns: 300 },
    );
    // The Sunday the clocks go forward (March 8, 2026) and back (November 1, 2026) in Boise.
    for (const due of ["2026-03-09", "2026-11-02"])
      expect(localParts(sendAt(due)).hour).toBe(Number(opening(1)!.opens.slice(0, 2)));
  });
});
