/**
 * The price book behind the instant estimate at /pricing: the one place the owner edits prices.
 *
 * PLACEHOLDERS TO CONFIRM BEFORE LAUNCH (`confirmed: false`): the defaults are public US ranges for
 * residential exterior cleaning in 2025–2026 (house wash about $0.15–0.35 per sq ft with a ~$199 minimum,
 * driveways about $0.15–0.30 per sq ft, gutters about $1–2 per linear foot by stories, holiday lights
 * about $3–7 per foot installed), not this company's own prices.
 *
 * How a range is made (app/lib/price.ts): size × rate (low and high) × the stories multiplier × the
 * material multiplier; the low end never goes below the minimum charge, the high end is at least
 * `minRangeWidth` above the low end; the low end is rounded down and the high end up to `roundTo` dollars.
 * The shape is checked by `priceBookSchema` (app/content/schema.ts) in content.test.ts.
 */
import type { z } from "zod";
import type { priceBookSchema } from "./schema.ts";

const stories = { "1": 1, "2": 1.15, "3": 1.35 };

const siding = {
  field: "siding",
  label: "Siding",
  options: {
    vinyl: { label: "Vinyl", summary: "vinyl siding", multiplier: 1 },
    brick: { label: "Brick", summary: "brick", multiplier: 1.1 },
    stucco: { label: "Stucco", summary: "stucco", multiplier: 1.2 },
    wood: { label: "Wood", summary: "wood siding", multiplier: 1.25 },
  },
} as const;

const homeSize = { field: "sqft", label: "Home size", unit: "sq ft", hint: "Finished living area, as on a listing or tax record.", min: 500, max: 10000 } as const;
const flatSurface = (label: string, hint: string, max: number) => ({ field: "sqft", label, unit: "sq ft", hint, min: 50, max }) as const;

