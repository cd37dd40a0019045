/** The content modules the pages are built from: tests compare what a visitor sees with them. */
export * as about from "../../app/content/about.ts";
export { business } from "../../app/content/business.ts";
export * as careers from "../../app/content/careers.ts";
export { faq } from "../../app/content/faq.ts";
export * as home from "../../app/content/home.ts";
export * as locationsContent from "../../app/content/locations.ts";
export * as serviceArea from "../../app/content/service-area.ts";
export * as services from "../../app/content/services.ts";
export * as testimonials from "../../app/content/testimonials.ts";
