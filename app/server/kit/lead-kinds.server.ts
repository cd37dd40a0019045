/**
 * The kinds of request the site receives: one list for the forms' actions, storage, the confirmation
 * links and the owner's command line. (Its own module, so the database schema and the store both import
 * it without importing each other.)
 */
export const LEAD_KINDS = ["estimate", "contact", "newsletter", "application"] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/** Whether a request of this kind may ask for a window (an estimate or contact request). */
export const isBookable = (kind: LeadKind): boolean => kind === "estimate" || kind === "contact";

const given = (value: unknown): boolean =>
  Array.isArray(value) ? value.some(given) : typeof value === "string" ? value.trim() !== "" : false;

/**
 * The kind a request is stored as, from the form it was sent with and what it says (docs/decisions/
 * 040-request-kind-and-consent.md): a contact-form request that names services (services needed, or a priced
 * service) and a property (its service type, or the property details of a price) asks for an estimate, so it
 * is one, whichever page the form sat on (the page stays recorded with the request). Every other request keeps
 * the kind of its form: the FREE ESTIMATE form and /pricing send estimate requests; a message that names no
 * service stays a contact message. The one rule: the forms' actions and migration 0018 both apply it.
 */
export function requestKind(sentWith: LeadKind, fields: Readonly<Record<string, unknown>>): LeadKind {
  if (sentWith !== "contact") return sentWith;
  const services = given(fields.servicesNeeded) || given(fields.priceService);
  const property = given(fields.serviceType) || given(fields.priceInputs);
  return services && property ? "estimate" : "contact";
}
