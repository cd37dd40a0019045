/**
 * Deposits through Stripe Checkout (docs/decisions/032-deposits.md). The quote's acceptance starts one
 * (startDepositCheckout: a Checkout Session, stored in `payments`); Stripe's signed webhook records what
 * became of it (webhook.server.ts); the quote, the inbox and the report read it (depositStatus,
 * depositsForLead, depositsCollected). Without the Stripe settings there is no online deposit: the quote
 * says "pay at the job" (paymentsConfigured).
 *
 * One quote version has at most one live session: a double click or a retry gets the stored one, and the
 * call to Stripe carries an idempotency key derived from the quote, its version, the amount and the attempt,
 * so two servers (or a retry after a lost answer) still make one session. A new session is made only after
 * the previous one expired or its payment failed (the next attempt).
 */
import Stripe from "stripe";
import type { Database } from "../../kit/db/database.server.ts";
import type { PaymentStatus } from "../../kit/db/tables.server.ts";
import { type Env, stripeSettings, type StripeSettings } from "../../kit/env.server.ts";
import { depositsKept, refundedBy } from "../../kit/invoice-ledger.server.ts";
import { recordOutcome } from "./record.server.ts";

export type DepositStatus = "none" | PaymentStatus;

/** The quote reference as the quotes feature writes it ("Q-…"): bounded, safe in a URL, metadata and a key. */
const QUOTE_REF = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
/** Stripe's limit for a card payment in USD is $999,999.99; a deposit far above any job is a mistake. */
export const MAX_DEPOSIT_CENTS = 5_000_000;
/** The smallest charge Stripe takes in USD. */
export const MIN_DEPOSIT_CENTS = 50;
const MAX_URL = 2_000;

export interface DepositCheckoutInput {
  /** The request the quote is for (the owner's e-mail and text link to it). */
  leadId: string;
  quoteRef: string;
  quoteVersion: number;
  amountCents: number;
  currency: "usd";
  /** The line the customer sees at Stripe; "Deposit for quote Q-…" when not given. */
  description?: string;
  customerEmail?: string;
  /** Where Stripe sends the customer back (depositReturnUrls gives the site's own pages). */
  successUrl: string;
  cancelUrl: string;
}

