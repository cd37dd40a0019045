/**
 * Test support: an invoice sent as the invoice's sending stores it (its number taken and its reminders queued in
 * one transaction), sent again (a new version), and a payment recorded by hand, straight through the store. For
 * the tests of what follows a sending (reminders, the unpaid list) before and apart from the invoice editor.
 */
import { queueInvoiceReminders } from "../../app/server/features/invoices/reminders.server.ts";
import type { Database } from "../../app/server/kit/db/database.server.ts";
import { takeInvoiceNumber } from "../../app/server/kit/invoice-ledger.server.ts";

export interface SentInvoice {
  id: string;
  leadId: string;
  totalCents: number;
  /** YYYY-MM-DD (Boise). */
  dueDate: string | null;
}

/** Stores invoice `id` as sent at `at` (or, when it exists, sends it again as its next version), with its reminders. */
export async function sendInvoice(database: Database, invoice: SentInvoice, at: Date): Promise<string> {
  const sentAt = at.toISOString();
  return database.db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("invoices").select("number").where("id", "=", invoice.id).executeTakeFirst();
    let number = existing?.number;
    if (existing) {
      await trx
        .updateTable("invoices")
        .set((eb) => ({ version: eb("version", "+", 1), sent_at: sentAt, updated_at: sentAt }))
        .where("id", "=", invoice.id)
        .execute();
    } else {
      const taken = await takeInvoiceNumber(trx, at.getUTCFullYear());
      number = taken.number;
      await trx
        .insertInto("invoices")
        .values({
          id: invoice.id,
          lead_id: invoice.leadId,
          number: taken.number,
          year: taken.year,
          seq: taken.seq,
          status: "sent",
          content: "{}",
          total_cents: invoice.totalCents,
          quote_id: null,
          due_date: invoice.dueDate,
          created_at: sentAt,
          updated_at: sentAt,
          sent_at: sentAt,
          reminders_paused_at: null,
        })
        .execute();
    }
    await queueInvoiceReminders(trx, { id: invoice.id, leadId: invoice.leadId, sentAt: at });
    return number!;
  });
}

/** A payment by check of `cents` against invoice `invoiceId`, recorded at `at`. */
export const recordCheck = (database: Database, invoiceId: string, cents: number, at: Date) =>
  database.db
    .insertInto("invoice_payments")
    .values({
      id: crypto.randomUUID(),
      invoice_id: invoiceId,
      lead_id: null,
      method: "check",
      status: "paid",
      amount_cents: cents,
      reference: "1042",
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      paid_at: at.toISOString(),
    })
    .execute();
