/**
 * Zod schemas for every kind of fixed content on the site.
 * Content modules export plain typed data (`satisfies z.input<...>` keeps them honest while editing);
 * `content.test.ts` parses every module with these schemas so a malformed record fails the build.
 */
import { z } from "zod";

const text = z.string().trim().min(1);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a lowercase, hyphenated slug");

const serviceCategory = z.enum(["Residential", "Commercial"]);

/** The icon names the site knows how to draw (mapped to lucide-react in app/components/icon.tsx). */
export const iconName = z.enum([
  "droplets",
  "home",
  "spray-can",
  "square",
  "truck",
  "car",
  "footprints",
  "fence",
  "house-roof",
  "waves",
  "building",
  "sparkles",
  "dollar-sign",
  "heart-pulse",
  "graduation-cap",
  "calendar",
  "trending-up",
]);

/**
 * Which variant of the service-page layout renders the service: services that are alike share one
 * (the fleet and holiday pages have their own routes).
 */
const serviceTemplate = z.enum(["pressure", "soft", "house", "concrete", "fleet", "holiday"]);

const qa = z.object({ question: text, answer: text });
export const step = z.object({ title: text, description: text });

export const serviceSchema = z.object({
  slug,
  title: text,
  /** Residential, Commercial, or both: decides the Services page's Residential and Commercial lists. */
  category: z.array(serviceCategory).min(1),
  /** One or two sentences for cards and meta descriptions (<= 200 chars). */
  description: text.max(200),
  icon: iconName,
  template: serviceTemplate,
  /** Service page copy. Every page has its own words. */
  page: z.object({
    /** Hero subtitle, one sentence. */
    tagline: text,
    /** 2-3 paragraphs: what the service is and why it matters in the Treasure Valley. */
    intro: z.array(text).min(2).max(3),
    /** The pressure / method used, consistent with business.pressure (pressure washing 1,500-4,000 PSI, soft washing under 500 PSI, equipment up to 4,000 PSI). */
    method: text,
    /** How the job is done, 4-5 steps. */
    process: z.array(step).min(4).max(5),
    /** Surfaces / items covered, 6-8 short labels. */
    surfaces: z.array(text).min(6).max(8),
    /** 4 benefits. */
    benefits: z.array(step).length(4),
    /** 3-4 service-specific questions. */
    faqs: z.array(qa).min(3).max(4),
    /** SEO keywords for the page. */
    keywords: z.array(text).min(4),
  }),
});

const responseTime = z.enum(["Same Day", "Next Day", "By Appointment"]);

export const locationSchema = z.object({
  city: text,
  /** city slug, e.g. "garden-city"; the page path is /locations/pressure-washing-{slug}-id */
  slug,
  state: z.literal("ID"),
  /** One or two sentences for the locations index card and meta description (<= 220 chars). */
  description: text.max(220),
  zipCodes: z.array(z.string().regex(/^\d{5}$/)).min(1),
  /** Static text, e.g. "235,000+". */
  population: text,
  avgResponse: responseTime,
  /** [longitude, latitude] */
  coordinates: z.tuple([z.number().min(-118).max(-110), z.number().min(41).max(49)]),
  /** What the city's page is about, a short phrase (e.g. Emmett: ranches, farms, equipment and irrigation). */
  focus: text,
  /** City page copy: each page must read as a page about that city. */
  page: z.object({
    /** Hero headline after the brand, e.g. "Pressure Washing in Boise, Idaho". */
    headline: text,
    /** 2 paragraphs about this city's properties, climate, water, dust, what we do there. */
    intro: z.array(text).length(2),
    /** Six services with a sentence each: the card reads "{name} in {city}" + sentence. */
    services: z
      .array(z.object({ name: text, sentence: text }))
      .length(6),
    /** Eight real neighbourhood / area names. */
    neighborhoods: z.array(text).length(8),
    /** Three reasons to choose the company in this city. */
    reasons: z.array(step).length(3),
    /** Local conditions paragraph (weather, water, soil, dust, trees, lake, etc.). */
    conditions: text,
    keywords: z.array(text).min(4),
  }),
});

export const faqItemSchema = z.object({ id: slug, question: text, answer: text });

export const testimonialSchema = z.object({
  name: text,
  location: text,
  rating: z.number().int().min(1).max(5),
  date: text,
  text: text,
});

export const jobSchema = z.object({
  slug,
  title: text,
  location: text,
  type: z.enum(["Full-time", "Part-time", "Seasonal"]),
  experience: text,
  salary: text,
  /** Min and max hourly pay in USD, for JobPosting structured data. */
  pay: z.object({ min: z.number().positive(), max: z.number().positive() }),
  description: text,
  requirements: z.array(text).min(3),
  benefits: z.array(text).min(3),
});

export type Service = z.infer<typeof serviceSchema>;
export type Location = z.infer<typeof locationSchema>;
export type FaqItem = z.infer<typeof faqItemSchema>;
export type Testimonial = z.infer<typeof testimonialSchema>;
export type Job = z.infer<typeof jobSchema>;
export type IconName = z.infer<typeof iconName>;

/** The instant-price book (app/content/price-book.ts): one entry per residential service with a price. */
const rate = z
  .object({ low: z.number().positive(), high: z.number().positive() })
  .refine((r) => r.low <= r.high, "the low rate must not exceed the high rate");
const size = z
  .object({ min: z.number().int().positive(), max: z.number().int().positive() })
  .refine((s) => s.min < s.max, "min must be below max");
const multiplier = z.number().min(0.5).max(3);
const pricedServiceSchema = z.object({
  title: text,
  /** The size the price is per unit of. */
  measure: z.object({
    field: z.enum(["sqft", "feet"]),
    label: text,
    unit: z.enum(["sq ft", "linear ft", "ft of roofline"]),
    hint: text,
    ...size.shape,
  }),
  /** Gutters only: the gutter length estimated from the home's size, when the visitor does not know it. */
  fromHomeSize: z.object({ min: z.number().int().positive(), max: z.number().int().positive(), feetPerSqrtFootprint: z.number().min(3).max(8) }).optional(),
  rate,
  minimum: z.number().int().positive(),
  stories: z.object({ "1": multiplier, "2": multiplier, "3": multiplier }).optional(),
  material: z
    .object({
      field: z.enum(["siding", "pitch"]),
      label: text,
      options: z.record(slug, z.object({ label: text, summary: text, multiplier })),
    })
    .optional(),
  includes: z.array(text).min(2).max(6),
});
export const priceBookSchema = z.object({
  /** Placeholders until the owner confirms them (shown nowhere; the README says so). */
  confirmed: z.boolean(),
  /** Dollar steps the range is rounded to (down for the low end, up for the high end). */
  roundTo: z.number().int().min(1).max(50),
  /** The high end is at least this fraction above the low end (so a minimum charge still reads as a range). */
  minRangeWidth: z.number().min(0).max(1),
  services: z.record(slug, pricedServiceSchema),
  /** Services priced only after a visit: the page asks for a call instead. */
  callback: z.record(slug, z.object({ title: text, why: text })),
});
