/**
 * Every canonical page of the site, derived from the content: the prerender list, the sitemap and the
 * end-to-end tests all read it, so a new service, city or post appears everywhere at once.
 */
import { locations } from "../content/locations.ts";
import { services } from "../content/services.ts";
import { locationPath, postPath, servicePath } from "./paths.ts";

const staticPages = ["/", "/about", "/services", "/locations", "/blog", "/careers", "/careers/apply", "/faq", "/contact", "/pricing", "/privacy-policy", "/terms-of-service"] as const;

/** Form pages: prerendered (they are where a form without JavaScript lands) but not listed in the sitemap. */
export const formPages = ["/estimate", "/newsletter"] as const;

export function sitePaths(blogSlugs: readonly string[]): string[] {
  return [...staticPages, ...services.map((s) => servicePath(s.slug)), ...locations.map((l) => locationPath(l.slug)), ...blogSlugs.map(postPath)];
}
