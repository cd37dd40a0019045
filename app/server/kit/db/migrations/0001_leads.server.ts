import { sql, type Kysely } from "kysely";
import type { Dialect } from "../database.server.ts";

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const bytes = dialect === "postgres" ? "bytea" : "blob";
  await db.schema
    .createTable("leads")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) =>
      c.notNull().check(sql`kind in ('estimate', 'contact', 'newsletter', 'application')`),
    )
    .addColumn("fields", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text")
    .addColumn("zip", "text")
    .addColumn("in_service_area", "integer")
    .addColumn("page", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("user_agent", "text", (c) => c.notNull())
    .addColumn("consent_version", "text")
    .addColumn("consent_text", "text")
    .addColumn("consent_at", "text")
    .addColumn("attribution", "text", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("delivery_status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`delivery_status in ('pending', 'notified')`),
    )
    .execute();
  await db.schema.createIndex("leads_created_at").on("leads").column("created_at").execute();
  await db.schema.createIndex("leads_delivery_status").on("leads").column("delivery_status").execute();

  await db.schema
    .createTable("lead_attachments")
    .addColumn("lead_id", "text", (c) => c.primaryKey().references("leads.id").onDelete("cascade"))
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", bytes, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("outbox_jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('email', 'webhook')`))
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
  await db.schema.createIndex("outbox_jobs_due").on("outbox_jobs").columns(["status", "next_attempt_at"]).execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("bucket", "integer", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("rate_limits_pk", ["key", "bucket"])
    .execute();
}
