/**
 * The instant price's rule, written again for the tests from the price book's header comment
 * (content/price-book.yaml), not from app/lib/price.ts: a range is size × rate (low and high) × the stories
 * multiplier × the siding or pitch multiplier; the low end is rounded down to roundTo dollars and never below
 * the minimum; the high end is rounded up, and at least minRangeWidth above the low end. Gutters without a
 * measured length: about feetPerSqrtFootprint × √(home size ÷ stories) feet, within the measure's bounds.
 * Sums are exact (fractions of the decimals written in the book), so a test sees no floating-point error.
 * Tests compute their expected prices here from the book they read, so a price change breaks no test.
 */
import type { PriceBook } from "../../app/content/price-book.ts";

export interface PriceCase {
  service: string;
  /** The measure: square feet or feet, as the service's measure says (or the home size for gutters by estimate). */
  size: number;
  stories?: "1" | "2" | "3";
  /** The siding or pitch option's slug. */
  option?: string;
  /** Gutters: the size is the home's square feet, not the gutter length. */
  fromHomeSize?: boolean;
}

export interface ExpectedQuote {
  low: number;
  high: number;
  minimumApplies: boolean;
  /** "$345 – $690" */
  range: string;
  /** "2,000 sq ft · 2 stories · vinyl siding" */
  summary: string;
  /** "House washing — 2,000 sq ft · 2 stories · vinyl siding: $345 – $690" */
  line: string;
  /** The /pricing URL of these inputs, in the form's order. */
  url: string;
}

/** An exact fraction n / d. */
interface Fraction {
  n: bigint;
  d: bigint;
}

/** A decimal as written in the book (0.15, 1.35, 2000) as an exact fraction. */
function exact(value: number): Fraction {
  const text = String(value);
  if (!/^\d+(\.\d+)?$/.test(text)) throw new Error(`not a plain decimal: ${text}`);
  const [whole, decimals = ""] = text.split(".");
  return { n: BigInt(`${whole}${decimals}`), d: 10n ** BigInt(decimals.length) };
}
const times = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.n, d: a.d * b.d });
const stepsDown = (f: Fraction, step: bigint) => (f.n / (f.d * step)) * step;
const stepsUp = (f: Fraction, step: bigint) => ((f.n + f.d * step - 1n) / (f.d * step)) * step;

const withCommas = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const usd = (n: number) => `$${withCommas(n)}`;

export function expectedQuote(book: PriceBook, c: PriceCase): ExpectedQuote {
  const entry = book.services[c.service];
  if (!entry) throw new Error(`the price book has no ${c.service}`);
  const parts: string[] = [];
  const params = new URLSearchParams({ service: c.service });
  let units: number;
  if (c.fromHomeSize) {
    const estimate = entry.fromHomeSize;
    if (!estimate) throw new Error(`${c.service} has no estimate from the home size`);
    const feet = Math.round(estimate.feetPerSqrtFootprint * Math.sqrt(c.size / Number(c.stories ?? "1")));
    units = Math.min(entry.measure.max, Math.max(entry.measure.min, feet));
    parts.push(`about ${withCommas(units)} ${entry.measure.unit} (from a ${withCommas(c.size)} sq ft home)`);
    params.set("sqft", String(c.size));
  } else {
    units = c.size;
    parts.push(`${withCommas(units)} ${entry.measure.unit}`);
    params.set(entry.measure.field, String(c.size));
  }
  let factor: Fraction = exact(units);
  if (entry.stories) {
    const stories = c.stories ?? "1";
    factor = times(factor, exact(entry.stories[stories]));
    parts.push(`${stories} ${stories === "1" ? "story" : "stories"}`);
    params.set("stories", stories);
  }
  if (entry.material) {
    const slug = c.option ?? Object.keys(entry.material.options)[0]!;
    const option = entry.material.options[slug];
    if (!option) throw new Error(`${c.service} has no ${entry.material.field} ${slug}`);
    factor = times(factor, exact(option.multiplier));
    parts.push(option.summary);
    params.set(entry.material.field, slug);
  }
  const step = BigInt(book.roundTo);
  const roundedLow = Number(stepsDown(times(factor, exact(entry.rate.low)), step));
  const minimumApplies = roundedLow < entry.minimum;
  const low = minimumApplies ? entry.minimum : roundedLow;
  const width = exact(book.minRangeWidth);
  const atLeast = stepsUp(times(exact(low), { n: width.d + width.n, d: width.d }), step);
  const roundedHigh = stepsUp(times(factor, exact(entry.rate.high)), step);
  const high = Number(roundedHigh > atLeast ? roundedHigh : atLeast);
  const range = `${usd(low)} – ${usd(high)}`;
  const summary = parts.join(" · ");
  return {
    low,
    high,
    minimumApplies,
    range,
    summary,
    line: `${entry.title} — ${summary}: ${range}`,
    url: `/pricing?${params}`,
  };
}

/** "vinyl, brick, stucco or wood": a service's siding or pitch options as the form's messages list them. */
export function optionWords(book: PriceBook, service: string): string {
  const names = Object.values(book.services[service]!.material!.options).map((o) =>
    o.label.split(" (")[0]!.toLowerCase(),
  );
  return `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
}
