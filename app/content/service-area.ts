/**
 * The service area's own facts, besides each city's ZIP codes and response time (./locations.ts):
 * read by the service-area answer (app/lib/service-area.ts). Small and free of page copy, so the browser
 * can carry it.
 */
import type { extendedAreasBase } from "./locations.ts";

/**
 * ZIP codes of the extended-area towns without a city page (the About page lists them), so that the
 * service-area answer (app/lib/service-area.ts) knows them; the city pages keep theirs in ./locations.ts.
 */
export const extendedAreaZips: Record<(typeof extendedAreasBase)[number], readonly string[]> = {
  Payette: ["83661"],
  Ontario: ["97914"],
  Fruitland: ["83619"],
  "New Plymouth": ["83655"],
  Weiser: ["83672"],
};

/** What each response time means for a visitor, in the words the service-area answer uses. */
export const responseTimeWords = {
  "Same Day": "same-day visits are often available",
  "Next Day": "we can usually come the next day",
  "By Appointment": "visits are scheduled by appointment",
} as const;