/** Whether deposits can be taken online: both Stripe settings are set. Without them the quote says "pay at the job". */
export const paymentsConfigured = (env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_WEBHOOK_SECRET">): boolean =>
  stripeSettings({ ...env, STRIPE_API_BASE: undefined }) !== null;

/**
 * The customer's return pages (app/routes/deposit.*.tsx): after paying (Stripe fills in the session id), and
 * after leaving the payment page without paying.
 */
export const depositReturnUrls = (siteUrl: string) => ({
  successUrl: `${siteUrl.replace(/\/+$/, "")}/deposit/paid?session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${siteUrl.replace(/\/+$/, "")}/deposit/not-paid`,
});

/** The SDK, pointed at STRIPE_API_BASE when a test sets it; one per settings. */
const clients = new Map<string, Stripe>();
export function stripeClient(settings: StripeSettings): Stripe {
  const id = `${settings.secretKey}\n${settings.apiBase ?? ""}`;
  let client = clients.get(id);
  if (!client) {
    const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
    client = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      ...(base
        ? {
            host: base.hostname.replace(/^\[|\]$/g, ""),
            port: base.port || (base.protocol === "https:" ? 443 : 80),
            protocol: base.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
    clients.set(id, client);
  }
  return client;
}

export class DepositError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.code = code;
  }
}

function checkInput(input: DepositCheckoutInput): void {
  const problems = [
    QUOTE_REF.test(input.quoteRef) ? "" : "quoteRef",
    Number.isSafeInteger(input.quoteVersion) && input.quoteVersion >= 1 ? "" : "quoteVersion",
    Number.isSafeInteger(input.amountCents) &&
    input.amountCents >= MIN_DEPOSIT_CENTS &&
    input.amountCents <= MAX_DEPOSIT_CENTS
      ? ""
      : "amountCents",
    input.currency === "usd" ? "" : "currency",
    ...(["successUrl", "cancelUrl"] as const).map((name) =>
      /^https?:\/\//.test(input[name]) && input[name].length <= MAX_URL ? "" : name,
    ),
    input.customerEmail === undefined || input.customerEmail.length <= 254 ? "" : "customerEmail",
  ].filter(Boolean);
  if (problems.length > 0) throw new DepositError("INVALID_DEPOSIT", `invalid deposit: ${problems.join(", ")}`);
}

/** The idempotency key of one attempt at one quote version's deposit (Stripe keeps keys for at least 24 hours). */
export const idempotencyKey = (
  input: Pick<DepositCheckoutInput, "quoteRef" | "quoteVersion" | "amountCents">,
  attempt: number,
) => `deposit:${input.quoteRef}:v${input.quoteVersion}:${input.amountCents}:${attempt}`;

/** The customer-facing line: "Deposit for quote Q-1042" (a description given by the caller, one line, at most 200 characters). */
const lineName = (input: DepositCheckoutInput) =>
  (input.description?.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim() || `Deposit for quote ${input.quoteRef}`).slice(
    0,
    200,
  );

/**
 * The Checkout page of this quote version's deposit: the stored live session, or a new one (attempt n+1 after
 * an expired or failed one). Throws DepositError PAYMENTS_NOT_CONFIGURED without the settings, DEPOSIT_PAID
 * when it is paid already, INVALID_DEPOSIT for a bad input; Stripe's own errors as they come.
 */
export async function startDepositCheckout(
  app: { database: Database; env: Env },
  input: DepositCheckoutInput,
  now: () => Date = () => new Date(),
): Promise<{ url: string; sessionId: string }> {
  const settings = stripeSettings(app.env);
  if (!settings)
    throw new DepositError("PAYMENTS_NOT_CONFIGURED", "deposits are not taken online (no Stripe settings)");
  checkInput(input);
  const { db } = app.database;
  const sessions = await db
    .selectFrom("payments")
    .selectAll()
    .where("quote_ref", "=", input.quoteRef)
    .where("quote_version", "=", input.quoteVersion)
    .orderBy("attempt", "desc")
    .execute();
  const latest = sessions[0];
  if (sessions.some((s) => s.status === "paid"))
    throw new DepositError("DEPOSIT_PAID", "this quote version's deposit is paid already");
  const stripe = stripeClient(settings);
  if (latest?.status === "pending") {
    if (latest.expires_at > now().toISOString())
      return { url: latest.checkout_url, sessionId: latest.checkout_session_id };
    // Its time ran out, and its webhook has not come (yet): Stripe says what became of it, so a customer who
    // paid at the last minute is never asked to pay again.
    const known = await stripe.checkout.sessions.retrieve(latest.checkout_session_id);
    const sessionId = latest.checkout_session_id;
    if (known.status === "open") return { url: latest.checkout_url, sessionId };
    if (known.status === "complete") {
      const paid = known.payment_status === "paid" || known.payment_status === "no_payment_required";
      if (paid) await recordOutcome(app, { sessionId, eventId: null, type: "checked", outcome: "paid" }, now());
      throw paid
        ? new DepositError("DEPOSIT_PAID", "this quote version's deposit is paid already")
        : new DepositError("DEPOSIT_PROCESSING", "this quote version's deposit is being processed");
    }
    await recordOutcome(app, { sessionId, eventId: null, type: "checked", outcome: "expired" }, now());
  }
  const attempt = (latest?.attempt ?? 0) + 1;
  const session = await stripe.checkout.sessions.create(
    {
      mode: "payment",
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: input.currency,
            unit_amount: input.amountCents,
            product_data: { name: lineName(input) },
          },
        },
      ],
      ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
      client_reference_id: `${input.quoteRef}-v${input.quoteVersion}`,
      metadata: { quoteRef: input.quoteRef, quoteVersion: String(input.quoteVersion) },
      payment_intent_data: { metadata: { quoteRef: input.quoteRef, quoteVersion: String(input.quoteVersion) } },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    },
    { idempotencyKey: idempotencyKey(input, attempt) },
  );
  if (!session.url) throw new DepositError("NO_CHECKOUT_URL", "Stripe answered a session without a payment page");
  const at = now().toISOString();
  // Two calls at once got the same session (the same key): the second insert changes nothing.
  await db
    .insertInto("payments")
    .values({
      checkout_session_id: session.id,
      lead_id: input.leadId,
      quote_ref: input.quoteRef,
      quote_version: input.quoteVersion,
      attempt,
      amount_cents: input.amountCents,
      currency: input.currency,
      status: "pending",
      checkout_url: session.url,
      expires_at: new Date(session.expires_at * 1000).toISOString(),
      created_at: at,
      updated_at: at,
      paid_at: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return { url: session.url, sessionId: session.id };
}

/** What was refunded of a quote version's paid deposit, in cents: its refunds that succeeded (0 when none). */
export async function depositRefundedCents(
  database: Database,
  quoteRef: string,
  quoteVersion: number,
): Promise<number> {
  const paid = await database.db
    .selectFrom("payments")
    .select("checkout_session_id")
    .where("quote_ref", "=", quoteRef)
    .where("quote_version", "=", quoteVersion)
    .where("status", "=", "paid")
    .execute();
  const refunded = await refundedBy(
    database.db,
    "checkout_session_id",
    paid.map((p) => p.checkout_session_id),
  );
  return [...refunded.values()].reduce((sum, cents) => sum + cents, 0);
}

/** What became of a quote version's deposit: paid when any of its sessions was; else the latest session's status; "none" before any. */
export async function depositStatus(
  database: Database,
  quoteRef: string,
  quoteVersion: number,
): Promise<DepositStatus> {
  const rows = await database.db
    .selectFrom("payments")
    .select(["status", "attempt"])
    .where("quote_ref", "=", quoteRef)
    .where("quote_version", "=", quoteVersion)
    .orderBy("attempt", "desc")
    .execute();
  if (rows.some((r) => r.status === "paid")) return "paid";
  return rows[0]?.status ?? "none";
}

export interface DepositView {
  quoteRef: string;
  quoteVersion: number;
  amountCents: number;
  currency: string;
  status: PaymentStatus;
  createdAt: string;
  paidAt: string | null;
  /** What Stripe refunded of it (succeeded refunds), in cents. */
  refundedCents: number;
}

/** Every deposit session of a request, newest first, with what was refunded of each (the request page shows them). */
export async function depositsForLead(database: Database, leadId: string): Promise<DepositView[]> {
  const rows = await database.db
    .selectFrom("payments")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("created_at", "desc")
    .limit(20)
    .execute();
  const refunded = await refundedBy(
    database.db,
    "checkout_session_id",
    rows.map((r) => r.checkout_session_id),
  );
  return rows.map((row) => ({ ...view(row), refundedCents: refunded.get(row.checkout_session_id) ?? 0 }));
}

/** What the customer paid in deposits for a request and was not refunded, in cents, or null when none is kept. */
export async function paidDepositCents(database: Database, leadId: string): Promise<number | null> {
  const kept = (await depositsKept(database.db, [leadId])).get(leadId) ?? 0;
  return kept > 0 ? kept : null;
}

/** The deposit of one Checkout Session (the customer's return page), or null for an unknown id. */
export async function depositBySession(
  database: Database,
  sessionId: string,
): Promise<(Omit<DepositView, "refundedCents"> & { leadId: string | null }) | null> {
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(sessionId)) return null;
  const row = await database.db
    .selectFrom("payments")
    .selectAll()
    .where("checkout_session_id", "=", sessionId)
    .executeTakeFirst();
  return row ? { ...view(row), leadId: row.lead_id } : null;
}

