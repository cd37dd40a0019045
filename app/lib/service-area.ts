/**
 * The service-area answer to a ZIP code (docs/decisions/007-instant-price-and-service-area.md): in our
 * primary area (the city and its response time), our extended area (a travel fee may apply), or outside.
 * The table is built on the server from the content (app/server/kit/service-area.server.ts) and sent to the browser
 * with the navigation data, so the answer can be shown as the visitor types; the words are made here.
 */
// From the collection's module itself: the browser carries these words and nothing else of the file.
import { responseTimeWords } from "../content/modules/service-area.ts";

export type ResponseTime = keyof typeof responseTimeWords;
/** ZIP → [city, tier, response time]: compact, it travels with every page's data. */
export type ZipTable = Record<string, readonly [city: string, tier: "primary" | "extended", response: ResponseTime]>;

export type AreaAnswer =
  | { zip: string; tier: "primary" | "extended"; city: string; response: ResponseTime }
  | { zip: string; tier: "outside" };

/** The answer for a ZIP code as typed (ZIP+4 accepted), or null while it is not a ZIP code yet. */
export function areaAnswer(input: string, table: ZipTable): AreaAnswer | null {
  const zip = /^\s*(\d{5})(?:-?\d{4})?\s*$/.exec(input)?.[1];
  if (!zip) return null;
  const entry = Object.hasOwn(table, zip) ? table[zip] : undefined;
  return entry ? { zip, tier: entry[1], city: entry[0], response: entry[2] } : { zip, tier: "outside" };
}

/** Whether a request from this answer counts as inside the service area (stored with it). */
export const isServed = (answer: AreaAnswer | null): boolean | null => (answer ? answer.tier !== "outside" : null);

/** The answer in words: a short heading and one sentence. */
export function areaMessage(answer: AreaAnswer, phone: string): { title: string; text: string } {
  if (answer.tier === "primary")
    return {
      title: `${answer.zip} is in our primary service area (${answer.city})`,
      text: `No travel fee, and ${responseTimeWords[answer.response]}.`,
    };
  if (answer.tier === "extended")
    return {
      title: `${answer.zip} is in our extended service area (${answer.city})`,
      text: `A travel fee may apply; we tell you before we book. In ${answer.city} ${responseTimeWords[answer.response]}.`,
    };
  return {
    title: `${answer.zip} is outside our usual service area`,
    text: `We travel across Idaho for larger jobs: send your request or call ${phone}, and we will tell you whether we can come and what travel would cost.`,
  };
}
