/**
 * The owner's instant text message about a new request (docs/decisions/019-owner-text-alert.md), so that an owner
 * on a roof knows within a minute: sent through a Twilio-compatible HTTP API as its own outbox job (kind "sms"),
 * retried like the others.
 *
 * The text holds the first name, the service (a job application: the position), the city and ZIP and the
 * link to the request in the inbox, nothing else personal: no e-mail, phone, street address, message or
 * project details (a text message passes through the phone company and sits on a lock screen). What the
 * visitor typed is only used when it is plainly a name or a place name; otherwise it is left out.
 *
 *   New estimate request: Dana, house washing, Boise 83702. https://www.example.com/admin/requests/…
 *
 * A non-2xx answer, a network error or a timeout throws; the outbox retries. The error's code (HTTP status
 * and the API's numeric error code) is what the log and the database keep, never the text or the numbers.
 */
import type { TextPart } from "../../forms/form-fields.ts";
import { textAlertSettings, type Env, type TextAlertSettings } from "../kit/env.server.ts";
import { zipTable } from "../kit/service-area.server.ts";
import type { Sender } from "./delivery.server.ts";
import { type FieldViews, LEAD_FIELD_VIEWS } from "./labels.server.ts";
import type { LeadKind, LeadRow } from "../kit/leads.server.ts";

/** One SMS segment of the GSM 03.38 alphabet. */
export const SEGMENT = 160;
/** The longest first name or place name the text carries; a longer one is left out. */
export const NAME_MAX = 30;

const titles: Record<Exclude<LeadKind, "newsletter">, string> = {
  estimate: "New estimate request",
  contact: "New contact request",
  application: "New job application",
};

/** The request's page in the owner's inbox (app/routes.ts: admin/requests/:id). */
export const inboxLink = (siteUrl: string, leadId: string): string =>
  `${siteUrl.replace(/\/+$/, "")}/admin/requests/${encodeURIComponent(leadId)}`;

/**
 * A name as the text may carry it: letters of any script (with their combining marks), spaces, hyphens and
 * apostrophes (a typographic one becomes '), at most NAME_MAX characters; anything else gives null (left out).
 * `extra` allows more characters (a place name's periods: "St. Maries").
 */
function cleanName(value: unknown, extra = ""): string | null {
  if (typeof value !== "string") return null;
  const name = value
    .normalize("NFC")
    .replace(/[\u2018\u2019\u02BC]/g, "'")
    .replace(/ +/g, " ")
    .trim();
  const allowed = new RegExp(`^[\\p{L}\\p{M}' \\-${extra}]+$`, "u");
  if (!allowed.test(name) || !/\p{L}/u.test(name) || Array.from(name).length > NAME_MAX) return null;
  return name;
}

/** The visitor's first name, sanitized: letters (any script), spaces, hyphens, apostrophes, at most 30 characters; else null. */
export const smsFirstName = (value: unknown): string | null => cleanName(value);

/** The request's fields that give `part` of the text, in their stored order, each with its view's part. */
function fieldsFor<P extends TextPart["part"]>(
  fields: LeadRow["fields"],
  part: P,
  views: FieldViews,
): [LeadRow["fields"][string], Extract<TextPart, { part: P }>][] {
  return Object.entries(fields).flatMap(([key, value]) => {
    const text = views.get(key)?.text;
    return text?.part === part ? [[value, text as Extract<TextPart, { part: P }>]] : [];
  });
}

/** The first field's value that gives `part` (the first name, the city typed), or undefined. */
const valueFor = (fields: LeadRow["fields"], part: "name" | "place", views: FieldViews) =>
  fieldsFor(fields, part, views)[0]?.[0];

/**
 * What the request is about, from values the site itself wrote (never free text), in the words of the first
 * field that says it (the fields' views: the priced service on /pricing, the services ticked on /contact, a job
 * application's position); else the property type.
 */
export function serviceOf(lead: Pick<LeadRow, "fields">, views: FieldViews = LEAD_FIELD_VIEWS): string {
  const wordsOf = (part: "service" | "property") =>
    fieldsFor(lead.fields, part, views)
      .map(([value, text]) => text.words(value))
      .find((words) => words !== "") ?? "";
  return wordsOf("service") || wordsOf("property");
}

/** "Boise 83702": the city the ZIP belongs to (the service-area table), else the city typed if it is a plain place name; and the ZIP. */
export function placeOf(
  lead: { contact: { zip: string | null }; fields: LeadRow["fields"] },
  views: FieldViews = LEAD_FIELD_VIEWS,
): {
  city: string;
  zip: string;
} {
  const zip = /^\d{5}$/.test(lead.contact.zip ?? "") ? lead.contact.zip! : "";
  const known = zip && Object.hasOwn(zipTable, zip) ? zipTable[zip]![0] : null;
  return { city: known ?? cleanName(valueFor(lead.fields, "place", views), ".") ?? "", zip };
}

