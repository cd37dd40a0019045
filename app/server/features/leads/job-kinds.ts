/** The outbox job kinds a stored request queues: the owner's e-mail, the CRM webhook post, the visitor's reply
 * and the owner's text; and the owner's notice after requests waited in the journal (journal.server.ts). Their
 * senders: jobs.server.ts. */
export const LEAD_JOB_KINDS = ["email", "webhook", "reply", "sms", "journal-replayed"] as const;
export type LeadJobKind = (typeof LEAD_JOB_KINDS)[number];
