/**
 * The instant-estimate inputs at /pricing (the GET form) and "Request this estimate" (the POST form):
 * one set of rules. The GET form's query is read without Zod (./price-query.ts), by the page's loader on the
 * server, by the app and by the page's own script before the app has started; the request's schema below
 * adds the person's fields and checks the inputs with the same function.
 */
import { z } from "zod";
import { pricingSlugs } from "../content/price-book.ts";
import { email, firstName, lastName, message, optionalConsent, phone, zipcode } from "./fields.ts";
import { PRICE_VALUE_MAX, checkPriceInputs, priceMessages } from "./price-query.ts";
import type { FieldList } from "./schemas.ts";
import { line } from "./text.ts";

export { checkPriceInputs, parsePricingQuery, type PricingQuery } from "./price-query.ts";

const raw = line().trim().max(PRICE_VALUE_MAX, priceMessages.tooLong).optional();

/** The fields of the price inputs, as the forms send them (text). */
export const priceFields = {
  service: z.enum(pricingSlugs, { error: priceMessages.service }),
  sqft: raw,
  feet: raw,
  stories: raw,
  siding: raw,
  pitch: raw,
};

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
