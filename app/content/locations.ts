/**
 * The city landing pages (content/cities/{slug}.md), in the order of each file's `order`: the footer, the
 * home page and the menus show the first few (app/lib/limits.ts). Every page has its own words, so each
 * reads as a page about its city; the company name, phone and e-mail are inserted by the pages, never
 * written in the files. The towns served beyond the city pages are in ./service-area.ts.
 */
export { cities as locations } from "./modules/cities.ts";
