/**
 * The lead forms' field rules and their messages, without Zod: the Zod validators (./fields.ts) are built from
 * them, and the page's own script checks a field with them before the app has started
 * (app/lib/first-effects/validate.ts), so both say the same (app/forms/field-rules.test.ts walks every lead
 * form's schema against its table below). A rule reads the values a form sends for a field, as FormData holds
 * them, cleaned as the schemas clean them (app/lib/text.ts), and gives the field's first message or null.
 */
import { cleanLine, cleanText } from "../lib/text.ts";
import { ZIP_PATTERN, zipMessages } from "./zip-rule.ts";

/** A text field: trimmed, cleaned (one line or many), bounded, and optionally of a format. */
export interface TextRule {
  kind: "text";
  lines: "one" | "many";
  /** The message for an empty field; none when the field is optional. */
  required?: string;
  max: number;
  tooLong: string;
  /** The message for a value of the wrong form (after trimming), or null. */
  format?: (value: string) => string | null;
}

/** One of the control's choices (a radio group, a select; `many`: a list of checkboxes). */
export interface ChoiceRule {
  kind: "choice";
  message: string;
  optional?: boolean;
  many?: boolean;
}

/** A checkbox that must be ticked (`required`), or may be. Browsers send "on". */
export interface ConsentRule {
  kind: "consent";
  required?: string;
}

export type FieldRule = TextRule | ChoiceRule | ConsentRule;

const text = <const R extends Omit<TextRule, "kind" | "lines">>(rule: R, lines: TextRule["lines"] = "one") => ({
  kind: "text" as const,
  lines,
  ...rule,
});

/** "Enter your first name", at most `max` characters. */
export const named = (label: string, max: number) =>
  text({ required: `Enter your ${label}`, max, tooLong: `Keep your ${label} under ${max + 1} characters` });

/** An optional multi-line message of at most `max` characters. */
export const note = (max: number, label = "message") =>
  text({ max, tooLong: `Keep the ${label} under ${max + 1} characters` }, "many");

/** Zod's own e-mail pattern (z.regexes.email), given to z.email by ./fields.ts. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const emailMessages = {
  required: "Enter your e-mail address",
  tooLong: "Enter an e-mail address of at most 254 characters",
  invalid: "Enter an e-mail address like name@example.com",
} as const;
export const emailRule = text({
  required: emailMessages.required,
  max: 254,
  tooLong: emailMessages.tooLong,
  format: (value) => (EMAIL_PATTERN.test(value) ? null : emailMessages.invalid),
});

/** A US number in any common format, as +1XXXXXXXXXX, or null. */
export function normalizePhone(value: string): string | null {
  if (!/^[\d\s().+-]+$/.test(value)) return null;
  let digits = value.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}
/** The phone rule, its messages showing the business's number as the example. */
export const phoneRule = (example: string) => {
  const messages = {
    required: "Enter your phone number",
    tooLong: `Enter a phone number like ${example}`,
    invalid: `Enter a 10-digit phone number like ${example}`,
  } as const;
  return {
    messages,
    ...text({
      required: messages.required,
      max: 30,
      tooLong: messages.tooLong,
      format: (value) => (normalizePhone(value) ? null : messages.invalid),
    }),
  };
};

export const zipRule = text({
  required: zipMessages.required,
  max: Number.MAX_SAFE_INTEGER,
  tooLong: zipMessages.invalid,
  format: (value) => (ZIP_PATTERN.test(value) ? null : zipMessages.invalid),
});

