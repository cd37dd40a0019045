/**
 * Every content collection: where its files are in content/ and the schema each is validated with
 * (./schema.ts). One YAML file per kind of fact; one Markdown or YAML file per entry for prose and photos.
 * The loader (./build-time/load.server.ts), the build (./build-time/vite-plugin.server.ts) and the browser editor's configuration (/cms) read
 * this list, so a collection is added in one place.
 */
import type { z } from "zod";
import { postSchema } from "./blog-schema.ts";
import {
  aboutSchema,
  availabilitySchema,
  businessSchema,
  careersSchema,
  faqSchema,
  galleryPairSchema,
  homeSchema,
  jobSchema,
  legalSchema,
  locationSchema,
  priceBookSchema,
  serviceAreaSchema,
  serviceSchema,
  testimonialsSchema,
} from "./schema.ts";

interface FileCollection {
  kind: "file";
  /** Path under content/. */
  file: string;
  label: string;
  /** What the file is and how the site uses it: the editor shows it above the collection (comments in a file are lost when the editor saves it). */
  description?: string;
  schema: z.ZodType;
}

interface FolderCollection {
  kind: "folder";
  /** Folder under content/; each file is one entry, its name (without extension) the entry's slug. */
  folder: string;
  format: "markdown" | "yaml";
  /** Markdown: the field the text below the front matter is given to (YAML entries have none). */
  body?: string;
  label: string;
  /** What the entries are and how the site uses them (shown by the editor). */
  description?: string;
  /** One entry's schema; the loader returns the entries in file-name order, or by `order` when ordered. */
  schema: z.ZodType;
  /** Each entry has an `order` number (unique across the folder); the loader returns them by it. */
  ordered?: boolean;
  /** Markdown: files may be all text, without front matter (the legal pages). */
  frontMatterOptional?: boolean;
}

export type Collection = FileCollection | FolderCollection;

