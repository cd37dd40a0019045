/**
 * One schema per form, used by Conform in the browser and by the route action on the server. Each form also
 * names its fields (`*_FIELDS`): the action reads only those from the body (app/server/kit/form-body.server.ts),
 * before the schema sees it; app/forms/field-lists.test.ts checks each list against its schema.
 */
import { z } from "zod";
import {
  city,
  email,
  firstName,
  lastName,
  message,
  optionalConsent,
  phone,
  requiredConsent,
  serviceType,
  zipcode,
} from "./fields.ts";
import { multiline } from "./text.ts";
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
      .array(z.enum(servicesNeededValues, { error: "Choose services from the list" }))
      .max(servicesNeededValues.length)
      .default([]),
    message: message(2000, "project details"),
    contactMethod: z.enum(contactMethodValues, { error: "Choose phone call, text message or email" }).optional(),
    agreed: optionalConsent,
  })
  .superRefine((value, ctx) => {
    if (value.contactMethod === "text" && !value.agreed) {
      ctx.addIssue({
        code: "custom",
        path: ["agreed"],
        message: "Tick the box to agree to text messages, or choose another contact method",
      });
    }
  });

export const newsletterSchema = z.object({ email });

/** The job application at /careers/apply. The position must be one of the open jobs. */
export function applicationSchema(positions: readonly [string, ...string[]]) {
  return z.object({
    firstName,
    lastName,
    email,
    phone,
    position: z.enum(positions, { error: "Choose the position you are applying for" }),
    experience: multiline({ error: "Tell us briefly about your work experience" })
      .trim()
      .min(1, "Tell us briefly about your work experience")
      .max(1000, "Keep your experience under 1,001 characters"),
    availability: z.enum(optionValues(availabilityOptions), {
      error: "Choose when you can work",
    }),
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
