/**
 * The outbox jobs of an unpaid invoice's reminders, as the features that end them see them: the invoices feature
 * queues them (features/invoices/reminders.server.ts) and calls them off when it sends again or voids; the payments
 * feature calls them off in the transaction of the payment that leaves a balance of 0. Here, in the kit, because a
 * feature never imports another (decision 026). A job's ref is `<invoice id>:<day>:<sending>`.
 */
import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { DB } from "./db/tables.server.ts";

export const REMINDER_KIND = "invoice-reminder" as const;

const refPrefix = (invoiceId: string) => `${invoiceId}:`;

/** A reminder job's ref: its invoice, its day after sending, and the sending it belongs to (unique per sending). */
export const reminderRef = (invoiceId: string, day: number, sending: string) =>
  `${refPrefix(invoiceId)}${day}:${sending}`;

/** The invoice a reminder job's ref names, and its day after sending. */
export function readReminderRef(ref: string): { invoiceId: string; day: number } | null {
  const [invoiceId = "", day = "", sending] = ref.split(":");
  return invoiceId && sending && /^\d+$/.test(day) ? { invoiceId, day: Number(day) } : null;
}

/** Calls off the invoice's reminders still pending (a new sending replaces them; paid; void). How many. */
export async function cancelInvoiceReminders(
  db: Kysely<DB> | Transaction<DB>,
  invoiceId: string,
  why: "REPLACED" | "PAID" | "VOID",
): Promise<number> {
  const result = await db
    .updateTable("outbox_jobs")
    .set({ status: "cancelled", last_error: why })
    .where("kind", "=", REMINDER_KIND)
    .where("status", "=", "pending")
    .where(sql<string>`substr(ref, 1, ${refPrefix(invoiceId).length})`, "=", refPrefix(invoiceId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
