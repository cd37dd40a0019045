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
import type { Expression, ExpressionBuilder, SqlBool, Transaction } from "kysely";
import { balanceOf, type Balance, type Credit, invoiceNumber } from "../../forms/invoice.ts";
import type { Database } from "./db/database.server.ts";
import type { DB } from "./db/tables.server.ts";

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

/** Which invoices a batched read covers: a condition on the `invoices` table. */
export type InvoiceScope = (eb: ExpressionBuilder<DB, "invoices">) => Expression<SqlBool>;

/**
 * The credits of every invoice in `scope`, oldest first, by invoice id (void invoices and invoices without a
 * credit are absent): a fixed number of queries whatever how many invoices, for the lists (the report, the
 * exports). A request's paid deposits count on its first invoice that is not void.
 */
export async function invoicesCredits(db: Db, scope: InvoiceScope): Promise<Map<string, InvoiceCredit[]>> {
  const inScope = () => db.selectFrom("invoices").where(scope);
  const leadsInScope = () => inScope().select("lead_id").where("lead_id", "is not", null);
  const invoices = await inScope().select(["id", "lead_id", "status"]).execute();
  const byId = new Map<string, InvoiceCredit[]>();
  const add = (invoiceId: string, credit: InvoiceCredit) =>
    byId.set(invoiceId, [...(byId.get(invoiceId) ?? []), credit]);
  const live = new Set(invoices.filter((i) => i.status !== "void").map((i) => i.id));
  if (live.size === 0) return byId;
  // The first invoice that is not void of each request in scope (oldest, then lowest number).
  const firsts = await db
    .selectFrom("invoices")
    .select(["id", "lead_id"])
    .where("lead_id", "in", leadsInScope())
    .where("status", "!=", "void")
    .orderBy("created_at")
    .orderBy("seq")
    .execute();
  const firstOf = new Map<string, string>();
  for (const row of firsts) if (row.lead_id && !firstOf.has(row.lead_id)) firstOf.set(row.lead_id, row.id);
  const deposits = await db
    .selectFrom("payments")
    .select(["checkout_session_id", "lead_id", "amount_cents", "paid_at"])
    .where("lead_id", "in", leadsInScope())
    .where("status", "=", "paid")
    .where("currency", "=", "usd")
    .execute();
  const payments = await db
    .selectFrom("invoice_payments")
    .select(["id", "invoice_id", "method", "amount_cents", "tip_cents", "paid_at", "reference"])
    .where("invoice_id", "in", inScope().select("id"))
    .where("status", "=", "paid")
    .execute();
  const refundRows = await db
    .selectFrom("refunds")
    .select(["checkout_session_id", "invoice_payment_id", "amount_cents"])
    .where("status", "=", "succeeded")
    .where((eb) =>
      eb.or([
        eb(
          "checkout_session_id",
          "in",
          db.selectFrom("payments").select("checkout_session_id").where("lead_id", "in", leadsInScope()),
        ),
        eb(
          "invoice_payment_id",
          "in",
          db.selectFrom("invoice_payments").select("id").where("invoice_id", "in", inScope().select("id")),
        ),
      ]),
    )
    .execute();
  const refunded = new Map<string, number>();
  for (const row of refundRows) {
    const key = row.checkout_session_id ?? row.invoice_payment_id;
    if (key) refunded.set(key, (refunded.get(key) ?? 0) + Number(row.amount_cents));
  }
  for (const d of deposits) {
    const invoiceId = d.lead_id ? firstOf.get(d.lead_id) : undefined;
    if (!invoiceId || !live.has(invoiceId)) continue;
    add(invoiceId, {
      source: "deposit",
      id: d.checkout_session_id,
      amountCents: Number(d.amount_cents),
      tipCents: 0,
      refundedCents: refunded.get(d.checkout_session_id) ?? 0,
      paidAt: d.paid_at ?? "",
      reference: null,
    });
  }
  for (const p of payments) {
    if (!live.has(p.invoice_id)) continue;
    add(p.invoice_id, {
      source: p.method,
      id: p.id,
      amountCents: Number(p.amount_cents),
      tipCents: Number(p.tip_cents),
      refundedCents: refunded.get(p.id) ?? 0,
      paidAt: p.paid_at ?? "",
      reference: p.reference,
    });
  }
  for (const credits of byId.values()) credits.sort((a, b) => a.paidAt.localeCompare(b.paidAt));
  return byId;
}

