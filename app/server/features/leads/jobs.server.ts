/**
 * The outbox jobs a stored request queues (recordLead), with their senders: the owner's e-mail (with the
 * résumé of an application), the CRM webhook post, the visitor's reply (a newsletter sign-up: its confirmation
 * link), the owner's text message, and the owner's notice after requests were kept in the journal during a
 * database outage.
 */
import { declareSenders } from "../../notify/jobs.server.ts";
import { LEAD_JOB_KINDS } from "./job-kinds.ts";
import { linkSecret } from "../../kit/signed-links.server.ts";
import { createMailSender } from "../../notify/mail.server.ts";
import { composeReplyEmail } from "./reply.server.ts";
import { createTextSender } from "../../notify/sms.server.ts";
import { postLead } from "../../notify/webhook.server.ts";
import { composeReplayedEmail } from "./journal-mail.server.ts";

export const LEAD_SENDERS = declareSenders(LEAD_JOB_KINDS, {
  email: ({ env }) => createMailSender(env),
  webhook:
    ({ env }) =>
    ({ jobId, lead }) =>
      postLead(lead, env, jobId),
  reply: ({ database, env, now }) =>
    createMailSender(env, async (delivery) =>
      composeReplyEmail(delivery, { env, secret: await linkSecret(database, env), now: now() }),
    ),
  sms: ({ env }) => createTextSender(env),
  // After a database outage: how many requests the journal kept and how long they waited (./journal.server.ts).
  "journal-replayed": ({ env }) => createMailSender(env, (delivery) => composeReplayedEmail(delivery, env)),
});
