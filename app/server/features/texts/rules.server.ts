/**
 * The rules of texts with customers (docs/decisions/034-customer-texts.md), as pure functions: who agreed to
 * texts, the quiet hours in Boise, the keywords a customer may answer with, and Twilio's request signature.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { normalizePhone } from "../../../forms/field-rules.ts";
import { localParts, localTime } from "../../kit/business-time.server.ts";
import type { LeadRow } from "../../kit/leads.server.ts";

/** No customer text goes out from 9 PM until 8 AM, Boise time. */
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 8;

/** Whether `at` falls in the quiet hours (9 PM – 8 AM in Boise). */
export function isQuietHour(at: Date): boolean {
  const { hour } = localParts(at);
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** The first instant at or after `at` when a text may go: `at` itself by day, else the next 8 AM in Boise. */
export function sendableAt(at: Date): Date {
  if (!isQuietHour(at)) return at;
  const { year, month, day, hour } = localParts(at);
  return localTime(year, month, hour >= QUIET_FROM_HOUR ? day + 1 : day, QUIET_UNTIL_HOUR);
}

/**
 * The number a request agreed to be texted at, or null: the visitor ticked the text-message box (the request
 * keeps the consent proof: the wording's version and text, when) and gave a US number the site could read.
 * A request without the proof (a job application, a contact form that chose e-mail and left the box empty) is
 * never texted.
 */
export function textableNumber(lead: Pick<LeadRow, "consent" | "contact" | "fields">): string | null {
  if (!lead.consent || !lead.consent.version || !lead.consent.text) return null;
  if (lead.fields.agreed === false) return null;
  return lead.contact.phone ? normalizePhone(lead.contact.phone) : null;
}

export type Keyword = "stop" | "start" | "help" | "confirm" | "reschedule";

/** Twilio's standard opt-out, opt-in and help keywords, and the day-before text's C and R. */
const KEYWORDS: Record<string, Keyword> = {
  STOP: "stop",
  STOPALL: "stop",
  UNSUBSCRIBE: "stop",
  CANCEL: "stop",
  END: "stop",
  QUIT: "stop",
  START: "start",
  UNSTOP: "start",
  HELP: "help",
  C: "confirm",
  R: "reschedule",
};

/** What an inbound text says when it is one of the keywords (trimmed, any case; a final period allowed), else null. */
export function keywordOf(body: string): Keyword | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, "")
    .toUpperCase();
  return Object.hasOwn(KEYWORDS, word) ? KEYWORDS[word]! : null;
}

/**
 * Twilio's X-Twilio-Signature: base64 of HMAC-SHA1, keyed with the auth token, of the full URL Twilio posted
 * to followed by every form parameter's name and value, sorted by name (a repeated name: each value, in order).
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams): string {
  const names = [...new Set(params.keys())].sort();
  const data =
    url +
    names
      .map((name) =>
        params
          .getAll(name)
          .map((value) => name + value)
          .join(""),
      )
      .join("");
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/** Whether `given` is the signature of this request, compared in constant time. */
export function signatureMatches(
  given: string | undefined,
  authToken: string,
  url: string,
  params: URLSearchParams,
): boolean {
  if (!given) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
