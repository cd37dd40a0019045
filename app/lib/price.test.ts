import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PriceBook, type PricedSlug, priceBook, pricedService, pricedSlugs } from "../content/price-book.ts";
import { priceBookSchema } from "../content/schema.ts";
import { type PriceCase, expectedQuote } from "../../tests/support/price-rule.ts";
import { type PriceInputs, quote } from "./price.ts";

/** Valid inputs for a service of `book`: its measure, stories and material, when it has them. */
function inputsFor(
  service: PricedSlug,
  size: number,
  stories: "1" | "2" | "3" = "1",
  material?: string,
  book: PriceBook = priceBook,
): PriceInputs {
  const entry = book.services[service]!;
  const inputs: PriceInputs = { service, [entry.measure.field]: size };
  if (entry.stories) inputs.stories = stories;
  if (entry.material) inputs[entry.material.field] = material ?? Object.keys(entry.material.options)[0];
  return inputs;
}

const sizeOf = (service: PricedSlug) =>
  fc.integer({ min: pricedService(service).measure.min, max: pricedService(service).measure.max });

/** Any valid inputs for a service of the shipped price book: the case for the rule and the inputs for quote(). */
const anyCase = fc.constantFrom(...pricedSlugs).chain((service) => {
  const entry = pricedService(service);
  const options = entry.material ? Object.keys(entry.material.options) : [undefined];
  const estimate = entry.fromHomeSize;
  return fc.record({
    service: fc.constant(service),
    stories: fc.constantFrom("1" as const, "2" as const, "3" as const),
    option: fc.constantFrom(...options),
    measured: estimate ? fc.boolean() : fc.constant(true),
    size: sizeOf(service),
    homeSize: estimate ? fc.integer({ min: estimate.min, max: estimate.max }) : fc.constant(0),
  });
});

/**
 * The worked examples, with the rates they were worked out for (the public ranges the site launched
 * with): a book of the test's own, so the owner's prices in content/price-book.yaml change no expectation here.
 */
const exampleBook: PriceBook = priceBookSchema.parse({
  confirmed: false,
  roundTo: 5,
  minRangeWidth: 0.2,
  services: [
    {
      slug: "house-washing",
      title: "House washing",
      measure: {
        field: "sqft",
        label: "Home size",
        unit: "sq ft",
        hint: "Finished living area.",
        min: 500,
        max: 10000,
      },
      rate: { low: 0.15, high: 0.3 },
      minimum: 199,
      stories: { "1": 1, "2": 1.15, "3": 1.35 },
      material: {
        field: "siding",
        label: "Siding",
        options: [
          { slug: "vinyl", label: "Vinyl", summary: "vinyl siding", multiplier: 1 },
          { slug: "stucco", label: "Stucco", summary: "stucco", multiplier: 1.2 },
        ],
      },
      includes: ["Soft wash of every side of the house", "Windows rinsed"],
    },
    {
      slug: "roof-cleaning",
      title: "Roof cleaning",
      measure: {
        field: "sqft",
        label: "Roof area",
        unit: "sq ft",
        hint: "About 1.3 × the floor area.",
        min: 300,
        max: 10000,
      },
      rate: { low: 0.3, high: 0.6 },
      minimum: 299,
      stories: { "1": 1, "2": 1.15, "3": 1.3 },
      material: {
        field: "pitch",
        label: "Roof pitch",
        options: [
          { slug: "walkable", label: "Walkable", summary: "walkable pitch", multiplier: 1 },
          { slug: "steep", label: "Steep", summary: "steep pitch", multiplier: 1.3 },
        ],
      },
      includes: ["Soft wash of shingles", "Gutters flushed"],
    },
    {
      slug: "driveway-cleaning",
      title: "Driveway cleaning",
      measure: {
        field: "sqft",
        label: "Driveway area",
        unit: "sq ft",
        hint: "Length × width in feet.",
        min: 50,
        max: 10000,
      },
      rate: { low: 0.15, high: 0.3 },
      minimum: 149,
      includes: ["Surface cleaner wash", "Edges flushed"],
    },
    {
      slug: "gutter-cleaning",
      title: "Gutter cleaning",
      measure: {
        field: "feet",
        label: "Gutter length",
        unit: "linear ft",
        hint: "All runs added up.",
        min: 20,
        max: 1000,
      },
      fromHomeSize: { min: 500, max: 10000, feetPerSqrtFootprint: 4.4 },
      rate: { low: 1, high: 1.4 },
      minimum: 149,
      stories: { "1": 1, "2": 1.4, "3": 1.8 },
      includes: ["Debris removed by hand", "Downspouts flushed"],
    },
  ],
  callback: [],
  quotes: {
    terms: "The price is for the work listed in the option you accept, at the address of your request.",
    pricingNote: "The quote you accept is the price you pay.",
    balanceDue: "when the job is finished",
  },
  invoices: {
    taxRatePercent: 0,
    linesTaxableByDefault: false,
    dueDays: 0,
    reminderDays: [3, 7, 14],
    reviewDelayHours: 48,
    payOffline: "Pay at the job by cash or check.",
  },
});
const example = (inputs: PriceInputs) => quote(inputs, exampleBook);

