/**
 * One schema per form, used by Conform in the browser and by the route action on the server. Each form also
 * names its fields (`*_FIELDS`): the action reads only those from the body (app/server/form-body.server.ts),
 * before the schema sees it; app/forms/field-lists.test.ts checks each list against its schema.
 */
import { z } from "zod";
import {
  choice,
  city,
  email,
  firstName,
  lastName,
  message,
  optionalConsent,
  phone,
  requiredConsent,
  requiredText,
  serviceType,
  zipcode,
} from "./fields.ts";
import { needsTextConsent, rules, textConsentMessage } from "./field-rules.ts";
import { availabilityOptions, contactMethods, optionValues, servicesNeededOptions } from "./options.ts";

/** The sidebar FREE ESTIMATE form, the holiday-page modal and /estimate. */
export const estimateSchema = z.object({
  firstName,
  lastName,
  email,
  phone,
  zipcode,
  serviceType: serviceType.optional(),
  agreed: requiredConsent,
});

const servicesNeededValues = optionValues(servicesNeededOptions);
const contactMethodValues = optionValues(contactMethods);

/** The contact page's estimate request: consent is needed only when text is the chosen contact method. */
export const contactSchema = z
  .object({
    firstName,
    lastName,
    email,
    phone,
    city,
    zipcode,
    serviceType,
    servicesNeeded: z
      .array(choice(servicesNeededValues, rules.servicesNeeded))
      .max(servicesNeededValues.length)
      .default([]),
    message: message(2000, "project details"),
    contactMethod: choice(contactMethodValues, rules.contactMethod).optional(),
    agreed: optionalConsent,
  })
  // Checked whatever else is wrong (Zod would skip it while a field is missing), so a send names every problem
  // at once, as the page's own script does before the app has started (./field-rules.ts).
  .superRefine(
    (value, ctx) => {
      if (needsTextConsent(value.contactMethod, value.agreed))
        ctx.addIssue({ code: "custom", path: ["agreed"], message: textConsentMessage });
    },
    { when: () => true },
  );

export const newsletterSchema = z.object({ email });

/** The job application at /careers/apply. The position must be one of the open jobs. */
export function applicationSchema(positions: readonly [string, ...string[]]) {
  return z.object({
    firstName,
    lastName,
    email,
    phone,
    position: choice(positions, rules.position),
    experience: requiredText(rules.experience),
    availability: choice(optionValues(availabilityOptions), rules.availability),
    message: message(2000),
  });
}

/** A lead form's fields: single values, repeated ones (a list of checkboxes), file inputs. */
export interface FieldList {
  single: readonly string[];
  multiple?: readonly string[];
  files?: readonly string[];
}

export const ESTIMATE_FIELDS: FieldList = {
  single: ["firstName", "lastName", "email", "phone", "zipcode", "serviceType", "agreed"],
};
export const CONTACT_FIELDS: FieldList = {
  single: [
    "firstName",
    "lastName",
    "email",
    "phone",
    "city",
    "zipcode",
    "serviceType",
    "message",
    "contactMethod",
    "agreed",
  ],
  multiple: ["servicesNeeded"],
};
export const NEWSLETTER_FIELDS: FieldList = { single: ["email"] };
/** The résumé is a file input the schema does not list (the action reads and checks it). */
export const APPLICATION_FIELDS: FieldList = {
  single: ["firstName", "lastName", "email", "phone", "position", "experience", "availability", "message"],
  files: ["resume"],
};

export type EstimateValues = z.infer<typeof estimateSchema>;
export type ContactValues = z.infer<typeof contactSchema>;
