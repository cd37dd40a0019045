/** Whether the owner was told of a request: its 'notified' mark, and the count behind the delivery alert. */
import type { Database } from "../../kit/db/database.server.ts";
import type { LeadJobKind } from "./job-kinds.ts";

/**
 * The jobs that tell the owner of a new request. The others (the visitor's reply; the booking, reminder and review
 * e-mails, which may be due days later or called off) must not keep the delivery alert on or a request "not yet
 * delivered".
 */
const OWNER_NOTIFICATIONS: LeadJobKind[] = ["email", "webhook", "sms"];

/**
 * How many of the owner's notification jobs (e-mail, webhook, text message) created before `olderThan` are still not
 * delivered (pending or given up). Replies to visitors do not count: a mistyped address must not keep the alert on.
 */
export async function countUndelivered(database: Database, olderThan: Date): Promise<number> {
  const row = await database.db
    .selectFrom("outbox_jobs")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("status", "!=", "sent")
    .where("kind", "in", OWNER_NOTIFICATIONS)
    .where("created_at", "<", olderThan.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Marks a lead (or, without an id, every pending lead) 'notified' once none of the owner's jobs (e-mail,
 * webhook, text message) is left unsent; the reply to the visitor is not part of it.
 * A single statement, run after each sent job, so that of two jobs finishing at once the later one sees both sent.
 */
export async function markNotified(database: Database, leadId?: string): Promise<void> {
  let query = database.db
    .updateTable("leads")
    .set({ delivery_status: "notified" })
    .where("delivery_status", "=", "pending")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("outbox_jobs")
            .select("outbox_jobs.id")
            .whereRef("outbox_jobs.lead_id", "=", "leads.id")
            .where("outbox_jobs.status", "!=", "sent")
            .where("outbox_jobs.kind", "in", OWNER_NOTIFICATIONS),
        ),
      ),
    );
  if (leadId) query = query.where("id", "=", leadId);
  await query.execute();
}
