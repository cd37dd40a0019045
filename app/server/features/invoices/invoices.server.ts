/**
 * A request's invoice (issue 41, docs/decisions/041-invoices-and-balance.md): made as a draft from the accepted
 * option when the job is completed (in the completion's transaction), or by the owner at any time; edited by the
 * owner (a sent invoice changed gets version + 1 and sends nothing by itself); sent (the customer's e-mail with one
 * link and the PDF, the text to those who agreed, the due date, the reminders) or voided (its number stays used).
 * At most one invoice that is not void per request. Its number is taken in the transaction that stores it
 * (takeInvoiceNumber); its balance is read from the rows (invoiceBalance), never stored.
 */
import { randomUUID } from "node:crypto";
import type { Selectable, Transaction } from "kysely";
import { priceBook } from "../../../content/price-book.ts";
import type { InvoiceEdit } from "../../../forms/invoice-editor.ts";
import { invoiceTotals, type InvoiceContent } from "../../../forms/invoice.ts";
import { localDateString } from "../../kit/business-time.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB, InvoicesTable, InvoiceStatus } from "../../kit/db/tables.server.ts";
import { takeInvoiceNumber } from "../../kit/invoice-ledger.server.ts";
import { outboxJob } from "../../notify/jobs.server.ts";
import { INVOICE_JOB_KINDS } from "./job-kinds.ts";
import { cancelInvoiceReminders } from "../../kit/invoice-reminder-jobs.server.ts";
import { queueInvoiceReminders } from "./reminders.server.ts";

type Db = Database["db"] | Transaction<DB>;

export interface Invoice {
  id: string;
  leadId: string | null;
  number: string;
  version: number;
  status: InvoiceStatus;
  content: InvoiceContent;
  totalCents: number;
  quoteId: string | null;
  /** YYYY-MM-DD (America/Boise), set when sent. */
  dueDate: string | null;
  createdAt: Date;
  updatedAt: Date;
  sentAt: Date | null;
}

const toInvoice = (row: Selectable<InvoicesTable>): Invoice => ({
  id: row.id,
  leadId: row.lead_id,
  number: row.number,
  version: Number(row.version),
  status: row.status,
  content: JSON.parse(row.content) as InvoiceContent,
  totalCents: Number(row.total_cents),
  quoteId: row.quote_id,
  dueDate: row.due_date,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  sentAt: row.sent_at ? new Date(row.sent_at) : null,
});

export async function getInvoice(db: Db, id: string): Promise<Invoice | undefined> {
  const row = await db.selectFrom("invoices").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toInvoice(row) : undefined;
}

/** A request's invoices, oldest first (the void ones too: their numbers stay used). */
export async function invoicesOfLead(db: Db, leadId: string): Promise<Invoice[]> {
  const rows = await db
    .selectFrom("invoices")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("created_at")
    .orderBy("seq")
    .execute();
  return rows.map(toInvoice);
}

/** The request's invoice that is not void, if any (there is at most one). */
export const currentInvoice = async (db: Db, leadId: string): Promise<Invoice | undefined> =>
  (await invoicesOfLead(db, leadId)).find((invoice) => invoice.status !== "void");

/** What a new invoice is made from: the job's words and, after acceptance, the accepted option. */
export interface InvoiceSource {
  service: string;
  city: string;
  address?: string;
  /** The accepted version's id, its reference, version and option with its lines. */
  quote?: { id: string; ref: string; version: number; optionLabel: string; lines: { text: string; cents: number }[] };
}

/** The tax rate of content (percent) in basis points, frozen into a new invoice. */
export const contentTaxBasisPoints = () => Math.round(priceBook.invoices.taxRatePercent * 100);

/**
 * The service date of a job completed at `now`: its confirmed window's day when it had one (the day the crew came),
 * else the day it was completed, in Boise.
 */
async function serviceDateOf(trx: Transaction<DB>, leadId: string, now: Date): Promise<string> {
  const booking = await trx
    .selectFrom("bookings")
    .select("day")
    .where("lead_id", "=", leadId)
    .where("status", "=", "confirmed")
    .executeTakeFirst();
  const today = localDateString(now);
  return booking && booking.day <= today ? booking.day : today;
}

export type MakeResult = { made: boolean; invoice: Invoice };

/**
 * Makes the request's draft invoice in `trx` (its number taken in the same transaction), or finds the one that is
 * not void: at most one per request, also when two completions race (the request's row is locked first).
 */
