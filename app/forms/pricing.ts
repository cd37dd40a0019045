/**
 * The instant-estimate inputs at /pricing (the GET form) and "Request this estimate" (the POST form):
 * one set of rules, used by the page's loader and action on the server and, loaded on the first
 * interaction, by the browser for the in-place update. Bounds and choices come from the price book.
 */
import { z } from "zod";
import { type PricedSlug, type Stories, isPricedSlug, pricedService, pricingSlugs } from "../content/price-book.ts";
import type { PriceInputs } from "../lib/price.ts";
import { email, firstName, lastName, message, optionalConsent, phone, zipcode } from "./fields.ts";
import type { FieldList } from "./schemas.ts";
import { line } from "./text.ts";

const number = new Intl.NumberFormat("en-US");
const unitWords = { "sq ft": "square feet", "linear ft": "feet", "ft of roofline": "feet" } as const;
const raw = line().trim().max(20, "Enter a shorter value").optional();

/** The fields of the price inputs, as the forms send them (text). */
export const priceFields = {
  service: z.enum(pricingSlugs, { error: "Choose a service from the list" }),
  sqft: raw,
  feet: raw,
  stories: raw,
  siding: raw,
  pitch: raw,
};

type RawPrice = { service: string; sqft?: string; feet?: string; stories?: string; siding?: string; pitch?: string };

/** "2,000" or "2000" or "2000.5" → 2000.5; anything else → NaN; empty → undefined. */
function amount(text: string | undefined): number | undefined {
  if (text === undefined || text === "") return undefined;
  const plain = text.replace(/[,\s]/g, "");
  return /^\d{1,7}(\.\d{1,2})?$/.test(plain) ? Number(plain) : Number.NaN;
}

interface Measure {
  label: string;
  unit: keyof typeof unitWords;
  min: number;
  max: number;
}

function checkAmount(
  value: number | undefined,
  measure: Measure,
  path: string,
  ctx: Pick<z.RefinementCtx, "addIssue">,
): number | undefined {
  const name = measure.label.toLowerCase();
  const range = `${number.format(measure.min)} to ${number.format(measure.max)}`;
  if (value === undefined)
    ctx.addIssue({
      code: "custom",
      path: [path],
      message: `Enter the ${name} in ${unitWords[measure.unit]} (${range})`,
    });
  else if (Number.isNaN(value))
    ctx.addIssue({
      code: "custom",
      path: [path],
      message: `Enter the ${name} as a number of ${unitWords[measure.unit]}, like ${number.format(measure.min * 4)}`,
    });
  else if (value < measure.min || value > measure.max)
    ctx.addIssue({
      code: "custom",
      path: [path],
      message: `Enter a ${name} from ${range} ${measure.unit}${value > measure.max ? "; for a larger property, call us for a quote" : ""}`,
    });
  else return value;
  return undefined;
}

/**
 * The validated inputs of a priced service, or null for a callback service (commercial, fleet).
 * Adds an issue on each field that is missing or wrong.
 */
export function checkPriceInputs(
  value: RawPrice,
  ctx: Pick<z.RefinementCtx, "addIssue"> = { addIssue: () => {} },
): PriceInputs | null {
  if (!isPricedSlug(value.service)) return null;
  const service: PricedSlug = value.service;
  const entry = pricedService(service);
  const inputs: PriceInputs = { service };
  let ok = true;
  const fromHomeSize = "fromHomeSize" in entry ? entry.fromHomeSize : undefined;
  const measured = amount(value[entry.measure.field]);
  if (fromHomeSize && measured === undefined) {
    const sqft = amount(value.sqft);
    if (sqft === undefined) {
      ctx.addIssue({
        code: "custom",
        path: [entry.measure.field],
        message: `Enter the gutter length in feet, or the home size in square feet`,
      });
      ok = false;
    } else {
      inputs.sqft = checkAmount(
        sqft,
        { label: "Home size", unit: "sq ft", min: fromHomeSize.min, max: fromHomeSize.max },
        "sqft",
        ctx,
      );
      ok &&= inputs.sqft !== undefined;
    }
  } else {
    inputs[entry.measure.field] = checkAmount(measured, entry.measure, entry.measure.field, ctx);
    ok &&= inputs[entry.measure.field] !== undefined;
  }
  if (entry.stories) {
    if (value.stories === "1" || value.stories === "2" || value.stories === "3")
      inputs.stories = value.stories satisfies Stories;
    else {
      ctx.addIssue({ code: "custom", path: ["stories"], message: "Choose 1, 2 or 3 stories" });
      ok = false;
    }
  }
  if (entry.material) {
    const { field, label, options } = entry.material;
    const chosen = value[field];
    if (chosen && Object.hasOwn(options, chosen)) inputs[field] = chosen;
    else {
      const names = Object.values(options as Record<string, { label: string }>).map((o) =>
        o.label.split(" (")[0]!.toLowerCase(),
      );
      ctx.addIssue({
        code: "custom",
        path: [field],
        message: `Choose the ${label.toLowerCase()}: ${names.slice(0, -1).join(", ")} or ${names.at(-1)}`,
      });
      ok = false;
    }
  }
  return ok ? inputs : null;
}

/** An optional ZIP code (the service-area answer on the price page). */
const optionalZip = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), zipcode.optional());

/** The GET form at /pricing: the price inputs; the ZIP code is checked on its own (a bad ZIP does not hide the price). */
export const pricingQuerySchema = z
  .object(priceFields)
  .transform((value, ctx) => ({ ...value, inputs: checkPriceInputs(value, ctx) }));

/**
 * "Request this estimate" (and, for commercial and fleet, "Request a call"). A refinement, not a transform,
 * so Conform can read its constraints in the browser; the action gets the inputs with checkPriceInputs.
 */
export const PRICING_REQUEST_FIELDS: FieldList = {
  single: [...Object.keys(priceFields), "firstName", "lastName", "email", "phone", "zipcode", "message", "agreed"],
};

export const pricingRequestSchema = z
  .object({
    ...priceFields,
    firstName,
    lastName,
    email,
    phone,
    zipcode,
    message: message(1000, "notes"),
    agreed: optionalConsent,
  })
  .superRefine((value, ctx) => {
    checkPriceInputs(value, ctx);
  });

export type PricingQuery = ReturnType<typeof parsePricingQuery>;

/** The first message of each field of a failed parse, by field name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Parses the query string of /pricing (the first value of each name; extra names are ignored). */
export function parsePricingQuery(params: URLSearchParams) {
  const value: Record<string, string> = {};
  for (const name of ["service", "sqft", "feet", "stories", "siding", "pitch", "zipcode"]) {
    const v = params.get(name);
    if (v !== null) value[name] = v;
  }
  const price = pricingQuerySchema.safeParse(value);
  const zip = optionalZip.safeParse(value.zipcode);
  const errors: Record<string, string> = {
    ...(price.success ? {} : fieldErrors(price.error)),
    ...(zip.success ? {} : { zipcode: zip.error.issues[0]!.message }),
  };
  return {
    values: value,
    inputs: price.success ? price.data.inputs : null,
    zipcode: zip.success ? zip.data : undefined,
    errors,
  };
}
