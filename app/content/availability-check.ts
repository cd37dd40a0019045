/**
 * What the availability schema cannot see on its own: that each city its areas name is a place the site
 * serves (a city page's city or an extended-area town). Checked when the site is built (the content plugin,
 * app/content/build-time/vite-plugin.server.ts, makes no availability module for such a file: the build stops with
 * the file, the names and the fix) and when app/server/kit/arrival-windows.server.ts loads (in development after a
 * change, and in the unit tests, which read content/): a misspelt city would otherwise silently get every
 * working day.
 */
import type { Availability } from "./availability.ts";

/** The areas' city names that are not among `known`. */
export function unknownAreaCities(availability: Availability, known: readonly string[]): string[] {
  return availability.areas.flatMap((a) => a.cities).filter((c) => !known.includes(c));
}

/** What is wrong, as the loader writes content problems (file, field, fix); null when nothing is. */
export function availabilityProblem(availability: Availability, known: readonly string[]): string | null {
  const unknown = unknownAreaCities(availability, known);
  if (unknown.length === 0) return null;
  return `content/availability.yaml › areas › cities: ${unknown.map((c) => `"${c}"`).join(", ")} is no city page's city and no extended-area town. Fix: write each as on its city page or in content/service-area.yaml (${known.join(", ")})`;
}
