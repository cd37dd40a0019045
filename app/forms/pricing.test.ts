import { describe, expect, it } from "vitest";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { priceBook } from "../content/price-book.ts";
import { optionWords as optionsOf } from "../../tests/support/price-rule.ts";
import { parsePricingQuery, pricingRequestSchema } from "./pricing.ts";

const parse = (query: string) => parsePricingQuery(new URLSearchParams(query));

// The bounds and options in the messages come from the price book (content/price-book.yaml).
const n = (value: number) => value.toLocaleString("en-US");
const measure = (service: string) => priceBook.services[service]!.measure;
const optionWords = (service: string) => optionsOf(priceBook, service);
const [house, driveway] = [measure("house-washing"), measure("driveway-cleaning")];

describe("the /pricing query", () => {
  it("reads the issue's shareable URLs", () => {
    expect(parse("service=house-washing&sqft=2000&stories=2&siding=vinyl")).toMatchObject({
      inputs: { service: "house-washing", sqft: 2000, stories: "2", siding: "vinyl" },
      errors: {},
    });
    expect(parse("service=driveway-cleaning&sqft=600")).toMatchObject({
      inputs: { service: "driveway-cleaning", sqft: 600 },
      errors: {},
    });
    expect(parse("service=driveway-cleaning&sqft=1,200")).toMatchObject({ inputs: { sqft: 1200 } });
  });

  it("names the field and the fix for nonsense", () => {
    expect(parse("service=house-washing&sqft=abc&stories=7&siding=glass").errors).toEqual({
      sqft: `Enter the ${house.label.toLowerCase()} as a number of square feet, like ${n(house.min * 4)}`,
      stories: "Choose 1, 2 or 3 stories",
      siding: `Choose the siding: ${optionWords("house-washing")}`,
    });
    const drivewayName = driveway.label.toLowerCase();
    expect(parse("service=driveway-cleaning&sqft=-5").errors.sqft).toBe(
      `Enter the ${drivewayName} as a number of square feet, like ${n(driveway.min * 4)}`,
    );
    expect(parse(`service=driveway-cleaning&sqft=${driveway.max + 1}`).errors.sqft).toBe(
      `Enter a ${drivewayName} from ${n(driveway.min)} to ${n(driveway.max)} sq ft; for a larger property, call us for a quote`,
    );
    expect(parse(`service=driveway-cleaning&sqft=${driveway.min - 1}`).errors.sqft).toBe(
      `Enter a ${drivewayName} from ${n(driveway.min)} to ${n(driveway.max)} sq ft`,
    );
    expect(parse("service=driveway-cleaning").errors.sqft).toBe(
      `Enter the ${drivewayName} in square feet (${n(driveway.min)} to ${n(driveway.max)})`,
    );
    expect(parse("service=gutter-cleaning&stories=1").errors.feet).toBe(
      "Enter the gutter length in feet, or the home size in square feet",
    );
    expect(parse(`service=roof-cleaning&sqft=${measure("roof-cleaning").min}&stories=1`).errors.pitch).toBe(
      `Choose the roof pitch: ${optionWords("roof-cleaning")}`,
    );
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
    for (const [k, v] of Object.entries({
      firstName: "Pat",
      lastName: "Price",
      email: "pat@example.com",
      phone: "2085550177",
      zipcode: "83702",
      ...entries,
    }))
      data.set(k, v);
    return data;
  };

  it("works with Conform in the browser (its constraints can be read)", () => {
    expect(getZodConstraint(pricingRequestSchema)).toMatchObject({ firstName: { required: true } });
  });

  it("refuses price inputs the price form would refuse", () => {
    expect(
      parseWithZod(form({ service: "house-washing", sqft: String(house.min), stories: "2", siding: "vinyl" }), {
        schema: pricingRequestSchema,
      }).status,
    ).toBe("success");
    const bad = parseWithZod(
      form({ service: "house-washing", sqft: String(house.min - 1), stories: "2", siding: "vinyl" }),
      { schema: pricingRequestSchema },
    );
    expect(bad.status).toBe("error");
    expect(bad.reply().error).toMatchObject({
      sqft: [`Enter a ${house.label.toLowerCase()} from ${n(house.min)} to ${n(house.max)} sq ft`],
    });
    expect(
      parseWithZod(form({ service: "fleet-cleaning", message: "Six trucks" }), { schema: pricingRequestSchema }).status,
    ).toBe("success");
  });
});