export async function makeInvoice(
  trx: Transaction<DB>,
  leadId: string,
  source: InvoiceSource,
  now: Date,
): Promise<MakeResult> {
  // A write to the request's own row: a second transaction making its invoice waits here until this one ends.
  await trx
    .updateTable("leads")
    .set((eb) => ({ stage: eb.ref("stage") }))
    .where("id", "=", leadId)
    .execute();
  const existing = await currentInvoice(trx, leadId);
  if (existing) return { made: false, invoice: existing };
  const taxable = priceBook.invoices.linesTaxableByDefault;
  const content: InvoiceContent = {
    service: source.service,
    city: source.city,
    ...(source.address ? { address: source.address } : {}),
    serviceDate: await serviceDateOf(trx, leadId, now),
    lines: (source.quote?.lines ?? []).map((line) => ({ text: line.text, cents: line.cents, taxable })),
    discountCents: 0,
    discountReason: "",
    taxRateBasisPoints: contentTaxBasisPoints(),
    ...(source.quote
      ? { quote: { ref: source.quote.ref, version: source.quote.version, optionLabel: source.quote.optionLabel } }
      : {}),
    note: "",
  };
  const year = Number(localDateString(now).slice(0, 4));
  const { seq, number } = await takeInvoiceNumber(trx, year);
  const at = now.toISOString();
  const row = await trx
    .insertInto("invoices")
    .values({
      id: randomUUID(),
      lead_id: leadId,
      number,
      year,
      seq,
      status: "draft",
      content: JSON.stringify(content),
      total_cents: invoiceTotals(content).totalCents,
      quote_id: source.quote?.id ?? null,
      due_date: null,
      created_at: at,
      updated_at: at,
      sent_at: null,
      reminders_paused_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { made: true, invoice: toInvoice(row) };
}

export type Refusal = { refused: string };

/**
 * Saves the owner's changes. A sent invoice changed gets version + 1 (a payment page is per version) and stays
 * sent: nothing goes to the customer until the owner sends it again. A void invoice is not changed.
 */
export async function saveInvoice(
  database: Database,
  id: string,
  edit: InvoiceEdit,
  now: Date,
): Promise<{ saved: Invoice; changed: boolean } | Refusal> {
  return database.db.transaction().execute(async (trx) => {
    const invoice = await getInvoice(trx, id);
    if (!invoice) return { refused: "There is no such invoice." };
    if (invoice.status === "void") return { refused: "This invoice is void: it cannot be changed." };
    const content: InvoiceContent = { ...invoice.content, ...edit };
    if (JSON.stringify(content) === JSON.stringify(invoice.content)) return { saved: invoice, changed: false };
    const row = await trx
      .updateTable("invoices")
      .set({
        content: JSON.stringify(content),
        total_cents: invoiceTotals(content).totalCents,
        updated_at: now.toISOString(),
        ...(invoice.status === "sent" ? { version: invoice.version + 1 } : {}),
      })
      .where("id", "=", id)
      .where("version", "=", invoice.version)
      .returningAll()
      .executeTakeFirst();
    if (!row) return { refused: "The invoice changed meanwhile: reload the page and try again." };
    return { saved: toInvoice(row), changed: true };
  });
}

/** YYYY-MM-DD `days` after the Boise date of `now`. */
export function dueDateOf(now: Date, days: number): string {
  const today = localDateString(now);
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * Sends the invoice, in one transaction: its status 'sent', `sent_at`, the due date (content: dueDays after today in
 * Boise), the customer's e-mail (its sender queues the text to a customer who agreed to texts) and the reminders.
 * Sending again (after a change, or when the customer lost it) sends the current version with a new due date.
 */
export async function sendInvoice(
  database: Database,
  id: string,
  now: Date,
  dueDays = priceBook.invoices.dueDays,
): Promise<{ sent: Invoice } | Refusal> {
  return database.db.transaction().execute(async (trx) => {
    const invoice = await getInvoice(trx, id);
    if (!invoice?.leadId) return { refused: "There is no such invoice, or its request was deleted." };
    if (invoice.status === "void") return { refused: "This invoice is void: make a new one to send." };
    if (invoice.content.lines.length === 0) return { refused: "Add at least one line and save before sending." };
    const at = now.toISOString();
    const row = await trx
      .updateTable("invoices")
      .set({ status: "sent", sent_at: at, due_date: dueDateOf(now, dueDays), updated_at: at })
      .where("id", "=", id)
      .where("version", "=", invoice.version)
      .returningAll()
      .executeTakeFirst();
    if (!row) return { refused: "The invoice changed meanwhile: reload the page and try again." };
    await trx
      .insertInto("outbox_jobs")
      .values(
        outboxJob(INVOICE_JOB_KINDS, {
          lead_id: invoice.leadId,
          kind: "invoice",
          // One e-mail per sending: the version and the time tell them apart.
          ref: `${invoice.id}:${invoice.version}:${at}`,
          created_at: at,
          payload: JSON.stringify({ invoiceId: invoice.id, version: invoice.version }),
        }),
      )
      .execute();
    await queueInvoiceReminders(trx, { id: invoice.id, leadId: invoice.leadId, sentAt: now });
    return { sent: toInvoice(row) };
  });
}

/** Voids the invoice: it is kept with its number (never reused), and a new one may be made for the request. */
export async function voidInvoice(database: Database, id: string, now: Date): Promise<{ voided: Invoice } | Refusal> {
  const paid = await database.db
    .selectFrom("invoice_payments")
    .select("id")
    .where("invoice_id", "=", id)
    .where("status", "=", "paid")
    .executeTakeFirst();
  if (paid)
    return { refused: "A payment was recorded on this invoice: it cannot be voided. Change its lines instead." };
  // Void, and its reminders still pending called off with it (their sender would skip them anyway).
  const row = await database.db.transaction().execute(async (trx) => {
    const voided = await trx
      .updateTable("invoices")
      .set({ status: "void", updated_at: now.toISOString() })
      .where("id", "=", id)
      .where("status", "!=", "void")
      .returningAll()
      .executeTakeFirst();
    if (voided) await cancelInvoiceReminders(trx, id, "VOID");
    return voided;
  });
  return row ? { voided: toInvoice(row) } : { refused: "This invoice is void already." };
}
