/**
 * The invoice's number and its balance, from the rows (docs/decisions/041-invoices-and-balance.md).
 *
 * - The number: each year's counter (`invoice_numbers`) is moved by one upsert in the transaction that stores the
 *   invoice, so two completions at once (on one server or two sharing PostgreSQL) wait on the counter's row and
 *   get consecutive numbers, and an invoice whose transaction fails gives its number back: never repeated,
 *   never skipped.
 * - The balance is never stored: the invoice's total less its credits (balanceOf in app/forms/invoice.ts). Its
 *   credits are the request's paid deposits (on the request's first invoice that is not void), its own paid
 *   payments (card or by hand), each less what Stripe says was refunded of it.
 */
import type { Transaction } from "kysely";
import { balanceOf, type Balance, type Credit, invoiceNumber } from "../../forms/invoice.ts";
import type { DB, Database } from "./db/database.server.ts";

type Db = Database["db"] | Transaction<DB>;

/** Takes the next number of `year` in transaction `trx` (the caller stores the invoice in the same one). */
export async function takeInvoiceNumber(
  trx: Transaction<DB>,
  year: number,
): Promise<{ year: number; seq: number; number: string }> {
  const row = await trx
    .insertInto("invoice_numbers")
    .values({ year, last_seq: 1 })
    .onConflict((oc) => oc.column("year").doUpdateSet((eb) => ({ last_seq: eb("invoice_numbers.last_seq", "+", 1) })))
    .returning("last_seq")
    .executeTakeFirstOrThrow();
  const seq = Number(row.last_seq);
  return { year, seq, number: invoiceNumber(year, seq) };
}

/** What each payment row credited, refunds subtracted: the credits of one invoice. */
export interface InvoiceCredit extends Credit {
  source: "deposit" | "card" | "cash" | "check" | "zelle" | "venmo" | "other";
  /** The row: a deposit's Checkout Session id, or the invoice payment's id. */
  id: string;
  paidAt: string;
  reference: string | null;
}

/** The credits of invoice `invoiceId`, oldest first (empty for an unknown or void invoice). */
export async function invoiceCredits(db: Db, invoiceId: string): Promise<InvoiceCredit[]> {
  const invoice = await db
    .selectFrom("invoices")
    .select(["id", "lead_id", "status", "created_at"])
    .where("id", "=", invoiceId)
    .executeTakeFirst();
  if (!invoice || invoice.status === "void") return [];
  const credits: InvoiceCredit[] = [];
  if (invoice.lead_id) {
    const first = await db
      .selectFrom("invoices")
      .select("id")
      .where("lead_id", "=", invoice.lead_id)
      .where("status", "!=", "void")
      .orderBy("created_at")
      .orderBy("seq")
      .executeTakeFirst();
    if (first?.id === invoice.id) {
      const deposits = await db
        .selectFrom("payments")
        .select(["checkout_session_id", "amount_cents", "paid_at"])
        .where("lead_id", "=", invoice.lead_id)
        .where("status", "=", "paid")
        .where("currency", "=", "usd")
        .execute();
      const refunded = await refundedBy(
        db,
        "checkout_session_id",
        deposits.map((d) => d.checkout_session_id),
      );
      for (const d of deposits)
        credits.push({
          source: "deposit",
          id: d.checkout_session_id,
          amountCents: Number(d.amount_cents),
          tipCents: 0,
          refundedCents: refunded.get(d.checkout_session_id) ?? 0,
          paidAt: d.paid_at ?? "",
          reference: null,
        });
    }
  }
  const payments = await db
    .selectFrom("invoice_payments")
    .select(["id", "method", "amount_cents", "tip_cents", "paid_at", "reference"])
    .where("invoice_id", "=", invoice.id)
    .where("status", "=", "paid")
    .execute();
  const refunded = await refundedBy(
    db,
    "invoice_payment_id",
    payments.map((p) => p.id),
  );
  for (const p of payments)
    credits.push({
      source: p.method,
      id: p.id,
      amountCents: Number(p.amount_cents),
      tipCents: Number(p.tip_cents),
      refundedCents: refunded.get(p.id) ?? 0,
      paidAt: p.paid_at ?? "",
      reference: p.reference,
    });
  return credits.sort((a, b) => a.paidAt.localeCompare(b.paidAt));
}

async function refundedBy(
  db: Db,
  column: "checkout_session_id" | "invoice_payment_id",
  ids: string[],
): Promise<Map<string, number>> {
  const sums = new Map<string, number>();
  if (ids.length === 0) return sums;
  const rows = await db
    .selectFrom("refunds")
    .select([column, "amount_cents"])
    .where(column, "in", ids)
    .where("status", "=", "succeeded")
    .execute();
  for (const row of rows) {
    const id = row[column];
    if (id) sums.set(id, (sums.get(id) ?? 0) + Number(row.amount_cents));
  }
  return sums;
}

