import { describe, expect, it } from "vitest";
import { freeCancellationUntil, isLateCancellation } from "./late-cancellation.server.ts";
import { localTime } from "./business-time.server.ts";

const rule = { hours: 48, deposit: "kept" } as const;
const minutes = (n: number) => n * 60_000;

describe("the late-cancellation rule, on Boise's clock", () => {
  it.each([
    // [what, the window's start (local), the last free instant (local)]
    ["an ordinary week", localTime(2030, 1, 9, 8), localTime(2030, 1, 7, 8)],
    // The clocks go forward on Sunday 10 March 2030: Saturday 8 AM to Monday 8 AM is 47 elapsed hours.
    ["across the spring change", localTime(2030, 3, 11, 8), localTime(2030, 3, 9, 8)],
    // The clocks go back on Sunday 3 November 2030: 49 elapsed hours.
    ["across the autumn change", localTime(2030, 11, 4, 8), localTime(2030, 11, 2, 8)],
  ])("%s: 48 h 0 min before the window is free, 47 h 59 min is late", (_, startsAt, lastFree) => {
    expect(freeCancellationUntil(startsAt, rule)).toEqual(lastFree);
    expect(isLateCancellation(startsAt, lastFree, rule)).toBe(false);
    expect(isLateCancellation(startsAt, new Date(lastFree.getTime() + minutes(1)), rule)).toBe(true);
  });

  it("is not late once the window has begun (nothing is cancelled online then), nor days before", () => {
    const startsAt = localTime(2030, 1, 9, 8);
    expect(isLateCancellation(startsAt, startsAt, rule)).toBe(false);
    expect(isLateCancellation(startsAt, localTime(2030, 1, 2, 8), rule)).toBe(false);
    expect(isLateCancellation(startsAt, new Date(startsAt.getTime() - minutes(1)), rule)).toBe(true);
  });

  it("follows the hours of the rule", () => {
    const startsAt = localTime(2030, 1, 9, 8);
    expect(freeCancellationUntil(startsAt, { hours: 24, deposit: "credited" })).toEqual(localTime(2030, 1, 8, 8));
    expect(freeCancellationUntil(startsAt, { hours: 36, deposit: "kept" })).toEqual(localTime(2030, 1, 7, 20));
  });
});
