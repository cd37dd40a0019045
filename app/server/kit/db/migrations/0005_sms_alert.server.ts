import { sql, type Kysely } from "kysely";
import type { Dialect } from "../database.server.ts";

// The owner's instant text message about each request (docs/decisions/019-owner-text-alert.md), its own outbox job
// kind 'sms'. The kinds check constraint gains 'sms' exactly as 0002 changed it (PostgreSQL: the constraint is
// swapped; SQLite: the table is rebuilt). The columns repeat 0002's on purpose: a shipped migration never changes.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const kinds = sql`kind in ('email', 'webhook', 'reply', 'sms')`;
  if (dialect === "postgres") {
    await sql`alter table outbox_jobs drop constraint outbox_jobs_kind_check`.execute(db);
    await sql`alter table outbox_jobs add constraint outbox_jobs_kind_check check (${kinds})`.execute(db);
    return;
  }
  await db.schema
    .createTable("outbox_jobs_0005")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(kinds))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'sent', 'dead')`),
    )
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .addColumn("lease_token", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addUniqueConstraint("outbox_jobs_lead_kind", ["lead_id", "kind"])
    .execute();
  await sql`insert into outbox_jobs_0005 select id, lead_id, kind, status, attempts, next_attempt_at, locked_until, lease_token, last_error, created_at, sent_at from outbox_jobs`.execute(
    db,
  );
  await db.schema.dropTable("outbox_jobs").execute();
  await db.schema.alterTable("outbox_jobs_0005").renameTo("outbox_jobs").execute();
  await db.schema.createIndex("outbox_jobs_due").on("outbox_jobs").columns(["status", "next_attempt_at"]).execute();
}
