/**
 * Zod schemas for every content collection (./collections.ts says which file each one validates).
 * Each schema is strict (a misspelt field is an error) and limits what the pages can show; `.describe()`
 * is the hint the browser editor shows beside a field. Counts that decide how many items a place shows
 * live in app/lib/limits.ts, never here or in the files.
 */
import { z } from "../lib/zod.ts";
import { slugify } from "../lib/paths.ts";

const text = z.string().trim().min(1);

/** A list whose entries must differ in `key` (a slug, an id): the message names the second one. */
export const uniqueBy =
  <K extends string>(key: K) =>
  (list: Record<K, unknown>[], ctx: z.RefinementCtx) => {
    const seen = new Set<unknown>();
    list.forEach((entry, index) => {
      if (seen.has(entry[key]))
        ctx.addIssue({
          code: "custom",
          path: [index, key],
          message: `"${String(entry[key])}" is used twice; each ${key} must be different`,
        });
      seen.add(entry[key]);
    });
  };
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "a lowercase, hyphenated slug");

/**
 * A calendar day as written (2026-03-12): a date without a time or a time zone, so it names the same day
 * wherever it is read (the business's day, never shifted through UTC). It must be a real day of the calendar.
 */
export const calendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date like 2026-03-12")
  .refine((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day);
  }, "not a day of the calendar");

/** Where an entry of a folder collection comes in its lists (the loader checks that no two share one). */
const order = z
  .number()
  .int()
  .min(1)
  .max(999)
  .describe("Position in the lists: 1 comes first; each entry has its own number");

/**
 * The Markdown body below the front matter as paragraphs (blank-line separated; a line break inside a
 * paragraph is a space). Plain text: the pages show it as written.
 */
const paragraphs = (min: number, max: number, maxLength: number) =>
  z
    .string()
    .transform((body) =>
      body
        .split(/\n\s*\n/)
        .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
        .filter(Boolean),
    )
    .pipe(z.array(text.max(maxLength)).min(min).max(max))
    // For the browser editor (./cms-config.ts): a Markdown box whose pattern counts the paragraphs.
    .meta({ paragraphs: { min, max, maxLength } });

const serviceCategory = z.enum(["Residential", "Commercial"]);

/** The icon names the site knows how to draw (mapped to lucide-react in app/components/icon.tsx). */
export const iconName = z
  .enum([
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
    "flame",
    "gauge",
    "leaf",
    "recycle",
    "shield-check",
    "clock",
    "users",
    "thumbs-up",
  ])
  .describe("The picture beside the text, by name");

/**
 * Which variant of the service-page layout renders the service: services that are alike share one
 * (the fleet and holiday pages have their own routes).
 */
const serviceTemplate = z.enum(["pressure", "soft", "house", "concrete", "fleet", "holiday"]);

/** A day of the year a seasonal reminder is due (day 1-28, so every month and year has it). */
const reminderDate = z.strictObject({
  month: z.number().int().min(1).max(12).describe("The month: 1 is January, 10 is October, 12 is December"),
  day: z.number().int().min(1).max(28).describe("The day of the month, 1 to 28"),
  what: text
    .max(80)
    .describe('What the customer is reminded of then, as in "Time to book your holiday lights going up"'),
});

/**
 * When a customer who asked for it is reminded that the service is due again (app/server/features/reminders/):
 * every so many months after the job, or on one or more days of the year (a season). Without it, the service
 * offers no reminder.
 */
const serviceReminder = z
  .strictObject({
    everyMonths: z
      .number()
      .int()
      .min(1)
      .max(60)
      .optional()
      .describe("Remind the customer this many months after the job (12 = once a year). Leave empty for a season")
      .meta({ title: "Every how many months" }),
    dates: z
      .array(reminderDate)
      .min(1)
      .max(4)
      .optional()
      .describe("Or remind on these days every year (a season, e.g. October 1). Leave empty when months are set")
      .meta({ title: "Or on these days of the year" }),
  })
  .superRefine((value, ctx) => {
    if ((value.everyMonths === undefined) === (value.dates === undefined))
      ctx.addIssue({ code: "custom", message: "set either everyMonths or dates, not both and not neither" });
  });
