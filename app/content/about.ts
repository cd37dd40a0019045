/**
 * About page and home page "Why choose" content (content/about.yaml).
 * The state registration number is not written there: the page inserts it from business.license; a
 * {{replyWithinHours}} in the text is business.yaml's number.
 */
import { fillPlaceholders } from "../lib/placeholders.ts";
import { whyChoose as cards } from "./modules/about.ts";

export { credentials, equipment, statewideTravel, story } from "./modules/about.ts";

export const whyChoose = cards.map((card) => ({ ...card, description: fillPlaceholders(card.description) }));
