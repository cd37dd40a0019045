import { describe, expect, it } from "vitest";
import { business } from "../content/business.ts";
import { aggregateRating, localBusiness } from "./seo.ts";

describe("the business's rating in structured data", () => {
  it("is given to search engines only once the owner confirmed it matches the Google Business Profile", () => {
    // As shipped, the rating is the first specification's number, not confirmed: no AggregateRating anywhere.
    const shipped = localBusiness() as Record<string, unknown>;
    if (business.rating.confirmed) expect(shipped.aggregateRating).toEqual(aggregateRating().aggregateRating);
    else expect(shipped).not.toHaveProperty("aggregateRating");
    expect(aggregateRating({ value: 4.9, count: 127, confirmed: false })).toEqual({});
  });

  it("once confirmed, says its scale (1 to 5) with the average and the count", () => {
    expect(aggregateRating({ value: 4.7, count: 38, confirmed: true })).toEqual({
      aggregateRating: { "@type": "AggregateRating", ratingValue: 4.7, reviewCount: 38, bestRating: 5, worstRating: 1 },
    });
  });
});
