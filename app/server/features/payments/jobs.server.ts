/**
 * The payments feature's outbox jobs, each queued once in the transaction that records what happened:
 * - a paid deposit (record.server.ts, ref: the session id): the owner's e-mail and, with the text settings, text;
 *   they are the event the rest of the site hears of a paid deposit;
 * - a paid invoice payment (card or by hand, ref: the payment's id): the customer's receipt with its PDF, and for a
 *   card payment the owner's e-mail and text;
 * - a refund that succeeded (refunds.server.ts, ref: the refund id): the owner's e-mail and text;
 * - a dispute (refunds.server.ts, ref: the dispute id): the owner's urgent e-mail, with what the site holds as
 *   evidence (read when it is sent: the wiring, app/server/outbox-wiring.server.ts, hands in the other features'
 *   part), and text.
 */
import { declareSenders } from "../../notify/jobs.server.ts";
import { PAYMENT_JOB_KINDS } from "./job-kinds.ts";
import { composeDepositText, createDepositMailSender } from "./deposit-mail.server.ts";
import { createBalanceMailSender, createBalanceTextSender, createReceiptSender } from "./receipt-mail.server.ts";
import {
  composeDisputeText,
  composeRefundText,
  createDisputeMailSender,
  createOwnerTextSender,
  createRefundMailSender,
  photosOnlyEvidence,
} from "./refund-mail.server.ts";

export const PAYMENT_SENDERS = declareSenders(PAYMENT_JOB_KINDS, {
  deposit: ({ env }) => createDepositMailSender(env),
  "deposit-sms": ({ env }) => createOwnerTextSender(env, composeDepositText),
  receipt: ({ database, env, now }) => createReceiptSender(database, env, now),
  "balance-paid": ({ env }) => createBalanceMailSender(env),
  "balance-paid-sms": ({ env }) => createBalanceTextSender(env),
  refund: ({ env }) => createRefundMailSender(env),
  "refund-sms": ({ env }) => createOwnerTextSender(env, composeRefundText),
  dispute: ({ database, env }) => createDisputeMailSender(env, photosOnlyEvidence(database)),
  "dispute-sms": ({ env }) => createOwnerTextSender(env, composeDisputeText),
});
