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

/*
 * What a customer's text means (docs/decisions/036-stop-words.md): the one place for every word and phrase.
 * A text is read as "stop" when, written in any case, with any spacing, hyphens, punctuation or emoji, and with
 * polite words around it ("please", "thanks", "por favor"):
 * - its whole text is one of STOP_WORDS: Twilio's eight default opt-out words and their Spanish equivalents
 *   (a bare "CANCEL" too, as Twilio reads it), or
 * - one of its sentences plainly asks to stop texting (STOP_PHRASES: "Please stop texting me", "take me off
 *   your list", "unsubscribe me", "no more texts", "no más mensajes"), and no "don't"/"never" turns it round.
 * A sentence with "cancel" in it is about the appointment ("Cancel my appointment?"), unless it names the texts
 * ("cancel these texts"): the owner reads it, and the customer may still cancel the window.
 */

/**
 * Whole texts that stop: Twilio's default opt-out words, then their Spanish equivalents. Written compact. CANCEL
 * and CANCELAR stop only alone (as Twilio reads them); with other words they are about the appointment.
 */
export const STOP_WORDS = [
  "STOP",
  "STOPALL",
  "UNSUBSCRIBE",
  "END",
  "QUIT",
  "REVOKE",
  "OPTOUT",
  "CANCEL",
  "ALTO",
  "PARAR",
  "PARE",
  "PARA",
  "CANCELAR",
  "DETENER",
  "BASTA",
  "BAJA",
  "NOMASMENSAJES",
  "NOMASTEXTOS",
] as const;

/** Whole texts that opt back in (Twilio's defaults) and that ask for help (Twilio's, and Spanish). */
export const START_WORDS = ["START", "UNSTOP", "YES"] as const;
export const HELP_WORDS = ["HELP", "INFO", "AYUDA"] as const;

/** Words around a keyword that do not change it: "Stop please", "STOP!! thanks", "Basta por favor". */
const POLITE = new Set([
  "PLEASE",
  "PLS",
  "PLZ",
  "NOW",
  "THANKS",
  "THANK",
  "YOU",
  "THX",
  "TY",
  "OK",
  "OKAY",
  "ALL",
  "POR",
  "FAVOR",
  "GRACIAS",
  "YA",
]);

/** What texting is called in a sentence that asks to stop it. */
const TEXTING = String.raw`(?:TEXTING|TEXTIN|TEXT|TEXTS|TXT|TXTS|TXTING|MESSAGING|MESSAGE|MESSAGES|MSG|MSGS|SMS|SENDING|CONTACTING|CALLING|BOTHERING)`;
const ME = String.raw`(?:ME|US|THIS NUMBER|MY NUMBER)`;
const LIST = String.raw`(?:LIST|LISTS|TEXTS|TEXT LIST|TEXTING LIST|MESSAGES|MAILING LIST|CONTACT LIST|CONTACTS|SMS LIST)`;

