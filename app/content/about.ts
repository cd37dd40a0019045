/**
 * About page and home page "Why choose" content (content/about.yaml).
 * The state registration number is not written there: the page inserts it from business.license; a
 * {{replyWithinHours}} in the text is business.yaml's number.
 */
import { fillPlaceholders } from "../lib/placeholders.ts";
import { loadCollection } from "./load.ts";

const about = loadCollection("about");

export const { story, credentials, equipment, statewideTravel } = about;

export const whyChoose = about.whyChoose.map((card) => ({ ...card, description: fillPlaceholders(card.description) }));
