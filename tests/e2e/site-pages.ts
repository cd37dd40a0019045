import { collectionSlugs } from "../../app/content/build/load.server.ts";
import { sitePaths } from "../../app/lib/pages.ts";

/** Every canonical page of the site, as the sitemap lists it. */
export const pages = sitePaths(collectionSlugs("blog"));
