/**
 * The kinds of request the site receives: one list for the forms' actions, storage, the confirmation
 * links and the owner's command line. (Its own module, so the database schema and the store both import
 * it without importing each other.)
 */
export const LEAD_KINDS = ["estimate", "contact", "newsletter", "application"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** Whether a request of this kind may ask for a window (an estimate or contact request). */
export const isBookable = (kind: LeadKind): boolean => kind === "estimate" || kind === "contact";
