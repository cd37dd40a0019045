import { describe, expect, it } from "vitest";
import { lineField, optionField, quoteBuilderSchema } from "./quote.ts";

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
