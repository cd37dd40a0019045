import { describe, expect, it } from "vitest";
import { availability as siteAvailability, type Availability } from "../../content/availability.ts";
import type { ZipTable } from "../../lib/service-area.ts";
import { availabilityProblem, unknownAreaCities } from "../../content/availability-check.ts";
import { zipTable as siteZipTable } from "./service-area.server.ts";
import { candidateWindows, dayLabel, findWindow, timesLabel, windowsOn } from "./arrival-windows.server.ts";

const table: ZipTable = {
  "83702": ["Boise", "primary", "Same Day"],
  "83651": ["Nampa", "primary", "Next Day"],
  "83638": ["McCall", "extended", "By Appointment"],
};
const availability: Availability = {
  workingDays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
  windows: [
    { start: "08:00", end: "10:00", jobs: 2 },
    { start: "13:00", end: "15:00", jobs: 1 },
  ],
  leadDays: 1,
  daysShown: 14,
  blackoutDates: ["2027-03-16"],
  areas: [
    { name: "Canyon County", cities: ["Nampa"], days: ["Tuesday", "Thursday"], byAppointment: false },
    { name: "McCall", cities: ["McCall"], byAppointment: true },
  ],
  lateCancellation: { hours: 48, deposit: "kept" },
};
const at = (iso: string) => new Date(iso);
const days = (windows: { day: string }[]) => [...new Set(windows.map((w) => w.day))];

describe("arrival windows", () => {
  it("keep their Boise wall-clock times on the days the clocks change", () => {
    // 2027-03-14: 02:00 MST → 03:00 MDT (UTC−6 from then); 2026-11-01: 02:00 MDT → 01:00 MST (UTC−7).
    expect(windowsOn("2027-03-13", availability)[0]!.startsAt.toISOString()).toBe("2027-03-13T15:00:00.000Z");
    expect(windowsOn("2027-03-14", availability)[0]!.startsAt.toISOString()).toBe("2027-03-14T14:00:00.000Z");
    expect(windowsOn("2026-10-31", availability)[1]!.endsAt.toISOString()).toBe("2026-10-31T21:00:00.000Z");
    expect(windowsOn("2026-11-01", availability)[1]!.endsAt.toISOString()).toBe("2026-11-01T22:00:00.000Z");
  });

  it("start on the next working day, skip blackout dates and days off, and end daysShown days ahead", () => {
    const saturdayNight = at("2027-03-14T05:30:00Z"); // Saturday 2027-03-13, 22:30 MST
    const { windows } = candidateWindows("83702", saturdayNight, availability, table);
    expect(days(windows)[0]).toBe("2027-03-14");
    expect(days(windows)).not.toContain("2027-03-16");
    expect(days(windows).at(-1)).toBe("2027-03-27"); // 14 days after Saturday the 13th
    const weekdaysOnly = {
      ...availability,
      workingDays: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as Availability["workingDays"],
      leadDays: 2,
    };
    // Friday → two working days later is Tuesday (Monday counts once).
    expect(days(candidateWindows("83702", at("2027-03-12T18:00:00Z"), weekdaysOnly, table).windows)[0]).toBe(
      "2027-03-17",
    );
  });

  it("serve an area only on its days, and none online by appointment or outside the area", () => {
    const { rule, windows } = candidateWindows("83651", at("2027-03-14T05:30:00Z"), availability, table);
    expect(rule).toMatchObject({ kind: "days", area: "Canyon County" });
    const weekdays = days(windows).map((d) => new Date(`${d}T12:00:00Z`).getUTCDay());
    expect(new Set(weekdays)).toEqual(new Set([2, 4]));
    expect(candidateWindows("83638", at("2027-03-14T05:30:00Z"), availability, table)).toEqual({
      rule: { kind: "appointment", city: "McCall", area: "McCall" },
      windows: [],
    });
    expect(candidateWindows("99999", at("2027-03-14T05:30:00Z"), availability, table).rule.kind).toBe("outside");
  });

  it("find a window only while it may still be asked for", () => {
    const now = at("2027-03-14T05:30:00Z");
    expect(findWindow("83702", "2027-03-15", "08:00-10:00", now, availability, table)?.capacity).toBe(2);
    expect(findWindow("83702", "2027-03-13", "08:00-10:00", now, availability, table)).toBeNull(); // past
    expect(findWindow("83702", "2027-03-16", "08:00-10:00", now, availability, table)).toBeNull(); // blackout
    expect(findWindow("83702", "2027-03-15", "09:00-11:00", now, availability, table)).toBeNull(); // no such window
    expect(findWindow("83651", "2027-03-15", "08:00-10:00", now, availability, table)).toBeNull(); // Monday: not Nampa's day
  });

  it("read as a visitor reads them", () => {
    expect(timesLabel("08:00-10:00")).toBe("8–10 AM");
    expect(timesLabel("10:00-12:00")).toBe("10 AM–12 PM");
    expect(timesLabel("13:30-15:00")).toBe("1:30–3 PM");
    expect(dayLabel("2027-03-14")).toBe("Sunday, March 14");
  });

  it("name only places the site knows (content/availability.yaml)", () => {
    const siteCities = Object.values(siteZipTable).map(([city]) => city);
    expect(unknownAreaCities(siteAvailability, siteCities)).toEqual([]);
    expect(availabilityProblem(siteAvailability, siteCities)).toBeNull();
    const cities = Object.values(table).map(([city]) => city);
    const misspelt = { ...availability, areas: [{ name: "X", cities: ["Nampa", "Atlantis"], byAppointment: true }] };
    expect(unknownAreaCities(misspelt, cities)).toEqual(["Atlantis"]);
    expect(availabilityProblem(misspelt, cities)).toMatch(
      /^content\/availability\.yaml › areas › cities: "Atlantis" .* Fix: /,
    );
  });
});
