/**
 * What marking a job completed sets off and calls off, in the status change's transaction
 * (docs/decisions/039-completion-and-late-cancellation.md): the window's reminder e-mails (bookings), the
 * day-before, "On our way" and reschedule texts (texts) and the quote's reminders (quotes) are called off; the
 * seasonal reminders' offer (reminders) is queued no earlier than `notBefore`; the draft invoice is made from the
 * accepted option (invoices, issue 41: ./invoice-source.server.ts). Here, above the features, because
 * it needs four of them (docs/decisions/026-server-layers.md); the request page's route hands it to the reviews
 * feature's saveStatus.
 */
import type { Transaction } from "kysely";
import type { DB } from "./kit/db/tables.server.ts";
import { callOffReminders } from "./features/bookings/bookings.server.ts";
import { callOffQuoteReminders } from "./features/quotes/quotes.server.ts";
import { queueReminderOffer } from "./features/reminders/reminders.server.ts";
import { callOffJobTexts } from "./features/texts/texts.server.ts";
import { makeInvoiceOf } from "./invoice-source.server.ts";

/** Calls off the job's pending reminders and texts, makes its draft invoice; whether the reminders were offered. */
export async function whenJobCompleted(
  trx: Transaction<DB>,
  leadId: string,
  now: Date,
  notBefore: Date,
): Promise<{ remindersOffered: boolean }> {
  await callOffReminders(trx, leadId);
  await callOffJobTexts(trx, leadId);
  await callOffQuoteReminders(trx, leadId);
  await makeInvoiceOf(trx, leadId, now);
  return { remindersOffered: await queueReminderOffer(trx, leadId, now, notBefore) };
}
