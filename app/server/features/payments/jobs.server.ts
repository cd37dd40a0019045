/**
 * The outbox jobs of payments. A paid deposit (queued once, by record.server.ts, with the session id as ref): the
 * owner's e-mail and, with the text settings, the owner's text message. A paid invoice payment (card or by hand,
 * ref: the payment's id): the customer's receipt with its PDF, and for a card payment the owner's e-mail and text.
 */
import { declareSenders } from "../../notify/jobs.server.ts";
import { createDepositMailSender, createDepositTextSender } from "./deposit-mail.server.ts";
import { createBalanceMailSender, createBalanceTextSender, createReceiptSender } from "./receipt-mail.server.ts";

export const PAYMENT_SENDERS = declareSenders({
  deposit: ({ env }) => createDepositMailSender(env),
  "deposit-sms": ({ env }) => createDepositTextSender(env),
  receipt: ({ env }) => createReceiptSender(env),
  "balance-paid": ({ env }) => createBalanceMailSender(env),
  "balance-paid-sms": ({ env }) => createBalanceTextSender(env),
});