/** The balance of invoice `invoiceId` as its rows give it, or null for an unknown invoice. */
export async function invoiceBalance(
  db: Db,
  invoiceId: string,
): Promise<(Balance & { credits: InvoiceCredit[] }) | null> {
  const invoice = await db.selectFrom("invoices").select("total_cents").where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice) return null;
  const credits = await invoiceCredits(db, invoiceId);
  return { ...balanceOf(Number(invoice.total_cents), credits), credits };
}

/**
 * The balances of many invoices at once (the unpaid list, the report), each as invoiceBalance gives it, in a fixed
 * number of queries whatever their count: the invoices, the first invoice of each of their requests, those
 * requests' deposits, the invoices' payments, and the refunds of both. Unknown ids are absent from the map.
 */
export async function invoiceBalances(db: Db, invoiceIds: readonly string[]): Promise<Map<string, Balance>> {
  const balances = new Map<string, Balance>();
  const ids = [...new Set(invoiceIds)];
  if (ids.length === 0) return balances;
  const invoices = await db
    .selectFrom("invoices")
    .select(["id", "lead_id", "status", "total_cents"])
    .where("id", "in", ids)
    .execute();
  const counted = invoices.filter((invoice) => invoice.status !== "void");
  const leadIds = [...new Set(counted.flatMap((invoice) => (invoice.lead_id ? [invoice.lead_id] : [])))];
  // Each request's deposits count on its first invoice that is not void.
  const firstOfLead = new Map<string, string>();
  if (leadIds.length > 0) {
    const rows = await db
      .selectFrom("invoices")
      .select(["id", "lead_id"])
      .where("lead_id", "in", leadIds)
      .where("status", "!=", "void")
      .orderBy("created_at")
      .orderBy("seq")
      .execute();
    for (const row of rows) if (row.lead_id && !firstOfLead.has(row.lead_id)) firstOfLead.set(row.lead_id, row.id);
  }
  const depositLeads = leadIds.filter((leadId) => ids.includes(firstOfLead.get(leadId) ?? ""));
  const deposits =
    depositLeads.length > 0
      ? await db
          .selectFrom("payments")
          .select(["lead_id", "checkout_session_id", "amount_cents"])
          .where("lead_id", "in", depositLeads)
          .where("status", "=", "paid")
          .where("currency", "=", "usd")
          .execute()
      : [];
  const countedIds = counted.map((invoice) => invoice.id);
  const payments =
    countedIds.length > 0
      ? await db
          .selectFrom("invoice_payments")
          .select(["id", "invoice_id", "amount_cents", "tip_cents"])
          .where("invoice_id", "in", countedIds)
          .where("status", "=", "paid")
          .execute()
      : [];
  const sessionIds = deposits.map((d) => d.checkout_session_id);
  const paymentIds = payments.map((p) => p.id);
  const refunds =
    sessionIds.length + paymentIds.length > 0
      ? await db
          .selectFrom("refunds")
          .select(["checkout_session_id", "invoice_payment_id", "amount_cents"])
          .where("status", "=", "succeeded")
          .where((eb) =>
            eb.or([
              ...(sessionIds.length > 0 ? [eb("checkout_session_id", "in", sessionIds)] : []),
              ...(paymentIds.length > 0 ? [eb("invoice_payment_id", "in", paymentIds)] : []),
            ]),
          )
          .execute()
      : [];
  const bySession = new Map<string, number>();
  const byPayment = new Map<string, number>();
  for (const refund of refunds) {
    const cents = Number(refund.amount_cents);
    if (refund.checkout_session_id)
      bySession.set(refund.checkout_session_id, (bySession.get(refund.checkout_session_id) ?? 0) + cents);
    if (refund.invoice_payment_id)
      byPayment.set(refund.invoice_payment_id, (byPayment.get(refund.invoice_payment_id) ?? 0) + cents);
  }
  const credits = new Map<string, Credit[]>();
  const add = (invoiceId: string, credit: Credit) =>
    credits.set(invoiceId, [...(credits.get(invoiceId) ?? []), credit]);
  for (const d of deposits) {
    const invoiceId = d.lead_id ? firstOfLead.get(d.lead_id) : undefined;
    if (invoiceId)
      add(invoiceId, {
        amountCents: Number(d.amount_cents),
        tipCents: 0,
        refundedCents: bySession.get(d.checkout_session_id) ?? 0,
      });
  }
  for (const p of payments)
    add(p.invoice_id, {
      amountCents: Number(p.amount_cents),
      tipCents: Number(p.tip_cents),
      refundedCents: byPayment.get(p.id) ?? 0,
    });
  for (const invoice of invoices)
    balances.set(invoice.id, balanceOf(Number(invoice.total_cents), credits.get(invoice.id) ?? []));
  return balances;
}
