/**
 * What became of a deposit's Checkout Session, recorded once (docs/decisions/032-deposits.md). A session's
 * status only moves forward: pending → paid, failed or expired, each final. An event id is taken once; a
 * replayed event (the same id), another event about the same outcome (a different id) and an older event
 * arriving late all change nothing. The owner's e-mail and text about a paid deposit are queued in the same
 * transaction as the move to paid, so they are queued once, whichever server instance takes the webhook; so is the
 * request's "deposit-paid" event (its stage: app/server/kit/stages.ts).
 */
import type { Transaction } from "kysely";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB, InvoicePaymentMethod, PaymentStatus } from "../../kit/db/tables.server.ts";
import { type Env, textAlertSettings } from "../../kit/env.server.ts";
import { localDateString } from "../../kit/business-time.server.ts";
import { invoiceBalance } from "../../kit/invoice-ledger.server.ts";
import { cancelInvoiceReminders } from "../../kit/invoice-reminder-jobs.server.ts";
import { recordEvent } from "../../kit/leads.server.ts";
import { outboxJob } from "../../notify/jobs.server.ts";
import { PAYMENT_JOB_KINDS } from "./job-kinds.ts";

type TextEnv = Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "OWNER_PHONE" | "TWILIO_API_URL">;

/**
 * What else an invoice paid in full sets off, in the same transaction (the review request: handed in by the
 * server, app.server.ts and the owner's payments page, as a feature never imports another).
 */
