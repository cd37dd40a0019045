/**
 * Every signed link and token of the site, in one place: the links in e-mails that act without a sign-in
 * (newsletter, booking, review opt-out), the page after a form sent without JavaScript (receipt) and the
 * owner's calendar feed. A feature names its links (purpose, lifetime, path); the signing, the expiry and the
 * scope are done here.
 *
 * - Signed tokens: `<code>.<id>.<expiry, base 36 seconds>.<signature>`. The signature is an HMAC of the first
 *   three parts under a namespace (the scope), so a token made for one family of links never verifies in
 *   another, and its code tells apart the purposes within one. The key is linkSecret.
 * - Sealed parts: `<part>.<part>…<signature>`, an HMAC of the parts (optionally under a namespace) for a link
 *   that carries more than an id (the receipt).
 * - Random tokens kept in the database (the calendar feed's), compared in constant time.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "./db/database.server.ts";
import { storedSecret } from "./db/site-secrets.server.ts";
import type { Env } from "./env.server.ts";
import { LEAD_KINDS, type LeadKind } from "./lead-kinds.server.ts";

/** No link's token is longer; a longer one is refused before any work. */
const MAX_TOKEN_LENGTH = 200;

/** The key signing the links: LINK_SECRET, else the one stored in the database (created by the first instance that asks). */
export function linkSecret(database: Database, env: Pick<Env, "LINK_SECRET">): Promise<string> {
  return env.LINK_SECRET ? Promise.resolve(env.LINK_SECRET) : storedSecret(database, "links");
}

const sign = (namespace: string | undefined, secret: string, payload: string) =>
  createHmac("sha256", secret)
    .update(namespace === undefined ? payload : `${namespace}:${payload}`)
    .digest("base64url")
    .slice(0, 32);

/** Whether two strings are equal, in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/** The expiry part of a link valid `ttlMs` from `now` (base 36 seconds). */
export const expiryPart = (now: Date, ttlMs: number) => Math.ceil((now.getTime() + ttlMs) / 1000).toString(36);

/** Whether an expiry part is past at `now`. */
export const isExpired = (expiry: string, now: Date) => Number.parseInt(expiry, 36) * 1000 < now.getTime();

/** `parts` joined by dots, followed by their signature. */
export function seal(parts: string[], secret: string, namespace?: string): string {
  const payload = parts.join(".");
  return `${payload}.${sign(namespace, secret, payload)}`;
}

/** The `count` parts of a sealed value, or null when it is forged, altered or of another shape. */
export function unseal(sealed: string, count: number, secret: string, namespace?: string): string[] | null {
  if (sealed.length > MAX_TOKEN_LENGTH) return null;
  const parts = sealed.split(".");
  if (parts.length !== count + 1) return null;
  const expected = Buffer.from(sign(namespace, secret, parts.slice(0, count).join(".")));
  const actual = Buffer.from(parts[count] ?? "");
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return parts.slice(0, count);
}

export function makeToken(
  namespace: string,
  code: string,
  id: string,
  ttlMs: number,
  secret: string,
  now: Date,
): string {
  return seal([code, id, expiryPart(now, ttlMs)], secret, namespace);
}

/** The id a token names, or why not: "invalid" (forged, altered, another purpose's or family's) or "expired". */
export function readToken(
  token: string,
  namespace: string,
  code: string,
  secret: string,
  now: Date,
): { id: string } | "invalid" | "expired" {
  const parts = unseal(token, 3, secret, namespace);
  if (!parts) return "invalid";
  const [given = "", id = "", expiry = ""] = parts;
  if (given !== code || !id) return "invalid";
  if (isExpired(expiry, now)) return "expired";
  return { id };
}

/** A new random token for a link whose only key is the token itself (kept in site_secrets). */
export const randomToken = () => randomBytes(24).toString("base64url");

// The newsletter's links (docs/decisions/008-customer-reply-and-double-opt-in.md): confirming a sign-up,
// unsubscribing. "newsletter" keeps these signatures apart from any other use of the same key.

