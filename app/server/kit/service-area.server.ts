/** The ZIP table of the service-area answer (app/lib/service-area.ts), built from the city content. */
import { locations } from "../../content/locations.ts";
import { extendedAreaZips } from "../../content/service-area.ts";
import { firstN, limits } from "../../lib/limits.ts";
import type { ZipTable } from "../../lib/service-area.ts";

/** Built on the server only (it reads every city's content). A ZIP shared by two cities goes to the first. */
function buildZipTable(): ZipTable {
  const table: ZipTable = {};
  const primary = new Set(firstN(locations, limits.primaryAreaCities).map((l) => l.slug));
  for (const l of locations)
    for (const zip of l.zipCodes) table[zip] ??= [l.city, primary.has(l.slug) ? "primary" : "extended", l.avgResponse];
  for (const [city, zips] of Object.entries(extendedAreaZips))
    for (const zip of zips) table[zip] ??= [city, "extended", "By Appointment"];
  return table;
}

export const zipTable: ZipTable = buildZipTable();
