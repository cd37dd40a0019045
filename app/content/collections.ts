/**
 * Every content collection: where its files are in content/ and the schema each is validated with
 * (./schema.ts). One YAML file per kind of fact; one Markdown or YAML file per entry for prose and photos.
 * The loader (./load.ts), the build (./vite-plugin.ts) and the browser editor's configuration (/cms) read
 * this list, so a collection is added in one place.
 */
import type { z } from "zod";
import { faqSchema, galleryPairSchema, priceBookSchema } from "./schema.ts";

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
  /** One entry's schema; the loader returns the entries in file-name order. */
  schema: z.ZodType;
}

export type Collection = FileCollection | FolderCollection;

export const collections = {
  faq: { kind: "file", file: "faq.yaml", label: "Frequently asked questions", schema: faqSchema },
  priceBook: { kind: "file", file: "price-book.yaml", label: "Price book", schema: priceBookSchema },
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
