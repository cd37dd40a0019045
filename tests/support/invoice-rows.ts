/**
 * Test support: an invoice stored as the invoice's making and sending would leave it (the ledger's rows only: its
 * number from the counter, its total, its status), for the tests of what follows it (paying, reminders, reviews).
 */
import { takeInvoiceNumber } from "../../app/server/kit/invoice-ledger.server.ts";
import type { Database } from "../../app/server/kit/db/database.server.ts";
import type { InvoiceStatus } from "../../app/server/kit/db/tables.server.ts";
import type { InvoiceContent } from "../../app/forms/invoice.ts";

export async function storeInvoice(
  database: Database,
  {
    leadId,
    totalCents,
    status = "sent",
    content = null,
  }: {
    leadId: string;
    totalCents: number;
    status?: InvoiceStatus;
    /** What the invoice page shows (its lines should add up to the total); none: the ledger's rows only. */
    content?: InvoiceContent | null;
  },
): Promise<string> {
  const id = `inv-${Math.random().toString(36).slice(2, 12)}`;
  await database.db.transaction().execute(async (trx) => {
    const n = await takeInvoiceNumber(trx, new Date().getUTCFullYear());
    const at = new Date().toISOString();
    await trx
      .insertInto("invoices")
      .values({
        id,
        lead_id: leadId,
        number: n.number,
        year: n.year,
        seq: n.seq,
        status,
        content: JSON.stringify(content ?? {}),
        total_cents: totalCents,
        quote_id: null,
        due_date: null,
        created_at: at,
        updated_at: at,
        sent_at: status === "sent" ? at : null,
        reminders_paused_at: null,
      })
      .execute();
  });
  return id;
}