export const rules = {
  firstName: named("first name", 50),
  lastName: named("last name", 50),
  email: emailRule,
  zipcode: zipRule,
  city: named("city", 60),
  /** The service address's street line (and unit): optional on the forms, required when a window is booked. */
  streetAddress: text({
    max: 120,
    tooLong: "Keep the street address under 121 characters",
    format: (value) =>
      /^[^<>@]*$/.test(value) && !/https?:|www\./i.test(value)
        ? null
        : "Enter the street address only, like 1234 W Main St, Apt 5",
  }),
  serviceType: { kind: "choice", message: "Choose residential or commercial" },
  servicesNeeded: { kind: "choice", message: "Choose services from the list", optional: true, many: true },
  contactMethod: { kind: "choice", message: "Choose phone call, text message or email", optional: true },
  position: { kind: "choice", message: "Choose the position you are applying for" },
  experience: text(
    {
      required: "Tell us briefly about your work experience",
      max: 1000,
      tooLong: "Keep your experience under 1,001 characters",
    },
    "many",
  ),
  availability: { kind: "choice", message: "Choose when you can work" },
  requiredConsent: { kind: "consent", required: "Tick the box to agree to text messages about your request" },
  optionalConsent: { kind: "consent" },
} as const satisfies Record<string, FieldRule>;

/** The contact form's consent: needed only when text is the chosen contact method. */
export const textConsentMessage = "Tick the box to agree to text messages, or choose another contact method";
export const needsTextConsent = (contactMethod: unknown, agreed: unknown) => contactMethod === "text" && !agreed;

/**
 * The first message of a field, from the values the form sends for it (FormData's getAll) and, for a choice,
 * the values its controls offer.
 */
export function fieldProblem(rule: FieldRule, values: readonly string[], choices: readonly string[] = []) {
  const first = values[0] ?? "";
  switch (rule.kind) {
    case "text": {
      const value = (rule.lines === "one" ? cleanLine(first) : cleanText(first)).trim();
      if (value === "") return rule.required ?? null;
      if (value.length > rule.max) return rule.tooLong;
      return rule.format?.(value) ?? null;
    }
    case "choice": {
      const given = values.filter((value) => value !== "");
      if (given.length === 0) return rule.optional || rule.many ? null : rule.message;
      return given.every((value) => choices.includes(value)) && (rule.many || given.length === 1) ? null : rule.message;
    }
    case "consent":
      return first === "on" || (first === "" && !rule.required) ? null : (rule.required ?? null);
  }
}

/** A lead form's fields in its schema's order, and a rule between fields (the message of the field it names). */
export interface FormRules {
  fields: Readonly<Record<string, FieldRule>>;
  across?: (values: (name: string) => string | undefined) => Readonly<Record<string, string>>;
}

/** The rules of the lead forms, by the name each form carries (LeadForm's `rules`, `data-rules` in the page). */
export const formRules = (phoneExample: string) => {
  const person = {
    firstName: rules.firstName,
    lastName: rules.lastName,
    email: rules.email,
    phone: phoneRule(phoneExample),
  };
  return {
    estimate: {
      fields: {
        ...person,
        zipcode: rules.zipcode,
        address: rules.streetAddress,
        serviceType: { ...rules.serviceType, optional: true },
        agreed: rules.requiredConsent,
      },
    },
    contact: {
      fields: {
        ...person,
        address: rules.streetAddress,
        city: rules.city,
        zipcode: rules.zipcode,
        serviceType: rules.serviceType,
        servicesNeeded: rules.servicesNeeded,
        message: note(2000, "project details"),
        contactMethod: rules.contactMethod,
        agreed: rules.optionalConsent,
      },
      across: (value): Record<string, string> =>
        needsTextConsent(value("contactMethod"), value("agreed")) ? { agreed: textConsentMessage } : {},
    },
    newsletter: { fields: { email: rules.email } },
    application: {
      fields: {
        ...person,
        position: rules.position,
        experience: rules.experience,
        availability: rules.availability,
        message: note(2000),
      },
    },
    /** The person's fields of "Request this estimate"; the price inputs are the price form's (./price-query.ts). */
    pricing: {
      fields: {
        ...person,
        zipcode: rules.zipcode,
        message: note(1000, "notes"),
        agreed: rules.optionalConsent,
      },
    },
  } satisfies Record<string, FormRules>;
};

export type FormRulesName = keyof ReturnType<typeof formRules>;