export type ServiceReminder = z.output<typeof serviceReminder>;

/** A card: a short title and a sentence or two. */
const step = z.strictObject({ title: text.max(60), description: text.max(300) });
const iconCard = z.strictObject({ title: text.max(60), description: text.max(300), icon: iconName });
const qa = z.strictObject({ question: text.max(120), answer: text.max(600) });
const keywords = z.array(text.max(80)).min(4).max(8).describe("Search phrases for the page (4 to 8)");

/**
 * content/services/{slug}.md: one service page. The front matter holds the facts and lists; the text below
 * it is the intro (2-3 paragraphs). Pressure and method claims match business.yaml's pressure.
 */
export const serviceSchema = z
  .strictObject({
    slug,
    title: text.max(60),
    order,
    /** Residential, Commercial, or both: decides the Services page's Residential and Commercial lists. */
    category: z
      .array(serviceCategory)
      .min(1)
      .max(2)
      .superRefine((list, ctx) => {
        if (new Set(list).size !== list.length) ctx.addIssue({ code: "custom", message: "lists a category twice" });
      }),
    description: text
      .max(200)
      .describe("One or two sentences for the service cards and search results (200 characters at most)"),
    icon: iconName,
    template: serviceTemplate.describe("Which page layout shows the service: services that are alike share one"),
    tagline: text.max(160).describe("The page's subtitle, one sentence"),
    intro: paragraphs(2, 3, 700).describe(
      "2–3 paragraphs separated by a blank line: what the service is and why it matters in the Treasure Valley",
    ),
    method: text
      .max(700)
      .describe("The pressure and method used (pressure washing 1,500-4,000 PSI, soft washing under 500 PSI)"),
    process: z.array(step).min(4).max(5).describe("How the job is done, 4-5 steps"),
    surfaces: z.array(text.max(60)).min(6).max(8).describe("Surfaces or items covered, 6-8 short labels"),
    benefits: z.array(step).length(4).describe("4 benefits"),
    faqs: z.array(qa).min(3).max(4).describe("3-4 questions about this service"),
    keywords,
    reminder: serviceReminder
      .optional()
      .describe("When a customer who asked for it is reminded the service is due again; empty: no reminder")
      .meta({ title: "Seasonal reminder" }),
    /** Fleet cleaning only: its page's own process (the step number comes from the position). */
    fleetProcess: z
      .array(step)
      .min(3)
      .max(6)
      .optional()
      .describe("Fleet cleaning only: the fleet page's process, 3-6 steps"),
    /** Holiday lights only: the page's question list; an id is the answer's link (#faq-1). */
    holidayFaq: z
      .array(z.strictObject({ id: slug, question: text.max(120), answer: text.max(600) }))
      .min(3)
      .max(10)
      .superRefine(uniqueBy("id"))
      .optional()
      .describe("Holiday lights only: the page's questions"),
  })
  .transform(
    ({
      slug,
      title,
      order,
      category,
      description,
      icon,
      template,
      tagline,
      intro,
      method,
      process,
      surfaces,
      benefits,
      faqs,
      keywords,
      reminder,
      fleetProcess,
      holidayFaq,
    }) => ({
      slug,
      title,
      order,
      category,
      description,
      icon,
      template,
      page: { tagline, intro, method, process, surfaces, benefits, faqs, keywords },
      reminder: reminder ?? null,
      ...(fleetProcess ? { fleetProcess } : {}),
      ...(holidayFaq ? { holidayFaq } : {}),
    }),
  );

const responseTime = z.enum(["Same Day", "Next Day", "By Appointment"]);

/**
 * content/cities/{slug}.md: one city page (/locations/pressure-washing-{slug}-id). Each page reads as a
 * page about that city; the text below the front matter is the intro (2 paragraphs).
 */
