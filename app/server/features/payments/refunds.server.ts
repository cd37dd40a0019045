/**
 * Refunds and disputes from Stripe's webhook (docs/decisions/043-refunds-and-disputes.md), recorded once.
 *
 * - `stripeChangeOf` reads an event the site handles into a change, checking its shape: ids of Stripe's forms,
 *   amounts that are non-negative integers, US dollars. An event of another shape is "malformed": answered 200
 *   and ignored (Stripe would only send it again), logged by its type and id only.
 * - `recordStripeChange` ties the change to what it returns by its payment intent (a deposit in `payments`, or an
 *   invoice's card payment in `invoice_payments`) and, in one transaction: takes the event id in `stripe_events`
 *   (a replay changes nothing), upserts each refund or the dispute by Stripe's id (a status moves only to a later
 *   state: a late or replayed older event changes nothing), and queues the owner's e-mail and text once: on the
 *   move of a refund to succeeded, and on the first event of a dispute. A payment intent that is none of ours
 *   (another integration on the same Stripe account) stores nothing.
 */
import type { Transaction } from "kysely";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB, RefundStatus } from "../../kit/db/tables.server.ts";
import { type Env, type StripeSettings, textAlertSettings } from "../../kit/env.server.ts";
import { outboxJob } from "../../notify/jobs.server.ts";
import { stripeClient } from "./deposits.server.ts";
import { PAYMENT_JOB_KINDS } from "./job-kinds.ts";

/** The refund and dispute events the site handles. */
export const REFUND_EVENTS = ["charge.refunded", "refund.created", "refund.updated"] as const;
export const DISPUTE_EVENTS = ["charge.dispute.created", "charge.dispute.updated", "charge.dispute.closed"] as const;

/** A refund as Stripe reports it, checked. `created`: when Stripe made it. */
export interface RefundFact {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  status: RefundStatus;
  created: Date;
}

/** A dispute as Stripe reports it, checked. `dueBy`: Stripe's deadline for the evidence (null when none). */
export interface DisputeFact {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  reason: string;
  status: DisputeStatus;
  created: Date;
  dueBy: Date | null;
}

export type StripeChange =
  /** A refund event, or a charge.refunded that carries its refunds' list. */
  | { kind: "refunds"; paymentIntentId: string; refunds: RefundFact[] }
  /** A charge.refunded without its list (Stripe's API versions since 2022-11-15): the list is asked of Stripe. */
  | { kind: "charge-refunds"; paymentIntentId: string; chargeId: string }
  | { kind: "dispute"; paymentIntentId: string; dispute: DisputeFact };

/** Stripe's dispute statuses, by how far along they are: a status moves only to a later rank. */
const DISPUTE_RANK = {
  warning_needs_response: 0,
  needs_response: 0,
  warning_under_review: 1,
  under_review: 1,
  warning_closed: 2,
  won: 2,
  lost: 2,
  prevented: 2,
} as const;
export type DisputeStatus = keyof typeof DISPUTE_RANK;

/** A refund's statuses by rank: pending (or waiting on the customer), then succeeded, then failed or canceled (a succeeded refund can still fail). */
const REFUND_RANK: Record<RefundStatus, number> = {
  pending: 0,
  requires_action: 0,
  succeeded: 1,
  failed: 2,
  canceled: 2,
};

const below = <S extends string>(ranks: Record<S, number>, status: S): S[] =>
  (Object.keys(ranks) as S[]).filter((s) => ranks[s] < ranks[status]);

const ID = {
  refund: /^(re|pyr)_[A-Za-z0-9]{1,250}$/,
  intent: /^pi_[A-Za-z0-9]{1,250}$/,
  charge: /^(ch|py)_[A-Za-z0-9]{1,250}$/,
  dispute: /^(dp|du)_[A-Za-z0-9]{1,250}$/,
};
/** Stripe's largest charge in USD ($999,999.99). */
const MAX_CENTS = 99_999_999;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const cents = (value: unknown): number | null =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_CENTS ? (value as number) : null;
const id = (value: unknown, form: RegExp): string | null =>
  typeof value === "string" && form.test(value) ? value : null;