export const CONFIRM_TTL_MS = 7 * 86_400_000;
/** Each newsletter carries a fresh link; an old e-mail's link works for a year. */
const UNSUBSCRIBE_TTL_MS = 365 * 86_400_000;
const CONFIRM_PATH = "/newsletter/confirm";
const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

export type TokenPurpose = "confirm" | "unsubscribe";
const NEWSLETTER_CODES: Record<TokenPurpose, string> = { confirm: "c", unsubscribe: "u" };

/** `<c|u>.<lead id>.<expiry, base 36 seconds>.<signature>` */
export const newsletterToken = (purpose: TokenPurpose, leadId: string, secret: string, now = new Date()): string =>
  makeToken(
    "newsletter",
    NEWSLETTER_CODES[purpose],
    leadId,
    purpose === "confirm" ? CONFIRM_TTL_MS : UNSUBSCRIBE_TTL_MS,
    secret,
    now,
  );

/** The sign-up a token names, or why it does not: "invalid" (forged, altered, another purpose's) or "expired". */
export function readNewsletterToken(
  token: string,
  purpose: TokenPurpose,
  secret: string,
  now = new Date(),
): { leadId: string } | "invalid" | "expired" {
  const read = readToken(token, "newsletter", NEWSLETTER_CODES[purpose], secret, now);
  return typeof read === "string" ? read : { leadId: read.id };
}

export const newsletterLink = (
  purpose: TokenPurpose,
  leadId: string,
  secret: string,
  origin: string,
  now = new Date(),
) =>
  `${origin}${purpose === "confirm" ? CONFIRM_PATH : UNSUBSCRIBE_PATH}?t=${encodeURIComponent(newsletterToken(purpose, leadId, secret, now))}`;

// The links of booking and review e-mails (docs/decisions/020-booking.md), each purpose in its own code under
// the namespace "booking-links", so a token made for one use never works for another (or as a newsletter link).

export type LinkPurpose = "book" | "manage" | "review-opt-out" | "invoice";

const LINK_CODES: Record<LinkPurpose, string> = { book: "b", manage: "m", "review-opt-out": "o", invoice: "i" };

/** How long each link works: choosing a window (from the confirmation and the reply e-mail), managing a booking, opting out of the review request. */
export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  book: 14 * 86_400_000,
  manage: 120 * 86_400_000,
  "review-opt-out": 365 * 86_400_000,
  // An invoice (its id): paid, looked at again for its receipt, kept by the customer for their records.
  invoice: 2 * 365 * 86_400_000,
};

export const LINK_PATHS: Record<LinkPurpose, string> = {
  book: "/book",
  manage: "/book/manage",
  "review-opt-out": "/reviews/opt-out",
  invoice: "/invoice",
};

// "booking-links" keeps these signatures apart from the newsletter's, made with the same key.
export const signedToken = (purpose: LinkPurpose, id: string, secret: string, now = new Date()): string =>
  makeToken("booking-links", LINK_CODES[purpose], id, LINK_TTL_MS[purpose], secret, now);

/** The id a token names, or why not: "invalid" (forged, altered, another purpose's) or "expired". */
export const readSignedToken = (
  token: string,
  purpose: LinkPurpose,
  secret: string,
  now = new Date(),
): { id: string } | "invalid" | "expired" => readToken(token, "booking-links", LINK_CODES[purpose], secret, now);

/** The query parameter a link's token travels in. */
export const LINK_PARAMS: Record<LinkPurpose, string> = {
  book: "r",
  manage: "t",
  "review-opt-out": "t",
  invoice: "t",
};

/** The path of a link carrying `token`; prefix the site's origin for an e-mail. */
export const linkPath = (purpose: LinkPurpose, token: string) =>
  `${LINK_PATHS[purpose]}?${LINK_PARAMS[purpose]}=${encodeURIComponent(token)}`;

/** The path of a new link naming `id`. */
export const signedPath = (purpose: LinkPurpose, id: string, secret: string, now = new Date()) =>
  linkPath(purpose, signedToken(purpose, id, secret, now));

