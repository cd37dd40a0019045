/**
 * The newsletter's double opt-in (docs/decisions/008-customer-reply-and-double-opt-in.md): a sign-up is
 * 'pending' until the link in its confirmation e-mail is followed, then 'confirmed' (only these count), and
 * 'unsubscribed' after a click on any unsubscribe link. The links carry signed, expiring tokens naming the
 * sign-up, signed by the site's one signer (app/server/kit/signed-links.server.ts) with linkSecret: LINK_SECRET or,
 * unset, a random key the site keeps in its database (so links survive restarts and work on every instance).
 */
import type { Database } from "../../kit/db/database.server.ts";
import type { SubscriptionStatus } from "../../kit/db/tables.server.ts";

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