/** A payment intent, given as its id or (expanded) as the object. */
const intentOf = (value: unknown) => id(isObject(value) ? value.id : value, ID.intent);
const timeOf = (seconds: unknown): Date | null =>
  Number.isSafeInteger(seconds) && (seconds as number) > 0 ? new Date((seconds as number) * 1000) : null;

/** One refund object of Stripe's, checked; null when its shape is not a refund in US dollars. */
export function refundOf(value: unknown): RefundFact | null {
  if (!isObject(value) || value.currency !== "usd") return null;
  const refund = {
    id: id(value.id, ID.refund),
    paymentIntentId: intentOf(value.payment_intent),
    amountCents: cents(value.amount),
    status: typeof value.status === "string" && Object.hasOwn(REFUND_RANK, value.status) ? value.status : null,
    created: timeOf(value.created),
  };
  if (Object.values(refund).some((v) => v === null) || refund.amountCents === 0) return null;
  return refund as RefundFact;
}

/**
 * What `event` changes, "malformed" for a refund or dispute event of an unexpected shape (another currency, a
 * missing id, an amount that is not an integer), or undefined for an event this module does not handle.
 */
export function stripeChangeOf(event: {
  type: string;
  data?: { object?: unknown };
}): StripeChange | "malformed" | undefined {
  const object = event.data?.object;
  switch (event.type) {
    case "refund.created":
    case "refund.updated": {
      const refund = refundOf(object);
      return refund ? { kind: "refunds", paymentIntentId: refund.paymentIntentId, refunds: [refund] } : "malformed";
    }
    case "charge.refunded": {
      if (!isObject(object) || object.currency !== "usd") return "malformed";
      const paymentIntentId = intentOf(object.payment_intent);
      const chargeId = id(object.id, ID.charge);
      if (!paymentIntentId || !chargeId || cents(object.amount_refunded) === null) return "malformed";
      const list = isObject(object.refunds) && Array.isArray(object.refunds.data) ? object.refunds.data : null;
      // A list that is not the whole list (has_more) is asked of Stripe, as a missing one is.
      if (!list || (isObject(object.refunds) && object.refunds.has_more === true))
        return { kind: "charge-refunds", paymentIntentId, chargeId };
      const refunds = list.map(refundOf);
      if (refunds.some((r) => r === null || r.paymentIntentId !== paymentIntentId)) return "malformed";
      return { kind: "refunds", paymentIntentId, refunds: refunds as RefundFact[] };
    }
    case "charge.dispute.created":
    case "charge.dispute.updated":
    case "charge.dispute.closed": {
      if (!isObject(object) || object.currency !== "usd") return "malformed";
      const evidence = isObject(object.evidence_details) ? object.evidence_details : {};
      const dispute = {
        id: id(object.id, ID.dispute),
        paymentIntentId: intentOf(object.payment_intent),
        amountCents: cents(object.amount),
        reason: typeof object.reason === "string" && /^[a-z_]{1,60}$/.test(object.reason) ? object.reason : null,
        status: typeof object.status === "string" && Object.hasOwn(DISPUTE_RANK, object.status) ? object.status : null,
        created: timeOf(object.created),
      };
      if (Object.values(dispute).some((v) => v === null)) return "malformed";
      const fact = { ...dispute, dueBy: timeOf(evidence.due_by) } as DisputeFact;
      return { kind: "dispute", paymentIntentId: fact.paymentIntentId, dispute: fact };
    }
    default:
      return undefined;
  }
}

