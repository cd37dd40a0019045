/**
 * The fields several lead forms share (./form-fields.ts): who sent the request and how the owner reads them.
 * The spreadsheets show these in the contact's own columns (app/server/features/admin/export.server.ts).
 */
import { email, firstName, lastName, phone, streetAddress, zipcode } from "./fields.ts";
import { sent } from "./form-fields.ts";

/** Who sent a request, as the forms ask it; the spreadsheets' contact columns show these. */
export const person = {
  firstName: sent(firstName, { label: "First name", column: false, text: { part: "name" } }),
  lastName: sent(lastName, { label: "Last name", column: false }),
  email: sent(email, { label: "E-mail", column: false }),
  phone: sent(phone, { label: "Phone", format: "phone", column: false }),
  zipcode: sent(zipcode, { label: "ZIP code", column: false }),
};

/**
 * The service address's street line, where the crew drives (decisions.md 9; docs/decisions/038): optional on the
 * forms, asked on /book when a window is booked without it. The ZIP code still decides the service area.
 */
export const address = sent(streetAddress.optional(), { label: "Street address" });

/** The text-message consent box (the consent proof is kept with the request: app/server/features/leads/submit.server.ts). */
export const agreedView = { label: "Agreed to text messages" } as const;
/** A form's free-text message, whatever the form calls it. */
export const messageView = { label: "Project details" } as const;
