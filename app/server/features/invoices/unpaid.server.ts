/**
 * The owner's list of unpaid invoices: every sent invoice with a balance left, oldest first, with its age, whether
 * it is past due, and its reminders (sent, the next one, paused). The balances come from the ledger for all of
 * them at once (invoiceBalances: a fixed number of queries per chunk of invoices, never one per invoice).
 */
import { localDateString } from "../../kit/business-time.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { invoiceBalances } from "../../kit/invoice-ledger.server.ts";
import { readReminderRef, REMINDER_KIND } from "../../kit/invoice-reminder-jobs.server.ts";

/** How many invoices' balances are read in one round (the databases' limits on a query's parameters). */
const CHUNK = 500;

export interface UnpaidInvoice {
  id: string;
  number: string;
  leadId: string | null;
  /** The customer's name as the request gave it; null once the request was purged. */
  customer: string | null;
  totalCents: number;
  balanceCents: number;
  sentAt: string;
  /** Whole days since the day it was sent (Boise). */
  ageDays: number;
  dueDate: string | null;
  overdue: boolean;
  remindersSent: number;
  /** When the next reminder goes (ISO), if one is planned. */
  nextReminderAt: string | null;
  paused: boolean;
}

const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / 86_400_000;

export async function unpaidInvoices(database: Database, now = new Date()): Promise<UnpaidInvoice[]> {
  const { db } = database;
  const sent = await db
    .selectFrom("invoices")
    .leftJoin("leads", "leads.id", "invoices.lead_id")
    .select([
      "invoices.id",
      "invoices.number",
      "invoices.lead_id",
      "invoices.total_cents",
      "invoices.sent_at",
      "invoices.due_date",
      "invoices.reminders_paused_at",
      "leads.name",
    ])
    .where("invoices.status", "=", "sent")
    .where("invoices.sent_at", "is not", null)
    .orderBy("invoices.sent_at")
    .orderBy("invoices.seq")
    .execute();
  const balances = new Map<string, number>();
  for (let i = 0; i < sent.length; i += CHUNK) {
    const chunk = await invoiceBalances(
      db,
      sent.slice(i, i + CHUNK).map((invoice) => invoice.id),
    );
    for (const [id, balance] of chunk) balances.set(id, balance.balanceCents);
  }
  const unpaid = sent.filter((invoice) => (balances.get(invoice.id) ?? 0) > 0);
  const reminders = new Map<string, { sent: number; next: string | null }>();
  const leadIds = [...new Set(unpaid.flatMap((invoice) => (invoice.lead_id ? [invoice.lead_id] : [])))];
  for (let i = 0; i < leadIds.length; i += CHUNK) {
    const jobs = await db
      .selectFrom("outbox_jobs")
      .select(["ref", "status", "next_attempt_at"])
      .where("kind", "=", REMINDER_KIND)
      .where("lead_id", "in", leadIds.slice(i, i + CHUNK))
      .where("status", "in", ["sent", "pending"])
      .execute();
    for (const job of jobs) {
      const ref = readReminderRef(job.ref);
      if (!ref) continue;
      const seen = reminders.get(ref.invoiceId) ?? { sent: 0, next: null };
      if (job.status === "sent") seen.sent++;
      else if (seen.next === null || job.next_attempt_at < seen.next) seen.next = job.next_attempt_at;
      reminders.set(ref.invoiceId, seen);
    }
  }
  const today = localDateString(now);
  return unpaid.map((invoice) => {
    const sentAt = invoice.sent_at!;
    const reminder = reminders.get(invoice.id);
    return {
      id: invoice.id,
      number: invoice.number,
      leadId: invoice.lead_id,
      customer: invoice.lead_id ? (invoice.name ?? "") : null,
      totalCents: Number(invoice.total_cents),
      balanceCents: balances.get(invoice.id)!,
      sentAt,
      ageDays: Math.max(0, dayNumber(today) - dayNumber(localDateString(new Date(sentAt)))),
      dueDate: invoice.due_date,
      overdue: invoice.due_date !== null && today > invoice.due_date,
      remindersSent: reminder?.sent ?? 0,
      nextReminderAt: reminder?.next ?? null,
      paused: invoice.reminders_paused_at !== null,
    };
  });
}