export type WhenPaidInFull = (trx: Transaction<DB>, leadId: string, now: Date) => Promise<unknown>;

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
    env: TextEnv;
  },
  change: CheckoutChange,
  now: Date = new Date(),
): Promise<Recorded> {
  const { env } = app;
  const at = now.toISOString();
  const bySession = { column: "checkout_session_id", id: change.sessionId } as const;
  return recordOnce(app.database, change, {
    find: (trx) => trx.selectFrom("payments").selectAll().where(bySession.column, "=", bySession.id).executeTakeFirst(),
    take: async (trx, eventId) =>
      inserted(
        await trx
          .insertInto("payment_events")
          .values({ event_id: eventId, checkout_session_id: change.sessionId, type: change.type, received_at: at })
          .onConflict((oc) => oc.column("event_id").doNothing())
          .executeTakeFirst(),
      ),
    ...sessionMoves("payments", change.sessionId, at),
    onPaid: async (trx, session) => {
      if (!session.lead_id) return;
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
            outboxJob(PAYMENT_JOB_KINDS, {
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
    },
  });
}

/** What one Checkout event says: its session, its id (null: a check with Stripe), the outcome and payment intent. */
export interface CheckoutChange {
  sessionId: string;
  eventId: string | null;
  type: string;
  outcome: Outcome;
  paymentIntentId?: string | null;
}

/**
 * The payment intent kept and the status moved from pending, on a row of either table of Checkout Sessions (a
 * deposit's `payments`, an invoice's `invoice_payments`: the same columns for these).
 */
const sessionMoves = (
  table: "payments" | "invoice_payments",
  sessionId: string,
  at: string,
): Pick<Ledger<unknown>, "keepIntent" | "move"> => ({
  keepIntent: (trx, intent) =>
    trx
      .updateTable(table as "payments")
      .set({ payment_intent_id: intent })
      .where("checkout_session_id", "=", sessionId)
      .where("payment_intent_id", "is", null)
      .execute(),
  move: async (trx, outcome) =>
    (
      await trx
        .updateTable(table as "payments")
        .set({ status: outcome, updated_at: at, ...(outcome === "paid" ? { paid_at: at } : {}) })
        .where("checkout_session_id", "=", sessionId)
        .where("status", "=", "pending")
        .executeTakeFirst()
    ).numUpdatedRows > 0n,
});

const inserted = (result: { numInsertedOrUpdatedRows?: bigint }) => Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;

/** The queries of one kind of payment row (a deposit's, an invoice's) that recordOnce runs in its order. */
interface Ledger<Row> {
  find(trx: Transaction<DB>): Promise<Row | undefined>;
  /** Takes the event id; false when it was taken before. */
  take(trx: Transaction<DB>, eventId: string): Promise<boolean>;
  keepIntent(trx: Transaction<DB>, paymentIntentId: string): Promise<unknown>;
  /** Moves the row from pending to `outcome`; false when it had moved already. */
  move(trx: Transaction<DB>, outcome: NonNullable<Outcome>): Promise<boolean>;
  onPaid(trx: Transaction<DB>, row: Row): Promise<unknown>;
}

/**
 * One transaction: the row found (else "unknown-session"), the event id taken once ("replayed"), the payment intent
 * kept from whichever event first says it (refunds and disputes name it), the status moved from pending only
 * ("unchanged" otherwise), and on the move to paid what it sets off.
 */
function recordOnce<Row>(database: Database, change: CheckoutChange, ledger: Ledger<Row>): Promise<Recorded> {
  return database.db.transaction().execute(async (trx) => {
    const row = await ledger.find(trx);
    if (!row) return "unknown-session";
    if (change.eventId && !(await ledger.take(trx, change.eventId))) return "replayed";
    if (change.paymentIntentId) await ledger.keepIntent(trx, change.paymentIntentId);
    if (!change.outcome) return "unchanged";
    if (!(await ledger.move(trx, change.outcome))) return "unchanged";
    if (change.outcome === "paid") await ledger.onPaid(trx, row);
    return "recorded";
  });
}

/** What a payment's receipt says (the job's payload, frozen when the payment was recorded). */
export interface ReceiptPayload {
  invoiceId: string;
  invoiceNumber: string;
  method: InvoicePaymentMethod;
  amountCents: number;
  tipCents: number;
  /** A check's number or the owner's note. */
  reference: string | null;
  /** YYYY-MM-DD (America/Boise), the day it was received or paid. */
  paidOn: string;
  /** The balance left after it. */
  balanceCents: number;
}

/**
 * In the transaction that moved an invoice payment to paid: its receipt to the customer (outbox 'receipt', ref: the
 * payment's id), the owner's e-mail and text of a card payment ('balance-paid', 'balance-paid-sms'), and when
 * the balance is 0 the request's "invoice-paid" event (its stage: Paid), its pending reminders called off, and what
 * else that sets off.
 */
export async function afterInvoicePayment(
  trx: Transaction<DB>,
  paymentId: string,
  { env, now, paidOn, whenPaidInFull }: { env: TextEnv; now: Date; paidOn: string; whenPaidInFull?: WhenPaidInFull },
): Promise<{ balanceCents: number }> {
  const payment = await trx
    .selectFrom("invoice_payments")
    .innerJoin("invoices", "invoices.id", "invoice_payments.invoice_id")
    .select([
      "invoice_payments.invoice_id",
      "invoice_payments.lead_id",
      "invoice_payments.method",
      "invoice_payments.amount_cents",
      "invoice_payments.tip_cents",
      "invoice_payments.reference",
      "invoices.number",
    ])
    .where("invoice_payments.id", "=", paymentId)
    .executeTakeFirstOrThrow();
  const balance = await invoiceBalance(trx, payment.invoice_id);
  const balanceCents = balance?.balanceCents ?? 0;
  const leadId = payment.lead_id;
  if (!leadId) return { balanceCents };
  const at = now.toISOString();
  const receipt: ReceiptPayload = {
    invoiceId: payment.invoice_id,
    invoiceNumber: payment.number,
    method: payment.method,
    amountCents: Number(payment.amount_cents),
    tipCents: Number(payment.tip_cents),
    reference: payment.reference,
    paidOn,
    balanceCents,
  };
  const owner =
    payment.method !== "card"
      ? []
      : textAlertSettings(env)
        ? (["balance-paid", "balance-paid-sms"] as const)
        : (["balance-paid"] as const);
  await trx
    .insertInto("outbox_jobs")
    .values(
      (["receipt", ...owner] as const).map((kind) =>
        outboxJob(PAYMENT_JOB_KINDS, {
          lead_id: leadId,
          kind,
          ref: paymentId,
          payload: JSON.stringify(receipt),
          created_at: at,
        }),
      ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
  if (balance && balance.totalCents > 0 && balanceCents === 0) {
    // Nothing is left to chase: the reminders still pending end with the payment, not when each falls due.
    await cancelInvoiceReminders(trx, payment.invoice_id, "PAID");
    await recordEvent(trx, leadId, { kind: "invoice-paid", ref: payment.invoice_id, at: now });
    await whenPaidInFull?.(trx, leadId, now);
  }
  return { balanceCents };
}

/**
 * Records `outcome` of an invoice's Checkout Session (a card payment of its balance), as recordOutcome does for a
 * deposit: the event id taken once (stripe_events), the row moved from pending only, its payment intent kept, and
 * on the move to paid its receipt, the owner's e-mail and text, and the Paid stage (afterInvoicePayment).
 */
export async function recordInvoiceOutcome(
  app: { database: Database; env: TextEnv; whenPaidInFull?: WhenPaidInFull },
  change: CheckoutChange,
  now: Date = new Date(),
): Promise<Recorded> {
  const at = now.toISOString();
  const bySession = { column: "checkout_session_id", id: change.sessionId } as const;
  return recordOnce(app.database, change, {
    find: (trx) =>
      trx.selectFrom("invoice_payments").select("id").where(bySession.column, "=", bySession.id).executeTakeFirst(),
    take: async (trx, eventId) =>
      inserted(
        await trx
          .insertInto("stripe_events")
          .values({ event_id: eventId, type: change.type.slice(0, 100), object_id: change.sessionId, received_at: at })
          .onConflict((oc) => oc.column("event_id").doNothing())
          .executeTakeFirst(),
      ),
    ...sessionMoves("invoice_payments", change.sessionId, at),
    onPaid: (trx, row) =>
      afterInvoicePayment(trx, row.id, {
        env: app.env,
        now,
        paidOn: localDateString(now),
        whenPaidInFull: app.whenPaidInFull,
      }),
  });
}
