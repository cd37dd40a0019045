/** When the e-mailed reply to a request (docs/decisions/008) went to the visitor, or null (not sent, or none). */
import type { Database } from "../../kit/db/database.server.ts";
import type { LeadJobKind } from "./job-kinds.ts";

const REPLY: LeadJobKind = "reply";

export async function replySentAt(database: Database, leadId: string): Promise<Date | null> {
  const row = await database.db
    .selectFrom("outbox_jobs")
    .select("sent_at")
    .where("lead_id", "=", leadId)
    .where("kind", "=", REPLY)
    .where("status", "=", "sent")
    .orderBy("sent_at")
    .executeTakeFirst();
  return row?.sent_at ? new Date(row.sent_at) : null;
}
