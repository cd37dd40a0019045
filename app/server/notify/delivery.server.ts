/**
 * What the outbox hands a sender (the owner's e-mail, the visitor's reply, the webhook, the booking e-mails...).
 * Its own module: the features' senders need these types without importing the outbox worker.
 */
import type { JobKind } from "../kit/db/tables.server.ts";
import type { LeadRow, Attachment } from "../kit/leads.server.ts";

export interface Delivery {
  jobId: string;
  /** The job's kind, its ref ('' for the one-per-request kinds) and what it carries (parsed JSON payload, or null). */
  job: { kind: JobKind; ref: string; payload: unknown };
  lead: LeadRow;
  /** The résumé, for e-mail jobs of leads that have one. */
  attachment: Attachment | null;
}
export type Sender = (delivery: Delivery) => Promise<void>;

/**
 * Thrown by a sender whose message must no longer go out (a reminder of a window that moved, a review request
 * to a customer who opted out since): the job is marked 'cancelled', never retried. The message says why (no
 * personal data: it is logged).
 */
export class CalledOff extends Error {
  readonly code = "CALLED_OFF";
}

/**
 * Thrown by a sender whose message may not go out yet (a customer's text at night waits until 8 AM): the job
 * stays pending, due at `until`, its attempts unchanged; past the job's own deadline (not_after) it is called off.
 */
export class NotBefore extends Error {
  readonly code = "NOT_YET";
  readonly until: Date;
  constructor(until: Date, reason: string) {
    super(reason);
    this.until = until;
  }
}
