/**
 * The instant-estimate inputs at /pricing (the GET form) and "Request this estimate" (the POST form):
 * one set of rules. The GET form's query is read without Zod (./price-query.ts), by the page's loader on the
 * server, by the app and by the page's own script before the app has started; the request's schema below
 * adds the person's fields and checks the inputs with the same function.
 */
import { z } from "../lib/zod.ts";
import { priceBook, pricingSlugs } from "../content/price-book.ts";
import { message, optionalConsent } from "./fields.ts";
import { added, defineForm, fieldListOf, input, schemaOf, sent } from "./form-fields.ts";
import { PRICE_VALUE_MAX, checkPriceInputs, priceMessages } from "./price-query.ts";
import { agreedView, messageView, person } from "./person.ts";
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

/** A priced service as the owner's text names it: its title in the price book, in lower case. */
const serviceWords = (value: unknown): string => {
  if (typeof value !== "string") return "";
  const entry = priceBook.services[value] ?? priceBook.callback[value];
  return entry ? entry.title.toLowerCase() : "";
};

/**
 * "Request this estimate" (and, for commercial and fleet, "Request a call"): the price inputs are sent but
 * not stored; the action stores the estimate it computes again from them, as flat fields the visitor is not
 * shown back (the confirmation shows the estimate on its own).
 */
export const pricingRequestForm = defineForm({
  service: input(priceFields.service),
  sqft: input(priceFields.sqft),
  feet: input(priceFields.feet),
  stories: input(priceFields.stories),
  siding: input(priceFields.siding),
  pitch: input(priceFields.pitch),
  ...person,
  priceService: added({ label: "Priced service", echo: false, text: { part: "service", words: serviceWords } }),
  priceInputs: added({ label: "Property details", echo: false }),
  priceLow: added({ label: "Estimate low ($)", echo: false, sheet: "dollars" }),
  priceHigh: added({ label: "Estimate high ($)", echo: false, sheet: "dollars" }),
  priceEstimate: added({ label: "Instant estimate", echo: false }),
  message: sent(message(1000, "notes"), messageView),
  agreed: sent(optionalConsent, agreedView),
});

export const PRICING_REQUEST_FIELDS = fieldListOf(pricingRequestForm);

/** A refinement, not a transform, so Conform can read its constraints in the browser; the action gets the inputs with checkPriceInputs. */
export const pricingRequestSchema = schemaOf(pricingRequestForm).superRefine((value, ctx) => {
  checkPriceInputs(value, ctx);
});
