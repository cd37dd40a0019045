/**
 * One definition per lead form (./form-fields.ts, docs/decisions/027-form-fields.md): each field's rule, in
 * the order the owner reads the stored request, with its label and how the owner sees it. From it come the
 * schema, used by Conform in the browser and by the route action on the server, and the names the action
 * reads from a body (`*_FIELDS`, app/server/kit/form-body.server.ts) before the schema sees it.
 */
import { z } from "../lib/zod.ts";
import { visibleLine } from "../lib/text.ts";
import {
  choice as choiceRule,
  city,
  message,
  optionalConsent,
  requiredConsent,
  requiredText,
  serviceType,
} from "./fields.ts";
import { added, choice, defineForm, fieldListOf, file, schemaOf, sent } from "./form-fields.ts";
import {
  availabilityOptions,
  contactMethods,
  optionLabel,
  optionValues,
  servicesNeededOptions,
  serviceTypeOptions,
} from "./options.ts";
import { needsTextConsent, rules, textConsentMessage } from "./field-rules.ts";
import { address, agreedView, messageView, person } from "./person.ts";

export type { FieldList } from "./form-fields.ts";

/** The owner's words for a choice's stored values: its options' labels. */
const optionWords = (options: readonly { value: string; label: string }[]) =>
  Object.fromEntries(options.map((o) => [o.value, o.label]));

const serviceTypeWords = new Map<string, string>(serviceTypeOptions.map((o) => [o.value, o.label.toLowerCase()]));
/** The property type (residential, commercial), stored as chosen. */
const propertyType = <S extends z.ZodType<string | undefined>>(rule: S) =>
  sent(rule, {
    label: "Property type",
    words: optionWords(serviceTypeOptions),
    text: {
      part: "property",
      words: (value) => (typeof value === "string" ? (serviceTypeWords.get(value) ?? "") : ""),
    },
  });

/**
 * Up to MAX_PHOTOS photos (a file input the action reads, app/server/features/leads/photos.server.ts), and
 * what became of them: the names of those received and of those refused with why, both stored with the request
 * and shown to the owner and, on the confirmation, to the visitor. The photos themselves are kept beside it.
 */
const photoFields = {
  photos: file({ multiple: true }),
  photosReceived: added({ label: "Photos received", column: "Photos" }, { omitEmpty: true }),
  photosRefused: added({ label: "Photos not received", echo: false }, { omitEmpty: true }),
};

/** The sidebar FREE ESTIMATE form, the holiday-page modal and /estimate. */
export const estimateForm = defineForm({
  ...person,
  /** Asked on /estimate only: the sidebar and modal keep the fields the spec fixes (site-spec 3.1). */
  address,
  serviceType: propertyType(serviceType.optional()),
  ...photoFields,
  agreed: sent(requiredConsent, agreedView),
});
export const estimateSchema = schemaOf(estimateForm);

const servicesNeededValues = optionValues(servicesNeededOptions);
const contactMethodValues = optionValues(contactMethods);
/** A ticked service as the owner's text names it (stored as its label; "Other": "other service"). */
const servicesNeededWords = new Map<string, string>(
  servicesNeededOptions.map((o) => [o.label, o.value === "other" ? "other service" : o.label.toLowerCase()]),
);

/** The contact page's estimate request: consent is needed only when text is the chosen contact method. */
export const contactForm = defineForm({
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  phone: person.phone,
  address,
  city: sent(city, { label: "City", text: { part: "place" } }),
  zipcode: person.zipcode,
  serviceType: propertyType(serviceType),
  servicesNeeded: sent(
    z.array(choiceRule(servicesNeededValues, rules.servicesNeeded)).max(servicesNeededValues.length).default([]),
    {
      label: "Services needed",
      text: {
        part: "service",
        words: (value) =>
          (Array.isArray(value) ? value : [])
            .map((label) => servicesNeededWords.get(label))
            .filter((words) => words !== undefined)
            .join(" + "),
      },
    },
    (values) => values.map((value) => optionLabel(servicesNeededOptions, value)),
  ),
  message: sent(message(2000, "project details"), messageView),
  contactMethod: sent(choiceRule(contactMethodValues, rules.contactMethod).optional(), {
    label: "Preferred contact method",
    words: optionWords(contactMethods),
  }),
  ...photoFields,
  agreed: sent(optionalConsent, agreedView),
  /** The reference of the reminder the request was sent from, when its link checked out (the report counts them). */
  askedAgainFrom: added({ label: "Sent from reminder", echo: false }, { omitEmpty: true }),
});
// Checked whatever else is wrong (Zod would skip it while a field is missing), so a send names every problem
// at once, as the page's own script does before the app has started (./field-rules.ts).
export const contactSchema = schemaOf(contactForm).superRefine(
  (value, ctx) => {
    if (needsTextConsent(value.contactMethod, value.agreed))
      ctx.addIssue({ code: "custom", path: ["agreed"], message: textConsentMessage });
  },
  { when: () => true },
);

export const newsletterForm = defineForm({ email: person.email });
export const newsletterSchema = schemaOf(newsletterForm);

/** The job application at /careers/apply; the résumé is a file input the action reads and checks. */
export const applicationForm = defineForm({
  firstName: person.firstName,
  lastName: person.lastName,
  email: person.email,
  phone: person.phone,
  /** Stored as the job's title (the action gives it). */
  position: choice({
    label: "Position",
    text: { part: "service", words: (value) => (typeof value === "string" ? visibleLine(value) : "") },
  }),
  experience: sent(requiredText(rules.experience), { label: "Experience" }),
  availability: sent(
    choiceRule(optionValues(availabilityOptions), rules.availability),
    { label: "Availability" },
    (value) => optionLabel(availabilityOptions, value),
  ),
  message: sent(message(2000), messageView),
  resume: file(),
});
/** The application's schema: the position must be one of the open jobs. */
export function applicationSchema(positions: readonly [string, ...string[]]) {
  return schemaOf(applicationForm, {
    position: choiceRule(positions, rules.position),
  });
}

export const ESTIMATE_FIELDS = fieldListOf(estimateForm);
export const CONTACT_FIELDS = fieldListOf(contactForm);
export const NEWSLETTER_FIELDS = fieldListOf(newsletterForm);
export const APPLICATION_FIELDS = fieldListOf(applicationForm);

export type EstimateValues = z.infer<typeof estimateSchema>;
export type ContactValues = z.infer<typeof contactSchema>;