export const locationSchema = z
  .strictObject({
    slug,
    city: text.max(40),
    order,
    state: z.literal("ID"),
    description: text
      .max(220)
      .describe("One or two sentences for the locations page card and search results (220 characters at most)"),
    zipCodes: z
      .array(z.string().regex(/^\d{5}$/, "a five-digit ZIP code"))
      .min(1)
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((zip, index) => {
          if (seen.has(zip)) ctx.addIssue({ code: "custom", path: [index], message: `ZIP ${zip} is listed twice` });
          seen.add(zip);
        });
      }),
    population: text.max(20).describe('Shown as written, e.g. "235,000+"'),
    avgResponse: responseTime,
    coordinates: z
      .tuple([z.number().min(-118).max(-110), z.number().min(41).max(49)])
      .describe("[longitude, latitude] of the city centre, e.g. [-116.2023, 43.615]"),
    focus: text.max(100).describe("What the city's page is about, a short phrase"),
    headline: text.max(70).describe('The page\'s headline, e.g. "Pressure Washing in Boise, Idaho"'),
    intro: paragraphs(2, 2, 700).describe(
      "2 paragraphs separated by a blank line, about this city's properties, climate, water and dust, and what we do there",
    ),
    services: z
      .array(z.strictObject({ name: text.max(50), sentence: text.max(250) }))
      .length(6)
      .describe('Six services with a sentence each: the card reads "{name} in {city}"'),
    neighborhoods: z.array(text.max(40)).length(8).describe("Eight real neighborhood or area names"),
    reasons: z.array(step).length(3).describe("Three reasons to choose us in this city"),
    conditions: text.max(700).describe("Local conditions: weather, water, soil, dust, trees"),
    keywords,
  })
  .transform(
    ({
      slug,
      city,
      order,
      state,
      description,
      zipCodes,
      population,
      avgResponse,
      coordinates,
      focus,
      headline,
      intro,
      services,
      neighborhoods,
      reasons,
      conditions,
      keywords,
    }) => ({
      city,
      slug,
      order,
      state,
      description,
      zipCodes,
      population,
      avgResponse,
      coordinates,
      focus,
      page: { headline, intro, services, neighborhoods, reasons, conditions, keywords },
    }),
  );

/**
 * content/service-area.yaml: the towns served beyond the city pages, and the words the service-area answer
 * uses for each response time.
 */
export const serviceAreaSchema = z.strictObject({
  extendedAreas: z
    .array(
      z.strictObject({
        town: text.max(40),
        zipCodes: z.array(z.string().regex(/^\d{5}$/, "a five-digit ZIP code")).min(1),
      }),
    )
    .min(1)
    .superRefine(uniqueBy("town"))
    .describe(
      "Towns without a city page that we travel to: listed on the About and Locations pages, and known to the ZIP code check",
    ),
  alsoOnAbout: z.array(text.max(40)).describe("More towns the About page lists after the extended areas"),
  alsoOnLocations: z.array(text.max(40)).describe("More places the Locations page lists after the extended areas"),
  responseTimeWords: z
    .strictObject({ "Same Day": text.max(80), "Next Day": text.max(80), "By Appointment": text.max(80) })
    .describe("What each response time means, in the words of the ZIP code check's answer"),
});

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

/** content/testimonials.yaml: customers' reviews (About page) and a team member's words (Careers page). */
export const testimonialsSchema = z.strictObject({
  customers: z
    .array(
      z.strictObject({
        name: text.max(40).describe('As the customer agreed to be named, e.g. "Sarah M."'),
        location: text.max(40),
        rating: z.number().int().min(1).max(5),
        date: text.max(30).describe('e.g. "October 2026"'),
        text: text.max(600),
      }),
    )
    .min(1)
    .max(12),
  employee: z.strictObject({ name: text.max(40), role: text.max(40), years: text.max(40), text: text.max(600) }),
});