// GSM 03.38: the basic alphabet (one septet each) and its extension table (two: escape + character).
const GSM_BASIC = new Set(
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà",
);
const GSM_EXTENDED = new Set("\f^{}\\[~]|€");

/** The text's length in GSM-7 septets, or null when a character needs UCS-2 (then a segment holds 70). */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const c of text) {
    if (GSM_BASIC.has(c)) length += 1;
    else if (GSM_EXTENDED.has(c)) length += 2;
    else return null;
  }
  return length;
}

/** The length a phone counts: septets, or UTF-16 units when a character is outside GSM-7. */
const smsLength = (text: string) => gsm7Length(text) ?? text.length;

/** The first `max` characters of `text` cut at a word boundary; "" when not even a word fits. */
function cut(text: string, max: number): string {
  if (smsLength(text) <= max) return text;
  const words = text.split(" ");
  while (words.length > 0 && smsLength(words.join(" ")) > max) words.pop();
  return words.join(" ").replace(/[ +]+$/, "");
}

/**
 * The owner's text about `lead`: "New estimate request: Dana, house washing, Boise 83702. <inbox link>".
 * Kept to one segment (SEGMENT GSM-7 characters) when the name is short: the city is left out, then the
 * service shortened at a word, as needed; the name, the ZIP and the link always stay.
 */
export function composeTextAlert(lead: LeadRow, siteUrl: string, views: FieldViews = LEAD_FIELD_VIEWS): string {
  if (lead.kind === "newsletter") throw new Error("a newsletter sign-up sends no text message");
  const title = titles[lead.kind];
  const link = inboxLink(siteUrl, lead.id);
  const name = smsFirstName(valueFor(lead.fields, "name", views)) ?? "";
  const { city, zip } = placeOf(lead, views);
  const text = (service: string, withCity: boolean) => {
    const place = [withCity ? city : "", zip].filter(Boolean).join(" ");
    const parts = [name, service, place].filter(Boolean);
    return `${title}${parts.length > 0 ? `: ${parts.join(", ")}` : ""}. ${link}`;
  };
  const service = serviceOf(lead, views);
  const fitted = (withCity: boolean) => {
    const room = SEGMENT - smsLength(text("", withCity)) - 2; // ", " before the service
    return text(room > 0 ? cut(service, room) : "", withCity);
  };
  // The whole service with the city, then without it; then the service shortened, with the city and without.
  const candidates = [text(service, true), text(service, false), fitted(true), fitted(false)];
  return candidates.find((m) => smsLength(m) <= SEGMENT) ?? candidates.at(-1)!; // a long name: more than one segment
}

const failure = (code: string) => Object.assign(new Error(`Text message failed: ${code}`), { code });

/**
 * Sends `body` to the owner: POST {apiUrl}/2010-04-01/Accounts/{sid}/Messages.json, HTTP Basic auth sid:token,
 * form-encoded To, From, Body. Throws on anything but a 2xx (code "HTTP_<status>", with the API's numeric error
 * code when its answer names one), on a network error and after `timeoutMs`.
 */
export async function sendText(settings: TextAlertSettings, body: string, timeoutMs = 10_000): Promise<void> {
  const response = await fetch(
    `${settings.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.sid)}/Messages.json`,
    {
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from(`${settings.sid}:${settings.token}`).toString("base64")}`,
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
        "User-Agent": "gem-state-leads/1",
      },
      body: new URLSearchParams({ To: settings.to, From: settings.from, Body: body }).toString(),
      redirect: "manual", // a redirected POST would turn into a GET; a 3xx is a failure to fix in the settings
      signal: AbortSignal.timeout(timeoutMs),
    },
  );
  if (response.ok) {
    await response.body?.cancel();
    return;
  }
  // Twilio answers an error with JSON whose "code" (e.g. 21211: an invalid To number) says what to fix; only
  // that number is kept, never the message (it can repeat the phone numbers).
  let apiCode = "";
  try {
    const answer = (await response.json()) as { code?: unknown };
    if (typeof answer.code === "number" && Number.isInteger(answer.code)) apiCode = ` ${answer.code}`;
  } catch {
    // not JSON: the status says enough
  }
  throw failure(`HTTP_${response.status}${apiCode}`);
}

/**
 * The outbox's sender of a text to the owner (OWNER_PHONE): "sms" jobs say `compose` of the request (by default
 * the alert of a new request); a feature gives its own words (a customer's text in a thread). Without the
 * settings (removed since the job was queued) it fails, and is retried.
 */
export function createTextSender(
  env: Pick<
    Env,
    "SITE_URL" | "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "OWNER_PHONE" | "TWILIO_API_URL"
  >,
  timeoutMs?: number,
  compose: (lead: LeadRow, siteUrl: string) => string = composeTextAlert,
): Sender {
  return async ({ lead }) => {
    const settings = textAlertSettings(env);
    if (!settings) throw failure("SMS_NOT_CONFIGURED");
    await sendText(settings, compose(lead, env.SITE_URL), timeoutMs);
  };
}
