/**
 * Field rules shared by every form. The server is the authority; the browser runs the
 * same schemas early. Messages name the field and the fix.
 */
import { z } from "zod";
import { optionValues, serviceTypeOptions } from "./options.ts";
import { business } from "../content/business.ts";
import { line, multiline } from "./text.ts";
import { ZIP_PATTERN, zipMessages } from "./zip-rule.ts";

// Zod would otherwise probe `new Function` to compile parsers, which the Content-Security-Policy forbids.
z.config({ jitless: true });

const trimmed = (label: string, max: number) =>
  line({ error: `Enter your ${label}` })
    .trim()
    .min(1, `Enter your ${label}`)
    .max(max, `Keep your ${label} under ${max + 1} characters`);

export const firstName = trimmed("first name", 50);
export const lastName = trimmed("last name", 50);

export const email = line({ error: "Enter your e-mail address" })
  .trim()
  .min(1, "Enter your e-mail address")
  .max(254, "Enter an e-mail address of at most 254 characters")
  .pipe(z.email("Enter an e-mail address like name@example.com"));

/** A US number in any common format, stored as +1XXXXXXXXXX. */
export const phone = line({ error: "Enter your phone number" })
  .trim()
  .min(1, "Enter your phone number")
  .max(30, `Enter a phone number like ${business.phone.display}`)
  .transform((value, ctx) => {
    const normalized = normalizePhone(value);
    if (!normalized) {
      ctx.addIssue({ code: "custom", message: `Enter a 10-digit phone number like ${business.phone.display}` });
      return z.NEVER;
    }
    return normalized;
  });

function normalizePhone(value: string): string | null {
  if (!/^[\d\s().+-]+$/.test(value)) return null;
  let digits = value.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}

/** Five digits, ZIP+4 accepted; stored as the five-digit ZIP. */
export const zipcode = line({ error: zipMessages.required })
  .trim()
  .min(1, zipMessages.required)
  .regex(ZIP_PATTERN, zipMessages.invalid)
  .transform((v) => v.slice(0, 5));

export const city = trimmed("city", 60);

export const serviceType = z.enum(optionValues(serviceTypeOptions), { error: "Choose residential or commercial" });

export const message = (max: number, label = "message") =>
  multiline()
    .trim()
    .max(max, `Keep the ${label} under ${max + 1} characters`)
    .optional();

/** A checkbox that must be ticked: browsers send "on". */
export const requiredConsent = z
  .literal("on", { error: "Tick the box to agree to text messages about your request" })
  .transform(() => true);
export const optionalConsent = z
  .literal("on")
  .optional()
  .transform((v) => v === "on");