/** What was refunded of each of these payments (deposits by Checkout Session, or invoice payments): their succeeded refunds, in cents. */
export async function refundedBy(
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

/** What one paid deposit kept after its refunds (integer cents), never below 0: the rule of depositsKept, per deposit. */
export const depositKeptCents = (amountCents: number, refundedCents: number) =>
  Math.max(0, amountCents - refundedCents);

/**
 * What each of these requests paid in deposits and kept (USD, integer cents): each paid deposit less what was
 * refunded of it, never below 0. The one place this sum is made: the deposit the inbox, the export and the
 * crew's sheet show (docs/decisions/052-export-cost.md).
 */
export async function depositsKept(db: Db, leadIds: readonly string[]): Promise<Map<string, number>> {
  const kept = new Map<string, number>();
  if (leadIds.length === 0) return kept;
  const rows = await db
    .selectFrom("payments")
    .select(["lead_id", "amount_cents", "checkout_session_id"])
    .where("lead_id", "in", [...leadIds])
    .where("status", "=", "paid")
    .where("currency", "=", "usd")
    .execute();
  const refunded = await refundedBy(
    db,
    "checkout_session_id",
    rows.map((r) => r.checkout_session_id),
  );
  for (const row of rows) {
    const cents = depositKeptCents(Number(row.amount_cents), refunded.get(row.checkout_session_id) ?? 0);
    if (row.lead_id) kept.set(row.lead_id, (kept.get(row.lead_id) ?? 0) + cents);
  }
  return kept;
}

/** The credits of invoice `invoiceId`, oldest first (empty for an unknown or void invoice). */
export async function invoiceCredits(db: Db, invoiceId: string): Promise<InvoiceCredit[]> {
  return (await invoicesCredits(db, (eb) => eb("id", "=", invoiceId))).get(invoiceId) ?? [];
}

/** The balance of every invoice in `scope` (void ones included, with no credit), by invoice id. */
export async function invoicesBalances(
  db: Db,
  scope: InvoiceScope,
): Promise<Map<string, Balance & { credits: InvoiceCredit[] }>> {
  const invoices = await db.selectFrom("invoices").select(["id", "total_cents"]).where(scope).execute();
  const credits = invoices.length > 0 ? await invoicesCredits(db, scope) : new Map<string, InvoiceCredit[]>();
  return new Map(
    invoices.map((invoice) => {
      const own = credits.get(invoice.id) ?? [];
      return [invoice.id, { ...balanceOf(Number(invoice.total_cents), own), credits: own }];
    }),
  );
}

/** The balance of invoice `invoiceId` as its rows give it, or null for an unknown invoice. */
export async function invoiceBalance(
  db: Db,
  invoiceId: string,
): Promise<(Balance & { credits: InvoiceCredit[] }) | null> {
  return (await invoicesBalances(db, (eb) => eb("id", "=", invoiceId))).get(invoiceId) ?? null;
}

/** The balances of the invoices `invoiceIds` (unknown ids are absent), as invoicesBalances reads them. */
export async function invoiceBalances(db: Db, invoiceIds: readonly string[]): Promise<Map<string, Balance>> {
  const ids = [...new Set(invoiceIds)];
  if (ids.length === 0) return new Map();
  const read = await invoicesBalances(db, (eb) => eb("id", "in", ids));
  return new Map([...read].map(([id, { credits: _credits, ...balance }]) => [id, balance]));
}
