/**
 * How lead fields are presented to the owner (e-mail, text message, inbox, command line, CSV and .xlsx): each
 * stored field's label and format come from its form's definition (app/forms/form-fields.ts).
 */
import { business } from "../../content/business.ts";
import type { JobKind } from "../kit/db/tables.server.ts";
import { visible, visibleLine } from "../../lib/text.ts";
import { added, defineForm, ownerViewsOf, type FormDefinition, type OwnerView } from "../../forms/form-fields.ts";
import { pricingRequestForm } from "../../forms/pricing.ts";
import { applicationForm, contactForm, estimateForm, newsletterForm } from "../../forms/schemas.ts";
import { SPAM_SIGNAL_FIELD } from "../kit/spam-signal.server.ts";
import type { Fields } from "../kit/leads.server.ts";

/** The lead forms whose stored fields the owner reads (each defined once: app/forms/form-fields.ts). */
export const LEAD_FORMS: readonly FormDefinition[] = [
  estimateForm,
  contactForm,
  newsletterForm,
  applicationForm,
  pricingRequestForm,
];

/** The fields the server adds to every request (app/server/features/leads/submit.server.ts), and one that older requests carry. */
const serverFields = defineForm({
  /** Which of a page's forms sent it (the sidebar, the modal), as the form says. */
  source: added({
    label: "Sent with",
    echo: false,
    words: {
      "contact-page": "The contact page's form",
      "estimate-page": "The estimate page's form",
      sidebar: "The estimate form beside a page",
      "holiday-modal": "The holiday lights estimate form",
      pricing: "The pricing page's estimate",
      newsletter: "The newsletter sign-up",
      careers: "The job application form",
    },
  }),
  [SPAM_SIGNAL_FIELD]: added({ label: "Check (spam signal)", echo: false }),
  page: added({ label: "Page" }),
});

/** How the owner reads each stored field, by its key: one view per key, whichever form stored it. */
export type FieldViews = ReadonlyMap<string, OwnerView>;

/** Every field's view from these definitions; a key that two of them show differently is an error. */
export function fieldViews(definitions: readonly FormDefinition[]): FieldViews {
  const views = new Map<string, OwnerView>();
  const shown = (view: OwnerView) => JSON.stringify({ ...view, text: view.text?.part });
  for (const definition of definitions)
    for (const [key, view] of ownerViewsOf(definition)) {
      const known = views.get(key);
      if (known && shown(known) !== shown(view))
        throw new Error(`The field ${key} is shown to the owner in two ways: ${shown(known)} and ${shown(view)}`);
      views.set(key, view);
    }
  return views;
}

/** The site's lead fields as the owner reads them. */
export const LEAD_FIELD_VIEWS = fieldViews([...LEAD_FORMS, serverFields]);

/** What each delivery job of a request is, as the owner reads it (the inbox's "Delivery" section). */
const jobKindLabels: Record<JobKind, string> = {
  email: "E-mail to the owner",
  webhook: "Webhook",
  reply: "Reply e-mail to the sender",
  sms: "Text message to the owner",
  booking: "Arrival window e-mail",
  reminder: "Reminder e-mail to the customer",
  review: "Review request e-mail",
  "account-link": "The customer's page link, asked for",
  deposit: "Deposit paid e-mail to the owner",
  "deposit-sms": "Deposit paid text message to the owner",
  "customer-text": "Text message to the customer",
  "text-alert": "Text message to the owner: the customer wrote",
  "booking-sms": "Text message to the owner: the customer cancelled",
  quote: "Quote e-mail to the customer",
  "quote-answer": "Quote answer e-mail to the owner",
  "quote-answer-sms": "Quote answer text message to the owner",
  "quote-reminder": "Quote reminder e-mail to the customer",
  "reminder-offer": "Seasonal reminder offer e-mail to the customer",
  "seasonal-reminder": "Seasonal reminder e-mail to the customer",
  "quote-accepted": "Accepted quote copy e-mail to the customer",
  "journal-replayed": "E-mail to the owner: requests kept while the database was away",
};
export const jobKindLabel = (kind: JobKind): string => jobKindLabels[kind] ?? kind;

/** The label of a field; an unknown key is shown as itself. */
export const labelFor = (key: string, views: FieldViews = LEAD_FIELD_VIEWS): string => views.get(key)?.label ?? key;

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

/**
 * A field's value as the owner reads it: in its view's format (a phone number as (208) 555-0134), a code value in
 * its view's words ("residential" → "Residential"), else as formatField writes it.
 */
export function ownerValue(key: string, value: Fields[string] | undefined, views: FieldViews = LEAD_FIELD_VIEWS) {
  const view = views.get(key);
  if (typeof value !== "string") return formatField(value);
  if (view?.format === "phone") return formatPhone(value);
  return formatField(view?.words && Object.hasOwn(view.words, value) ? view.words[value] : value);
}

/** Every stored field as the owner's inbox shows it: labelled, formatted, empty ones as "". */
export function inboxRows(fields: Fields, views: FieldViews = LEAD_FIELD_VIEWS): { label: string; value: string }[] {
  return Object.entries(fields).map(([key, value]) => ({
    label: labelFor(key, views),
    value: ownerValue(key, value, views),
  }));
}

/** What the visitor sent, as they are shown it (the confirmation page and the reply e-mail): labelled, formatted, empty ones and those not echoed left out. */
export function visitorRows(fields: Fields, views: FieldViews = LEAD_FIELD_VIEWS): { label: string; value: string }[] {
  return inboxRows(
    Object.fromEntries(
      Object.entries(fields).filter(([key, value]) => views.get(key)?.echo !== false && formatField(value) !== ""),
    ),
    views,
  );
}
