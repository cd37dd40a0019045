/**
 * The /pricing query (the GET form's inputs), read without Zod: by the page's loader on the server, by the
 * app as the visitor changes the form, and by the page's own script before the app has started
 * (app/lib/first-effects/pricing.ts). One set of rules for all three: bounds and choices come from the price
 * book, the ZIP code rule from ./zip-rule.ts; the request's Zod schema (./pricing.ts) checks the inputs with
 * checkPriceInputs too.
 */
import { type PricedSlug, type Stories, isPricedSlug, pricedService, pricingSlugs } from "../content/price-book.ts";
import { type PriceInputs, type Quote, formatRange, formatUsd, quote } from "../lib/price.ts";
import { zipProblem } from "./zip-rule.ts";

/** The longest value a price input may have (the GET form's fields allow no more). */
export const PRICE_VALUE_MAX = 20;
export const priceMessages = {
  service: "Choose a service from the list",
  tooLong: "Enter a shorter value",
} as const;

/** Where checkPriceInputs reports a problem (Zod's refinement context is one). */
export interface IssueSink {
  addIssue(issue: { code: "custom"; path: string[]; message: string }): void;
}

const number = new Intl.NumberFormat("en-US");
const unitWords = { "sq ft": "square feet", "linear ft": "feet", "ft of roofline": "feet" } as const;

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

function checkAmount(value: number | undefined, measure: Measure, path: string, ctx: IssueSink): number | undefined {
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
export function checkPriceInputs(value: RawPrice, ctx: IssueSink = { addIssue: () => {} }): PriceInputs | null {
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

/** The names the query may carry, in the order their problems are listed. */
const QUERY_NAMES = ["service", "sqft", "feet", "stories", "siding", "pitch", "zipcode"] as const;
const PRICE_NAMES = ["sqft", "feet", "stories", "siding", "pitch"] as const;
/** The inputs a request carries with it (the request form's hidden fields). */
export const PRICE_INPUT_NAMES = ["service", ...PRICE_NAMES] as const;

/** Parses the query string of /pricing (the first value of each name; extra names are ignored). */
export function parsePricingQuery(params: URLSearchParams) {
  const values: Record<string, string> = {};
  for (const name of QUERY_NAMES) {
    const v = params.get(name);
    if (v !== null) values[name] = v;
  }
  const errors: Record<string, string> = {};
  const trimmed: RawPrice = { service: values.service ?? "" };
  if (!(pricingSlugs as string[]).includes(trimmed.service)) errors.service = priceMessages.service;
  for (const name of PRICE_NAMES) {
    const v = values[name]?.trim();
    if (v !== undefined && v.length > PRICE_VALUE_MAX) errors[name] = priceMessages.tooLong;
    else trimmed[name] = v;
  }
  const inputs = Object.keys(errors).length
    ? null
    : checkPriceInputs(trimmed, {
        addIssue: ({ path, message }) => {
          errors[path[0]!] ??= message;
        },
      });
  // An optional ZIP code: a bad one has its message, and does not hide the price.
  const zip = values.zipcode?.trim() ? values.zipcode : undefined;
  const zipError = zip === undefined ? null : zipProblem(zip);
  if (zipError) errors.zipcode = zipError;
  return {
    values,
    inputs,
    zipcode: zip !== undefined && !zipError ? zip.trim().slice(0, 5) : undefined,
    errors,
  };
}

export type PricingQuery = ReturnType<typeof parsePricingQuery>;

/** Only the names the form has, without empty values: the shareable query of the inputs. */
export function searchOf(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form))
    if (typeof value === "string" && value.trim() !== "") params.set(name, value.trim());
  return `?${params}`;
}

/**
 * What the page shows for a query: the range and its lines, or the problems, or the prompt. Every part of
 * the page that follows the inputs is made from this (app/components/pricing.tsx renders it, the page's
 * script writes it into the same elements before the app has started).
 */
export function pricingView(pricing: PricingQuery, submitted = false) {
  // A service chosen but nothing entered yet: no error messages, just the prompt.
  const touched = submitted || Object.keys(pricing.values).some((name) => name !== "service");
  const result: Quote | null = pricing.inputs ? quote(pricing.inputs) : null;
  const errors: Record<string, string> = touched ? pricing.errors : {};
  return {
    quote: result,
    touched,
    errors,
    range: result ? formatRange(result.low, result.high) : "",
    summary: result ? `${result.title}: ${result.summary}` : "",
    minimum: result
      ? result.minimumApplies
        ? `Our minimum charge for ${result.title.toLowerCase()} is ${formatUsd(result.minimum)}, so small jobs start there.`
        : `Minimum charge for ${result.title.toLowerCase()}: ${formatUsd(result.minimum)}.`
      : "",
    /** The range as the request form's introduction says it. */
    requestRange: result ? ` (${formatRange(result.low, result.high)})` : "",
    problems: result ? [] : Object.values(errors),
    /** What the service's price includes (shown with a range). */
    includes: isPricedSlug(pricing.values.service ?? "") ? pricedService(pricing.values.service!).includes : [],
  };
}

export type PricingView = ReturnType<typeof pricingView>;

/** A list's items as HTML (escaped): the problems, written the same way by the app and the page's script. */
export function listItemsHtml(items: readonly string[]): string {
  const escape = (text: string) =>
    text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  return items.map((item) => `<li>${escape(item)}</li>`).join("");
}