// The link to the confirmation page after a form sent without JavaScript (Post/Redirect/Get): it names the stored
// request and is signed and short-lived, so no one reads another visitor's request by guessing or keeping a URL.
// `/request-received/<lead id>.<kind>.<expiry>.<duplicate>.<signature>`, signed with RECEIPT_SECRET.

export const RECEIPT_TTL_MS = 30 * 60_000;

export interface Receipt {
  /** The stored request; "" for a submission turned away as spam (nothing stored, an ordinary confirmation). */
  leadId: string;
  kind: LeadKind;
  duplicate: boolean;
}

export function receiptPath(receipt: Receipt, secret: string, now = new Date()): string {
  const parts = [receipt.leadId || "0", receipt.kind, expiryPart(now, RECEIPT_TTL_MS), receipt.duplicate ? "1" : "0"];
  return `/request-received/${seal(parts, secret)}`;
}

/** The receipt a link names, or null when it is forged, altered or expired. */
export function readReceipt(ref: string, secret: string, now = new Date()): Receipt | null {
  const parts = unseal(ref, 4, secret);
  if (!parts) return null;
  const [leadId = "", kind = "", expiry = "", duplicate = ""] = parts;
  if (!(LEAD_KINDS as readonly string[]).includes(kind) || isExpired(expiry, now)) return null;
  return { leadId: leadId === "0" ? "" : leadId, kind: kind as LeadKind, duplicate: duplicate === "1" };
}

// The link of a quote e-mail (docs/decisions/031-quotes.md): `/quote?t=<token>` naming one version of one quote
// and nothing else, valid until the quote's last day plus QUOTE_GRACE_MS (so a late visit is told it expired
// rather than that the link is wrong). Its own namespace: a quote token never opens a booking or newsletter link.

export const QUOTE_PATH = "/quote";
export const QUOTE_GRACE_MS = 30 * 86_400_000;

/** The end of a quote's last day (YYYY-MM-DD) in Boise, as an instant (at UTC-7, the later end of the two offsets). */
export const endOfQuoteDay = (validUntil: string) => new Date(`${validUntil}T23:59:59-07:00`);

/** `q.<quote version id>.<expiry>.<signature>`, expiring QUOTE_GRACE_MS after the quote's last day. */
export function quoteToken(quoteId: string, validUntil: string, secret: string, now = new Date()): string {
  const ttl = Math.max(0, endOfQuoteDay(validUntil).getTime() + QUOTE_GRACE_MS - now.getTime());
  return makeToken("quote-links", "q", quoteId, ttl, secret, now);
}

/** The quote version a token names, or why not: "invalid" (forged, altered, another family's) or "expired". */
export const readQuoteToken = (token: string, secret: string, now = new Date()) =>
  readToken(token, "quote-links", "q", secret, now);

/** The path of a quote version's link; prefix the site's origin for an e-mail. */
export const quotePath = (quoteId: string, validUntil: string, secret: string, now = new Date()) =>
  `${QUOTE_PATH}?t=${encodeURIComponent(quoteToken(quoteId, validUntil, secret, now))}`;

// The links of seasonal reminders (docs/decisions/033-seasonal-reminders.md), in their own namespace: asking for a
// reminder (naming the completed request; from its e-mail or the accepted quote's page), opting out of them (naming
// the request whose reminders they are) and asking again from a reminder (naming the reminder sent, whose request
// prefills the form). None acts on a GET.

// "request-again" names a request (the customer's page's "Request again", issue 43): the same form, prefilled from it.
export type ReminderLinkPurpose = "remind-me" | "reminder-opt-out" | "ask-again" | "request-again";
const REMINDER_CODES: Record<ReminderLinkPurpose, string> = {
  "remind-me": "r",
  "reminder-opt-out": "o",
  "ask-again": "a",
  "request-again": "q",
};

/** How long each works: the offer (a season away at most), the opt-out and the request (as long as the reminders). */
export const REMINDER_LINK_TTL_MS: Record<ReminderLinkPurpose, number> = {
  "remind-me": 120 * 86_400_000,
  "reminder-opt-out": 3 * 365 * 86_400_000,
  "ask-again": 365 * 86_400_000,
  // As long as the page it is on.
  "request-again": 7 * 86_400_000,
};

