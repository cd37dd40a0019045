/**
 * Paying an invoice's balance through Stripe Checkout (docs/decisions/042-tips-and-balance-payments.md), modelled
 * on the deposits (032): the customer's pay page starts one (startBalanceCheckout: a Checkout Session, stored as a
 * pending card row of `invoice_payments`); Stripe's signed webhook records what became of it
 * (record.server.ts recordInvoiceOutcome).
 *
 * One live session per invoice version and amount: the same balance and tip get the stored session back; another
 * tip (or a balance changed by a payment by hand) expires the live one at Stripe first, then makes the next
 * attempt, so a customer can never pay two open sessions of one invoice. The call to Stripe carries the key
 * `invoice:<id>:v<version>:<amount>:<tip>:<attempt>`, so two calls at once get one session.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../../kit/db/database.server.ts";
import { type Env, stripeSettings } from "../../kit/env.server.ts";
import { invoiceBalance } from "../../kit/invoice-ledger.server.ts";
import { stripeClient } from "./deposits.server.ts";
import { recordInvoiceOutcome, type WhenPaidInFull } from "./record.server.ts";

/** Stripe's limit for one card payment in USD is $999,999.99. */
export const MAX_CHARGE_CENTS = 99_999_999;
/** The smallest charge Stripe takes in USD. */
export const MIN_CHARGE_CENTS = 50;

export class BalanceError extends Error {
  readonly code:
    | "PAYMENTS_NOT_CONFIGURED"
    | "NOTHING_TO_PAY"
    | "INVALID_TIP"
    | "PAID_ALREADY"
    | "PROCESSING"
    | "TRY_AGAIN"
    | "NO_CHECKOUT_URL";
  constructor(code: BalanceError["code"], message: string) {
    super(message);
    this.code = code;
  }
}

export interface BalanceCheckoutInput {
  invoiceId: string;
  /** The tip on top of the balance (cents, 0 for none); at most the balance. */
  tipCents: number;
  /** The invoice page (Stripe adds nothing) and the pay page again. */
  successUrl: string;
  cancelUrl: string;
}

/** The idempotency key of one attempt at one invoice version's balance and tip. */
export const balanceKey = (
  invoiceId: string,
  version: number,
  amountCents: number,
  tipCents: number,
  attempt: number,
) => `invoice:${invoiceId}:v${version}:${amountCents}:${tipCents}:${attempt}`;

/** What the pay page may charge now: the invoice sent, its balance, its number and version; null when nothing is owed. */
export async function payableInvoice(
  database: Database,
  invoiceId: string,
): Promise<{ id: string; number: string; version: number; balanceCents: number; leadId: string | null } | null> {
  const invoice = await database.db
    .selectFrom("invoices")
    .select(["id", "number", "version", "status", "lead_id"])
    .where("id", "=", invoiceId)
    .executeTakeFirst();
  if (!invoice || invoice.status !== "sent") return null;
  const balance = await invoiceBalance(database.db, invoice.id);
  if (!balance || balance.balanceCents <= 0) return null;
  return {
    id: invoice.id,
    number: invoice.number,
    version: Number(invoice.version),
    balanceCents: balance.balanceCents,
    leadId: invoice.lead_id,
  };
}

/**
 * The Checkout page for the invoice's balance and `tipCents`: the stored live session of the same amounts, or a
 * new attempt. Throws BalanceError (see its codes); Stripe's own errors as they come.
 */
