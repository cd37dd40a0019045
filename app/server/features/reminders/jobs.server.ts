/** The outbox jobs of seasonal reminders, with their senders: the offer after a completed job, and the reminders. */
import { declareSenders } from "../../notify/jobs.server.ts";
import { REMINDER_JOB_KINDS } from "./job-kinds.ts";
import { createOfferSender, createReminderSender } from "./reminder-mail.server.ts";

export const REMINDER_SENDERS = declareSenders(REMINDER_JOB_KINDS, {
  "reminder-offer": ({ database, env, now }) => createOfferSender(database, env, now),
  "seasonal-reminder": ({ database, env, now }) => createReminderSender(database, env, now),
});
