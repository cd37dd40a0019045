import { collectionSlugs } from "../../app/content/build-time/load.server.ts";
import { sitePaths } from "../../app/lib/pages.ts";

/** Every canonical page of the site, as the sitemap lists it. */
export const pages = sitePaths(collectionSlugs("blog"));
