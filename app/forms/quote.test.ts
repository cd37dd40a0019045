import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  builderFigures,
  type DepositRequest,
  lineField,
  optionField,
  priceOfOption,
  quoteBuilderSchema,
  wholePrice,
} from "./quote.ts";

const base = { intent: "save", validUntil: "2030-03-31", depositKind: "none" };

describe("the quote builder's schema", () => {
  it("keeps the lines filled in, drops empty lines and options, names unnamed options and adds up each total", () => {
    const parsed = quoteBuilderSchema.parse({
      ...base,
      [lineField(1, 1, "text")]: "House washing",
      [lineField(1, 1, "amount")]: "$1,249.50",
      [lineField(1, 3, "text")]: "Gutter faces",
      [lineField(1, 3, "amount")]: "80",
      [optionField(3, "label")]: "Everything",
      [lineField(3, 2, "text")]: "House and roof",
      [lineField(3, 2, "amount")]: "900",
    });
    expect(parsed.options).toEqual([
      {
        label: "Good",
        lines: [
          { text: "House washing", cents: 124_950 },
          { text: "Gutter faces", cents: 8_000 },
        ],
        totalCents: 132_950,
      },
      { label: "Everything", lines: [{ text: "House and roof", cents: 90_000 }], totalCents: 90_000 },
    ]);
  });

  it("refuses a quote without a priced line, a line without its amount, and an amount that is not one", () => {
    const problems = (values: Record<string, string>) => {
      const result = quoteBuilderSchema.safeParse({ ...base, ...values });
      return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
    };
    expect(problems({})).toEqual([lineField(1, 1, "text")]);
    expect(problems({ [lineField(1, 1, "text")]: "House washing" })).toEqual([lineField(1, 1, "amount")]);
    expect(problems({ [lineField(1, 1, "text")]: "House washing", [lineField(1, 1, "amount")]: "12,3x" })).toEqual([
      lineField(1, 1, "amount"),
    ]);
  });

  it("takes a deposit of 1–90 percent, or a fixed amount no larger than the smallest option", () => {
    const line = { [lineField(1, 1, "text")]: "House washing", [lineField(1, 1, "amount")]: "300" };
    const deposit = (depositKind: string, depositValue: string) =>
      quoteBuilderSchema.safeParse({ ...base, ...line, depositKind, depositValue });
    expect(deposit("percent", "25").data?.deposit).toEqual({ kind: "percent", percent: 25 });
    expect(deposit("percent", "95").success).toBe(false);
    expect(deposit("fixed", "100").data?.deposit).toEqual({ kind: "fixed", cents: 10_000 });
    expect(deposit("fixed", "301").success).toBe(false);
    expect(deposit("none", "50").data?.deposit).toEqual({ kind: "none" });
  });
});

/** Every deposit rule: none, a percentage (the builder allows 1–90, any is tried), a fixed amount (even above the total). */
const depositRule: fc.Arbitrary<DepositRequest> = fc.oneof(
  fc.constant({ kind: "none" } as const),
  fc.integer({ min: 0, max: 100 }).map((percent) => ({ kind: "percent", percent }) as const),
  fc.integer({ min: 0, max: 20_000_000 }).map((cents) => ({ kind: "fixed", cents }) as const),
);
const totalCents = fc.integer({ min: 0, max: 10_000_000 });

describe("the whole price of an option (wholePrice)", () => {
  it("adds up: deposit + balance = the option's total, in whole cents, neither negative, for every deposit rule", () => {
    fc.assert(
      fc.property(depositRule, totalCents, (deposit, total) => {
        const price = wholePrice(deposit, { totalCents: total });
        expect(price.depositCents + price.balanceCents).toBe(total);
        expect(price.totalCents).toBe(total);
        expect(Number.isInteger(price.depositCents) && Number.isInteger(price.balanceCents)).toBe(true);
        expect(price.depositCents).toBeGreaterThanOrEqual(0);
        expect(price.balanceCents).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("asks no deposit without a rule or when deposits are not taken online; a fixed deposit larger than the total is the total", () => {
    fc.assert(
      fc.property(depositRule, totalCents, (deposit, total) => {
        expect(priceOfOption({ deposit }, { totalCents: total }, false)).toEqual({
          totalCents: total,
          depositCents: 0,
          balanceCents: total,
        });
        expect(wholePrice({ kind: "none" }, { totalCents: total }).depositCents).toBe(0);
        expect(wholePrice({ kind: "fixed", cents: total + 1 }, { totalCents: total }).balanceCents).toBe(0);
      }),
    );
  });
});

describe("the builder's running total (builderFigures)", () => {
  it("is the saved quote's figures for any amounts typed: the schema and the running total read the fields alike", () => {
    const amount = fc
      .integer({ min: 1, max: 999_999 })
      .map((cents) => (cents / 100).toFixed(cents % 100 === 0 ? 0 : 2));
    fc.assert(
      fc.property(
        fc.array(fc.array(amount, { maxLength: 6 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 1, max: 90 }),
        (options, percent) => {
          const values: Record<string, string> = { ...base, depositKind: "percent", depositValue: String(percent) };
          options.forEach((lines, o) =>
            lines.forEach((dollars, l) => {
              values[lineField(o + 1, l + 1, "text")] = `Work ${l + 1}`;
              values[lineField(o + 1, l + 1, "amount")] = dollars;
            }),
          );
          const figures = builderFigures(values, true);
          const parsed = quoteBuilderSchema.safeParse(values);
          if (!parsed.success) {
            expect(options.every((lines) => lines.length === 0)).toBe(true);
            return;
          }
          expect(figures.filter((f) => f !== null)).toEqual(
            parsed.data.options.map((option) => priceOfOption(parsed.data, option, true)),
          );
          expect(figures.map((f) => f === null)).toEqual(options.map((lines) => lines.length === 0));
        },
      ),
    );
  });
});
