/**
 * The instant price range: a pure function of the visitor's inputs and the price book
 * (app/content/price-book.ts). The browser runs it for the in-place update; the server runs it again for
 * the page without JavaScript and for every stored request (it never trusts a range sent by a browser).
 * Inputs are validated by app/forms/pricing.ts first; here a value outside the book's bounds is a bug
 * and throws a RangeError.
 */
import { type PricedSlug, type Stories, priceBook } from "../content/price-book.ts";

export interface PriceInputs {
  service: PricedSlug;
  sqft?: number;
  feet?: number;
  stories?: Stories;
  siding?: string;
  pitch?: string;
}

export interface Quote {
  service: PricedSlug;
  title: string;
  /** Whole dollars. */
  low: number;
  high: number;
  minimum: number;
  /** The minimum charge decided the low end. */
  minimumApplies: boolean;
  /** "2,000 sq ft · 2 stories · vinyl siding" */
  summary: string;
  includes: readonly string[];
  /** "House washing — 2,000 sq ft · 2 stories · vinyl siding: $345 – $690" */
  line: string;
}

type Book = typeof priceBook;

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
export const formatUsd = (dollars: number) => `$${number.format(dollars)}`;
export const formatRange = (low: number, high: number) => `${formatUsd(low)} – ${formatUsd(high)}`;

function checkSize(value: number | undefined, min: number, max: number, name: string): number {
  if (value === undefined || !Number.isFinite(value) || value < min || value > max)
    throw new RangeError(`${name} must be between ${min} and ${max}`);
  return value;
}

/** The price range for valid inputs. */
export function quote(inputs: PriceInputs, book: Book = priceBook): Quote {
  const entry = book.services[inputs.service];
  if (!entry) throw new RangeError(`no price for ${String(inputs.service)}`);
  const parts: string[] = [];
  let units: number;
  const fromHomeSize = "fromHomeSize" in entry ? entry.fromHomeSize : undefined;
  const storyCount = inputs.stories ? Number(inputs.stories) : 1;
  if (fromHomeSize && inputs.feet === undefined) {
    // Gutters without a measured length: the eaves of a simple footprint of the home's size per floor.
    const sqft = checkSize(inputs.sqft, fromHomeSize.min, fromHomeSize.max, "sqft");
    const feet = Math.round(fromHomeSize.feetPerSqrtFootprint * Math.sqrt(sqft / storyCount));
    units = Math.min(entry.measure.max, Math.max(entry.measure.min, feet));
    parts.push(`about ${number.format(units)} ${entry.measure.unit} (from a ${number.format(sqft)} sq ft home)`);
  } else {
    units = checkSize(inputs[entry.measure.field], entry.measure.min, entry.measure.max, entry.measure.field);
    parts.push(`${number.format(units)} ${entry.measure.unit}`);
  }

  let multiplier = 1;
  if (entry.stories) {
    if (!inputs.stories || !Object.hasOwn(entry.stories, inputs.stories))
      throw new RangeError("stories must be 1, 2 or 3");
    multiplier *= entry.stories[inputs.stories];
    parts.push(`${inputs.stories} ${inputs.stories === "1" ? "story" : "stories"}`);
  }
  if (entry.material) {
    const options: Record<string, { summary: string; multiplier: number }> = entry.material.options;
    const chosen = inputs[entry.material.field];
    if (!chosen || !Object.hasOwn(options, chosen))
      throw new RangeError(`${entry.material.field} is not one of the options`);
    multiplier *= options[chosen]!.multiplier;
    parts.push(options[chosen]!.summary);
  }

  const step = book.roundTo;
  // A hair of tolerance so that 2000 × 0.15 (299.99999…) does not round down a whole step.
  const rawLow = units * entry.rate.low * multiplier;
  const rawHigh = units * entry.rate.high * multiplier;
  const roundedLow = Math.floor(rawLow / step + 1e-9) * step;
  const minimumApplies = roundedLow < entry.minimum;
  const low = minimumApplies ? entry.minimum : roundedLow;
  const high = Math.max(
    Math.ceil(rawHigh / step - 1e-9) * step,
    Math.ceil((low * (1 + book.minRangeWidth)) / step - 1e-9) * step,
  );
  const summary = parts.join(" · ");
  return {
    service: inputs.service,
    title: entry.title,
    low,
    high,
    minimum: entry.minimum,
    minimumApplies,
    summary,
    includes: entry.includes,
    line: `${entry.title} — ${summary}: ${formatRange(low, high)}`,
  };
}
