/**
 * Payments the owner records by hand (docs/decisions/042-tips-and-balance-payments.md): cash, a check with its
 * number, Zelle, Venmo, or another way with a note; partial payments are rows like any other. The form's key is
 * stored (`idempotency_key`, unique), so the same form sent twice records one payment; two different forms sent at
 * once are taken one after the other, so together they never exceed the balance unless the owner confirmed it
 * (docs/decisions/044-hand-payments.md). A payment recorded in error
 * is voided (status 'void', kept): the balance no longer counts it, and a request that read Paid because of it goes
 * back to what its other events give.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../../kit/db/database.server.ts";
import type { InvoicePaymentMethod, InvoicePaymentStatus } from "../../kit/db/tables.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { invoiceBalance } from "../../kit/invoice-ledger.server.ts";
import { refreshStage } from "../../kit/leads.server.ts";
import { afterInvoicePayment, type WhenPaidInFull } from "./record.server.ts";

export interface HandPayment {
  invoiceId: string;
  method: Exclude<InvoicePaymentMethod, "card">;
  amountCents: number;
  tipCents: number;
  reference: string | null;
  /** YYYY-MM-DD (Boise). */
  receivedOn: string;
  /** The form's key: a second send of the same form records nothing. */
  key: string;
  /** The owner confirmed an amount above the balance. */
  overpay: boolean;
}

export type HandOutcome =
  | { outcome: "recorded"; balanceCents: number }
  /** The same form was sent before: nothing more is recorded. */
  | { outcome: "again" }
  /** More than the balance, not confirmed. */
  | { outcome: "over-balance"; balanceCents: number }
  /** No such invoice on this request, or it is void. */
  | { outcome: "not-found" };

type App = { database: Database; env: Env; whenPaidInFull?: WhenPaidInFull };

/** Records a payment by hand on an invoice of request `leadId`, in one transaction with its receipt and the Paid stage. */
export async function recordHandPayment(
  app: App,
  leadId: string,
  payment: HandPayment,
  now: Date = new Date(),
): Promise<HandOutcome> {
  return app.database.db.transaction().execute(async (trx): Promise<HandOutcome> => {
    // The invoice's row is locked first (PostgreSQL; SQLite's write transactions run one at a time), so two
    // payments sent at once read the balance one after the other and the second cannot exceed it (decision 044).
    let query = trx
      .selectFrom("invoices")
      .select(["id", "status"])
      .where("id", "=", payment.invoiceId)
      .where("lead_id", "=", leadId);
    if (app.database.dialect === "postgres") query = query.forUpdate();
    const invoice = await query.executeTakeFirst();
    if (!invoice || invoice.status === "void") return { outcome: "not-found" };
    const seen = await trx
      .selectFrom("invoice_payments")
      .select("id")
      .where("idempotency_key", "=", payment.key)
      .executeTakeFirst();
    if (seen) return { outcome: "again" };
    const before = await invoiceBalance(trx, invoice.id);
    const balanceCents = before?.balanceCents ?? 0;
    if (payment.amountCents > balanceCents && !payment.overpay) return { outcome: "over-balance", balanceCents };
    const at = now.toISOString();
    const id = randomUUID();
    const inserted = await trx
      .insertInto("invoice_payments")
      .values({
        id,
        invoice_id: invoice.id,
        lead_id: leadId,
        method: payment.method,
        status: "paid",
        amount_cents: payment.amountCents,
        tip_cents: payment.tipCents,
        currency: "usd",
        checkout_session_id: null,
        invoice_version: null,
        attempt: null,
        checkout_url: null,
        expires_at: null,
        payment_intent_id: null,
        reference: payment.reference,
        received_on: payment.receivedOn,
        idempotency_key: payment.key,
        created_at: at,
        updated_at: at,
        paid_at: `${payment.receivedOn}T12:00:00.000Z`,
      })
      // Two sends of one form at the same instant (PostgreSQL): the second finds the key taken.
      .onConflict((oc) => oc.column("idempotency_key").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return { outcome: "again" };
    const after = await afterInvoicePayment(trx, id, {
      env: app.env,
      now,
      paidOn: payment.receivedOn,
      whenPaidInFull: app.whenPaidInFull,
    });
    return { outcome: "recorded", balanceCents: after.balanceCents };
  });
}

/**
 * Voids a payment by hand of request `leadId` (kept, no longer counted). When the invoice is no longer paid in full,
 * its "invoice-paid" event goes and the stage is worked out again. False when there is no such paid payment.
 */
export async function voidHandPayment(database: Database, leadId: string, paymentId: string, now = new Date()) {
  return database.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable("invoice_payments")
      .set({ status: "void", updated_at: now.toISOString() })
      .where("id", "=", paymentId)
      .where("lead_id", "=", leadId)
      .where("method", "!=", "card")
      .where("status", "=", "paid")
      .returning("invoice_id")
      .executeTakeFirst();
    if (!moved) return false;
    const balance = await invoiceBalance(trx, moved.invoice_id);
    if (balance && balance.balanceCents > 0) {
      await trx
        .deleteFrom("lead_events")
        .where("lead_id", "=", leadId)
        .where("kind", "=", "invoice-paid")
        .where("ref", "=", moved.invoice_id)
        .execute();
      await refreshStage(trx, leadId);
    }
    return true;
  });
}

export interface PaymentRow {
  id: string;
  method: InvoicePaymentMethod;
  status: InvoicePaymentStatus;
  amountCents: number;
  tipCents: number;
  reference: string | null;
  /** YYYY-MM-DD received (by hand), or the paid time's ISO string (card). */
  paidOn: string | null;
  createdAt: string;
}

export interface InvoiceLedgerView {
  id: string;
  number: string;
  status: string;
  totalCents: number;
  paidCents: number;
  tipCents: number;
  balanceCents: number;
  /** Every payment row but the card sessions never paid (open, expired, failed), newest first. */
  payments: PaymentRow[];
  /** Paid deposits counted on this invoice. */
  depositCents: number;
}

/** A request's invoices with their balance and payments (the owner's payments page), newest first. */
export async function invoicesOfLead(database: Database, leadId: string): Promise<InvoiceLedgerView[]> {
  const invoices = await database.db
    .selectFrom("invoices")
    .select(["id", "number", "status", "total_cents"])
    .where("lead_id", "=", leadId)
    .orderBy("created_at", "desc")
    .limit(20)
    .execute();
  const views: InvoiceLedgerView[] = [];
  for (const invoice of invoices) {
    const balance = await invoiceBalance(database.db, invoice.id);
    const rows = await database.db
      .selectFrom("invoice_payments")
      .selectAll()
      .where("invoice_id", "=", invoice.id)
      .where((eb) => eb.or([eb("method", "!=", "card"), eb("status", "=", "paid")]))
      .orderBy("created_at", "desc")
      .limit(100)
      .execute();
    views.push({
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      totalCents: Number(invoice.total_cents),
      paidCents: balance?.paidCents ?? 0,
      tipCents: balance?.tipCents ?? 0,
      balanceCents: balance?.balanceCents ?? 0,
      depositCents: (balance?.credits ?? [])
        .filter((c) => c.source === "deposit")
        .reduce((s, c) => s + c.amountCents, 0),
      payments: rows.map((r) => ({
        id: r.id,
        method: r.method,
        status: r.status,
        amountCents: Number(r.amount_cents),
        tipCents: Number(r.tip_cents),
        reference: r.reference,
        paidOn: r.received_on ?? r.paid_at,
        createdAt: r.created_at,
      })),
    });
  }
  return views;
}
