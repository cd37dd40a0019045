/**
 * The reminders of an unpaid invoice (issue 41, "Chasing what is unpaid"): queued in the transaction that sends
 * the invoice, on the days content sets after sending, by e-mail and by text (consent and quiet hours as for
 * texts), and stopped by payment, by the owner's pause, or by STOP.
 *
 * Not built yet: the invoice's sending calls this already, and it queues nothing until the reminders are built.
 */
import type { Transaction } from "kysely";
import type { DB } from "../../kit/db/database.server.ts";

export async function queueInvoiceReminders(
  trx: Transaction<DB>,
  invoice: { id: string; leadId: string; sentAt: Date },
): Promise<void> {
  void trx;
  void invoice;
}
