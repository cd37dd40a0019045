import { REMINDER_KIND } from "../../kit/invoice-reminder-jobs.server.ts";

/** The outbox job kinds of an invoice: the customer's e-mail with its link and PDF. Its sender: jobs.server.ts. */
export const INVOICE_JOB_KINDS = ["invoice"] as const;
export type InvoiceJobKind = (typeof INVOICE_JOB_KINDS)[number];

/** The reminders of an unpaid invoice. Their sender: reminder-jobs.server.ts. */
export const INVOICE_REMINDER_JOB_KINDS = [REMINDER_KIND] as const;
export type InvoiceReminderJobKind = (typeof INVOICE_REMINDER_JOB_KINDS)[number];
