/** The outbox jobs of the invoices feature, with their senders: the reminders of an unpaid invoice. */
import { declareSenders } from "../../notify/jobs.server.ts";
import { INVOICE_REMINDER_JOB_KINDS } from "./job-kinds.ts";
import { createInvoiceReminderSender } from "./reminder-mail.server.ts";

export const INVOICE_REMINDER_SENDERS = declareSenders(INVOICE_REMINDER_JOB_KINDS, {
  "invoice-reminder": ({ database, env, now }) => createInvoiceReminderSender(database, env, now),
});
