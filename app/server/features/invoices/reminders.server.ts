/**
 * The reminders of an unpaid invoice (issue 41, "Chasing what is unpaid"): queued in the transaction that sends
 * the invoice, one outbox job per day set in content after sending (kind "invoice-reminder", due that day's
 * morning in Boise), by e-mail and, through app/server/channel-texts.server.ts, by text to a customer who chose
 * texts (consent, quiet hours and STOP as every customer text). Sending the invoice again (a new version) calls
 * off the pending ones and queues them anew from that sending.
 *
 * Each reminder decides when it is due (reminderOutlook): nothing goes for an invoice paid in full (its balance
 * read from the ledger then), void, or paused by the owner. The job's ref is `<invoice id>:<day>:<sending>`.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { localDateString, localParts, localTime } from "../../kit/business-time.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB } from "../../kit/db/tables.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { invoiceBalance } from "../../kit/invoice-ledger.server.ts";
import { cancelInvoiceReminders, REMINDER_KIND, reminderRef } from "../../kit/invoice-reminder-jobs.server.ts";
import { linkSecret, signedPath } from "../../kit/signed-links.server.ts";
import { outboxJob } from "../../notify/jobs.server.ts";
import { INVOICE_REMINDER_JOB_KINDS } from "./job-kinds.ts";
import { priceBook } from "../../../content/price-book.ts";

/** The days after sending on which an unpaid invoice's reminders go (content: invoices.reminderDays), ascending, without repeats. */
export function reminderDays(): number[] {
  return [...new Set(priceBook.invoices.reminderDays)]
    .filter((day) => Number.isInteger(day) && day > 0)
    .sort((a, b) => a - b);
}

/** The morning a reminder goes: this local time (Boise) of its day, after the quiet hours of texts. */
export const REMINDER_TIME = { hour: 9, minute: 0 };
/** A reminder not sent within this long after its time (the server was down) is given up: the next one follows. */
const GIVE_UP_AFTER_MS = 2 * 86_400_000;

/** The instant the reminder of `day` days after a sending at `sentAt` goes. */
export function reminderAt(sentAt: Date, day: number): Date {
  const { year, month, day: date } = localParts(sentAt);
  return localTime(year, month, date + day, REMINDER_TIME.hour, REMINDER_TIME.minute);
}

/**
 * In the transaction that sends invoice `id` of request `leadId` at `sentAt`: its reminders, one per day of
 * reminderDays() after that day, in place of any still pending from an earlier sending.
 */
export async function queueInvoiceReminders(
  trx: Transaction<DB>,
  invoice: { id: string; leadId: string; sentAt: Date },
): Promise<void> {
  await cancelInvoiceReminders(trx, invoice.id, "REPLACED");
  // One sending's reminders apart from another's, even two sendings in the same millisecond (the ref is unique).
  const sending = `${invoice.sentAt.getTime().toString(36)}-${randomUUID().slice(0, 8)}`;
  const days = reminderDays();
  if (days.length === 0) return;
  await trx
    .insertInto("outbox_jobs")
    .values(
      days.map((day) => {
        const at = reminderAt(invoice.sentAt, day);
        return outboxJob(INVOICE_REMINDER_JOB_KINDS, {
          lead_id: invoice.leadId,
          kind: REMINDER_KIND,
          ref: reminderRef(invoice.id, day, sending),
          created_at: invoice.sentAt.toISOString(),
          next_attempt_at: at.toISOString(),
          not_after: new Date(at.getTime() + GIVE_UP_AFTER_MS).toISOString(),
          payload: JSON.stringify({ invoiceId: invoice.id, day }),
        });
      }),
    )
    .execute();
}

/** The owner's Pause (true) or Resume (false) of an invoice's reminders: its request's id, or null for no such invoice. */
export async function setRemindersPaused(
  database: Database,
  invoiceId: string,
  paused: boolean,
  now = new Date(),
): Promise<{ leadId: string | null } | null> {
  const row = await database.db
    .updateTable("invoices")
    .set({ reminders_paused_at: paused ? now.toISOString() : null })
    .where("id", "=", invoiceId)
    .returning("lead_id")
    .executeTakeFirst();
  return row ? { leadId: row.lead_id } : null;
}

/** What a reminder due now says, or why it does not go. */
export type ReminderOutlook =
  | { send: false; why: "unknown" | "not-sent" | "void" | "paused" | "paid" }
  | {
      send: true;
      number: string;
      balanceCents: number;
      /** YYYY-MM-DD (Boise), if the invoice has one. */
      dueDate: string | null;
      overdue: boolean;
      /** The invoice's one link (its path; prefix the site's origin). */
      path: string;
    };

/** Whether the reminder of invoice `invoiceId` goes now, and with what: the balance from the ledger, now. */
export async function reminderOutlook(
  database: Database,
  env: Pick<Env, "LINK_SECRET">,
  invoiceId: string,
  now: Date,
): Promise<ReminderOutlook> {
  const invoice = await database.db
    .selectFrom("invoices")
    .select(["id", "number", "status", "due_date", "sent_at", "reminders_paused_at"])
    .where("id", "=", invoiceId)
    .executeTakeFirst();
  if (!invoice) return { send: false, why: "unknown" };
  if (invoice.status === "void") return { send: false, why: "void" };
  if (invoice.status !== "sent" || !invoice.sent_at) return { send: false, why: "not-sent" };
  if (invoice.reminders_paused_at) return { send: false, why: "paused" };
  const balance = await invoiceBalance(database.db, invoiceId);
  if (!balance || balance.balanceCents <= 0) return { send: false, why: "paid" };
  return {
    send: true,
    number: invoice.number,
    balanceCents: balance.balanceCents,
    dueDate: invoice.due_date,
    overdue: invoice.due_date !== null && localDateString(now) > invoice.due_date,
    path: signedPath("invoice", invoice.id, await linkSecret(database, env), now),
  };
}