/** Sentences (normalised: upper case, no accents, words split by single spaces) that plainly ask to stop. */
export const STOP_PHRASES: readonly RegExp[] = [
  // "stop texting me", "quit messaging", "stop sending me texts", "stop all texts", "stop contacting me"
  new RegExp(String.raw`\b(?:STOP|QUIT|END|CEASE)(?: ALL| THE| THESE| YOUR| THOSE)* ${TEXTING}\b`),
  // "stop it", "quit it please"
  /^(?:PLEASE )?(?:STOP|QUIT) IT\b/,
  // "opt out", "opt me out", "optout", "I want to opt out of texts"
  /\bOPT(?: ME)? ?OUT\b/,
  // "unsubscribe me", "please unsubscribe", "un-subscribe"
  /\bUN ?SUBSCRIBE\b/,
  // "no more texts", "no more messages please"
  new RegExp(String.raw`\bNO MORE ${TEXTING}\b`),
  // "take me off your list", "remove me from your list", "remove my number"
  new RegExp(String.raw`\b(?:TAKE|REMOVE|DELETE) ${ME} (?:OFF|FROM)(?: OF)?(?: YOUR| THE| THIS| ALL)* ${LIST}\b`),
  new RegExp(String.raw`\b(?:REMOVE|DELETE) (?:ME|MY NUMBER|THIS NUMBER)$`),
  // "cancel these texts", "cancel my subscription", "cancel all messages"
  new RegExp(String.raw`\bCANCEL(?: ALL| THE| THESE| THOSE| YOUR| MY)* (?:${TEXTING}|SUBSCRIPTION|TEXT MESSAGES)\b`),
  // "don't text me", "do not text me anymore", "never message me again" (a sentence of its own: "don't text me
  // before noon" is not a stop)
  new RegExp(
    String.raw`^(?:PLEASE )?(?:DONT|DO NOT|NEVER)(?: EVER)? (?:${TEXTING}) ${ME}(?: ANYMORE| ANY MORE| AGAIN| EVER| PLEASE)*$`,
  ),
  new RegExp(String.raw`\bI (?:REVOKE|WITHDRAW)(?: MY)? CONSENT\b`),
  // Spanish: "no más mensajes", "no me envíen más", "dejen de enviarme mensajes", "ya no me escriban", "darme de baja"
  /\bNO MAS (?:MENSAJES|TEXTOS|SMS)\b/,
  /\bNO ME (?:ENVIE|ENVIEN|MANDE|MANDEN|ESCRIBA|ESCRIBAN) (?:MAS|MENSAJES|TEXTOS)\b/,
  /\bDEJE(?:N)? DE (?:ENVIAR|ENVIARME|MANDAR|MANDARME|ESCRIBIR|ESCRIBIRME)\b/,
  /\bYA NO (?:ME )?(?:ENVIE|ENVIEN|MANDE|MANDEN|ESCRIBA|ESCRIBAN)\b/,
  /\bDAR(?:ME)? DE BAJA\b/,
  /\bNO QUIERO (?:MAS )?(?:MENSAJES|TEXTOS)\b/,
];

/** Words just before a stop phrase that turn it round: "don't stop texting me". */
const NEGATED = /\b(?:DONT|DO NOT|NEVER|NOT)(?: EVER)? (?:STOP|QUIT|END|OPT|UNSUBSCRIBE|CANCEL)\b/;

/** Upper case, accents removed, every run of anything but letters and digits (emoji, hyphens, punctuation) one space. */
function words(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/['’‘`´]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();
}

/** The text's words without polite ones at either end, repeats of a word folded, joined with no spaces. */
function compact(normalised: string): string {
  const list = normalised.split(" ").filter(Boolean);
  while (list.length > 1 && POLITE.has(list[0]!)) list.shift();
  while (list.length > 1 && POLITE.has(list.at(-1)!)) list.pop();
  return list.filter((word, i) => word !== list[i - 1]).join("");
}

const has = (list: readonly string[], word: string) => list.includes(word);
const ALONE_ONLY = new Set(["CANCEL", "CANCELAR"]);

/** Whether `text` asks to stop the texts (whole word or a sentence that plainly asks it; see above). */
export function asksToStop(text: string): boolean {
  const whole = words(text);
  const alone = whole.replaceAll(" ", "");
  if (has(STOP_WORDS, alone)) return true;
  const polite = compact(whole);
  if (has(STOP_WORDS, polite) && !ALONE_ONLY.has(polite)) return true;
  // Each sentence on its own, so "Don't text me, call me" stops and "Don't text me before noon" does not.
  return text
    .split(/[.!?;,\n]+/)
    .map(words)
    .some((sentence) => !NEGATED.test(sentence) && STOP_PHRASES.some((phrase) => phrase.test(sentence)));
}

/**
 * What an inbound text says: a stop (asksToStop), an opt-in or a help keyword (the whole text, as STOP_WORDS
 * are read), the day-before text's C or R (the whole text, any case, punctuation around it allowed), else null.
 */
export function keywordOf(body: string): Keyword | null {
  if (asksToStop(body)) return "stop";
  const whole = compact(words(body));
  if (has(START_WORDS, whole)) return "start";
  if (has(HELP_WORDS, whole)) return "help";
  const letter = words(body);
  return letter === "C" ? "confirm" : letter === "R" ? "reschedule" : null;
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
