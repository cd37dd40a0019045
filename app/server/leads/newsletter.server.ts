/**
 * The newsletter's double opt-in (docs/decisions/008-customer-reply-and-double-opt-in.md): a sign-up is
 * 'pending' until the link in its confirmation e-mail is followed, then 'confirmed' (only these count), and
 * 'unsubscribed' after a click on any unsubscribe link. The links carry signed, expiring tokens naming the
 * sign-up; the key is LINK_SECRET or, unset, a random key the site keeps in its database (so links survive
 * restarts and work on every instance).
 */
import type { Database, SubscriptionStatus } from "../db/database.server.ts";
import type { Env } from "../env.server.ts";
import { storedSecret } from "../db/site-secrets.server.ts";
import { makeToken, readToken } from "../signed-token.server.ts";

export const CONFIRM_TTL_MS = 7 * 86_400_000;
/** Each newsletter carries a fresh link; an old e-mail's link works for a year. */
const UNSUBSCRIBE_TTL_MS = 365 * 86_400_000;
const CONFIRM_PATH = "/newsletter/confirm";
const UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

export type TokenPurpose = "confirm" | "unsubscribe";
const CODES: Record<TokenPurpose, string> = { confirm: "c", unsubscribe: "u" };

/** The key signing the links: LINK_SECRET, else the one stored in the database (created by the first instance that asks). */
export function linkSecret(database: Database, env: Pick<Env, "LINK_SECRET">): Promise<string> {
  return env.LINK_SECRET ? Promise.resolve(env.LINK_SECRET) : storedSecret(database, "links");
}

// "newsletter" keeps these signatures apart from any other use of the same key.
/** `<c|u>.<lead id>.<expiry, base 36 seconds>.<signature>` */
export const newsletterToken = (purpose: TokenPurpose, leadId: string, secret: string, now = new Date()): string =>
  makeToken(
    "newsletter",
    CODES[purpose],
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
  const read = readToken(token, "newsletter", CODES[purpose], secret, now);
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

/**
 * The headers every e-mail to a subscriber carries (RFC 2369 and RFC 8058): mail programs show an
 * Unsubscribe button that POSTs `List-Unsubscribe=One-Click` to the https link. RFC 8058 allows one-click
 * only over https: with an http link (SITE_URL in development) the
 * e-mail carries List-Unsubscribe alone, and still goes out.
 */
export function listUnsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  const list = { "List-Unsubscribe": `<${unsubscribeUrl}>` };
  return /^https:\/\//.test(unsubscribeUrl) ? { ...list, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" } : list;
}

export interface Subscription {
  leadId: string;
  email: string;
  status: SubscriptionStatus;
  signedUpAt: Date;
  confirmedAt: Date | null;
}

const subscriptions = (database: Database) =>
  database.db
    .selectFrom("newsletter_subscriptions as s")
    .innerJoin("leads", "leads.id", "s.lead_id")
    .select(["s.lead_id", "leads.email", "s.status", "leads.created_at", "s.confirmed_at"]);

const toSubscription = (row: {
  lead_id: string;
  email: string;
  status: SubscriptionStatus;
  created_at: string;
  confirmed_at: string | null;
}): Subscription => ({
  leadId: row.lead_id,
  email: row.email,
  status: row.status,
  signedUpAt: new Date(row.created_at),
  confirmedAt: row.confirmed_at ? new Date(row.confirmed_at) : null,
});

export async function getSubscription(database: Database, leadId: string): Promise<Subscription | undefined> {
  const row = await subscriptions(database).where("s.lead_id", "=", leadId).executeTakeFirst();
  return row && toSubscription(row);
}

/** Moves a sign-up to `status` from one of the states `from`; any other state stays. Returns the state after the call (undefined: no such sign-up). */
async function move(
  database: Database,
  leadId: string,
  status: "confirmed" | "unsubscribed",
  from: SubscriptionStatus[],
  now: Date,
): Promise<SubscriptionStatus | undefined> {
  const at = now.toISOString();
  await database.db
    .updateTable("newsletter_subscriptions")
    .set({ status, updated_at: at, ...(status === "confirmed" ? { confirmed_at: at } : { unsubscribed_at: at }) })
    .where("lead_id", "=", leadId)
    .where("status", "in", from)
    .execute();
  return (await getSubscription(database, leadId))?.status;
}

/** pending → confirmed (an unsubscribed address is not brought back by an old confirmation link). */
export const confirmSubscription = (database: Database, leadId: string, now = new Date()) =>
  move(database, leadId, "confirmed", ["pending"], now);

/** pending or confirmed → unsubscribed (idempotent). */
export const unsubscribe = (database: Database, leadId: string, now = new Date()) =>
  move(database, leadId, "unsubscribed", ["pending", "confirmed"], now);

/** The addresses that may be sent the newsletter: confirmed ones only, in order of confirmation. */
export async function listConfirmedSubscribers(database: Database): Promise<Subscription[]> {
  const rows = await subscriptions(database)
    .where("s.status", "=", "confirmed")
    .orderBy("s.confirmed_at")
    .orderBy("s.lead_id")
    .execute();
  return rows.map(toSubscription);
}
