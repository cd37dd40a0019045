/**
 * The outbox jobs of a quote (docs/decisions/031-quotes.md), with their senders: the customer's e-mail with the
 * quote's link, the reminders after 2 and 7 days, and the owner's e-mail and text message when the customer
 * accepts or declines, and the customer's copy of what they accepted (with its PDF) right after acceptance.
 */
import { declareSenders } from "../../notify/jobs.server.ts";
import { QUOTE_JOB_KINDS } from "./job-kinds.ts";
import { createAcceptedMailSender } from "./accepted-copy.server.ts";
import {
  createAnswerMailSender,
  createAnswerTextSender,
  createQuoteMailSender,
  createReminderMailSender,
} from "./quote-mail.server.ts";

export const QUOTE_SENDERS = declareSenders(QUOTE_JOB_KINDS, {
  quote: ({ database, env, now }) => createQuoteMailSender(database, env, now),
  "quote-reminder": ({ database, env, now }) => createReminderMailSender(database, env, now),
  "quote-answer": ({ database, env }) => createAnswerMailSender(database, env),
  "quote-answer-sms": ({ database, env }) => createAnswerTextSender(database, env),
  "quote-accepted": ({ database, env, now }) => createAcceptedMailSender(database, env, now),
});
