import { sql, type Kysely } from "kysely";
import type { Dialect } from "../database.server.ts";

// Booking (docs/decisions/020-booking.md). A requested arrival window per request (bookings), the places
// each window has taken (booking_places: the database decides the last place), the customers asked for a
// review (review_contacts, by a keyed hash of the address: once per customer, and opt-outs), the status
// 'completed', and outbox jobs that are more than one per kind and request (ref), carry what they send
// (payload), wait until a time (next_attempt_at, as before) and give up at a time of their own (not_after),
// or are called off ('cancelled': a reminder of a window that moved). The columns of the rebuilt SQLite
// tables repeat the earlier migrations' on purpose: a shipped migration never changes.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const kinds = sql`kind in ('email', 'webhook', 'reply', 'sms', 'booking', 'reminder', 'review')`;
  const jobStatuses = sql`status in ('pending', 'sent', 'dead', 'cancelled')`;
  const leadStatuses = sql`status in ('new', 'contacted', 'quoted', 'won', 'completed', 'lost')`;
  if (dialect === "postgres") {
    await sql`alter table outbox_jobs drop constraint outbox_jobs_kind_check`.execute(db);
    await sql`alter table outbox_jobs add constraint outbox_jobs_kind_check check (${kinds})`.execute(db);
    await sql`alter table outbox_jobs drop constraint outbox_jobs_status_check`.execute(db);
    await sql`alter table outbox_jobs add constraint outbox_jobs_status_check check (${jobStatuses})`.execute(db);
    await sql`alter table outbox_jobs add column ref text not null default ''`.execute(db);
    await sql`alter table outbox_jobs add column payload text`.execute(db);
    await sql`alter table outbox_jobs add column not_after text`.execute(db);
    await sql`alter table outbox_jobs drop constraint outbox_jobs_lead_kind`.execute(db);
    await sql`alter table outbox_jobs add constraint outbox_jobs_lead_kind_ref unique (lead_id, kind, ref)`.execute(db);
    await sql`alter table lead_status_changes drop constraint lead_status_changes_status_check`.execute(db);
    await sql`alter table lead_status_changes add constraint lead_status_changes_status_check check (${leadStatuses})`.execute(
      db,
    );
  } else {
    await db.schema
      .createTable("outbox_jobs_0006")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("kind", "text", (c) => c.notNull().check(kinds))
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
    await sql`insert into outbox_jobs_0006 (id, lead_id, kind, status, attempts, next_attempt_at, locked_until, lease_token, last_error, created_at, sent_at) select id, lead_id, kind, status, attempts, next_attempt_at, locked_until, lease_token, last_error, created_at, sent_at from outbox_jobs`.execute(
      db,
    );
    await db.schema.dropTable("outbox_jobs").execute();
    await db.schema.alterTable("outbox_jobs_0006").renameTo("outbox_jobs").execute();
    await db.schema.createIndex("outbox_jobs_due").on("outbox_jobs").columns(["status", "next_attempt_at"]).execute();

    await db.schema
      .createTable("lead_status_changes_0006")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("status", "text", (c) => c.notNull().check(leadStatuses))
      .addColumn("note", "text", (c) => c.notNull())
      .addColumn("changed_by", "text", (c) => c.notNull())
      .addColumn("changed_at", "text", (c) => c.notNull())
      .execute();
    await sql`insert into lead_status_changes_0006 select id, lead_id, status, note, changed_by, changed_at from lead_status_changes`.execute(
      db,
    );
    await db.schema.dropTable("lead_status_changes").execute();
    await db.schema.alterTable("lead_status_changes_0006").renameTo("lead_status_changes").execute();
    await db.schema
      .createIndex("lead_status_changes_lead")
      .on("lead_status_changes")
      .columns(["lead_id", "changed_at"])
      .execute();
  }
  await db.schema.createIndex("outbox_jobs_lead").on("outbox_jobs").column("lead_id").execute();

  await db.schema
    .createTable("bookings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("lead_id", "text", (c) => c.notNull().unique().references("leads.id").onDelete("cascade"))
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('requested', 'proposed', 'confirmed', 'declined', 'cancelled')`),
    )
    // The window as the visitor saw it: its local date (YYYY-MM-DD, America/Boise) and its times (HH:MM-HH:MM).
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("window_times", "text", (c) => c.notNull())
    // The same window as instants (UTC ISO), for sorting, the feed and the reminder.
    .addColumn("starts_at", "text", (c) => c.notNull())
    .addColumn("ends_at", "text", (c) => c.notNull())
    // Raised on every change: the invite's SEQUENCE.
    .addColumn("sequence", "integer", (c) => c.notNull().defaultTo(0))
    // 1 once an invite (METHOD:REQUEST) was sent: only then does a cancellation carry METHOD:CANCEL.
    .addColumn("invited", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("owner_note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("bookings_status_starts").on("bookings").columns(["status", "starts_at"]).execute();

  await db.schema
    .createTable("booking_places")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("window_times", "text", (c) => c.notNull())
    .addColumn("taken", "integer", (c) => c.notNull().check(sql`taken >= 0`))
    .addPrimaryKeyConstraint("booking_places_pk", ["day", "window_times"])
    .execute();

  await db.schema
    .createTable("review_contacts")
    // The customer's address, keyed hash (keyedHash, "review"): it outlives the request's retention period.
    .addColumn("email_key", "text", (c) => c.primaryKey())
    .addColumn("requested_at", "text")
    .addColumn("opted_out_at", "text")
    .execute();
}
