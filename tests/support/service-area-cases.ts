/**
 * ZIP codes for the service-area answer in the end-to-end tests, picked from the content (the first city's,
 * a city beyond the primary area, a town without a city page), and what the answer says for one, so the
 * owner's changes to the cities break no test. The words themselves are tested in app/lib/service-area.test.ts.
 */
import { business } from "../../app/content/business.ts";
import { locations } from "../../app/content/locations.ts";
import { extendedAreaZips } from "../../app/content/service-area.ts";
import { firstN, limits } from "../../app/lib/limits.ts";
import { areaAnswer, areaMessage } from "../../app/lib/service-area.ts";
import { zipTable } from "../../app/server/kit/service-area.server.ts";

const primaryCities = firstN(locations, limits.primaryAreaCities);
const listedFirst = (zip: string, city: string) => zipTable[zip]?.[0] === city;
/** The ZIP codes the answer gives to these cities (a ZIP listed by two cities goes to the first). */
const ownZips = (cities: typeof locations) =>
  cities.flatMap((l) => l.zipCodes.filter((zip) => listedFirst(zip, l.city)));

export const areaZips = {
  /** A ZIP code of the first city (primary area). */
  primary: primaryCities[0]!.zipCodes.find((zip) => listedFirst(zip, primaryCities[0]!.city))!,
  /** A ZIP code of another city of the primary area. */
  otherPrimary: ownZips(primaryCities.slice(1))[0]!,
  /** A ZIP code of a city after the primary area (extended, with a city page). */
  extendedCity: ownZips(locations.slice(limits.primaryAreaCities))[0]!,
  /** A ZIP code of an extended-area town without a city page. */
  extendedTown: Object.entries(extendedAreaZips).flatMap(([town, zips]) =>
    zips.filter((zip) => listedFirst(zip, town)),
  )[0]!,
  /** Anchorage, Alaska, and Missoula, Montana: outside. */
  outside: "99501",
  otherOutside: "59801",
};
for (const [name, zip] of Object.entries(areaZips))
  if (!zip) throw new Error(`the content has no ZIP code for the "${name}" case`);

/** The answer's heading and sentence for a ZIP code, and its tier. */
export function areaSays(zip: string) {
  const answer = areaAnswer(zip, zipTable)!;
  return { tier: answer.tier, ...areaMessage(answer, business.phone.display) };
}
