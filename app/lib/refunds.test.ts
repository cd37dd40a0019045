import { describe, expect, it } from "vitest";
import { formatAmount, formatCents } from "./money.ts";
import { refundedWords } from "./refunds.ts";

describe("refundedWords", () => {
  it("says nothing before a refund, 'refunded' for all of it, and how much of how much for a part", () => {
    expect(refundedWords(15_000, 0)).toBeNull();
    expect(refundedWords(15_000, 15_000)).toBe("refunded");
    expect(refundedWords(15_000, 20_000)).toBe("refunded");
    expect(refundedWords(15_000, 5_025)).toBe(`partly refunded (${formatAmount(5_025)} of ${formatAmount(15_000)})`);
    expect(refundedWords(15_000, 5_000, formatCents)).toBe(
      `partly refunded (${formatCents(5_000)} of ${formatCents(15_000)})`,
    );
  });
});
