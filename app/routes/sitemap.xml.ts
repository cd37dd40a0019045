import { posts } from "../content/blog.server.ts";
import { commitDates, contentOf, lastChanged } from "../content/last-modified.server.ts";
import { postPath } from "../lib/paths.ts";
import { sitePaths } from "../lib/pages.ts";
import { absoluteUrl } from "../lib/seo.ts";

/**
 * sitemap.xml: every canonical page (no redirects, no 404), generated from the content, each with the date its
 * content last changed (<lastmod>: a post's own date, else the last commit of its content files; see
 * app/content/last-modified.server.ts).
 */
export function loader() {
  const dates = commitDates();
  const postDates = new Map(posts.map((p) => [postPath(p.slug), p.updated ?? p.date]));
  const urls = sitePaths(posts.map((p) => p.slug))
    .map((path) => {
      const lastmod = postDates.get(path) ?? lastChanged(contentOf(path) ?? [], dates);
      return `  <url><loc>${absoluteUrl(path)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>`;
    })
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