export async function startBalanceCheckout(
  app: { database: Database; env: Env; whenPaidInFull?: WhenPaidInFull },
  input: BalanceCheckoutInput,
  now: () => Date = () => new Date(),
): Promise<{ url: string; sessionId: string }> {
  const settings = stripeSettings(app.env);
  if (!settings) throw new BalanceError("PAYMENTS_NOT_CONFIGURED", "no card payments online (no Stripe settings)");
  const invoice = await payableInvoice(app.database, input.invoiceId);
  if (!invoice) throw new BalanceError("NOTHING_TO_PAY", "this invoice has nothing to pay");
  const amount = invoice.balanceCents;
  const tip = input.tipCents;
  if (!Number.isSafeInteger(tip) || tip < 0 || tip > amount || amount + tip > MAX_CHARGE_CENTS)
    throw new BalanceError("INVALID_TIP", "the tip must be between none and the balance");
  if (amount + tip < MIN_CHARGE_CENTS) throw new BalanceError("NOTHING_TO_PAY", "below Stripe's smallest charge");
  const { db } = app.database;
  const stripe = stripeClient(settings);
  const rows = await db
    .selectFrom("invoice_payments")
    .selectAll()
    .where("invoice_id", "=", invoice.id)
    .where("invoice_version", "=", invoice.version)
    .where("method", "=", "card")
    .orderBy("attempt", "desc")
    .execute();
  for (const row of rows.filter((r) => r.status === "pending" && r.checkout_session_id)) {
    const sessionId = row.checkout_session_id!;
    const same = Number(row.amount_cents) === amount && Number(row.tip_cents) === tip;
    if (same && row.expires_at && row.expires_at > now().toISOString() && row.checkout_url)
      return { url: row.checkout_url, sessionId };
    // Another amount, or its time ran out before its webhook: Stripe says what became of it, and an open one is
    // closed, so a customer never has two sessions to pay.
    const known = await stripe.checkout.sessions.retrieve(sessionId);
    if (known.status === "open") {
      if (same && row.checkout_url) return { url: row.checkout_url, sessionId };
      await stripe.checkout.sessions.expire(sessionId);
    } else if (known.status === "complete") {
      const paid = known.payment_status === "paid" || known.payment_status === "no_payment_required";
      if (!paid) throw new BalanceError("PROCESSING", "a payment of this invoice is being processed");
      await recordInvoiceOutcome(
        app,
        { sessionId, eventId: null, type: "checked", outcome: "paid", paymentIntentId: intentOf(known) },
        now(),
      );
      throw new BalanceError("PAID_ALREADY", "a payment of this invoice was made");
    }
    await recordInvoiceOutcome(app, { sessionId, eventId: null, type: "checked", outcome: "expired" }, now());
  }
  const attempt = (rows[0]?.attempt ?? 0) + 1;
  const metadata = { invoiceId: invoice.id, invoiceVersion: String(invoice.version) };
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: { currency: "usd", unit_amount: amount, product_data: { name: `Invoice ${invoice.number}` } },
        },
        ...(tip > 0
          ? [{ quantity: 1, price_data: { currency: "usd", unit_amount: tip, product_data: { name: "Tip" } } }]
          : []),
      ],
      client_reference_id: `${invoice.number}-v${invoice.version}`,
      metadata,
      payment_intent_data: { metadata },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    },
    { idempotencyKey: balanceKey(invoice.id, invoice.version, amount, tip, attempt) },
  );
  if (!session.url) throw new BalanceError("NO_CHECKOUT_URL", "Stripe answered a session without a payment page");
  const at = now().toISOString();
  const inserted = await db
    .insertInto("invoice_payments")
    .values({
      id: randomUUID(),
      invoice_id: invoice.id,
      lead_id: invoice.leadId,
      method: "card",
      status: "pending",
      amount_cents: amount,
      tip_cents: tip,
      currency: "usd",
      checkout_session_id: session.id,
      invoice_version: invoice.version,
      attempt,
      checkout_url: session.url,
      expires_at: new Date(session.expires_at * 1000).toISOString(),
      payment_intent_id: null,
      reference: null,
      received_on: null,
      idempotency_key: null,
      created_at: at,
      updated_at: at,
      paid_at: null,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
    // The same key made the same session (a double click, two servers): it is stored already. Another tip chosen
    // at the same instant took this attempt first: ours is closed, and the customer tries again.
    const stored = await db
      .selectFrom("invoice_payments")
      .select("checkout_session_id")
      .where("checkout_session_id", "=", session.id)
      .executeTakeFirst();
    if (!stored) {
      await stripe.checkout.sessions.expire(session.id);
      throw new BalanceError("TRY_AGAIN", "another payment of this invoice was started at the same time");
    }
  }
  return { url: session.url, sessionId: session.id };
}

/** The payment intent's id of a session as Stripe answers it (an id, an expanded object, or none yet). */
export const intentOf = (session: { payment_intent?: string | { id: string } | null }): string | null =>
  typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);

/** The pending, unexpired Checkout Session `sessionId` of invoice `invoiceId` (the pay page's link to it), or null. */
export async function liveSession(
  database: Database,
  invoiceId: string,
  sessionId: string,
  now = new Date(),
): Promise<{ url: string; totalCents: number } | null> {
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) return null;
  const row = await database.db
    .selectFrom("invoice_payments")
    .select(["checkout_url", "amount_cents", "tip_cents", "expires_at"])
    .where("invoice_id", "=", invoiceId)
    .where("checkout_session_id", "=", sessionId)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (!row?.checkout_url || !row.expires_at || row.expires_at <= now.toISOString()) return null;
  return { url: row.checkout_url, totalCents: Number(row.amount_cents) + Number(row.tip_cents) };
}

/** How many of an invoice's live sessions are asked about at most (a customer makes one or two). */
const SESSIONS_ASKED = 3;

/**
 * Whether a card payment of invoice `invoiceId`'s current version is made at Stripe but its webhook not yet taken:
 * a live pending session of ours that Stripe says is complete (paid, or its payment still processing). The invoice
 * and pay pages then say the payment is being confirmed instead of offering "Pay $X" again. Nothing is recorded
 * here (a GET changes nothing: the webhook, or the pay form's POST, records it). `returned`: the customer is back
 * from Checkout (`&paid=1`); when Stripe cannot be asked, that alone is taken as "being confirmed", so a Pay button
 * is never the answer to a payment just made.
 */
export async function paymentBeingRecorded(
  app: { database: Database; env: Env; logger?: { warn(o: object, m: string): void } },
  invoiceId: string,
  returned: boolean,
  now = new Date(),
): Promise<boolean> {
  const settings = stripeSettings(app.env);
  if (!settings) return false;
  const rows = await app.database.db
    .selectFrom("invoice_payments")
    .innerJoin("invoices", "invoices.id", "invoice_payments.invoice_id")
    .select("invoice_payments.checkout_session_id")
    .where("invoice_payments.invoice_id", "=", invoiceId)
    .whereRef("invoice_payments.invoice_version", "=", "invoices.version")
    .where("invoice_payments.method", "=", "card")
    .where("invoice_payments.status", "=", "pending")
    .where("invoice_payments.checkout_session_id", "is not", null)
    .where("invoice_payments.expires_at", ">", now.toISOString())
    .orderBy("invoice_payments.attempt", "desc")
    .limit(SESSIONS_ASKED)
    .execute();
  if (rows.length === 0) return false;
  const stripe = stripeClient(settings);
  try {
    for (const row of rows) {
      const known = await stripe.checkout.sessions.retrieve(row.checkout_session_id!);
      if (known.status === "complete") return true;
    }
    return false;
  } catch {
    app.logger?.warn({ event: "invoice.session_check_failed" }, "Stripe could not be asked about a session");
    return returned;
  }
}
