/**
 * Every content collection: where its files are in content/ and the schema each is validated with
 * (./schema.ts). One YAML file per kind of fact; one Markdown or YAML file per entry for prose and photos.
 * The loader (./load.ts), the build (./vite-plugin.ts) and the browser editor's configuration (/cms) read
 * this list, so a collection is added in one place.
 */
import type { z } from "zod";
import { postSchema } from "./blog-schema.ts";
import {
  aboutSchema,
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
  /** One entry's schema; the loader returns the entries in file-name order, or by `order` when ordered. */
  schema: z.ZodType;
  /** Each entry has an `order` number (unique across the folder); the loader returns them by it. */
  ordered?: boolean;
  /** Markdown: files may be all text, without front matter (the legal pages). */
  frontMatterOptional?: boolean;
}

export type Collection = FileCollection | FolderCollection;

export const collections = {
  faq: { kind: "file", file: "faq.yaml", label: "Frequently asked questions", schema: faqSchema },
  priceBook: { kind: "file", file: "price-book.yaml", label: "Price book", schema: priceBookSchema },
  business: { kind: "file", file: "business.yaml", label: "Business details, hours and links", schema: businessSchema },
  services: { kind: "folder", folder: "services", format: "markdown", body: "intro", label: "Services", schema: serviceSchema, ordered: true },
  cities: { kind: "folder", folder: "cities", format: "markdown", body: "intro", label: "City pages", schema: locationSchema, ordered: true },
  serviceArea: { kind: "file", file: "service-area.yaml", label: "Service area beyond the city pages", schema: serviceAreaSchema },
  jobs: { kind: "folder", folder: "jobs", format: "yaml", label: "Job listings", schema: jobSchema, ordered: true },
  careers: { kind: "file", file: "careers.yaml", label: "Careers page", schema: careersSchema },
  testimonials: { kind: "file", file: "testimonials.yaml", label: "Testimonials", schema: testimonialsSchema },
  about: { kind: "file", file: "about.yaml", label: "About page", schema: aboutSchema },
  home: { kind: "file", file: "home.yaml", label: "Home page", schema: homeSchema },
  blog: { kind: "folder", folder: "blog", format: "markdown", body: "body", label: "Blog posts", schema: postSchema },
  legal: { kind: "folder", folder: "legal", format: "markdown", body: "body", label: "Legal pages", schema: legalSchema, frontMatterOptional: true },
  /** Before/after photos of real jobs; the photos themselves are in content/gallery/photos/ (docs/decisions/016-gallery-images.md). */
  gallery: { kind: "folder", folder: "gallery", format: "yaml", label: "Before/after gallery", schema: galleryPairSchema },
} as const satisfies Record<string, Collection>;

export type CollectionName = keyof typeof collections;

type Defs = typeof collections;
export type CollectionOutput<N extends CollectionName> = Defs[N] extends { kind: "folder"; schema: infer S extends z.ZodType }
  ? z.output<S>[]
  : Defs[N] extends { schema: infer S extends z.ZodType }
    ? z.output<S>
    : never;
