/**
 * A newsletter sign-up as the form stores it (the hooks handleLeadSubmission gives recordLead): a new sign-up is
 * 'pending'; the same address again is pending again with a new confirmation e-mail, within limits (below).
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { DB } from "../../kit/db/tables.server.ts";
import type { IntakeHooks, ReplyAgain } from "../../kit/leads.server.ts";

/** A repeat sign-up of an address that is not confirmed gets a new confirmation e-mail, at most this often. */
export const CONFIRMATION_RESEND_MS = 10 * 60_000;

/**
 * A newsletter sign-up for an address already stored: a confirmed one stays as it is (nothing is sent); a
 * pending or unsubscribed one is pending again and its confirmation e-mail is queued again, unless one is
 * still waiting to go out or went out less than CONFIRMATION_RESEND_MS ago (a double click sends one).
 * The re-armed job gets a new id: it is a new message, and the worker's memory of the old one stays true.
 * A confirmation e-mail is a reply like any other: it counts towards the address's REPLY_LIMIT.
 */
async function signUpAgain(trx: Transaction<DB>, leadId: string, at: Date, reply: ReplyAgain): Promise<void> {
  const now = at.toISOString();
  const subscription = await trx
    .selectFrom("newsletter_subscriptions")
    .select("status")
    .where("lead_id", "=", leadId)
    .executeTakeFirst();
  if (subscription?.status === "confirmed") return;
  if (subscription)
    await trx
      .updateTable("newsletter_subscriptions")
      .set({ status: "pending", updated_at: now })
      .where("lead_id", "=", leadId)
      .execute();
  else
    await trx
      .insertInto("newsletter_subscriptions")
      .values({ lead_id: leadId, status: "pending", updated_at: now })
      .execute();
  const job = await trx
    .selectFrom("outbox_jobs")
    .select(["id", "status", "sent_at"])
    .where("lead_id", "=", leadId)
    .where("kind", "=", "reply")
    .executeTakeFirst();
  if (!job) {
    if (!(await reply.reserve())) return;
    await trx.insertInto("outbox_jobs").values(reply.job()).execute();
    return;
  }
  const recent =
    job.status === "pending" ||
    (job.status === "sent" && job.sent_at !== null && at.getTime() - Date.parse(job.sent_at) < CONFIRMATION_RESEND_MS);
  if (recent || !(await reply.reserve())) return;
  await trx
    .updateTable("outbox_jobs")
    .set({
      id: randomUUID(),
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      sent_at: null,
      last_error: null,
      locked_until: null,
      lease_token: null,
    })
    .where("id", "=", job.id)
    .where("status", "!=", "pending")
    .execute();
}

export const NEWSLETTER_SIGN_UP: IntakeHooks = {
  async stored(trx, leadId, at) {
    await trx
      .insertInto("newsletter_subscriptions")
      .values({ lead_id: leadId, status: "pending", updated_at: at.toISOString() })
      .execute();
  },
  repeated: signUpAgain,
};