/** What a refund or a dispute is about: a deposit or an invoice's card payment of ours. */
export type PaidWith =
  | {
      kind: "deposit";
      checkoutSessionId: string;
      leadId: string | null;
      quoteRef: string;
      quoteVersion: number;
      amountCents: number;
      paidAt: string | null;
    }
  | {
      kind: "invoice";
      invoicePaymentId: string;
      leadId: string | null;
      invoiceNumber: string;
      /** What was charged: the amount to the balance and the tip. */
      amountCents: number;
      paidAt: string | null;
    };

type Db = Database["db"] | Transaction<DB>;

/** The deposit or invoice payment Stripe's payment intent `paymentIntentId` paid, or null when it is none of ours. */
export async function paidWith(db: Db, paymentIntentId: string): Promise<PaidWith | null> {
  const deposit = await db
    .selectFrom("payments")
    .select(["checkout_session_id", "lead_id", "quote_ref", "quote_version", "amount_cents", "paid_at"])
    .where("payment_intent_id", "=", paymentIntentId)
    .orderBy("created_at")
    .executeTakeFirst();
  if (deposit)
    return {
      kind: "deposit",
      checkoutSessionId: deposit.checkout_session_id,
      leadId: deposit.lead_id,
      quoteRef: deposit.quote_ref,
      quoteVersion: Number(deposit.quote_version),
      amountCents: Number(deposit.amount_cents),
      paidAt: deposit.paid_at,
    };
  const payment = await db
    .selectFrom("invoice_payments")
    .innerJoin("invoices", "invoices.id", "invoice_payments.invoice_id")
    .select([
      "invoice_payments.id",
      "invoice_payments.lead_id",
      "invoice_payments.amount_cents",
      "invoice_payments.tip_cents",
      "invoice_payments.paid_at",
      "invoices.number",
    ])
    .where("invoice_payments.payment_intent_id", "=", paymentIntentId)
    .where("invoice_payments.method", "=", "card")
    .orderBy("invoice_payments.created_at")
    .executeTakeFirst();
  return payment
    ? {
        kind: "invoice",
        invoicePaymentId: payment.id,
        leadId: payment.lead_id,
        invoiceNumber: payment.number,
        amountCents: Number(payment.amount_cents) + Number(payment.tip_cents),
        paidAt: payment.paid_at,
      }
    : null;
}

/** The owner's e-mail and text about a refund that succeeded (the jobs' payload). */
export interface RefundPayload {
  refundId: string;
  amountCents: number;
  currency: "usd";
  paidWith: PaidWith;
}

/** The owner's urgent e-mail and text about a dispute (the jobs' payload); the evidence is read when it is sent. */
export interface DisputePayload {
  disputeId: string;
  amountCents: number;
  currency: "usd";
  reason: string;
  /** ISO; null when Stripe gave no deadline. */
  dueBy: string | null;
  paidWith: PaidWith;
}

export type RecordedChange =
  /** Stored: a row inserted or moved to a later state. */
  | "recorded"
  /** The event id was taken before. */
  | "replayed"
  /** Each row was there already in this state or a later one: the event kept as seen only. */
  | "unchanged"
  /** No deposit or invoice payment of ours has this payment intent: nothing stored. */
  | "unknown-payment";

type RecordApp = {
  database: Database;
  env: Pick<Env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "OWNER_PHONE" | "TWILIO_API_URL">;
};

/**
 * Records `change` from event `eventId` of `type` (about Stripe's object `objectId`) in one transaction. `refunds`
 * for a "charge-refunds" change: the charge's refunds as Stripe lists them (the caller asks Stripe first).
 */
