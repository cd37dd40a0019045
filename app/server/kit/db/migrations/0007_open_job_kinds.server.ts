import { sql, type Kysely } from "kysely";
import type { Dialect } from "../database.server.ts";

// Outbox job kinds are no longer listed in the table: a feature declares its kinds with their senders
// (app/server/notify/jobs.server.ts), queueing checks the kind against them, so a new kind needs no migration.
// The CHECK on the kind goes (SQLite: one last rebuild, the columns as 0006 left them; PostgreSQL: dropped).
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") {
    await sql`alter table outbox_jobs drop constraint outbox_jobs_kind_check`.execute(db);
    return;
  }
  const jobStatuses = sql`status in ('pending', 'sent', 'dead', 'cancelled')`;
  await db.schema
    .createTable("outbox_jobs_0007")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("pending").check(jobStatuses))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("lease_token", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("ref", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("payload", "text")
    .addColumn("not_after", "text")
    .addUniqueConstraint("outbox_jobs_lead_kind_ref", ["lead_id", "kind", "ref"])
    .execute();
  await sql`insert into outbox_jobs_0007 (id, lead_id, kind, status, attempts, next_attempt_at, locked_until, lease_token, last_error, created_at, sent_at, ref, payload, not_after) select id, lead_id, kind, status, attempts, next_attempt_at, locked_until, lease_token, last_error, created_at, sent_at, ref, payload, not_after from outbox_jobs`.execute(
    db,
  );
  await db.schema.dropTable("outbox_jobs").execute();
  await db.schema.alterTable("outbox_jobs_0007").renameTo("outbox_jobs").execute();
  await db.schema.createIndex("outbox_jobs_due").on("outbox_jobs").columns(["status", "next_attempt_at"]).execute();
  await db.schema.createIndex("outbox_jobs_lead").on("outbox_jobs").column("lead_id").execute();
}
