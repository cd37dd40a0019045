/** The outbox job kinds of texts: a text to a customer, and the owner's text that a customer wrote. Their
 * senders: jobs.server.ts. */
export const TEXT_JOB_KINDS = ["customer-text", "text-alert"] as const;
export type TextJobKind = (typeof TEXT_JOB_KINDS)[number];
