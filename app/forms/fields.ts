/**
 * Field rules shared by every form. The server is the authority; the browser runs the same schemas early.
 * Messages name the field and the fix. Each validator is built from its Zod-free rule (./field-rules.ts), which
 * the page's own script also checks fields with before the app has started: one set of limits and messages.
 */
import { z } from "../lib/zod.ts";
import { business } from "../content/business.ts";
import {
  EMAIL_PATTERN,
  emailMessages,
  emailRule,
  named,
  normalizePhone,
  note,
  phoneRule,
  rules,
  type ChoiceRule,
  type TextRule,
  zipRule,
} from "./field-rules.ts";
import { ZIP_PATTERN, zipMessages } from "./zip-rule.ts";
import { optionValues, serviceTypeOptions } from "./options.ts";
import { line, multiline } from "./text.ts";

/** A required text field of a rule: cleaned, trimmed, not empty, bounded. */
export function requiredText(rule: TextRule & { required: string }) {
  return (rule.lines === "one" ? line : multiline)({ error: rule.required })
    .trim()
    .min(1, rule.required)
    .max(rule.max, rule.tooLong);
}

/** A choice among `values`, with the rule's message for anything else. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T, rule: ChoiceRule) =>
  z.enum(values, { error: rule.message });

const trimmed = (label: string, max: number) => requiredText(named(label, max));

export const firstName = requiredText(rules.firstName);
export const lastName = requiredText(rules.lastName);

export const email = requiredText(emailRule).pipe(z.email({ pattern: EMAIL_PATTERN, error: emailMessages.invalid }));

const phoneExample = phoneRule(business.phone.display);
/** A US number in any common format, stored as +1XXXXXXXXXX. */
export const phone = requiredText(phoneExample).transform((value, ctx) => {
  const normalized = normalizePhone(value);
  if (!normalized) {
    ctx.addIssue({ code: "custom", message: phoneExample.messages.invalid });
    return z.NEVER;
  }
  return normalized;
});

/** Five digits, ZIP+4 accepted; stored as the five-digit ZIP. */
export const zipcode = line({ error: zipRule.required })
  .trim()
  .min(1, zipRule.required)
  .regex(ZIP_PATTERN, zipMessages.invalid)
  .transform((v) => v.slice(0, 5));

export const city = trimmed("city", 60);

/** The service address's street line (number, street, unit): one line, bounded, no link or e-mail address. */
export const streetAddress = line()
  .trim()
  .max(rules.streetAddress.max, rules.streetAddress.tooLong)
  .superRefine((value, ctx) => {
    const problem = value === "" ? null : rules.streetAddress.format(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

export const serviceType = choice(optionValues(serviceTypeOptions), rules.serviceType);

export const message = (max: number, label = "message") => {
  const rule = note(max, label);
  return multiline().trim().max(rule.max, rule.tooLong).optional();
};

/** A checkbox that must be ticked: browsers send "on". */
export const requiredConsent = z.literal("on", { error: rules.requiredConsent.required }).transform(() => true);
export const optionalConsent = z
  .literal("on")
  .optional()
  .transform((v) => v === "on");