export const priceBook = {
  confirmed: false,
  roundTo: 5,
  minRangeWidth: 0.2,
  services: {
    "house-washing": {
      title: "House washing",
      measure: homeSize,
      rate: { low: 0.15, high: 0.3 },
      minimum: 199,
      stories,
      material: siding,
      includes: [
        "Soft wash of every side of the house: siding, trim, soffits and fascia",
        "Gutter faces (the outside of the gutters) brightened",
        "Plants and lawn watered before and rinsed after",
        "Windows rinsed so no cleaner dries on the glass",
      ],
    },
    "soft-washing": {
      title: "Soft washing",
      measure: homeSize,
      rate: { low: 0.18, high: 0.35 },
      minimum: 199,
      stories,
      material: siding,
      includes: [
        "Low-pressure (under 500 PSI) wash of siding, trim and eaves",
        "Mildew, algae and spider webs treated so they stay away longer",
        "Plants, lawn and outdoor furniture protected",
        "Windows rinsed so no cleaner dries on the glass",
      ],
    },
    "roof-cleaning": {
      title: "Roof cleaning",
      measure: { field: "sqft", label: "Roof area", unit: "sq ft", hint: "About 1.3 × a one-story home's floor area; 0.7 × a two-story home's.", min: 300, max: 10000 },
      rate: { low: 0.3, high: 0.6 },
      minimum: 299,
      stories: { "1": 1, "2": 1.15, "3": 1.3 },
      material: {
        field: "pitch",
        label: "Roof pitch",
        options: {
          walkable: { label: "Walkable (low pitch)", summary: "walkable pitch", multiplier: 1 },
          steep: { label: "Steep (needs harnesses)", summary: "steep pitch", multiplier: 1.3 },
        },
      },
      includes: [
        "Soft wash of shingles, metal or tile: no pressure that voids a warranty",
        "Moss, lichen and black algae streaks killed at the root",
        "Gutters and downspouts flushed of the debris the wash brings down",
        "Plants and lawn protected below the eaves",
      ],
    },
    "driveway-cleaning": {
      title: "Driveway cleaning",
      measure: flatSurface("Driveway area", "Length × width in feet; a two-car driveway is about 600 sq ft.", 10000),
      rate: { low: 0.15, high: 0.3 },
      minimum: 149,
      includes: ["Surface cleaner wash of the whole driveway", "Oil and rust spots pre-treated", "Edges and expansion joints flushed", "Rinse of the street gutter in front"],
    },
    "sidewalk-cleaning": {
      title: "Sidewalk cleaning",
      measure: flatSurface("Sidewalk area", "Length × width in feet; a 4 ft wide walk 50 ft long is 200 sq ft.", 10000),
      rate: { low: 0.15, high: 0.3 },
      minimum: 129,
      includes: ["Surface cleaner wash of walks and entry steps", "Gum and algae spots treated", "Joints and edges flushed", "Slip-causing mildew removed"],
    },
    "concrete-cleaning": {
      title: "Concrete cleaning",
      measure: flatSurface("Concrete area", "Patios, pads and walkways together; length × width in feet.", 20000),
      rate: { low: 0.15, high: 0.3 },
      minimum: 149,
      includes: ["Hot-water surface cleaning of patios, pads and walks", "Oil, rust and organic stains pre-treated", "Joints and edges flushed", "Walls and doors beside the concrete rinsed"],
    },
    "gutter-cleaning": {
      title: "Gutter cleaning",
      measure: { field: "feet", label: "Gutter length", unit: "linear ft", hint: "All runs added up. Leave it empty and give the home size instead if you do not know it.", min: 20, max: 1000 },
      fromHomeSize: { min: 500, max: 10000, feetPerSqrtFootprint: 4.4 },
      rate: { low: 1, high: 1.4 },
      minimum: 149,
      stories: { "1": 1, "2": 1.4, "3": 1.8 },
      includes: ["Leaves and debris removed by hand and bagged", "Downspouts flushed and checked for flow", "Roof edge blown clear", "Photos of anything loose or leaking"],
    },
    "fence-deck-cleaning": {
      title: "Fence and deck cleaning",
      measure: flatSurface("Fence and deck area", "Deck floor plus fence length × height, in square feet.", 5000),
      rate: { low: 0.3, high: 0.6 },
      minimum: 179,
      includes: ["Low-pressure wash that does not raise the wood grain", "Graying, mildew and algae treated", "Rails, steps and both sides of the fence", "Advice on when to seal or stain"],
    },
    "holiday-light-installation": {
      title: "Holiday light installation",
      measure: { field: "feet", label: "Roofline", unit: "ft of roofline", hint: "The edges you want lit; a typical one-story ranch has 120–180 ft.", min: 20, max: 1000 },
      rate: { low: 3, high: 7 },
      minimum: 349,
      includes: ["Commercial-grade LED lights, leased for the season", "Custom-cut to your roofline, clips that do not damage shingles", "Timer set up and service calls through the season", "Take-down and storage after the holidays"],
    },
  },
  callback: {
    "commercial-pressure-washing": {
      title: "Commercial pressure washing",
      why: "Storefronts, lots, dumpster pads and buildings differ too much for a formula: we price them after a walk-through, usually within a day or two.",
    },
    "fleet-cleaning": {
      title: "Fleet cleaning",
      why: "Fleet prices depend on the number and size of vehicles, how often we wash and where they park, so we agree on a schedule and price by phone.",
    },
  },
} as const satisfies z.input<typeof priceBookSchema>;

export type PriceBook = typeof priceBook;
export type PricedSlug = keyof PriceBook["services"];
export type CallbackSlug = keyof PriceBook["callback"];
export type PricingSlug = PricedSlug | CallbackSlug;
export type Stories = "1" | "2" | "3";

export const pricedSlugs = Object.keys(priceBook.services) as [PricedSlug, ...PricedSlug[]];
const callbackSlugs = Object.keys(priceBook.callback) as [CallbackSlug, ...CallbackSlug[]];
export const pricingSlugs = [...pricedSlugs, ...callbackSlugs] as [PricingSlug, ...PricingSlug[]];

export const isPricedSlug = (slug: string): slug is PricedSlug => Object.hasOwn(priceBook.services, slug);
export const isCallbackSlug = (slug: string): slug is CallbackSlug => Object.hasOwn(priceBook.callback, slug);
