import { sql, type Kysely } from "kysely";

// Seasonal reminders (app/server/features/reminders/, docs/decisions/033-seasonal-reminders.md): the
// customer's consent to be reminded about a completed request, with its time and where it was given, and
// their opt-out. The reminders themselves are outbox jobs of the request (kind 'seasonal-reminder', ref: the
// due date), so one per due date. Goes with the request when it is deleted after its retention period.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("reminder_consents")
    .addColumn("lead_id", "text", (c) => c.primaryKey().references("leads.id").onDelete("cascade"))
    // JSON array of the service slugs reminded about (those with a reminder in content at the time).
    .addColumn("services", "text", (c) => c.notNull())
    // The local date (YYYY-MM-DD, Boise) the reminders count from: the day the job was completed.
    .addColumn("since", "text", (c) => c.notNull())
    .addColumn("given_at", "text", (c) => c.notNull())
    .addColumn("given_via", "text", (c) => c.notNull().check(sql`given_via in ('completed-email', 'quote-page')`))
    .addColumn("opted_out_at", "text")
    .execute();
}
