/**
 * The outbox jobs of an invoice (issue 41): the customer's e-mail with its link and PDF (the text to a customer who
 * agreed to texts is queued beside it by app/server/channel-texts.server.ts).
 */
import { declareSenders } from "../../notify/jobs.server.ts";
import { INVOICE_JOB_KINDS } from "./job-kinds.ts";
import { createInvoiceMailSender } from "./invoice-mail.server.ts";

export const INVOICE_SENDERS = declareSenders(INVOICE_JOB_KINDS, {
  invoice: ({ database, env, now }) => createInvoiceMailSender(database, env, now),
});
