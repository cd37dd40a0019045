import { sql, type Kysely } from "kysely";

// The owner's inbox at /admin (docs/decisions/009-owner-inbox.md). Only new tables: the leads table is
// left as it is, so this migration does not depend on any other one after 0001.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("owners")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("owner_sessions")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("owner_id", "text", (c) => c.notNull().references("owners.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("owner_sessions_owner").on("owner_sessions").column("owner_id").execute();

  await db.schema
    .createTable("sign_in_throttle")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .execute();

  await db.schema
    .createTable("lead_status_changes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('new', 'contacted', 'quoted', 'won', 'lost')`))
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("changed_by", "text", (c) => c.notNull())
    .addColumn("changed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("lead_status_changes_lead")
    .on("lead_status_changes")
    .columns(["lead_id", "changed_at"])
    .execute();
}
