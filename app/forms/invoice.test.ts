import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { balanceOf, invoiceNumber, invoiceTotals, tipOf, type InvoiceLine } from "./invoice.ts";

const lines = fc.array(
  fc.record({ text: fc.constant("work"), cents: fc.integer({ min: 0, max: 10_000_000 }), taxable: fc.boolean() }),
  { maxLength: 12 },
);

describe("invoiceTotals", () => {
  it("is the lines less the discount plus tax, the tax on the taxable lines' share only", () => {
    fc.assert(
      fc.property(
        lines,
        fc.integer({ min: 0, max: 20_000_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        (ls, discount, rate) => {
          const t = invoiceTotals({ lines: ls, discountCents: discount, taxRateBasisPoints: rate });
          const subtotal = ls.reduce((s, l) => s + l.cents, 0);
          expect(t.subtotalCents).toBe(subtotal);
          expect(t.discountCents).toBe(Math.min(discount, subtotal));
          expect(t.totalCents).toBe(t.subtotalCents - t.discountCents + t.taxCents);
          expect(t.totalCents).toBeGreaterThanOrEqual(0);
          for (const n of [t.subtotalCents, t.discountCents, t.taxCents, t.totalCents])
            expect(Number.isInteger(n)).toBe(true);
          if (rate === 0 || !ls.some((l) => l.taxable)) expect(t.taxCents).toBe(0);
          // Never more tax than the rate on every taxable line undiscounted.
          const taxable = ls.filter((l) => l.taxable).reduce((s, l) => s + l.cents, 0);
          expect(t.taxCents).toBeLessThanOrEqual(Math.round((taxable * rate) / 10_000));
        },
      ),
    );
  });

  it("taxes 6 % of a taxed $200 line after its half of a $50 discount, and not the untaxed line", () => {
    const ls: InvoiceLine[] = [
      { text: "Lights", cents: 20_000, taxable: true },
      { text: "Install", cents: 20_000, taxable: false },
    ];
    expect(invoiceTotals({ lines: ls, discountCents: 5_000, taxRateBasisPoints: 600 })).toEqual({
      subtotalCents: 40_000,
      discountCents: 5_000,
      taxCents: 1_050,
      totalCents: 36_050,
    });
  });
});

describe("balanceOf", () => {
  const credit = fc.record({
    amountCents: fc.integer({ min: 1, max: 1_000_000 }),
    tipCents: fc.integer({ min: 0, max: 200_000 }),
    refundedCents: fc.integer({ min: 0, max: 1_500_000 }),
  });
  it("is the total less what was paid and not refunded, tips apart, never below zero", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5_000_000 }), fc.array(credit, { maxLength: 6 }), (total, credits) => {
        const b = balanceOf(total, credits);
        const charged = credits.reduce((s, c) => s + c.amountCents + c.tipCents, 0);
        expect(b.paidCents + b.tipCents + b.refundedCents).toBe(charged);
        expect(b.balanceCents).toBe(Math.max(0, total - b.paidCents));
        expect(b.paidCents).toBeGreaterThanOrEqual(0);
        expect(b.tipCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("owes a refunded deposit again", () => {
    const deposit = { amountCents: 18_125, tipCents: 0, refundedCents: 0 };
    expect(balanceOf(72_500, [deposit]).balanceCents).toBe(54_375);
    expect(balanceOf(72_500, [{ ...deposit, refundedCents: 18_125 }]).balanceCents).toBe(72_500);
  });

  it("takes a refund off the amount before the tip", () => {
    const b = balanceOf(54_375, [{ amountCents: 54_375, tipCents: 8_156, refundedCents: 60_000 }]);
    expect(b).toMatchObject({ paidCents: 0, tipCents: 2_531, refundedCents: 60_000, balanceCents: 54_375 });
  });
});

describe("invoiceNumber and tipOf", () => {
  it("writes the year and a four-digit sequence", () => {
    expect(invoiceNumber(2026, 1)).toBe("2026-0001");
    expect(invoiceNumber(2026, 12_345)).toBe("2026-12345");
  });
  it("rounds a tip to the cent", () => {
    expect(tipOf(54_375, 15)).toBe(8_156);
    expect(tipOf(54_375, 0)).toBe(0);
  });
});
