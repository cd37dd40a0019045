/** Home page choices (content/home.yaml): which services get a card, in order, and the card titles that differ. */
export { featuredServices } from "./modules/home.ts";
