import { readdirSync } from "node:fs";
import type { Config } from "@react-router/dev/config";
import { formPages, sitePaths } from "./app/lib/pages.ts";

const blogSlugs = readdirSync("content/blog")
  .filter((file) => file.endsWith(".md"))
  .map((file) => file.slice(0, -".md".length));

export default {
  // SSR stays on so form actions run on the server; every page is also prerendered to static HTML,
  // which server.ts serves directly (docs/decisions/002-rendering-and-serving.md).
  ssr: true,
  prerender: {
    paths: [...sitePaths(blogSlugs), ...formPages, "/sitemap.xml", "/robots.txt", "/blog/rss.xml"],
    concurrency: 2,
  },
} satisfies Config;
