import { absoluteUrl } from "../lib/seo.ts";

export function loader() {
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /estimate",
    "Disallow: /newsletter",
    "Disallow: /admin",
    "Disallow: /cms",
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