/** content/jobs/{slug}.yaml: one job listing (the Apply button leads to /careers/apply?position={slug}). */
export const jobSchema = z
  .strictObject({
    slug,
    order,
    title: text.max(60),
    location: text.max(60),
    type: z.enum(["Full-time", "Part-time", "Seasonal"]),
    experience: text.max(40),
    /** Min and max hourly pay in USD: shown as "$18-24/hour" and in the JobPosting structured data. */
    pay: z
      .strictObject({ min: z.number().positive(), max: z.number().positive() })
      .refine((p) => p.min <= p.max, { message: "the lowest pay must not exceed the highest", path: ["max"] })
      .describe("Hourly pay in dollars, lowest and highest"),
    description: text.max(600),
    requirements: z.array(text.max(160)).min(3).max(8),
    benefits: z.array(text.max(120)).min(3).max(8),
    datePosted: calendarDate.describe(
      "The day the job was first posted (search engines show it); keep it when you edit the listing",
    ),
    validThrough: calendarDate.describe(
      "The last day the listing is open; after it the listing leaves the Careers page at the next build, and npm run launch-check lists it",
    ),
  })
  .refine((job) => job.validThrough >= job.datePosted, {
    message: "the last day must not come before the day it was posted",
    path: ["validThrough"],
  })
  .transform(
    ({
      slug,
      order,
      title,
      location,
      type,
      experience,
      pay,
      description,
      requirements,
      benefits,
      datePosted,
      validThrough,
    }) => ({
      slug,
      order,
      title,
      location,
      type,
      experience,
      salary: `$${pay.min}-${pay.max}/hour`,
      pay,
      description,
      requirements,
      benefits,
      datePosted,
      validThrough,
    }),
  );

/** content/careers.yaml: the Careers page besides the job listings. */
export const careersSchema = z.strictObject({
  benefits: z.array(iconCard).min(3).max(9).describe("What working here offers, each with its picture"),
  culture: z.array(text.max(160)).min(3).max(10),
  applicationSteps: z.array(step).min(3).max(6).describe("How hiring goes, in order"),
});

/** content/about.yaml: the About page, and the home page's "Why choose" cards. */
export const aboutSchema = z.strictObject({
  story: z.array(text.max(700)).min(2).max(4).describe("Our story, 2-4 paragraphs"),
  credentials: z
    .array(step)
    .min(2)
    .max(8)
    .describe("Licences, insurance and checks (the registration number comes from business.yaml)"),
  equipment: z.array(iconCard).min(2).max(6),
  statewideTravel: text.max(300),
  whyChoose: z
    .array(iconCard)
    .min(2)
    .max(6)
    .describe("Home page cards; {{replyWithinHours}} is replaced by business.yaml's number"),
});

/**
 * content/legal/{slug}.md: a legal page (/privacy-policy, /terms-of-service), all Markdown: a "# Title" line
 * first, then the text; {{name}}, {{legalName}}, {{phone}}, {{email}} are the business's own (business.yaml).
 */
