import { describe, expect, it } from "vitest";
import { MANAGE_FIELDS, manageSchema, tokenParam, TOKEN_MAX, windowValue } from "./booking.ts";

describe("the booking forms", () => {
  it("the field list names exactly the fields of the three actions", () => {
    const names = new Set(manageSchema.options.flatMap((o) => Object.keys(o.shape)));
    expect([...MANAGE_FIELDS].sort()).toEqual([...names].sort());
  });

  it("reads a window as its radio value, and refuses anything else with a message", () => {
    const value = windowValue("2030-01-08", "08:00-10:00");
    expect(manageSchema.parse({ intent: "reschedule", window: value })).toEqual({
      intent: "reschedule",
      window: { day: "2030-01-08", times: "08:00-10:00" },
    });
    for (const window of [
      "",
      "2030-01-08",
      "2030-1-8 08:00-10:00",
      "2030-01-08 8-10",
      `${value} x`,
      "x".repeat(41),
      undefined,
    ]) {
      const parsed = manageSchema.safeParse({ intent: "reschedule", window });
      expect(parsed.success, String(window)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toMatch(/Choose an arrival window/);
    }
  });

  it("cancels only with the 'Yes, cancel' box; an unknown intent is refused", () => {
    expect(manageSchema.safeParse({ intent: "cancel" }).success).toBe(false);
    expect(manageSchema.safeParse({ intent: "cancel", confirm: "yes" }).success).toBe(true);
    expect(manageSchema.safeParse({ intent: "decline" }).success).toBe(false);
  });

  it("a token param longer than any token of ours is no token", () => {
    expect(tokenParam("a".repeat(TOKEN_MAX))).toHaveLength(TOKEN_MAX);
    expect(tokenParam("a".repeat(TOKEN_MAX + 1))).toBe("");
    expect(tokenParam(null)).toBe("");
  });
});
