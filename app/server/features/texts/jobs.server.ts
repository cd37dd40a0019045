/**
 * The outbox job of a text to a customer (docs/decisions/034-customer-texts.md): one kind, "customer-text", whose
 * ref is the thread's row (the text's words and number are there, not in the job).
 */
import { declareSenders } from "../../notify/jobs.server.ts";
import { createCustomerTextSender } from "./sender.server.ts";

export const TEXT_SENDERS = declareSenders({
  "customer-text": ({ database, env, now }) => createCustomerTextSender(database, env, now),
});
