import { z } from "../lib/zod.ts";

export const blogCategories = [
  "Seasonal Tips",
  "Education",
  "Commercial",
  "Maintenance",
  "Safety",
  "Environment",
] as const;

const isoDate = z
  .union([z.string(), z.date()])
  .transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v))
  .pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a date like 2026-03-12"));

/** Frontmatter of a post in content/blog/{slug}.md; a malformed post fails the build. */
export const postFrontmatter = z.object({
  title: z.string().trim().min(1).max(70),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/),
  excerpt: z.string().trim().min(1).max(200),
  author: z.string().trim().min(1),
  date: isoDate,
  updated: isoDate.optional(),
  category: z.enum(blogCategories),
});

/**
 * A post file as the content collection "blog" reads it (the browser editor lists the posts; the pages
 * are made by ./blog.server.ts): the front matter, strictly, and the Markdown text below it.
 */
export const postSchema = z.strictObject({
  ...postFrontmatter.shape,
  body: z.string().trim().min(1).describe("The post, in Markdown"),
});

export type PostFrontmatter = z.infer<typeof postFrontmatter>;