describe("quote", () => {
  it("prices the issue's worked examples", () => {
    const house = example({ service: "house-washing", sqft: 2000, stories: "2", siding: "vinyl" });
    // 2,000 × $0.15–0.30 × 1.15 (two stories) = $345 – $690
    expect([house.low, house.high]).toEqual([345, 690]);
    expect(house.summary).toBe("2,000 sq ft · 2 stories · vinyl siding");
    expect(house.line).toBe("House washing — 2,000 sq ft · 2 stories · vinyl siding: $345 – $690");
    const driveway = example({ service: "driveway-cleaning", sqft: 600 });
    // 600 × $0.15–0.30 = $90 – $180, below the $149 minimum: $149 – $180
    expect([driveway.low, driveway.high, driveway.minimumApplies]).toEqual([149, 180, true]);
  });

  it("applies the stories and material multipliers", () => {
    const vinyl = example({ service: "house-washing", sqft: 3000, stories: "1", siding: "vinyl" });
    const stucco = example({ service: "house-washing", sqft: 3000, stories: "1", siding: "stucco" });
    const threeStories = example({ service: "house-washing", sqft: 3000, stories: "3", siding: "vinyl" });
    expect([vinyl.low, vinyl.high]).toEqual([450, 900]);
    expect([stucco.low, stucco.high]).toEqual([540, 1080]);
    expect([threeStories.low, threeStories.high]).toEqual([605, 1215]);
    const steep = example({ service: "roof-cleaning", sqft: 2000, stories: "1", pitch: "steep" });
    expect([steep.low, steep.high]).toEqual([780, 1560]);
  });

  it("estimates gutter length from the home size when the length is not given", () => {
    const measured = example({ service: "gutter-cleaning", feet: 200, stories: "1" });
    const estimated = example({ service: "gutter-cleaning", sqft: 2000, stories: "1" });
    expect([measured.low, measured.high]).toEqual([200, 280]);
    expect(estimated.summary).toBe("about 197 linear ft (from a 2,000 sq ft home) · 1 story");
    expect([estimated.low, estimated.high]).toEqual([195, 280]);
  });

  it("charges the minimum exactly when the size-based price is below it", () => {
    expect(example({ service: "house-washing", sqft: 500, stories: "1", siding: "vinyl" })).toMatchObject({
      low: 199,
      minimumApplies: true,
    });
    expect(example({ service: "house-washing", sqft: 1400, stories: "1", siding: "vinyl" })).toMatchObject({
      low: 210,
      minimumApplies: false,
    });
  });

  it("prices from the book it is given: raising a rate raises the range", () => {
    const raised = structuredClone(exampleBook);
    raised.services["house-washing"]!.rate = { low: 0.2, high: 0.4 };
    const inputs: PriceInputs = { service: "house-washing", sqft: 2000, stories: "2", siding: "vinyl" };
    // 2,000 × $0.20–0.40 × 1.15 = $460 – $920
    expect(quote(inputs, raised)).toMatchObject({
      low: 460,
      high: 920,
      line: "House washing — 2,000 sq ft · 2 stories · vinyl siding: $460 – $920",
    });
    expect(example(inputs)).toMatchObject({ low: 345, high: 690 });
  });

  it("follows the price book's rule for every service, size, story count and option of the shipped book", () => {
    fc.assert(
      fc.property(anyCase, ({ service, stories, option, measured, size, homeSize }) => {
        const entry = pricedService(service);
        const priceCase: PriceCase = measured
          ? { service, size, stories, option }
          : { service, size: homeSize, stories, option, fromHomeSize: true };
        const inputs: PriceInputs = measured
          ? inputsFor(service, size, stories, option)
          : { service, sqft: homeSize, stories };
        if (!entry.stories) delete inputs.stories;
        const expected = expectedQuote(priceBook, priceCase);
        const q = quote(inputs);
        expect({ low: q.low, high: q.high, minimumApplies: q.minimumApplies, line: q.line }).toEqual({
          low: expected.low,
          high: expected.high,
          minimumApplies: expected.minimumApplies,
          line: expected.line,
        });
      }),
      { numRuns: 500 },
    );
  });

  it("rounds to whole steps, low down and high up, and never below the minimum", () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...pricedSlugs)
          .chain((s) => fc.tuple(fc.constant(s), sizeOf(s), fc.constantFrom("1", "2", "3" as const))),
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

  it("refuses inputs outside the book's bounds (the form validates them first)", () => {
    for (const service of pricedSlugs) {
      const { measure } = pricedService(service);
      for (const size of [measure.min - 1, measure.max + 1, Number.NaN, 1e9])
        expect(() => quote(inputsFor(service, size)), `${service} ${size}`).toThrow(RangeError);
    }
    expect(() => example({ service: "house-washing", sqft: 2000, siding: "vinyl" })).toThrow(RangeError);
    expect(() => example({ service: "house-washing", sqft: 2000, stories: "2", siding: "glass" })).toThrow(RangeError);
    expect(() => quote({ service: "no-such-service", sqft: 2000 })).toThrow(RangeError);
  });
});
