import { sql, type Kysely } from "kysely";
import type { Dialect } from "../database.server.ts";

// A reply e-mail to every visitor (its own outbox job kind, 'reply') and the newsletter's double opt-in
// (docs/decisions/008-customer-reply-and-double-opt-in.md).
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const kinds = sql`kind in ('email', 'webhook', 'reply')`;
  if (dialect === "postgres") {
    await sql`alter table outbox_jobs drop constraint outbox_jobs_kind_check`.execute(db);
    await sql`alter table outbox_jobs add constraint outbox_jobs_kind_check check (${kinds})`.execute(db);
  } else {
    // SQLite cannot change a check constraint: the table is rebuilt (nothing references it). Its columns
    // repeat 0001's on purpose: a shipped migration never changes, so the two share no code.
    await db.schema
      .createTable("outbox_jobs_0002")
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
    await sql`insert into outbox_jobs_0002 select id, lead_id, kind, status, attempts, next_attempt_at, locked_until, lease_token, last_error, created_at, sent_at from outbox_jobs`.execute(
      db,
    );
    await db.schema.dropTable("outbox_jobs").execute();
    await db.schema.alterTable("outbox_jobs_0002").renameTo("outbox_jobs").execute();
    await db.schema.createIndex("outbox_jobs_due").on("outbox_jobs").columns(["status", "next_attempt_at"]).execute();
  }

  await db.schema
    .createTable("newsletter_subscriptions")
    .addColumn("lead_id", "text", (c) => c.primaryKey().references("leads.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'confirmed', 'unsubscribed')`),
    )
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("confirmed_at", "text")
    .addColumn("unsubscribed_at", "text")
    .execute();
  await db.schema
    .createIndex("newsletter_subscriptions_status")
    .on("newsletter_subscriptions")
    .column("status")
    .execute();
  // Sign-ups stored before double opt-in were never confirmed: they count only once confirmed.
  await sql`insert into newsletter_subscriptions (lead_id, status, updated_at) select id, 'pending', created_at from leads where kind = 'newsletter'`.execute(
    db,
  );

  // Keys the site creates itself when no setting gives one (LINK_SECRET), shared by every instance.
  await db.schema
    .createTable("site_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}
