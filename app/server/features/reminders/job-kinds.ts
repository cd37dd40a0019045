/** The outbox job kinds of seasonal reminders: the offer after a completed job, and the reminders. Their
 * senders: jobs.server.ts. */
export const REMINDER_JOB_KINDS = ["reminder-offer", "seasonal-reminder"] as const;
export type ReminderJobKind = (typeof REMINDER_JOB_KINDS)[number];
