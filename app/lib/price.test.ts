import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PricedSlug, priceBook, pricedService, pricedSlugs } from "../content/price-book.ts";
import { type PriceInputs, quote } from "./price.ts";

/** Valid inputs for a service: its measure, stories and material, when it has them. */
function inputsFor(service: PricedSlug, size: number, stories: "1" | "2" | "3" = "1", material?: string): PriceInputs {
  const entry = pricedService(service);
  const inputs: PriceInputs = { service, [entry.measure.field]: size };
  if (entry.stories) inputs.stories = stories;
  if (entry.material) inputs[entry.material.field] = material ?? Object.keys(entry.material.options)[0];
  return inputs;
}

const sizeOf = (service: PricedSlug) => fc.integer({ min: pricedService(service).measure.min, max: pricedService(service).measure.max });

describe("quote", () => {
  it("prices the issue's examples", () => {
    const house = quote({ service: "house-washing", sqft: 2000, stories: "2", siding: "vinyl" });
    // 2,000 × $0.15–0.30 × 1.15 (two stories) = $345 – $690
    expect([house.low, house.high]).toEqual([345, 690]);
    expect(house.summary).toBe("2,000 sq ft · 2 stories · vinyl siding");
    expect(house.line).toBe("House washing — 2,000 sq ft · 2 stories · vinyl siding: $345 – $690");
    const driveway = quote({ service: "driveway-cleaning", sqft: 600 });
    // 600 × $0.15–0.30 = $90 – $180, below the $149 minimum: $149 – $180
    expect([driveway.low, driveway.high, driveway.minimumApplies]).toEqual([149, 180, true]);
  });

  it("applies the stories and material multipliers", () => {
    const vinyl = quote({ service: "house-washing", sqft: 3000, stories: "1", siding: "vinyl" });
    const stucco = quote({ service: "house-washing", sqft: 3000, stories: "1", siding: "stucco" });
    const threeStories = quote({ service: "house-washing", sqft: 3000, stories: "3", siding: "vinyl" });
    expect([vinyl.low, vinyl.high]).toEqual([450, 900]);
    expect([stucco.low, stucco.high]).toEqual([540, 1080]);
    expect([threeStories.low, threeStories.high]).toEqual([605, 1215]);
    const steep = quote({ service: "roof-cleaning", sqft: 2000, stories: "1", pitch: "steep" });
    expect([steep.low, steep.high]).toEqual([780, 1560]);
  });

  it("estimates gutter length from the home size when the length is not given", () => {
    const measured = quote({ service: "gutter-cleaning", feet: 200, stories: "1" });
    const estimated = quote({ service: "gutter-cleaning", sqft: 2000, stories: "1" });
    expect([measured.low, measured.high]).toEqual([200, 280]);
    expect(estimated.summary).toBe("about 197 linear ft (from a 2,000 sq ft home) · 1 story");
    expect([estimated.low, estimated.high]).toEqual([195, 280]);
  });

  it("rounds to whole $5 steps, low down and high up, and never below the minimum", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...pricedSlugs).chain((s) => fc.tuple(fc.constant(s), sizeOf(s), fc.constantFrom("1", "2", "3" as const))),
        ([service, size, stories]) => {
          const q = quote(inputsFor(service, size, stories));
          expect(q.low).toBeGreaterThanOrEqual(q.minimum);
          expect(q.high % priceBook.roundTo).toBe(0);
          if (!q.minimumApplies) expect(q.low % priceBook.roundTo).toBe(0);
          expect(q.high).toBeGreaterThanOrEqual(q.low * (1 + priceBook.minRangeWidth));
          expect(Number.isInteger(q.low) && Number.isInteger(q.high)).toBe(true);
        },
      ),
    );
  });

  it("never gets cheaper as the size grows", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...pricedSlugs).chain((s) => fc.tuple(fc.constant(s), sizeOf(s), sizeOf(s))),
        ([service, a, b]) => {
          const [small, large] = [quote(inputsFor(service, Math.min(a, b))), quote(inputsFor(service, Math.max(a, b)))];
          expect(large.low).toBeGreaterThanOrEqual(small.low);
          expect(large.high).toBeGreaterThanOrEqual(small.high);
        },
      ),
    );
  });

  it("charges the minimum exactly when the size-based price is below it", () => {
    expect(quote({ service: "house-washing", sqft: 500, stories: "1", siding: "vinyl" })).toMatchObject({ low: 199, minimumApplies: true });
    expect(quote({ service: "house-washing", sqft: 1400, stories: "1", siding: "vinyl" })).toMatchObject({ low: 210, minimumApplies: false });
  });

  it("refuses inputs outside the book's bounds (the form validates them first)", () => {
    expect(() => quote({ service: "driveway-cleaning", sqft: 10 })).toThrow(RangeError);
    expect(() => quote({ service: "driveway-cleaning", sqft: Number.NaN })).toThrow(RangeError);
    expect(() => quote({ service: "driveway-cleaning", sqft: 1e9 })).toThrow(RangeError);
    expect(() => quote({ service: "house-washing", sqft: 2000, siding: "vinyl" })).toThrow(RangeError);
    expect(() => quote({ service: "house-washing", sqft: 2000, stories: "2", siding: "glass" })).toThrow(RangeError);
  });
});