export const REMINDER_LINK_PATHS: Record<ReminderLinkPurpose, string> = {
  "remind-me": "/reminders/remind-me",
  "reminder-opt-out": "/reminders/opt-out",
  "ask-again": "/contact",
  "request-again": "/contact",
};

/** The query parameter of each: the request form reads `reminder`, the other two pages `t`. */
const REMINDER_LINK_PARAMS: Record<ReminderLinkPurpose, string> = {
  "remind-me": "t",
  "reminder-opt-out": "t",
  "ask-again": "reminder",
  "request-again": "reminder",
};

export const reminderToken = (purpose: ReminderLinkPurpose, id: string, secret: string, now = new Date()): string =>
  makeToken("reminder-links", REMINDER_CODES[purpose], id, REMINDER_LINK_TTL_MS[purpose], secret, now);

/** The id a reminder link's token names, or why not: "invalid" (forged, altered, another purpose's) or "expired". */
export const readReminderToken = (
  token: string,
  purpose: ReminderLinkPurpose,
  secret: string,
  now = new Date(),
): { id: string } | "invalid" | "expired" => readToken(token, "reminder-links", REMINDER_CODES[purpose], secret, now);

/** The path of a new reminder link naming `id`; prefix the site's origin for an e-mail. */
export const reminderPath = (purpose: ReminderLinkPurpose, id: string, secret: string, now = new Date()) =>
  `${REMINDER_LINK_PATHS[purpose]}?${REMINDER_LINK_PARAMS[purpose]}=${encodeURIComponent(reminderToken(purpose, id, secret, now))}`;

/** The address of the n-th photo of the finished job on an invoice, with the invoice link's own token. */
export const invoicePhotoPath = (n: number, token: string) =>
  `/invoice/photos/${n}?${LINK_PARAMS.invoice}=${encodeURIComponent(token)}`;

// The customer's own page (/account?t=…, issue 43): every request, quote, visit, invoice and receipt of the customer
// recognised by one e-mail address or one mobile number. The token names a stored request (its lead id) and the
// channel the link was sent through: "email" shows every request with that request's e-mail address, "phone" every
// request with its mobile number, each compared in its normal form. Holding the link proves only that channel, so a
// link sent by e-mail never shows the requests that share only the phone, and the reverse. Its own namespace: an
// account token never opens a booking, quote, invoice or newsletter link, nor they an account.

export type AccountChannel = "email" | "phone";
const ACCOUNT_CODES: Record<AccountChannel, string> = { email: "e", phone: "p" };
/** A week, as the platforms' client hubs do; the page opened from an older link offers to send a new one. */
export const ACCOUNT_TTL_MS = 7 * 86_400_000;
export const ACCOUNT_PATH = "/account";

/** `<e|p>.<lead id>.<expiry>.<signature>` under the namespace "account". */
export const accountToken = (channel: AccountChannel, leadId: string, secret: string, now = new Date()): string =>
  makeToken("account", ACCOUNT_CODES[channel], leadId, ACCOUNT_TTL_MS, secret, now);

/** The request and channel an account token names, or why not: "invalid" (forged, altered, another family's) or "expired". */
export function readAccountToken(
  token: string,
  secret: string,
  now = new Date(),
): { channel: AccountChannel; leadId: string } | "invalid" | "expired" {
  let outcome: "invalid" | "expired" = "invalid";
  for (const channel of ["email", "phone"] as const) {
    const read = readToken(token, "account", ACCOUNT_CODES[channel], secret, now);
    if (typeof read !== "string") return { channel, leadId: read.id };
    if (read === "expired") outcome = "expired";
  }
  return outcome;
}

/** The path of a new account link; prefix the site's origin for an e-mail or a text. */
export const accountPath = (channel: AccountChannel, leadId: string, secret: string, now = new Date()) =>
  `${ACCOUNT_PATH}?t=${encodeURIComponent(accountToken(channel, leadId, secret, now))}`;
