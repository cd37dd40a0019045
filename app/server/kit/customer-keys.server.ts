/**
 * How the site recognises one customer across requests (docs/decisions/051-customer-recognition.md): the normal
 * form of an e-mail address (trimmed, lower case) and of a mobile number (normalizePhone, the one rule the forms
 * store a phone by: +1 and ten digits). Each request keeps both in leads.email_key and leads.phone_key (migration
 * customer_keys fills the older rows), indexed, so a customer's requests are one index range, never a scan.
 */
import { normalizePhone } from "../../forms/field-rules.ts";

/** The normal form of an e-mail address: "  Jane@Example.COM " → "jane@example.com"; null when blank. */
export function emailKey(email: string | null | undefined): string | null {
  const key = (email ?? "").trim().toLowerCase();
  return key === "" ? null : key;
}

/** The normal form of a phone number: "(208) 555-0123", "208.555.0123", "+1 208 555 0123" → "+12085550123"; null when it is no US number. */
export function phoneKey(phone: string | null | undefined): string | null {
  return phone ? normalizePhone(phone.trim()) : null;
}
