import { describe, expect, it } from "vitest";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { parsePricingQuery, pricingRequestSchema } from "./pricing.ts";

const parse = (query: string) => parsePricingQuery(new URLSearchParams(query));

describe("the /pricing query", () => {
  it("reads the issue's shareable URLs", () => {
    expect(parse("service=house-washing&sqft=2000&stories=2&siding=vinyl")).toMatchObject({ inputs: { service: "house-washing", sqft: 2000, stories: "2", siding: "vinyl" }, errors: {} });
    expect(parse("service=driveway-cleaning&sqft=600")).toMatchObject({ inputs: { service: "driveway-cleaning", sqft: 600 }, errors: {} });
    expect(parse("service=driveway-cleaning&sqft=1,200")).toMatchObject({ inputs: { sqft: 1200 } });
  });

  it("names the field and the fix for nonsense", () => {
    expect(parse("service=house-washing&sqft=abc&stories=7&siding=glass").errors).toEqual({
      sqft: "Enter the home size as a number of square feet, like 2,000",
      stories: "Choose 1, 2 or 3 stories",
      siding: "Choose the siding: vinyl, brick, stucco or wood",
    });
    expect(parse("service=driveway-cleaning&sqft=-5").errors.sqft).toBe("Enter the driveway area as a number of square feet, like 200");
    expect(parse("service=driveway-cleaning&sqft=99999").errors.sqft).toBe("Enter a driveway area from 50 to 10,000 sq ft; for a larger property, call us for a quote");
    expect(parse("service=driveway-cleaning").errors.sqft).toBe("Enter the driveway area in square feet (50 to 10,000)");
    expect(parse("service=gutter-cleaning&stories=1").errors.feet).toBe("Enter the gutter length in feet, or the home size in square feet");
    expect(parse("service=roof-cleaning&sqft=2000&stories=1").errors.pitch).toBe("Choose the roof pitch: walkable or steep");
    expect(parse("service=teeth-whitening").errors.service).toBe("Choose a service from the list");
  });

  it("asks no price inputs of commercial and fleet work", () => {
    expect(parse("service=fleet-cleaning")).toMatchObject({ inputs: null, errors: {} });
  });

  it("checks the ZIP code on its own", () => {
    const result = parse("service=driveway-cleaning&sqft=600&zipcode=12");
    expect(result.inputs).toMatchObject({ sqft: 600 });
    expect(result.errors).toEqual({ zipcode: "Enter a 5-digit ZIP code like 83646" });
    expect(parse("service=driveway-cleaning&sqft=600&zipcode=83702-1234").zipcode).toBe("83702");
  });
});

describe("Request this estimate", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [k, v] of Object.entries({ firstName: "Pat", lastName: "Price", email: "pat@example.com", phone: "2085550177", zipcode: "83702", ...entries })) data.set(k, v);
    return data;
  };

  it("works with Conform in the browser (its constraints can be read)", () => {
    expect(getZodConstraint(pricingRequestSchema)).toMatchObject({ firstName: { required: true } });
  });

  it("refuses price inputs the price form would refuse", () => {
    expect(parseWithZod(form({ service: "house-washing", sqft: "2000", stories: "2", siding: "vinyl" }), { schema: pricingRequestSchema }).status).toBe("success");
    const bad = parseWithZod(form({ service: "house-washing", sqft: "9", stories: "2", siding: "vinyl" }), { schema: pricingRequestSchema });
    expect(bad.status).toBe("error");
    expect(bad.reply().error).toMatchObject({ sqft: ["Enter a home size from 500 to 10,000 sq ft"] });
    expect(parseWithZod(form({ service: "fleet-cleaning", message: "Six trucks" }), { schema: pricingRequestSchema }).status).toBe("success");
  });
});