export const collections = {
  faq: {
    kind: "file",
    file: "faq.yaml",
    label: "Frequently asked questions",
    description:
      "The FAQ page's questions, in the order shown. Do not write the phone number or e-mail in an answer: the page shows them. The link id (/faq#id) is made from the question when left empty.",
    schema: faqSchema,
  },
  priceBook: {
    kind: "file",
    file: "price-book.yaml",
    label: "Price book",
    description:
      "The instant price at /pricing. A range is size × rate (low and high) × the stories multiplier × the siding or pitch multiplier; the low end is never below the minimum, the high end at least the minimum range width above the low end; both are rounded. Until \u201cconfirmed\u201d is on, these are placeholder prices from public US ranges, not yours: npm run launch-check lists them.",
    schema: priceBookSchema,
  },
  business: {
    kind: "file",
    file: "business.yaml",
    label: "Business details, hours and links",
    description:
      "The business identity: the one place the name, phone number, e-mail, hours and links are written; every page reads them from here. The hours are 24-hour times in the time zone (the pages show 7:00 AM – 7:00 PM). Headquarters is the town only: no street address is published. Placeholders (phone, license, social links) are listed by npm run launch-check until replaced. The rating is given to search engines only once “confirmed” is on, when it matches your Google Business Profile.",
    schema: businessSchema,
  },
  services: {
    kind: "folder",
    folder: "services",
    format: "markdown",
    body: "intro",
    label: "Services",
    description:
      "One page per service (/services/<file name>). The text box is the intro: 2–3 paragraphs separated by a blank line. Order is its place in the menus and lists (1 comes first). Fleet cleaning and holiday lights have their own extra lists. Seasonal reminder: when a customer who asked for it is e-mailed that the service is due again (every so many months, or on days of the year); without one, the service offers no reminder.",
    schema: serviceSchema,
    ordered: true,
  },
  cities: {
    kind: "folder",
    folder: "cities",
    format: "markdown",
    body: "intro",
    label: "City pages",
    description:
      "One page per city (/locations/pressure-washing-<file name>-id), written about that city. The text box is the intro: 2 paragraphs separated by a blank line. Its ZIP codes feed the ZIP code check; order is its place in the lists.",
    schema: locationSchema,
    ordered: true,
  },
  serviceArea: {
    kind: "file",
    file: "service-area.yaml",
    label: "Service area beyond the city pages",
    description:
      "Towns we travel to that have no city page, with their ZIP codes (the ZIP code check knows them); the About and Locations pages list them, then the extra names. Also the words the ZIP code check answers with for each response time.",
    schema: serviceAreaSchema,
  },
  jobs: {
    kind: "folder",
    folder: "jobs",
    format: "yaml",
    label: "Job listings",
    description:
      "One job listing per file, on /careers; its Apply button opens the application for it (/careers/apply?position=<file name>). Pay is dollars per hour, shown as \u201c$min-max/hour\u201d and given to search engines. Date posted is the day the job was first posted (keep it when you edit); after the last day (valid through) the listing leaves the page at the next build and npm run launch-check lists it.",
    schema: jobSchema,
    ordered: true,
  },
  careers: {
    kind: "file",
    file: "careers.yaml",
    label: "Careers page",
    description:
      "The Careers page besides the job listings: the benefits (each with a picture by name), the culture, and the hiring steps, shown numbered in order.",
    schema: careersSchema,
  },
  testimonials: {
    kind: "file",
    file: "testimonials.yaml",
    label: "Testimonials",
    description:
      "Reviews quoted on the site, each with the customer's or employee's permission: customers on the About page, the employee on the Careers page. Replace the sample reviews with real ones before launch.",
    schema: testimonialsSchema,
  },
  about: {
    kind: "file",
    file: "about.yaml",
    label: "About page",
    description:
      "The About page: the story, credentials (the registration number is added from the business details), equipment and statewide travel. \u201cWhy choose\u201d is the home page's cards; {{replyWithinHours}} there becomes the business details' number.",
    schema: aboutSchema,
  },
  home: {
    kind: "file",
    file: "home.yaml",
    label: "Home page",
    description:
      "The home page's service cards, in order: each names a service by its file name (as in /services/house-washing); a title only when the card's differs from the service's.",
    schema: homeSchema,
  },
  blog: {
    kind: "folder",
    folder: "blog",
    format: "markdown",
    body: "body",
    label: "Blog posts",
    description:
      "Blog posts (/blog/<file name>), written in Markdown below the title, excerpt, author, date and category; the blog lists them newest first.",
    schema: postSchema,
  },
  legal: {
    kind: "folder",
    folder: "legal",
    format: "markdown",
    body: "body",
    label: "Legal pages",
    description:
      "The privacy policy and terms of service, all Markdown: a \u201c# Title\u201d line first, then the text. {{name}}, {{legalName}}, {{phone}} and {{email}} are filled in from the business details; {{lateCancellation}} is the late-cancellation rule of Booking: arrival windows.",
    schema: legalSchema,
    frontMatterOptional: true,
  },
  /** Before/after photos of real jobs; the photos themselves are in content/gallery/photos/ (docs/decisions/016-gallery-images.md). */
  gallery: {
    kind: "folder",
    folder: "gallery",
    format: "yaml",
    label: "Before/after gallery",
    description:
      "Before/after photos of real jobs, shown newest first on /gallery. Upload the two photos of the same job; describe each for visitors who cannot see it. The service and city are chosen from the site's pages.",
    schema: galleryPairSchema,
  },
  availability: {
    kind: "file",
    file: "availability.yaml",
    label: "Booking: arrival windows",
    description:
      "When visitors may ask for an arrival window at /book, in Boise time. A window is a request until you confirm it in the inbox. Jobs: how many jobs a window takes on one day. Lead days: 1 offers the next working day at the earliest. Blackout dates: days with no windows (holidays). Areas: places served only on some days, or by appointment (no windows online; visitors call); every other served city has every working day. Write cities as on their city page or in the service area. Late cancellation: up to how many hours before the window a customer may cancel at no charge, and what happens to a deposit they paid when they cancel later (kept, or credited to a new date); said before they cancel, in the e-mails and in the terms of service.",
    schema: availabilitySchema,
  },
} as const satisfies Record<string, Collection>;

export type CollectionName = keyof typeof collections;

type Defs = typeof collections;
export type CollectionOutput<N extends CollectionName> = Defs[N] extends {
  kind: "folder";
  schema: infer S extends z.ZodType;
}
  ? z.output<S>[]
  : Defs[N] extends { schema: infer S extends z.ZodType }
    ? z.output<S>
    : never;
