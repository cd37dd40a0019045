/**
 * The business identity (content/business.yaml): the one place a phone number, e-mail or name is written;
 * every page reads it from here. The phone's link forms and the hours as shown are made from the file's
 * fields by its schema (app/content/schema.ts, businessSchema). The owner replaces the placeholders before
 * launch (npm run launch-check lists them).
 */
import business from "./modules/business.ts";

export { business };

export type Business = typeof business;
