/**
 * The before/after pairs for the pages (newest first), with their photos' files: made at build time by
 * app/content/build-time/gallery.server.ts (the content plugin). Server code only: a page's loader sends the pairs it shows.
 */
import { pairs } from "virtual:gallery";
import type { GalleryPair } from "./gallery-types.ts";
import { limits } from "./limits.ts";

export const galleryPairs: readonly GalleryPair[] = pairs;

/** The newest few pairs of one service or one city, for its page's "Recent work" section (none: no section). */
export function recentWork(filter: { service: string } | { city: string }): GalleryPair[] {
  const matching = pairs.filter((p) =>
    "service" in filter ? p.service.slug === filter.service : p.city.slug === filter.city,
  );
  return matching.slice(0, limits.recentWork);
}

/** The services that have photos, in the order of the newest photo of each: the gallery's filter links. */
export function galleryServices(): { slug: string; title: string; count: number }[] {
  const byService = new Map<string, { slug: string; title: string; count: number }>();
  for (const pair of pairs) {
    const entry = byService.get(pair.service.slug) ?? { ...pair.service, count: 0 };
    entry.count++;
    byService.set(pair.service.slug, entry);
  }
  return [...byService.values()];
}
