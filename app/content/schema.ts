/**
 * Zod schemas for every kind of fixed content on the site.
 * Content modules export plain typed data (`satisfies z.input<...>` keeps them honest while editing);
 * `content.test.ts` parses every module with these schemas so a malformed record fails the build.
 */
import { z } from "zod";
import { slugify } from "../lib/paths.ts";

const text = z.string().trim().min(1);

/** A list whose entries must differ in `key` (a slug, an id): the message names the second one. */
export const uniqueBy =
  <K extends string>(key: K) =>
  (list: Record<K, unknown>[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    list.forEach((entry, index) => {
      if (seen.has(entry[key])) ctx.addIssue({ code: "custom", path: [index, key], message: `"${String(entry[key])}" is used twice; each ${key} must be different` });
      seen.add(entry[key]);
    });
  };
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

/**
 * content/faq.yaml: the FAQ page's questions, in order. An entry's id (its link, /faq#id) is made from the
 * question when not given.
 */
export const faqSchema = z.strictObject({
  questions: z
    .array(
      z
        .strictObject({ id: slug.optional(), question: text.max(200), answer: text.max(1500) })
        .transform(({ id, question, answer }) => ({ id: id ?? slugify(question), question, answer })),
    )
    .min(1)
    .superRefine(uniqueBy("id")),
});

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

/**
 * content/price-book.yaml: the instant price at /pricing (how a range is made: app/lib/price.ts). The file
 * lists the services (so the browser editor can show them as a list); the code reads them by slug.
 */
const rate = z
  .strictObject({
    low: z.number().positive().describe("Dollars per unit at the low end of the range"),
    high: z.number().positive().describe("Dollars per unit at the high end of the range"),
  })
  .refine((r) => r.low <= r.high, { message: "the low rate must not exceed the high rate", path: ["high"] });
const whole = z.number().int().positive();
const multiplier = z.number().min(0.5).max(3);
const listedBySlug = <T extends { slug: string }>(list: T[]) => Object.fromEntries(list.map(({ slug: key, ...rest }) => [key, rest])) as Record<string, Omit<T, "slug">>;
const pricedServiceSchema = z.strictObject({
  /** The service's slug, as in /services/{slug}. */
  slug: slug.describe("The service's address, as in /services/house-washing"),
  title: text.max(60),
  /** The size the price is per unit of. */
  measure: z
    .strictObject({
      field: z.enum(["sqft", "feet"]).describe("sqft for an area, feet for a length"),
      label: text.max(40),
      unit: z.enum(["sq ft", "linear ft", "ft of roofline"]),
      hint: text.max(160).describe("Shown under the size field: how a homeowner finds the number"),
      min: whole,
      max: whole,
    })
    .refine((m) => m.min < m.max, { message: "min must be below max", path: ["max"] }),
  /** Gutters only: the gutter length estimated from the home's size, when the visitor does not know it. */
  fromHomeSize: z.strictObject({ min: whole, max: whole, feetPerSqrtFootprint: z.number().min(3).max(8) }).optional(),
  rate,
  minimum: whole.describe("The least a job costs, in dollars"),
  stories: z.strictObject({ "1": multiplier, "2": multiplier, "3": multiplier }).describe("Price multiplier for a home of 1, 2 or 3 stories").optional(),
  material: z
    .strictObject({
      field: z.enum(["siding", "pitch"]),
      label: text.max(40),
      options: z
        .array(z.strictObject({ slug, label: text.max(40), summary: text.max(60), multiplier }))
        .min(2)
        .superRefine(uniqueBy("slug"))
        .transform(listedBySlug),
    })
    .optional(),
  includes: z.array(text.max(120)).min(2).max(6),
});
export const priceBookSchema = z.strictObject({
  /** Placeholders until the owner confirms them (npm run launch-check says so). */
  confirmed: z.boolean().describe("Set to true once these are your own prices"),
  /** Dollar steps the range is rounded to (down for the low end, up for the high end). */
  roundTo: z.number().int().min(1).max(50).describe("Round the range to steps of this many dollars"),
  /** The high end is at least this fraction above the low end (so a minimum charge still reads as a range). */
  minRangeWidth: z.number().min(0).max(1).describe("The high end is at least this fraction above the low end (0.2 = 20%)"),
  services: z.array(pricedServiceSchema).min(1).superRefine(uniqueBy("slug")).transform(listedBySlug),
  /** Services priced only after a visit: the page asks for a call instead. */
  callback: z
    .array(z.strictObject({ slug, title: text.max(60), why: text.max(300) }))
    .superRefine(uniqueBy("slug"))
    .transform(listedBySlug),
});

/**
 * A photo of a job in content/gallery/ (./gallery-images.ts makes its sizes at build time): the path is
 * relative to content/gallery/, where the browser editor uploads ("photos/2026-06-eagle-driveway-before.jpg").
 */
const galleryPhoto = (which: "before" | "after") =>
  z.strictObject({
    image: z
      .string()
      .trim()
      // Not HEIC: sharp's prebuilt binary cannot read it (HEVC); phones can share a photo as JPEG.
      .regex(/^photos\/[^/\\]+\.(?:jpe?g|png|webp|avif|tiff?)$/i, "a photo in content/gallery/photos/ (a .jpg, .png, .webp, .avif or .tiff file; an iPhone's HEIC photo shared as JPEG)")
      .meta({ title: `${which === "before" ? "Before" : "After"} photo` }),
    alt: text
      .min(15)
      .max(200)
      .refine((alt) => !/\.(?:jpe?g|png|webp|avif|tiff?|heic|heif)\b/i.test(alt) && !/^(?:img|dsc|pxl|photo)[_-]?\d/i.test(alt), "describe what the photo shows, not its file name")
      .describe(
        which === "before"
          ? "What a visitor who cannot see the photo should know: the surface and the dirt, e.g. “Concrete driveway dark with oil stains and moss along the joints”"
          : "What the photo shows after the job, e.g. “The same driveway clean and evenly light grey”",
      )
      .meta({ title: "Description for screen readers (alt text)" }),
  });

/** One before/after pair of a real job (content/gallery/<slug>.yaml). Service and city slugs are checked against the services and cities when the site is built (app/content/gallery-check.ts). */
export const galleryPairSchema = z.strictObject({
  slug,
  title: text.max(80).describe("A short headline, e.g. “Oil-stained driveway in Eagle”").meta({ title: "Title" }),
  service: slug.describe("The service's address, as in /services/driveway-cleaning → driveway-cleaning").meta({ title: "Service" }),
  city: slug.describe("The city in lowercase with hyphens, e.g. eagle or garden-city").meta({ title: "City" }),
  date: z.iso.date("the date of the job as YYYY-MM-DD, e.g. 2026-06-14").describe("The day of the job (YYYY-MM-DD); the newest photos are shown first").meta({ title: "Date of the job" }),
  caption: text.max(300).describe("One or two sentences: what was done and how, e.g. “Hot-water surface cleaning at 3,000 PSI, then a degreaser on the oil spots.”").meta({ title: "Caption" }),
  before: galleryPhoto("before").meta({ title: "Before" }),
  after: galleryPhoto("after").meta({ title: "After" }),
});
