/**
 * The service area beyond the city pages (content/service-area.yaml), besides each city's ZIP codes and
 * response time (./locations.ts): the lists the About and Locations pages show and the towns' ZIP codes the
 * service-area answer knows. The words that answer uses for each response time are the collection's
 * `responseTimeWords` (./modules/service-area.ts), which the browser imports alone.
 */
import { alsoOnAbout, alsoOnLocations, extendedAreas } from "./modules/service-area.ts";

export { responseTimeWords } from "./modules/service-area.ts";

/** The towns without a city page that both the About and Locations pages list. */
export const extendedAreasBase = extendedAreas.map((a) => a.town);
/** About page: the extended areas, then its own extras. */
export const aboutExtendedAreas = extendedAreasBase.concat(alsoOnAbout);
/** Locations page: the extended areas, then its own extras. */
export const locationsExtendedAreas = extendedAreasBase.concat(alsoOnLocations);

/** ZIP codes of the extended-area towns, so that the service-area answer knows them. */
export const extendedAreaZips: Record<string, readonly string[]> = Object.fromEntries(
  extendedAreas.map((a) => [a.town, a.zipCodes]),
);
