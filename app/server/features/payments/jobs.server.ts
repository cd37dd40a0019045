/**
 * The outbox jobs of a paid deposit (queued once, by record.server.ts, with the session id as ref): the
 * owner's e-mail and, with the text settings, the owner's text message. They are the event the rest of the
 * site hears of a paid deposit.
 */
import { declareSenders } from "../../notify/jobs.server.ts";
import { createDepositMailSender, createDepositTextSender } from "./deposit-mail.server.ts";

export const PAYMENT_SENDERS = declareSenders({
  deposit: ({ env }) => createDepositMailSender(env),
  "deposit-sms": ({ env }) => createDepositTextSender(env),
});
