/**
 * What the outbox hands a sender (the owner's e-mail, the visitor's reply, the webhook). Its own module:
 * the outbox imports the senders, and the senders need this type without importing the outbox.
 */
import type { Attachment, LeadRow } from "./store.server.ts";

export interface Delivery {
  jobId: string;
  lead: LeadRow;
  /** The résumé, for e-mail jobs of leads that have one. */
  attachment: Attachment | null;
}
export type Sender = (delivery: Delivery) => Promise<void>;
