import { readdirSync } from "node:fs";
import { sitePaths } from "../../app/lib/pages.ts";

/** Every canonical page of the site, as the sitemap lists it. */
const blogSlugs = readdirSync("content/blog")
  .filter((f) => f.endsWith(".md"))
  .map((f) => f.slice(0, -3));

export const pages = sitePaths(blogSlugs);
