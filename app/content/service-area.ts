/**
 * The service area beyond the city pages (content/service-area.yaml), besides each city's ZIP codes and
 * response time (./locations.ts): read by the About and Locations pages and the service-area answer
 * (app/lib/service-area.ts). Each export reads only its part of the file (the build writes that part
 * alone), so the browser, which needs only the response-time words, carries nothing else.
 */
import { loadCollection } from "./load.ts";

/** What each response time means for a visitor, in the words the service-area answer uses. */
export const responseTimeWords = loadCollection("serviceArea").responseTimeWords;

const extendedAreas = loadCollection("serviceArea").extendedAreas;

/** The towns without a city page that both the About and Locations pages list. */
export const extendedAreasBase = /* @__PURE__ */ extendedAreas.map((a) => a.town);
/** About page: the extended areas, then its own extras. */
export const aboutExtendedAreas = /* @__PURE__ */ extendedAreasBase.concat(loadCollection("serviceArea").alsoOnAbout);
/** Locations page: the extended areas, then its own extras. */
export const locationsExtendedAreas = /* @__PURE__ */ extendedAreasBase.concat(loadCollection("serviceArea").alsoOnLocations);

/** ZIP codes of the extended-area towns, so that the service-area answer knows them. */
export const extendedAreaZips: Record<string, readonly string[]> = /* @__PURE__ */ Object.fromEntries(/* @__PURE__ */ extendedAreas.map((a) => [a.town, a.zipCodes]));
