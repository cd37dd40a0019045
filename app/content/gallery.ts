/**
 * The before/after pairs of content/gallery/ as the owner wrote them (app/content/schema.ts); the pages
 * use app/lib/gallery.server.ts, which adds the photos' sizes made at build time.
 */
export { gallery } from "./modules/gallery.ts";
