/**
 * The outbox jobs of texts (docs/decisions/034-customer-texts.md): "customer-text", a text to a customer, whose ref
 * is the thread's row (the text's words and number are there, not in the job); and "text-alert", the owner's
 * text that a customer wrote (their first name and the request's inbox link, never their words).
 */
import { declareSenders } from "../../notify/jobs.server.ts";
import { TEXT_JOB_KINDS } from "./job-kinds.ts";
import { createCustomerTextSender, createTextAlertSender } from "./sender.server.ts";

export const TEXT_SENDERS = declareSenders(TEXT_JOB_KINDS, {
  "customer-text": ({ database, env, now }) => createCustomerTextSender(database, env, now),
  "text-alert": ({ env }) => createTextAlertSender(env),
});