export const legalSchema = z.strictObject({
  slug,
  body: text
    .regex(/^# \S.*\n/, 'a first line "# Title" (the page\'s heading)')
    .describe(
      'The page in Markdown: a "# Title" line first; {{name}}, {{legalName}}, {{phone}}, {{email}} and {{lateCancellation}} are filled in',
    ),
});

/** content/home.yaml: which services the home page shows a card for, in order. */
export const homeSchema = z.strictObject({
  featuredServices: z
    .array(
      z.strictObject({
        slug: slug.describe("A service's file name in content/services"),
        title: text.max(60).optional().describe("Only when the card's title differs from the service's"),
      }),
    )
    .min(3)
    .max(9)
    .superRefine(uniqueBy("slug")),
});

const weekday = z.enum(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]);
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "a 24-hour time like 07:00 or 19:00");
/** "19:00" → "7:00 PM". */
const twelveHour = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return `${hours % 12 || 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
};
const https = z.url({ protocol: /^https$/ });

/**
 * content/business.yaml: the business identity, the one place a phone number, e-mail or name is written.
 * Values shown in several forms (the phone as a link, the hours as text) are made from one field here.
 */
export const businessSchema = z.strictObject({
  name: text.max(60),
  legalName: text.max(80),
  dba: text.max(160).describe("The legal line shown in the footer and on the legal pages"),
  phone: z
    .string()
    .trim()
    .regex(/^\(\d{3}\) \d{3}-\d{4}$/, "a US number written like (208) 555-0134")
    .describe("Written like (208) 555-0134; the call links are made from it")
    .transform((display) => {
      const e164 = `+1${display.replace(/\D/g, "")}`;
      return { display, href: `tel:${e164}`, e164 };
    }),
  email: z.email(),
  origin: https
    .regex(/^https:\/\/[^/]+$/, "the site's address without a path or trailing slash")
    .describe("The site's address, e.g. https://www.example.com"),
  headquarters: z
    .strictObject({
      city: text.max(40),
      state: z.string().regex(/^[A-Z]{2}$/, "a two-letter state"),
      zip: z.string().regex(/^\d{5}$/, "a five-digit ZIP code"),
    })
    .transform((hq) => ({ ...hq, display: `${hq.city}, ${hq.state} ${hq.zip}` })),
  /** A service-area business: no street address is published. */
  mapsUrl: https.describe("A map link to the town (no street address is published)"),
  license: text.max(120).describe("The Idaho contractor registration line shown on the About page"),
  foundedYear: z.number().int().min(1900).max(2100),
  insurance: text.max(80),
  tagline: text.max(80),
  replyWithinHours: z.number().int().min(1).max(168).describe("How soon every request is answered, in hours"),
  timeZone: z
    .string()
    .refine((zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    }, "a time zone name like America/Boise")
    .describe("The time zone of the hours (Boise: America/Boise)"),
  hours: z
    .array(
      z
        .strictObject({
          days: text.max(40).describe('As shown, e.g. "Monday – Friday"'),
          weekdays: z.array(weekday).min(1).max(7).describe("The days this line covers, by name"),
          opens: clock,
          closes: clock,
        })
        .refine((h) => h.opens < h.closes, { message: "closes before it opens", path: ["closes"] })
        .transform(({ days, weekdays, opens, closes }) => ({
          days,
          schema: weekdays,
          opens,
          closes,
          display: `${twelveHour(opens)} – ${twelveHour(closes)}`,
        })),
    )
    .min(1)
    .max(7),
  social: z.array(z.strictObject({ name: text.max(40), href: https })).max(6),
  /** Claims used in copy and structured data. */
  pressure: z.strictObject({
    equipmentMaxPsi: z.number().int().positive(),
    pressureWashing: text.max(40),
    softWashing: text.max(40),
  }),
  typicalJob: text.max(40).describe('How long a typical home takes, e.g. "2–4 hours"'),
  payments: z.array(text.max(40)).min(1).max(10),
  /**
   * The average of the business's Google reviews, given to search engines (AggregateRating on a 1–5 scale)
   * only once the owner confirms it is the one their Google Business Profile shows: a rating is real or absent.
   */
  rating: z
    .strictObject({
      value: z
        .number()
        .min(1)
        .max(5)
        .describe("The average rating, 1 to 5, as your Google Business Profile shows it (e.g. 4.9)"),
      count: z.number().int().min(1).describe("How many reviews that average is of, as the profile shows"),
      confirmed: z
        .boolean()
        .describe(
          "On only when the rating and count above are the ones your Google Business Profile shows today; until then no rating is published and npm run launch-check lists it",
        ),
      profileUrl: https
        .optional()
        .describe("Your Google Business Profile's address, where the rating can be checked (optional)"),
    })
    .describe("Your Google reviews: the average and how many"),
  priceRange: z.enum(["$", "$$", "$$$", "$$$$"]),
  serviceRadiusMeters: z.number().int().positive(),
});

export type Service = z.output<typeof serviceSchema>;
export type Location = z.output<typeof locationSchema>;
export type Job = z.output<typeof jobSchema>;
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
const listedBySlug = <T extends { slug: string }>(list: T[]) =>
  Object.fromEntries(list.map(({ slug: key, ...rest }) => [key, rest])) as Record<string, Omit<T, "slug">>;
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
  stories: z
    .strictObject({ "1": multiplier, "2": multiplier, "3": multiplier })
    .describe("Price multiplier for a home of 1, 2 or 3 stories")
    .optional(),
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
  minRangeWidth: z
    .number()
    .min(0)
    .max(1)
    .describe("The high end is at least this fraction above the low end (0.2 = 20%)"),
  services: z.array(pricedServiceSchema).min(1).superRefine(uniqueBy("slug")).transform(listedBySlug),
  /** Services priced only after a visit: the page asks for a call instead. */
  callback: z
    .array(z.strictObject({ slug, title: text.max(60), why: text.max(300) }))
    .superRefine(uniqueBy("slug"))
    .transform(listedBySlug),
  /** The firm quote the owner sends from the inbox (docs/decisions/031-quotes.md). */
  quotes: z
    .strictObject({
      terms: text
        .min(40)
        .max(2000)
        .describe(
          "The terms every quote shows above Accept; the customer agrees to them (a sent quote keeps its words)",
        ),
      pricingNote: text
        .min(20)
        .max(300)
        .describe("The sentence on /pricing saying that the accepted quote, not the range, is the price"),
      balanceDue: text
        .min(10)
        .max(120)
        .describe(
          "When the balance of a quote (its total less the deposit) is due, as it ends the sentence “The balance is due …” (no full stop)",
        ),
    })
    .describe("Quotes"),
  /** The invoice the owner sends when a job is done (docs/decisions/041-invoices-and-balance.md). */
  invoices: z
    .strictObject({
      taxRatePercent: z
        .number()
        .min(0)
        .max(20)
        .multipleOf(0.01)
        .describe(
          "Sales tax in percent on the lines marked taxable (0 = no tax; Idaho does not tax these services as far as we know: ask your accountant before you change it). A new invoice keeps the rate of the day it was made",
        ),
      linesTaxableByDefault: z
        .boolean()
        .describe("Whether a new invoice's lines are marked taxable at first (the owner may change each line)"),
      dueDays: z
        .number()
        .int()
        .min(0)
        .max(60)
        .describe(
          "Days after the invoice is sent that the balance is due (0 = due on receipt, when the job is finished)",
        ),
      reminderDays: z
        .array(z.number().int().min(1).max(90))
        .max(6)
        .refine((days) => days.every((day, i) => i === 0 || day > days[i - 1]!), "List the days from first to last")
        .describe("Days after sending when an unpaid invoice's reminder goes (e.g. 3, 7, 14)"),
      reviewDelayHours: z
        .number()
        .int()
        .min(1)
        .max(720)
        .describe("Hours after completion the review request goes when no invoice was sent (e.g. 48)"),
      payOffline: text
        .min(10)
        .max(200)
        .describe(
          "What the invoice page says when card payments are not set up: how to pay (cash or check at the job…)",
        ),
    })
    .describe("Invoices"),
});

/**
 * A photo of a job in content/gallery/ (./build-time/gallery-images.server.ts makes its sizes at build time): the path is
 * relative to content/gallery/, where the browser editor uploads ("photos/2026-06-eagle-driveway-before.jpg").
 */
const galleryPhoto = (which: "before" | "after") =>
  z.strictObject({
    image: z
      .string()
      .trim()
      // Not HEIC: sharp's prebuilt binary cannot read it (HEVC); phones can share a photo as JPEG.
      .regex(
        /^photos\/[^/\\]+\.(?:jpe?g|png|webp|avif|tiff?)$/i,
        "a photo in content/gallery/photos/ (a .jpg, .png, .webp, .avif or .tiff file; an iPhone's HEIC photo shared as JPEG)",
      )
      .meta({ title: `${which === "before" ? "Before" : "After"} photo`, widget: "image" }),
    alt: text
      .min(15)
      .max(200)
      .refine(
        (alt) =>
          !/\.(?:jpe?g|png|webp|avif|tiff?|heic|heif)\b/i.test(alt) && !/^(?:img|dsc|pxl|photo)[_-]?\d/i.test(alt),
        "describe what the photo shows, not its file name",
      )
      .describe(
        which === "before"
          ? "What a visitor who cannot see the photo should know: the surface and the dirt, e.g. “Concrete driveway dark with oil stains and moss along the joints”"
          : "What the photo shows after the job, e.g. “The same driveway clean and evenly light grey”",
      )
      .meta({ title: "Description for screen readers (alt text)" }),
  });

/** One before/after pair of a real job (content/gallery/<slug>.yaml). Service and city slugs are checked against the services and cities when the site is built (app/content/build-time/gallery-check.server.ts). */
export const galleryPairSchema = z.strictObject({
  slug,
  title: text.max(80).describe("A short headline, e.g. “Oil-stained driveway in Eagle”").meta({ title: "Title" }),
  service: slug
    .describe(
      "The service done on this job; the file keeps its address, as in /services/driveway-cleaning → driveway-cleaning",
    )
    .meta({ title: "Service", entryOf: "services" }),
  city: slug
    .describe(
      "The city of the job, one of the city pages; the file keeps it in lowercase with hyphens, e.g. eagle or garden-city",
    )
    .meta({ title: "City", entryOf: "cities" }),
  date: z.iso
    .date("the date of the job as YYYY-MM-DD, e.g. 2026-06-14")
    .describe("The day of the job (YYYY-MM-DD); the newest photos are shown first")
    .meta({ title: "Date of the job" }),
  caption: text
    .max(300)
    .describe(
      "One or two sentences: what was done and how, e.g. “Hot-water surface cleaning at 3,000 PSI, then a degreaser on the oil spots.”",
    )
    .meta({ title: "Caption" }),
  before: galleryPhoto("before").meta({ title: "Before" }),
  after: galleryPhoto("after").meta({ title: "After" }),
});

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date like 2026-12-25")
  .refine((value) => {
    const [year = 0, month = 0, day = 0] = value.split("-").map(Number);
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  }, "a real date");

/**
 * content/availability.yaml: when a visitor may ask for an arrival window at /book (docs/decisions/020-booking.md).
 * Every date and time is in the business's time zone (America/Boise). A window is only a request until the
 * owner confirms it. The city names of `areas` are checked against the city pages and extended areas when the
 * site is built (app/server/kit/arrival-windows.server.ts).
 */
export const availabilitySchema = z.strictObject({
  workingDays: z
    .array(weekday)
    .min(1)
    .refine((days) => new Set(days).size === days.length, "each day once")
    .describe("The days crews work, e.g. Monday to Saturday"),
  windows: z
    .array(
      z
        .strictObject({
          start: clock.describe("24-hour time the window opens, e.g. 08:00"),
          end: clock.describe("24-hour time the window closes, e.g. 10:00"),
          jobs: z.number().int().min(1).max(20).describe("How many jobs this window takes on one day"),
        })
        .refine((w) => w.start < w.end, "a window ends after it starts"),
    )
    .min(1)
    .max(8)
    .refine(
      (windows) => windows.every((w, i) => i === 0 || windows[i - 1]!.end <= w.start),
      "windows in order of the day, none overlapping",
    )
    .describe("Arrival windows of a working day, in order: the crew arrives between start and end"),
  leadDays: z
    .number()
    .int()
    .min(1)
    .max(30)
    .describe("The earliest window is this many working days after today (1: the next working day)"),
  daysShown: z
    .number()
    .int()
    .min(1)
    .max(28)
    .describe("How many days ahead /book offers windows (14: the next two weeks)"),
  blackoutDates: z
    .array(isoDate)
    .refine((dates) => new Set(dates).size === dates.length, "each date once")
    .describe("Dates no window is offered (holidays, crew training), like 2026-12-25"),
  areas: z
    .array(
      z
        .strictObject({
          name: text.max(60).describe("As the visitor reads it, e.g. Canyon County"),
          cities: z
            .array(text.max(40))
            .min(1)
            .describe("City pages' cities or extended-area towns, as written there (e.g. Nampa, Payette)"),
          days: z
            .array(weekday)
            .optional()
            .describe("The only days this area is served (e.g. Tuesday and Thursday); leave empty with By appointment"),
          byAppointment: z.boolean().default(false).describe("No windows online: visitors from here call to set a day"),
        })
        .refine((a) => a.byAppointment !== (a.days !== undefined && a.days.length > 0), {
          message: "give an area either its days or By appointment, not both",
        }),
    )
    .superRefine(uniqueBy("name"))
    .refine(
      (areas) => {
        const cities = areas.flatMap((a) => a.cities);
        return new Set(cities).size === cities.length;
      },
      { message: "a city belongs to one area at most" },
    )
    .describe("Areas served only on some days or by appointment; every other served city has every working day"),
  lateCancellation: z
    .strictObject({
      hours: z
        .number()
        .int()
        .min(1)
        .max(336)
        .describe("A customer may cancel at no charge up to this many hours before the arrival window (48: two days)"),
      deposit: z
        .enum(["kept", "credited"])
        .describe(
          "What happens to a deposit the customer paid when they cancel later than that: kept, or credited to a new date",
        ),
    })
    .describe(
      "The terms' rule for a late cancellation: shown to the customer before they cancel, in both e-mails and in the terms of service",
    ),
});
