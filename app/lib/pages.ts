/**
 * Every canonical page of the site, derived from the content: the prerender list, the sitemap and the
 * end-to-end tests all read it, so a new service, city or post appears everywhere at once.
 */
import { gallery } from "../content/gallery.ts";
import { locations } from "../content/locations.ts";
import { services } from "../content/services.ts";
import { locationPath, postPath, servicePath } from "./paths.ts";

const staticPages = [
  "/",
  "/about",
  "/services",
  "/locations",
  "/blog",
  "/careers",
  "/careers/apply",
  "/faq",
  "/contact",
  "/pricing",
  "/privacy-policy",
  "/terms-of-service",
] as const;

/** Form pages: prerendered (they are where a form without JavaScript lands) but not listed in the sitemap. */
export const formPages = ["/estimate", "/newsletter"] as const;

/** Pages prerendered besides sitePaths(): the form pages, and /gallery while it has no photos (not in the sitemap). */
export const alwaysPrerendered = (): string[] => [...formPages, ...(galleryHasPhotos() ? [] : ["/gallery"])];

/**
 * The before/after gallery: always prerendered, but a canonical page (in the sitemap, indexed) only once it
 * has photos; until then it says photos are coming and is `noindex` (app/routes/gallery.tsx).
 */
export const galleryPage = "/gallery";
export const galleryHasPhotos = () => gallery.length > 0;

export function sitePaths(blogSlugs: readonly string[]): string[] {
  return [
    ...staticPages,
    ...(galleryHasPhotos() ? [galleryPage] : []),
    ...services.map((s) => servicePath(s.slug)),
    ...locations.map((l) => locationPath(l.slug)),
    ...blogSlugs.map(postPath),
  ];
}
