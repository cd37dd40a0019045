/** How lead fields are presented to the owner (e-mail, command line, CSV): their labels and values. */
import { business } from "../../content/business.ts";
import type { JobKind } from "../kit/db/database.server.ts";
import { visible, visibleLine } from "../../lib/text.ts";
import type { Fields } from "../kit/leads.server.ts";

const fieldLabels: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "E-mail",
  phone: "Phone",
  city: "City",
  zipcode: "ZIP code",
  serviceType: "Property type",
  servicesNeeded: "Services needed",
  message: "Project details",
  contactMethod: "Preferred contact method",
  agreed: "Agreed to text messages",
  position: "Position",
  experience: "Experience",
  availability: "Availability",
  page: "Page",
  // The instant estimate from /pricing (the server recomputes it from the inputs).
  priceEstimate: "Instant estimate",
  priceService: "Priced service",
  priceInputs: "Property details",
  priceLow: "Estimate low ($)",
  priceHigh: "Estimate high ($)",
  // A kept request a spam check could not tell from a bot's (app/server/kit/spam-signal.server.ts).
  spamSignal: "Check (spam signal)",
};

/** What each delivery job of a request is, as the owner reads it (the inbox's "Delivery" section). */
const jobKindLabels: Record<JobKind, string> = {
  email: "E-mail to the owner",
  webhook: "Webhook",
  reply: "Reply e-mail to the sender",
  sms: "Text message to the owner",
  booking: "Arrival window e-mail",
  reminder: "Reminder e-mail to the customer",
  review: "Review request e-mail",
};
export const jobKindLabel = (kind: JobKind): string => jobKindLabels[kind] ?? kind;

/** The label of a field; an unknown key is shown as itself. */
export const labelFor = (key: string): string => (Object.hasOwn(fieldLabels, key) ? fieldLabels[key]! : key);

/** A field value as text: lists joined, booleans as Yes/No, line breaks as "\n", hidden characters as "�" (visible()), empty as "". */
export function formatField(value: Fields[string] | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return visible(Array.isArray(value) ? value.join(", ") : value);
}

/** A time as the owner reads it, in Idaho's (Mountain) time. */
// One formatter for every call: toLocaleString with options builds a new one each time (slow under load).
const mountainTime = new Intl.DateTimeFormat("en-US", {
  timeZone: business.timeZone,
  dateStyle: "medium",
  timeStyle: "short",
});
export const formatTime = (date: Date): string => `${mountainTime.format(date)} MT`;

/** A value as a single line (a header, a table cell): line breaks and tabs one space, hidden characters "�" (app/lib/text.ts). */
export const oneLine = visibleLine;

/** +12085550134 → (208) 555-0134; anything else as it is. */
export const formatPhone = (phone: string | null): string =>
  phone?.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, "($1) $2-$3") ?? "";

/** Fields the visitor did not type (or that are shown on their own, like the instant estimate in one line): not repeated back to them. */
const NOT_ECHOED = new Set([
  "source",
  "spamSignal",
  "priceEstimate",
  "priceService",
  "priceInputs",
  "priceLow",
  "priceHigh",
]);

/** What the visitor sent, as they are shown it (the confirmation page and the reply e-mail): labelled, formatted, empty ones left out. */
export function visitorRows(fields: Fields): { label: string; value: string }[] {
  return Object.entries(fields)
    .filter(([key, value]) => !NOT_ECHOED.has(key) && formatField(value) !== "")
    .map(([key, value]) => ({
      label: labelFor(key),
      value: key === "phone" && typeof value === "string" ? formatPhone(value) : formatField(value),
    }));
}
