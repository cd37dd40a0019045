/** The outbox job kinds a stored request queues: the owner's e-mail, the CRM webhook post, the visitor's reply
 * and the owner's text. Their senders: jobs.server.ts. */
export const LEAD_JOB_KINDS = ["email", "webhook", "reply", "sms"] as const;
export type LeadJobKind = (typeof LEAD_JOB_KINDS)[number];
