/**
 * A request's texts with the customer as counts and dates (the owner's dispute e-mail lists them as evidence,
 * docs/decisions/043-refunds-and-disputes.md): the texts that went to the customer, those that came from them,
 * and the first and last of them. A text that never went (refused, called off, failed, still waiting) does not count.
 */
import type { Database } from "../../kit/db/database.server.ts";

export interface ThreadSummary {
  sent: number;
  received: number;
  first: Date | null;
  last: Date | null;
}

export async function threadSummary(database: Database, leadId: string): Promise<ThreadSummary> {
  const rows = await database.db
    .selectFrom("text_messages")
    .select(["direction", "sent_at", "created_at"])
    .where("lead_id", "=", leadId)
    .where("status", "in", ["sent", "received"])
    .execute();
  const times = rows.map((r) => new Date(r.sent_at ?? r.created_at).getTime()).sort((a, b) => a - b);
  return {
    sent: rows.filter((r) => r.direction === "out").length,
    received: rows.filter((r) => r.direction === "in").length,
    first: times.length > 0 ? new Date(times[0]!) : null,
    last: times.length > 0 ? new Date(times.at(-1)!) : null,
  };
}