export async function recordStripeChange(
  app: RecordApp,
  event: { id: string; type: string; objectId: string },
  change: Exclude<StripeChange, { kind: "charge-refunds" }>,
  now: Date = new Date(),
): Promise<RecordedChange> {
  const at = now.toISOString();
  return app.database.db.transaction().execute(async (trx) => {
    const paid = await paidWith(trx, change.paymentIntentId);
    if (!paid) return "unknown-payment";
    const taken = await trx
      .insertInto("stripe_events")
      .values({ event_id: event.id, type: event.type, object_id: event.objectId, received_at: at })
      .onConflict((oc) => oc.column("event_id").doNothing())
      .executeTakeFirst();
    if (Number(taken.numInsertedOrUpdatedRows ?? 0n) === 0) return "replayed";
    const tell = textAlertSettings(app.env) !== null;
    let recorded = false;
    if (change.kind === "refunds") {
      for (const refund of change.refunds) {
        const moved = await upsertRefund(trx, refund, paid, at);
        recorded ||= moved !== "unchanged";
        if (moved === "succeeded" && paid.leadId) {
          const payload: RefundPayload = {
            refundId: refund.id,
            amountCents: refund.amountCents,
            currency: "usd",
            paidWith: paid,
          };
          await queue(trx, paid.leadId, tell ? ["refund", "refund-sms"] : ["refund"], refund.id, payload, at);
        }
      }
    } else {
      const { dispute } = change;
      const inserted = await trx
        .insertInto("disputes")
        .values({
          id: dispute.id,
          payment_intent_id: dispute.paymentIntentId,
          lead_id: paid.leadId,
          amount_cents: dispute.amountCents,
          currency: "usd",
          reason: dispute.reason,
          status: dispute.status,
          created_at: dispute.created.toISOString(),
          updated_at: at,
          evidence_due_at: dispute.dueBy?.toISOString() ?? null,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) {
        recorded = true;
        // The first word of a dispute, whichever event brings it (a created one may come after an update).
        if (paid.leadId) {
          const payload: DisputePayload = {
            disputeId: dispute.id,
            amountCents: dispute.amountCents,
            currency: "usd",
            reason: dispute.reason,
            dueBy: dispute.dueBy?.toISOString() ?? null,
            paidWith: paid,
          };
          await queue(trx, paid.leadId, tell ? ["dispute", "dispute-sms"] : ["dispute"], dispute.id, payload, at);
        }
      } else {
        // Stripe may give more time: the deadline only moves later, whatever order the events come in.
        const dueBy = dispute.dueBy?.toISOString();
        if (dueBy) {
          const later = await trx
            .updateTable("disputes")
            .set({ evidence_due_at: dueBy })
            .where("id", "=", dispute.id)
            .where((eb) => eb.or([eb("evidence_due_at", "is", null), eb("evidence_due_at", "<", dueBy)]))
            .executeTakeFirst();
          recorded = later.numUpdatedRows > 0n;
        }
        if (DISPUTE_RANK[dispute.status] > 0) {
          const moved = await trx
            .updateTable("disputes")
            .set({ status: dispute.status, amount_cents: dispute.amountCents, reason: dispute.reason, updated_at: at })
            .where("id", "=", dispute.id)
            .where("status", "in", below(DISPUTE_RANK, dispute.status))
            .executeTakeFirst();
          recorded ||= moved.numUpdatedRows > 0n;
        }
      }
    }
    return recorded ? "recorded" : "unchanged";
  });
}

/** Stripe's refunds of a charge can be many; a job's are a few. Beyond this the list is cut (and logged). */
const MAX_LISTED_REFUNDS = 100;

/**
 * Takes one refund or dispute event (the webhook's part for them): "ignored" for a malformed one; else, for a
 * charge.refunded without its refunds' list, the list is asked of Stripe (only for a payment of ours), then the
 * change is recorded. Stripe's errors and the database's are thrown: the webhook answers 500 and Stripe retries.
 */
export async function takeRefundOrDispute(
  app: RecordApp,
  settings: StripeSettings,
  event: { id: string; type: string },
  change: StripeChange | "malformed",
  now: Date = new Date(),
): Promise<RecordedChange | "ignored"> {
  if (change === "malformed" || !/^evt_[A-Za-z0-9]{1,250}$/.test(event.id)) return "ignored";
  if (change.kind !== "charge-refunds") {
    const objectId = change.kind === "dispute" ? change.dispute.id : (change.refunds[0]?.id ?? change.paymentIntentId);
    return recordStripeChange(app, { ...event, objectId }, change, now);
  }
  if (!(await paidWith(app.database.db, change.paymentIntentId))) return "unknown-payment";
  const listed = await stripeClient(settings)
    .refunds.list({ charge: change.chargeId, limit: MAX_LISTED_REFUNDS })
    .autoPagingToArray({ limit: MAX_LISTED_REFUNDS });
  const refunds = listed.map(refundOf).filter((r): r is RefundFact => r?.paymentIntentId === change.paymentIntentId);
  return recordStripeChange(
    app,
    { ...event, objectId: change.chargeId },
    { kind: "refunds", paymentIntentId: change.paymentIntentId, refunds },
    now,
  );
}

/** Inserts or moves one refund (a first state, rank 0, never moves a stored one); says whether it moved to succeeded (the owner is told), changed otherwise, or not. */
async function upsertRefund(
  trx: Transaction<DB>,
  refund: RefundFact,
  paid: PaidWith,
  at: string,
): Promise<"succeeded" | "changed" | "unchanged"> {
  const inserted = await trx
    .insertInto("refunds")
    .values({
      id: refund.id,
      payment_intent_id: refund.paymentIntentId,
      checkout_session_id: paid.kind === "deposit" ? paid.checkoutSessionId : null,
      invoice_payment_id: paid.kind === "invoice" ? paid.invoicePaymentId : null,
      lead_id: paid.leadId,
      amount_cents: refund.amountCents,
      currency: "usd",
      status: refund.status,
      created_at: refund.created.toISOString(),
      updated_at: at,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  const moved =
    Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0 ||
    (REFUND_RANK[refund.status] > 0 &&
      (
        await trx
          .updateTable("refunds")
          .set({ status: refund.status, updated_at: at })
          .where("id", "=", refund.id)
          .where("status", "in", below(REFUND_RANK, refund.status))
          .executeTakeFirst()
      ).numUpdatedRows > 0n);
  if (!moved) return "unchanged";
  return refund.status === "succeeded" ? "succeeded" : "changed";
}

async function queue(
  trx: Transaction<DB>,
  leadId: string,
  kinds: ("refund" | "refund-sms" | "dispute" | "dispute-sms")[],
  ref: string,
  payload: RefundPayload | DisputePayload,
  at: string,
) {
  await trx
    .insertInto("outbox_jobs")
    .values(
      kinds.map((kind) =>
        outboxJob(PAYMENT_JOB_KINDS, { lead_id: leadId, kind, ref, payload: JSON.stringify(payload), created_at: at }),
      ),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A refund that succeeded, for the report and the exports (the books): what it returned and when Stripe made it. */
export interface RefundRow {
  id: string;
  leadId: string | null;
  amountCents: number;
  /** A deposit's Checkout Session, or an invoice's payment row. */
  checkoutSessionId: string | null;
  invoicePaymentId: string | null;
  /** ISO: when Stripe made the refund. */
  refundedAt: string;
}

/** The refunds that succeeded, made in [since, until), oldest first (USD). */
export async function refundsMade(database: Database, since: Date, until: Date): Promise<RefundRow[]> {
  const rows = await database.db
    .selectFrom("refunds")
    .select(["id", "lead_id", "amount_cents", "checkout_session_id", "invoice_payment_id", "created_at"])
    .where("status", "=", "succeeded")
    .where("currency", "=", "usd")
    .where("created_at", ">=", since.toISOString())
    .where("created_at", "<", until.toISOString())
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    leadId: r.lead_id,
    amountCents: Number(r.amount_cents),
    checkoutSessionId: r.checkout_session_id,
    invoicePaymentId: r.invoice_payment_id,
    refundedAt: r.created_at,
  }));
}
