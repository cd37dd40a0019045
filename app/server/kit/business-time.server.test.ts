import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  businessMsBetween,
  isOverdue,
  localDateString,
  localParts,
  parseLocalDate,
  startOfLocalWeek,
} from "./business-time.server.ts";

const H = 3_600_000;
// Boise is UTC−7 in winter (MST) and UTC−6 in summer (MDT).
const mst = (local: string) => new Date(`${local}-07:00`);

describe("business hours (Mon–Fri 7–19, Sat 8–18, Sun 9–17, Boise time)", () => {
  it("counts only the open hours", () => {
    // Monday 2030-01-07, 18:00 → 20:00: one open hour.
    expect(businessMsBetween(mst("2030-01-07T18:00"), mst("2030-01-07T20:00"))).toBe(H);
    // Monday 22:00 → Tuesday 08:30: 1.5 h (Tuesday from 7:00).
    expect(businessMsBetween(mst("2030-01-07T22:00"), mst("2030-01-08T08:30"))).toBe(1.5 * H);
    // Friday 18:30 → Saturday 9:00: 0.5 h + 1 h.
    expect(businessMsBetween(mst("2030-01-11T18:30"), mst("2030-01-12T09:00"))).toBe(1.5 * H);
    // Saturday 17:00 → Sunday 10:00: 1 h + 1 h.
    expect(businessMsBetween(mst("2030-01-12T17:00"), mst("2030-01-13T10:00"))).toBe(2 * H);
    // A whole week: 5 × 12 + 10 + 8 hours.
    expect(businessMsBetween(mst("2030-01-07T00:00"), mst("2030-01-14T00:00"))).toBe(78 * H);
    expect(businessMsBetween(mst("2030-01-07T12:00"), mst("2030-01-07T11:00"))).toBe(0);
  });

  it("follows the change of the clocks (Sunday 2030-03-10, 2 AM MST → 3 AM MDT)", () => {
    const sundayOpen = new Date("2030-03-10T09:00-06:00");
    expect(businessMsBetween(new Date("2030-03-10T00:00-07:00"), new Date("2030-03-10T10:00-06:00"))).toBe(H);
    expect(businessMsBetween(sundayOpen, new Date("2030-03-11T08:00-06:00"))).toBe(9 * H);
  });

  it("flags a request still new after 2 business hours, however old it is", () => {
    // Sent Friday 18:00: 1 h on Friday, 1 h on Saturday from 8:00.
    const sent = mst("2030-01-11T18:00");
    expect(isOverdue(sent, mst("2030-01-12T08:59"))).toBe(false);
    expect(isOverdue(sent, mst("2030-01-12T09:00"))).toBe(true);
    expect(isOverdue(mst("2029-01-01T12:00"), mst("2030-01-12T09:00"))).toBe(true);
  });

  it("reads local dates and weeks", () => {
    expect(parseLocalDate("2030-01-07")).toEqual(mst("2030-01-07T00:00"));
    expect(parseLocalDate("2030-02-30")).toBeNull();
    expect(parseLocalDate("7 Jan")).toBeNull();
    expect(startOfLocalWeek(mst("2030-01-13T23:59"))).toEqual(mst("2030-01-07T00:00"));
    expect(startOfLocalWeek(mst("2030-01-14T00:00"))).toEqual(mst("2030-01-14T00:00"));
    // 03:00 UTC on the 8th is still the 7th in Boise.
    expect(localDateString(new Date("2030-01-08T03:00Z"))).toBe("2030-01-07");
  });

  it("adds up over any split of a span, never exceeds it, and stops at its limit (property)", () => {
    const instant = fc.integer({ min: Date.parse("2029-01-01T00:00:00Z"), max: Date.parse("2031-01-01T00:00:00Z") });
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 0, max: 20 * 86_400_000 }),
        fc.integer({ min: 0, max: 20 * 86_400_000 }),
        (a, d1, d2) => {
          const [start, middle, end] = [new Date(a), new Date(a + d1), new Date(a + d1 + d2)];
          const whole = businessMsBetween(start, end);
          expect(whole).toBe(businessMsBetween(start, middle) + businessMsBetween(middle, end));
          expect(whole).toBeLessThanOrEqual(end.getTime() - start.getTime());
          expect(businessMsBetween(start, end, 2 * H)).toBe(Math.min(whole, 2 * H));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("the local clock of an instant (localParts)", () => {
  // The time zone database's answer for each instant, read another way: Swedish dates are "2026-11-01 01:30:00".
  const intl = (date: Date) => {
    const [year, month, day, hour, minute, second] = date
      .toLocaleString("sv-SE", { timeZone: "America/Boise", hourCycle: "h23" })
      .split(/\D+/)
      .map(Number);
    return { year, month, day, hour, minute, second };
  };
  // The days the clocks change, from 2024 to 2031, and any instant between 1960 and 2250.
  const changes = ["2024-03-10", "2024-11-03", "2026-03-08", "2026-11-01", "2030-03-10", "2030-11-03", "2031-03-09"];
  const nearChange = fc
    .tuple(fc.constantFrom(...changes), fc.integer({ min: -2 * 86_400_000, max: 2 * 86_400_000 }))
    .map(([day, ms]) => new Date(Date.parse(`${day}T09:00:00Z`) + ms));
  const anyInstant = fc.integer({ min: Date.UTC(1960, 0, 1), max: Date.UTC(2250, 0, 1) }).map((t) => new Date(t));

  it("is the time zone database's, to the second, on the days the clocks change and on any other (property)", () => {
    fc.assert(
      fc.property(fc.oneof(nearChange, anyInstant), (date) => {
        expect(localParts(date)).toEqual(intl(date));
      }),
      { numRuns: 5000 },
    );
  });

  it("gives each second around a change of the clocks its own wall time", () => {
    // 2026-11-01 08:00 UTC is 2 AM MDT, which becomes 1 AM MST: the hour from 1 AM is shown twice.
    const change = Date.parse("2026-11-01T08:00:00Z");
    for (let t = change - 3_600_000; t <= change + 3_600_000; t += 1000)
      expect(localParts(new Date(t))).toEqual(intl(new Date(t)));
  });
});
