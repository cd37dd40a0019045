/** How long requests are kept, and their deletion after it (an upkeep task of the outbox worker). */
import type { Database } from "../../kit/db/database.server.ts";
import type { LeadKind } from "../../kit/lead-kinds.server.ts";

/** How long requests are kept (the privacy policy's retention table); confirmed newsletter sign-ups stay until removed, unconfirmed ones UNCONFIRMED_SIGNUP_DAYS. */
export const RETENTION_DAYS: Partial<Record<LeadKind, number>> = {
  estimate: 3 * 365,
  contact: 3 * 365,
  application: 365,
};

/** A newsletter sign-up whose address was never confirmed is deleted this long after it (or its last repeat). */
export const UNCONFIRMED_SIGNUP_DAYS = 30;

/** Deletes requests older than their retention period, and sign-ups never confirmed, with their attachment, jobs and state (cascade). */
export async function purgeExpiredLeads(database: Database, now = new Date()): Promise<number> {
  const unconfirmedBefore = new Date(now.getTime() - UNCONFIRMED_SIGNUP_DAYS * 86_400_000).toISOString();
  const unconfirmed = await database.db
    .deleteFrom("leads")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("newsletter_subscriptions")
        .select("lead_id")
        .where("status", "=", "pending")
        .where("updated_at", "<", unconfirmedBefore),
    )
    .executeTakeFirst();
  let deleted = Number(unconfirmed.numDeletedRows);
  for (const [kind, days] of Object.entries(RETENTION_DAYS) as [LeadKind, number][]) {
    const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
    const result = await database.db
      .deleteFrom("leads")
      .where("kind", "=", kind)
      .where("created_at", "<", cutoff)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}
