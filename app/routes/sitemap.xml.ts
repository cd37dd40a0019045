import { posts } from "../content/blog.server.ts";
import { sitePaths } from "../lib/pages.ts";
import { absoluteUrl } from "../lib/seo.ts";

/** sitemap.xml: every canonical page (no redirects, no 404), generated from the content. */
export function loader() {
  const urls = sitePaths(posts.map((p) => p.slug))
    .map((path) => `  <url><loc>${absoluteUrl(path)}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