const view = (row: {
  quote_ref: string;
  quote_version: number;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  created_at: string;
  paid_at: string | null;
}): Omit<DepositView, "refundedCents"> => ({
  quoteRef: row.quote_ref,
  quoteVersion: row.quote_version,
  amountCents: row.amount_cents,
  currency: row.currency,
  status: row.status,
  createdAt: row.created_at,
  paidAt: row.paid_at,
});

/** The report's "deposits collected": how many deposits were paid in [since, until), and their sum in cents (USD). */
export async function depositsCollected(
  database: Database,
  since: Date,
  until: Date,
): Promise<{ count: number; sumCents: number }> {
  const row = await database.db
    .selectFrom("payments")
    .select((eb) => [
      eb.fn.countAll<number | string | bigint>().as("n"),
      eb.fn.sum<number | string | bigint | null>("amount_cents").as("sum"),
    ])
    .where("status", "=", "paid")
    .where("currency", "=", "usd")
    .where("paid_at", ">=", since.toISOString())
    .where("paid_at", "<", until.toISOString())
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), sumCents: Number(row.sum ?? 0) };
}

/** What each of these requests has paid in deposits and kept (USD, integer cents): the ledger's depositsKept. */
export const depositsPaid = (database: Database, leadIds: string[]): Promise<Map<string, number>> =>
  depositsKept(database.db, leadIds);
