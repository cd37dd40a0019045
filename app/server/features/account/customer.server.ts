/**
 * Who the customer of an account link is (docs/decisions/051-customer-recognition.md): the link names one stored
 * request and the channel it was sent through; the customer is every request whose e-mail address (channel
 * "email") or phone number (channel "phone") has the same normal form as that request's (leads.email_key,
 * leads.phone_key). Only that channel: a link sent by e-mail never reaches the requests that share only the phone.
 * Read newest first from the key's index, at most ACCOUNT_REQUESTS_MAX; the page says when there are more.
 */
import type { Database } from "../../kit/db/database.server.ts";
import { emailKey, phoneKey } from "../../kit/customer-keys.server.ts";
import type { AccountChannel } from "../../kit/signed-links.server.ts";

/** The most requests one page lists (newest first); past it the page says that older ones are not shown. */
export const ACCOUNT_REQUESTS_MAX = 20;
/** The most earlier requests the owner's request page lists. */
export const EARLIER_REQUESTS_MAX = 10;

/** The kinds of request a customer's page shows: a job application is no customer's, a sign-up is a preference. */
const CUSTOMER_KINDS = ["estimate", "contact"] as const;

export interface Customer {
  channel: AccountChannel;
  /** The normal form the customer is recognised by (an e-mail address or +1XXXXXXXXXX). */
  key: string;
  /** Their estimate and contact requests, newest first, at most ACCOUNT_REQUESTS_MAX. */
  leadIds: string[];
  /** More requests than listed. */
  more: boolean;
  /** Their newsletter sign-ups (by e-mail only: a phone link proves no mailbox). */
  signUps: string[];
}

const keyColumn = (channel: AccountChannel) => (channel === "email" ? "email_key" : "phone_key");

/** The customer a link names, or null when its request is gone or has no such address or number. */
export async function customerOf(
  database: Database,
  link: { channel: AccountChannel; leadId: string },
): Promise<Customer | null> {
  const column = keyColumn(link.channel);
  const named = await database.db
    .selectFrom("leads")
    .select(["email_key", "phone_key"])
    .where("id", "=", link.leadId)
    .executeTakeFirst();
  const key = named?.[column];
  if (!key) return null;
  const rows = await database.db
    .selectFrom("leads")
    .select("id")
    .where(column, "=", key)
    .where("kind", "in", CUSTOMER_KINDS)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(ACCOUNT_REQUESTS_MAX + 1)
    .execute();
  const signUps =
    link.channel === "email"
      ? await database.db
          .selectFrom("leads")
          .select("id")
          .where("email_key", "=", key)
          .where("kind", "=", "newsletter")
          .orderBy("created_at", "desc")
          .limit(ACCOUNT_REQUESTS_MAX)
          .execute()
      : [];
  return {
    channel: link.channel,
    key,
    leadIds: rows.slice(0, ACCOUNT_REQUESTS_MAX).map((row) => row.id),
    more: rows.length > ACCOUNT_REQUESTS_MAX,
    signUps: signUps.map((row) => row.id),
  };
}

/** What "Send me my link" was given: an e-mail address (it has an @) or a phone number, in its normal form. */
export function typedContact(typed: string): { channel: AccountChannel; key: string } | null {
  if (typed.includes("@")) {
    const key = emailKey(typed);
    return key && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(key) ? { channel: "email", key } : null;
  }
  const key = phoneKey(typed);
  return key ? { channel: "phone", key } : null;
}

/**
 * The newest request of a customer recognised by `contact` (an estimate or contact request, or for an e-mail a
 * newsletter sign-up), or null when none has that address or number: the account link names it.
 */
export async function latestRequestOf(
  database: Database,
  contact: { channel: AccountChannel; key: string },
): Promise<string | null> {
  const kinds = contact.channel === "email" ? [...CUSTOMER_KINDS, "newsletter" as const] : CUSTOMER_KINDS;
  const row = await database.db
    .selectFrom("leads")
    .select("id")
    .where(keyColumn(contact.channel), "=", contact.key)
    .where("kind", "in", kinds)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface EarlierRequest {
  id: string;
  createdAt: Date;
  kind: string;
  /** What ties it to this request: the same e-mail address, the same phone number, or both. */
  sharedBy: ("email" | "phone")[];
}

/**
 * The same customer's requests sent before this one (the same e-mail address or phone number in normal form),
 * newest first, at most EARLIER_REQUESTS_MAX, for the owner's request page. Two index ranges, merged.
 */
export async function earlierRequests(database: Database, leadId: string): Promise<EarlierRequest[]> {
  const lead = await database.db
    .selectFrom("leads")
    .select(["email_key", "phone_key", "created_at"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!lead) return [];
  const found = new Map<string, EarlierRequest>();
  for (const channel of ["email", "phone"] as const) {
    const column = keyColumn(channel);
    const key = lead[column];
    if (!key) continue;
    const rows = await database.db
      .selectFrom("leads")
      .select(["id", "created_at", "kind"])
      .where(column, "=", key)
      .where("created_at", "<=", lead.created_at)
      .where("id", "!=", leadId)
      .where("kind", "in", CUSTOMER_KINDS)
      .orderBy("created_at", "desc")
      .limit(EARLIER_REQUESTS_MAX)
      .execute();
    for (const row of rows) {
      const known = found.get(row.id);
      if (known) known.sharedBy.push(channel);
      else found.set(row.id, { id: row.id, createdAt: new Date(row.created_at), kind: row.kind, sharedBy: [channel] });
    }
  }
  return [...found.values()]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, EARLIER_REQUESTS_MAX);
}
