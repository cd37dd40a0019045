/** The outbox job of "Send me my link" by e-mail, with its sender. */
import { declareSenders } from "../../notify/jobs.server.ts";
import { ACCOUNT_JOB_KINDS } from "./job-kinds.ts";
import { createAccountLinkSender } from "./link-mail.server.ts";

export const ACCOUNT_SENDERS = declareSenders(ACCOUNT_JOB_KINDS, {
  "account-link": ({ database, env, now }) => createAccountLinkSender(database, env, now),
});
