/**
 * What became of a deposit's Checkout Session, recorded once (docs/decisions/032-deposits.md). A session's
 * status only moves forward: pending → paid, failed or expired, each final. An event id is taken once; a
 * replayed event (the same id), another event about the same outcome (a different id) and an older event
 * arriving late all change nothing. The owner's e-mail and text about a paid deposit are queued in the same
 * transaction as the move to paid, so they are queued once, whichever server instance takes the webhook; so is the
 * request's "deposit-paid" event (its stage: app/server/kit/stages.ts).
 */
import type { Database, PaymentStatus } from "../../kit/db/database.server.ts";
import { type Env, textAlertSettings } from "../../kit/env.server.ts";
import { recordEvent } from "../../kit/leads.server.ts";
import { outboxJob } from "../../notify/jobs.server.ts";
import { PAYMENT_SENDERS } from "./jobs.server.ts";

/** The outcome an event says: paid, failed, expired, or nothing to record (a completed session still processing its payment). */
export type Outcome = Exclude<PaymentStatus, "pending"> | null;

/** What the deposit e-mail and text say (the job's payload). */
export interface DepositPaidPayload {
  quoteRef: string;
  quoteVersion: number;
  amountCents: number;
  currency: string;
}

export type Recorded =
  /** The event moved the session to its outcome (a paid one: the owner is told). */
  | "recorded"
  /** The event id was taken before. */
  | "replayed"
  /** The session's status had moved already, or the event says nothing to record: kept as seen only. */
  | "unchanged"
  /** No session of ours (another integration on the same Stripe account): nothing stored. */
  | "unknown-session";

/**
 * Records `outcome` of session `sessionId` from event `eventId` (null: a manual check, no event). In one
 * transaction: the event id taken, the status moved from pending only, the owner's jobs queued on paid.
 */
export async function recordOutcome(
  app: {
    database: Database;
    env: Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "OWNER_PHONE" | "TWILIO_API_URL">;
  },
  change: { sessionId: string; eventId: string | null; type: string; outcome: Outcome },
  now: Date = new Date(),
): Promise<Recorded> {
  const { database, env } = app;
  const at = now.toISOString();
  return database.db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom("payments")
      .selectAll()
      .where("checkout_session_id", "=", change.sessionId)
      .executeTakeFirst();
    if (!session) return "unknown-session";
    if (change.eventId) {
      const taken = await trx
        .insertInto("payment_events")
        .values({ event_id: change.eventId, checkout_session_id: change.sessionId, type: change.type, received_at: at })
        .onConflict((oc) => oc.column("event_id").doNothing())
        .executeTakeFirst();
      if (Number(taken.numInsertedOrUpdatedRows ?? 0n) === 0) return "replayed";
    }
    if (!change.outcome) return "unchanged";
    const moved = await trx
      .updateTable("payments")
      .set({ status: change.outcome, updated_at: at, ...(change.outcome === "paid" ? { paid_at: at } : {}) })
      .where("checkout_session_id", "=", change.sessionId)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) return "unchanged";
    if (change.outcome === "paid" && session.lead_id) {
      await recordEvent(trx, session.lead_id, { kind: "deposit-paid", ref: change.sessionId, at: now });
      const payload: DepositPaidPayload = {
        quoteRef: session.quote_ref,
        quoteVersion: session.quote_version,
        amountCents: session.amount_cents,
        currency: session.currency,
      };
      const kinds = textAlertSettings(env) ? (["deposit", "deposit-sms"] as const) : (["deposit"] as const);
      await trx
        .insertInto("outbox_jobs")
        .values(
          kinds.map((kind) =>
            outboxJob(PAYMENT_SENDERS, {
              lead_id: session.lead_id!,
              kind,
              ref: change.sessionId,
              payload: JSON.stringify(payload),
              created_at: at,
            }),
          ),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return "recorded";
  });
}
