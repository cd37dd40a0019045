/** Home page choices (content/home.yaml): which services get a card, in order, and the card titles that differ. */
import { loadCollection } from "./load.ts";

export const { featuredServices } = loadCollection("home");
