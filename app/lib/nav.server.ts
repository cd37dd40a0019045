/**
 * The small slice of content every page's chrome needs (header menus, footer, mobile menu), sent once
 * through the root loader so the full page copy never ships in the layout's JavaScript.
 */
import { business } from "../content/business.ts";
import { locations } from "../content/locations.ts";
import { services } from "../content/services.ts";
import { galleryHasPhotos } from "./pages.ts";
import { zipTable } from "../server/kit/service-area.server.ts";

export function navData() {
  return {
    services: services.map(({ slug, title }) => ({ slug, title })),
    locations: locations.map(({ slug, city }) => ({ slug, city })),
    year: new Date().getFullYear(),
    /** The footer links to /gallery once it has photos (until then the page only says they are coming). */
    gallery: galleryHasPhotos(),
    business,
    /** For the service-area answer next to every ZIP field (app/lib/service-area.ts). */
    zipTable,
  };
}

export type NavData = ReturnType<typeof navData>;
