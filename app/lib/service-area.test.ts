import { describe, expect, it } from "vitest";
import { business } from "../content/business.ts";
import { locations } from "../content/locations.ts";
import { extendedAreaZips, responseTimeWords } from "../content/service-area.ts";
import { zipTable } from "../server/kit/service-area.server.ts";
import { firstN, limits } from "./limits.ts";
import { areaAnswer, areaMessage } from "./service-area.ts";

// The ZIP codes, cities and response times come from the content (app/content/locations.ts and
// service-area.ts): the owner's changes there change no expectation here.
const primaryCities = firstN(locations, limits.primaryAreaCities);
const extendedCities = locations.slice(limits.primaryAreaCities);
/** The city a ZIP code belongs to: the first city that lists it. */
const ownerOf = (zip: string) => locations.find((l) => l.zipCodes.includes(zip))!;
const phone = business.phone.display;

describe("the service-area answer", () => {
  it("knows a primary ZIP with its city and response time, ZIP+4 too", () => {
    const city = primaryCities[0]!;
    const zip = city.zipCodes[0]!;
    const answer = areaAnswer(zip, zipTable)!;
    expect(answer).toEqual({ zip, tier: "primary", city: city.city, response: city.avgResponse });
    expect(areaMessage(answer, phone)).toEqual({
      title: `${zip} is in our primary service area (${city.city})`,
      text: `No travel fee, and ${responseTimeWords[city.avgResponse]}.`,
    });
    expect(areaAnswer(`${zip}-1234`, zipTable)).toEqual(answer);
  });

  it("puts every ZIP of the first cities in the primary area, each with the city that lists it first", () => {
    for (const l of primaryCities)
      for (const zip of l.zipCodes)
        expect(areaAnswer(zip, zipTable), zip).toMatchObject({
          tier: "primary",
          city: ownerOf(zip).city,
          response: ownerOf(zip).avgResponse,
        });
  });

  it("puts the cities after the first ones, and the extended towns, in the extended area", () => {
    expect(extendedCities.length, "the content has cities beyond the primary area").toBeGreaterThan(0);
    for (const l of extendedCities)
      for (const zip of l.zipCodes.filter((z) => ownerOf(z) === l))
        expect(areaAnswer(zip, zipTable), zip).toMatchObject({
          tier: "extended",
          city: l.city,
          response: l.avgResponse,
        });
    for (const [town, zips] of Object.entries(extendedAreaZips))
      for (const zip of zips.filter((z) => !locations.some((l) => l.zipCodes.includes(z)))) {
        const answer = areaAnswer(zip, zipTable)!;
        expect(answer, zip).toMatchObject({ tier: "extended", city: town, response: "By Appointment" });
        expect(areaMessage(answer, phone).text).toBe(
          `A travel fee may apply; we tell you before we book. In ${town} ${responseTimeWords["By Appointment"]}.`,
        );
      }
  });

  it("says what we suggest outside, and nothing until five digits are typed", () => {
    const outside = "99501"; // Anchorage, Alaska
    expect(Object.hasOwn(zipTable, outside)).toBe(false);
    expect(areaAnswer(outside, zipTable)).toEqual({ zip: outside, tier: "outside" });
    expect(areaMessage(areaAnswer(outside, zipTable)!, phone).text).toContain(`call ${phone}`);
    expect(areaAnswer("8370", zipTable)).toBeNull();
    expect(areaAnswer("abcde", zipTable)).toBeNull();
  });
});
