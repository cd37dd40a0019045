import { describe, expect, it } from "vitest";
import { sampleLead } from "../../../../tests/support/storage.ts";
import type { ListedLead } from "./listing.server.ts";
import { stageFrom, type EventKind, type Stage, type StageEvent } from "../../kit/stages.ts";
import { buildReport, median, reportStart } from "./report.server.ts";

const H = 3_600_000;
const now = new Date("2030-01-16T20:00:00Z"); // Wednesday, Boise time
/** A request received at `at`, with the stage and first contact its events give (as the stored ones are). */
const lead = (
  id: string,
  at: string,
  over: Partial<ListedLead> = {},
  events: [EventKind | { set: Stage }, number][] = [],
): ListedLead => {
  const base = sampleLead();
  const received = Date.parse(at);
  const { stage, firstContactAt } = stageFrom(
    events.map(([what, hours]): StageEvent => {
      const when = new Date(received + hours * H);
      return typeof what === "string" ? { kind: what, at: when } : { kind: "set", stage: what.set, at: when };
    }),
  );
  return {
    id,
    kind: "estimate",
    fields: base.fields,
    contact: base.contact,
    inServiceArea: true,
    consent: null,
    context: base.context,
    createdAt: new Date(at),
    deliveryStatus: "notified",
    stage,
    firstContactAt,
    ...over,
  };
};

describe("the owner's report", () => {
  it("starts Monday 00:00 Boise time, 11 weeks before this week", () => {
    expect(reportStart(now).toISOString()).toBe("2029-10-29T06:00:00.000Z");
  });

  it("counts per week by kind and by source, the won rate and the median time to contact", () => {
    const base = sampleLead().context;
    // a: texted after 1 h, then quoted and accepted (won, no click); b: lost by hand after 3 h (no contact); c: a
    // deposit paid (a customer's act, no contact) and a stage set back to new, then quoted after 2 h.
    const leads = [
      lead("a", "2030-01-13T20:00:00Z", {}, [
        ["owner-text", 1],
        ["quote-sent", 20],
        ["quote-accepted", 30],
      ]), // Sunday: the week of Jan 7
      lead("b", "2030-01-14T07:00:00Z", { kind: "contact", fields: { city: "Boise" } }, [[{ set: "lost" }, 3]]), // Monday 00:00 Boise: this week
      lead(
        "c",
        "2030-01-15T20:00:00Z",
        { context: { ...base, landingPage: "/pricing?utm_campaign=fall", utm: { utm_campaign: "fall" } } },
        [
          [{ set: "new" }, 0.5],
          ["quote-sent", 2],
        ],
      ),
      lead("d", "2030-01-15T21:00:00Z", { kind: "newsletter" }),
      lead("old", "2029-10-29T05:59:00Z", {}, [["quote-accepted", 1]]), // before the first week
    ];
    const report = buildReport(leads, now);
    const weeksBefore = Array<number>(10).fill(0); // the ten weeks before the last two, where nothing came in
    expect(report.weeks).toHaveLength(12);
    expect(report.total).toBe(4);
    expect(report.weeks.at(-1)).toMatchObject({
      total: 3,
      counts: { estimate: 1, contact: 1, newsletter: 1, application: 0 },
    });
    expect(report.weeks.at(-2)).toMatchObject({ total: 1, counts: { estimate: 1 } });
    expect(report.weeks.slice(0, 10).every((w) => w.total === 0)).toBe(true);
    expect(report.won).toBe(1);
    expect(report.lost).toBe(1);
    expect(report.wonRate).toBe(0.5);
    expect(report.followedUp).toBe(2);
    expect(report.medianToContactMs).toBe(1.5 * H);
    expect(report.sources.find((s) => s.title === "City")?.rows).toEqual([
      { label: "Meridian", count: 3, weekly: [...weeksBefore, 1, 2] },
      { label: "Boise", count: 1, weekly: [...weeksBefore, 0, 1] },
    ]);
    expect(report.sources.find((s) => s.title.startsWith("Campaign"))?.rows).toEqual([
      { label: "spring", count: 3, weekly: [...weeksBefore, 1, 2] },
      { label: "fall", count: 1, weekly: [...weeksBefore, 0, 1] },
    ]);
    expect(report.sources.find((s) => s.title === "Landing page")?.rows).toEqual([
      { label: "/services/house-washing", count: 3, weekly: [...weeksBefore, 1, 2] },
      { label: "/pricing", count: 1, weekly: [...weeksBefore, 0, 1] },
    ]);
  });

  it("adds up the sources beyond the first eight as Other, week by week", () => {
    // Ten cities, one request each, in the last ten weeks (Wednesday noon Boise time), the newest in this week.
    const leads = Array.from({ length: 10 }, (_, i) =>
      lead(`l${i}`, new Date(Date.parse("2030-01-15T19:00:00Z") - i * 7 * 24 * H).toISOString(), {
        fields: { city: `City ${String(i).padStart(2, "0")}` },
      }),
    );
    const city = buildReport(leads, now).sources.find((s) => s.title === "City")!;
    expect(city.rows.map((r) => r.label)).toEqual([
      ...Array.from({ length: 8 }, (_, i) => `City ${String(i).padStart(2, "0")}`),
      "Other",
    ]);
    const other = city.rows.at(-1)!;
    expect(other.count).toBe(2);
    expect(other.weekly).toEqual([0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0]); // City 08 and City 09: 9 and 8 weeks before this one
    for (const row of city.rows) expect(row.weekly.reduce((a, b) => a + b, 0)).toBe(row.count);
  });

  it("counts as won every request accepted or later, the completed ones on their own, and lost by hand", () => {
    const leads = [
      lead("q", "2030-01-14T17:00:00Z", {}, [["quote-sent", 1]]),
      lead("w", "2030-01-14T18:00:00Z", {}, [["quote-accepted", 1]]),
      lead("d", "2030-01-14T18:30:00Z", {}, [["deposit-paid", 1]]),
      lead("s", "2030-01-14T18:40:00Z", {}, [["window-confirmed", 1]]),
      lead("c1", "2030-01-14T19:00:00Z", {}, [[{ set: "completed" }, 1]]),
      lead("c2", "2030-01-14T20:00:00Z", {}, [
        ["window-confirmed", 1],
        [{ set: "completed" }, 2],
      ]),
      lead("l", "2030-01-14T21:00:00Z", {}, [
        ["quote-sent", 1],
        [{ set: "lost" }, 2],
      ]),
    ];
    const report = buildReport(leads, now);
    expect([report.won, report.completed, report.lost, report.wonRate]).toEqual([5, 2, 1, 5 / 6]);
  });

  it("has no rates before anything is decided or followed up", () => {
    const report = buildReport([], now);
    expect([report.total, report.wonRate, report.medianToContactMs]).toEqual([0, null, null]);
  });

  it("takes the median of an even count as the mean of the middle two", () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([5])).toBe(5);
  });
});
