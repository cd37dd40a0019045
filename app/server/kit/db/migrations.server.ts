/**
 * The schema, as Kysely migrations kept in code (one list for both databases). Append new migrations;
 * never edit one that has shipped. Column types are portable: text, integer, and a byte column that is
 * blob on SQLite and bytea on PostgreSQL.
 */
import { sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import type { Dialect } from "./database.server.ts";
import { isEventKind, isStage, stageFrom, type StageEvent } from "../stages.ts";
import { requestKind } from "../lead-kinds.server.ts";

export function migrationProvider(dialect: Dialect): MigrationProvider {
  const bytes = dialect === "postgres" ? "bytea" : "blob";
  const migrations: Record<string, Migration> = {
    "0001_leads": {
      async up(db: Kysely<unknown>) {
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
        await db.schema
          .createIndex("outbox_jobs_due")
          .on("outbox_jobs")
          .columns(["status", "next_attempt_at"])
          .execute();

        await db.schema
          .createTable("rate_limits")
          .addColumn("key", "text", (c) => c.notNull())
          .addColumn("bucket", "integer", (c) => c.notNull())
          .addColumn("count", "integer", (c) => c.notNull())
          .addPrimaryKeyConstraint("rate_limits_pk", ["key", "bucket"])
          .execute();
      },
    },
    // A reply e-mail to every visitor (its own outbox job kind, 'reply') and the newsletter's double opt-in
    // (docs/decisions/008-customer-reply-and-double-opt-in.md).
    "0002_reply_and_subscriptions": {
      async up(db: Kysely<unknown>) {
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
          await db.schema
            .createIndex("outbox_jobs_due")
            .on("outbox_jobs")
            .columns(["status", "next_attempt_at"])
            .execute();
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
      },
    },
    // The owner's inbox at /admin (docs/decisions/009-owner-inbox.md). Only new tables: the leads table is
    // left as it is, so this migration does not depend on any other one after 0001.
    "0003_owner_inbox": {
      async up(db: Kysely<unknown>) {
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
          .addColumn("status", "text", (c) =>
            c.notNull().check(sql`status in ('new', 'contacted', 'quoted', 'won', 'lost')`),
          )
          .addColumn("note", "text", (c) => c.notNull())
          .addColumn("changed_by", "text", (c) => c.notNull())
          .addColumn("changed_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex("lead_status_changes_lead")
          .on("lead_status_changes")
          .columns(["lead_id", "changed_at"])
          .execute();
      },
    },
    // At most 3 replies to one address a day (reply_quota; docs/decisions/008-customer-reply-and-double-opt-in.md), and
    // every stored hash of an IP or e-mail address keyed with HASH_SECRET (docs/security.md "Keyed hashes"). The
    // counters hashed without a key are dropped (they last minutes: a running lockout or rate limit starts again), and
    // the content fingerprints of requests sent without JavaScript (only compared for 10 minutes) are replaced by the
    // request's id. Only new tables and updates of values: independent of any other migration after 0003.
    "0004_reply_quota_and_keyed_hashes": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("reply_quota")
          .addColumn("key", "text", (c) => c.notNull())
          .addColumn("slot", "integer", (c) => c.notNull())
          .addColumn("used_at", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("reply_quota_pk", ["key", "slot"])
          .execute();
        await sql`delete from rate_limits`.execute(db);
        await sql`delete from sign_in_throttle`.execute(db);
        await sql`update leads set idempotency_key = 'id:' || id where idempotency_key like 'fp:%'`.execute(db);
      },
    },
    // The owner's instant text message about each request (docs/decisions/019-owner-text-alert.md), its own outbox job
    // kind 'sms'. The kinds check constraint gains 'sms' exactly as 0002 changed it (PostgreSQL: the constraint is
    // swapped; SQLite: the table is rebuilt). The columns repeat 0002's on purpose: a shipped migration never changes.
    "0005_sms_alert": {
      async up(db: Kysely<unknown>) {
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
        await db.schema
          .createIndex("outbox_jobs_due")
          .on("outbox_jobs")
          .columns(["status", "next_attempt_at"])
          .execute();
      },
    },
    // Booking (docs/decisions/020-booking.md). A requested arrival window per request (bookings), the places
    // each window has taken (booking_places: the database decides the last place), the customers asked for a
    // review (review_contacts, by a keyed hash of the address: once per customer, and opt-outs), the status
    // 'completed', and outbox jobs that are more than one per kind and request (ref), carry what they send
    // (payload), wait until a time (next_attempt_at, as before) and give up at a time of their own (not_after),
    // or are called off ('cancelled': a reminder of a window that moved). The columns of the rebuilt SQLite
    // tables repeat the earlier migrations' on purpose: a shipped migration never changes.
    "0006_bookings": {
      async up(db: Kysely<unknown>) {
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
          await sql`alter table outbox_jobs add constraint outbox_jobs_lead_kind_ref unique (lead_id, kind, ref)`.execute(
            db,
          );
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
          await db.schema
            .createIndex("outbox_jobs_due")
            .on("outbox_jobs")
            .columns(["status", "next_attempt_at"])
            .execute();

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
      },
    },
    // Outbox job kinds are no longer listed in the table: a feature declares its kinds with their senders
    // (app/server/notify/jobs.server.ts), queueing checks the kind against them, so a new kind needs no migration.
    // The CHECK on the kind goes (SQLite: one last rebuild, the columns as 0006 left them; PostgreSQL: dropped).
    "0007_open_job_kinds": {
      async up(db: Kysely<unknown>) {
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
        await db.schema
          .createIndex("outbox_jobs_due")
          .on("outbox_jobs")
          .columns(["status", "next_attempt_at"])
          .execute();
        await db.schema.createIndex("outbox_jobs_lead").on("outbox_jobs").column("lead_id").execute();
      },
    },
    // The photos sent with a request, re-encoded (docs/decisions/030-request-photos.md): in the database, so that
    // both backends keep them, a backup holds them, and deleting the request (retention, the owner) deletes them.
    "0008_lead_photos": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("lead_photos")
          .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
          .addColumn("n", "integer", (c) => c.notNull())
          .addColumn("filename", "text", (c) => c.notNull())
          .addColumn("content_type", "text", (c) => c.notNull())
          .addColumn("width", "integer", (c) => c.notNull())
          .addColumn("height", "integer", (c) => c.notNull())
          .addColumn("bytes", bytes, (c) => c.notNull())
          .addPrimaryKeyConstraint("lead_photos_pk", ["lead_id", "n"])
          .execute();
      },
    },
    // Quotes (docs/decisions/031-quotes.md): one row per version of a request's quote, and the customer's
    // answer to a sent version. A sent version never changes (its content, hash, sending time, lead, number) and
    // an answered one keeps its status; an answer is never changed: both enforced by triggers, on both databases.
    "0009_quotes": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("quotes")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
          .addColumn("version", "integer", (c) => c.notNull())
          .addColumn("status", "text", (c) =>
            c.notNull().check(sql`status in ('draft', 'sent', 'accepted', 'declined', 'replaced')`),
          )
          // JSON: what the customer is shown (options, lines, note, valid until, deposit, terms).
          .addColumn("content", "text", (c) => c.notNull())
          // sha256 of the canonical JSON of the content, set when sent.
          .addColumn("content_hash", "text")
          .addColumn("valid_until", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("sent_at", "text")
          .addColumn("viewed_at", "text")
          .addColumn("reminders_stopped_at", "text")
          .addUniqueConstraint("quotes_lead_version", ["lead_id", "version"])
          .execute();
        await db.schema.createIndex("quotes_status_sent").on("quotes").columns(["status", "sent_at"]).execute();
        await db.schema
          .createTable("quote_answers")
          .addColumn("quote_id", "text", (c) => c.primaryKey().references("quotes.id").onDelete("cascade"))
          .addColumn("answer", "text", (c) => c.notNull().check(sql`answer in ('accepted', 'declined')`))
          .addColumn("option_index", "integer")
          .addColumn("name", "text")
          .addColumn("reason", "text")
          .addColumn("content_hash", "text", (c) => c.notNull())
          .addColumn("ip_hash", "text", (c) => c.notNull())
          .addColumn("user_agent", "text", (c) => c.notNull())
          .addColumn("answered_at", "text", (c) => c.notNull())
          .execute();
        const frozen =
          "old.sent_at is not null and (new.content <> old.content or new.content_hash is distinct from old.content_hash or new.sent_at is distinct from old.sent_at or new.lead_id <> old.lead_id or new.version <> old.version or new.valid_until <> old.valid_until)";
        const answered = "old.status in ('accepted', 'declined') and new.status <> old.status";
        if (dialect === "postgres") {
          await sql
            .raw(
              `create function quotes_frozen() returns trigger language plpgsql as $$ begin if (${frozen}) or (${answered}) then raise exception 'a sent quote version never changes'; end if; return new; end $$`,
            )
            .execute(db);
          await sql`create trigger quotes_frozen before update on quotes for each row execute function quotes_frozen()`.execute(
            db,
          );
          await sql
            .raw(
              "create function quote_answers_frozen() returns trigger language plpgsql as $$ begin raise exception 'a quote answer never changes'; end $$",
            )
            .execute(db);
          await sql`create trigger quote_answers_frozen before update on quote_answers for each row execute function quote_answers_frozen()`.execute(
            db,
          );
        } else {
          const sqliteFrozen = frozen.replaceAll("is distinct from", "is not");
          await sql
            .raw(
              `create trigger quotes_frozen before update on quotes when (${sqliteFrozen}) or (${answered}) begin select raise(abort, 'a sent quote version never changes'); end`,
            )
            .execute(db);
          await sql
            .raw(
              "create trigger quote_answers_frozen before update on quote_answers begin select raise(abort, 'a quote answer never changes'); end",
            )
            .execute(db);
        }
      },
    },
    // Deposits through Stripe Checkout (app/server/features/payments/, docs/decisions/032-deposits.md): one row
    // per Checkout Session, and every webhook event id taken, so a replayed event changes nothing. Numbered 0010
    // (0008 and 0009 are other features'); the migrator runs them in name order and accepts the gap.
    "0010_payments": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("payments")
          .addColumn("checkout_session_id", "text", (c) => c.primaryKey())
          // The request the quote is for; kept when the request is purged (the sums of the report stay).
          .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
          .addColumn("quote_ref", "text", (c) => c.notNull())
          .addColumn("quote_version", "integer", (c) => c.notNull())
          // 1 for a quote version's first session; a new one only after the previous expired or failed.
          .addColumn("attempt", "integer", (c) => c.notNull())
          .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
          .addColumn("currency", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) =>
            c.notNull().check(sql`status in ('pending', 'paid', 'failed', 'expired')`),
          )
          .addColumn("checkout_url", "text", (c) => c.notNull())
          .addColumn("expires_at", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .addColumn("paid_at", "text")
          .addUniqueConstraint("payments_quote_attempt", ["quote_ref", "quote_version", "attempt"])
          .execute();
        await db.schema.createIndex("payments_lead").on("payments").column("lead_id").execute();
        await db.schema
          .createTable("payment_events")
          .addColumn("event_id", "text", (c) => c.primaryKey())
          .addColumn("checkout_session_id", "text", (c) =>
            c.notNull().references("payments.checkout_session_id").onDelete("cascade"),
          )
          .addColumn("type", "text", (c) => c.notNull())
          .addColumn("received_at", "text", (c) => c.notNull())
          .execute();
      },
    },
    // Seasonal reminders (app/server/features/reminders/, docs/decisions/033-seasonal-reminders.md): the
    // customer's consent to be reminded about a completed request, with its time and where it was given, and
    // their opt-out. The reminders themselves are outbox jobs of the request (kind 'seasonal-reminder', ref: the
    // due date), so one per due date. Goes with the request when it is deleted after its retention period.
    "0011_reminders": {
      async up(db: Kysely<unknown>) {
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
      },
    },
    // Text messages with customers who agreed to them (app/server/features/texts/, docs/decisions/034-customer-texts.md):
    // every text in and out of a request's thread; the numbers that said STOP (and START again), with the time;
    // a customer's "C" to a day-before text, for the booking at the sequence it named. Numbered 0012 (0011 is
    // another feature's); the migrator runs them in name order and accepts the gap.
    "0012_customer_texts": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("text_messages")
          .addColumn("id", "text", (c) => c.primaryKey())
          // The request whose thread it is; null for a keyword from a number no request gave.
          .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("cascade"))
          // The customer's number, E.164.
          .addColumn("phone", "text", (c) => c.notNull())
          .addColumn("direction", "text", (c) => c.notNull().check(sql`direction in ('in', 'out')`))
          // out: reminder, on-our-way, reply, reschedule, help; in: message, confirm, reschedule, stop, start, help.
          .addColumn("kind", "text", (c) => c.notNull())
          .addColumn("body", "text", (c) => c.notNull())
          // out: queued, sent, refused (consent or STOP at send time), cancelled (its window changed), failed; in: received.
          .addColumn("status", "text", (c) =>
            c.notNull().check(sql`status in ('queued', 'sent', 'refused', 'cancelled', 'failed', 'received')`),
          )
          // A day-before text: "<booking id>:<sequence>", once per booking and sequence.
          .addColumn("booking_ref", "text")
          // An inbound text's MessageSid: taken once.
          .addColumn("provider_sid", "text", (c) => c.unique())
          .addColumn("reason", "text")
          .addColumn("created_at", "text", (c) => c.notNull())
          // When a queued text may go (8 AM after a text due at night).
          .addColumn("due_at", "text", (c) => c.notNull())
          .addColumn("sent_at", "text")
          .addUniqueConstraint("text_messages_booking_ref", ["booking_ref"])
          .execute();
        await db.schema
          .createIndex("text_messages_lead")
          .on("text_messages")
          .columns(["lead_id", "created_at"])
          .execute();
        await db.schema
          .createIndex("text_messages_phone")
          .on("text_messages")
          .columns(["phone", "created_at"])
          .execute();
        await db.schema
          .createTable("text_opt_outs")
          .addColumn("phone", "text", (c) => c.primaryKey())
          // Set by STOP (and its synonyms), cleared by START/UNSTOP.
          .addColumn("stopped_at", "text")
          .addColumn("started_at", "text")
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
        await db.schema
          .createTable("text_confirmations")
          .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
          .addColumn("sequence", "integer", (c) => c.notNull())
          .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
          .addColumn("confirmed_at", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("text_confirmations_pk", ["booking_id", "sequence"])
          .execute();
      },
    },
    // A request's stage from what happened (docs/decisions/035-stages-from-events.md, app/server/kit/stages.ts): the
    // events recorded by the features (lead_events: one per kind and ref, such as a quote's id), the stage they give
    // and the owner's first real contact kept on the request (leads.stage, leads.first_contact_at: the inbox filters and
    // the report read them without a query per request). The stages a status change may name are no longer listed in
    // the table (a new stage is a change of app/server/kit/stages.ts only); "won" is now "accepted". Existing requests
    // get their events from the rows that recorded them (quotes sent and accepted, deposits paid, windows decided,
    // the owner's texts), then the stage the events and the status changes give.
    "0013_lead_stages": {
      async up(db: Kysely<unknown>) {
        if (dialect === "postgres") {
          await sql`alter table lead_status_changes drop constraint lead_status_changes_status_check`.execute(db);
        } else {
          await db.schema
            .createTable("lead_status_changes_0013")
            .addColumn("id", "text", (c) => c.primaryKey())
            .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
            .addColumn("status", "text", (c) => c.notNull())
            .addColumn("note", "text", (c) => c.notNull())
            .addColumn("changed_by", "text", (c) => c.notNull())
            .addColumn("changed_at", "text", (c) => c.notNull())
            .execute();
          await sql`insert into lead_status_changes_0013 select id, lead_id, status, note, changed_by, changed_at from lead_status_changes`.execute(
            db,
          );
          await db.schema.dropTable("lead_status_changes").execute();
          await db.schema.alterTable("lead_status_changes_0013").renameTo("lead_status_changes").execute();
          await db.schema
            .createIndex("lead_status_changes_lead")
            .on("lead_status_changes")
            .columns(["lead_id", "changed_at"])
            .execute();
        }
        await sql`update lead_status_changes set status = 'accepted' where status = 'won'`.execute(db);
        await db.schema
          .createTable("lead_events")
          .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
          // app/server/kit/stages.ts EVENTS: quote-sent, quote-accepted, deposit-paid, window-confirmed, …
          .addColumn("kind", "text", (c) => c.notNull())
          // What recorded it: a quote's id, a Checkout Session's id, "<booking id>:<sequence>", a text's id.
          .addColumn("ref", "text", (c) => c.notNull())
          .addColumn("at", "text", (c) => c.notNull())
          .addPrimaryKeyConstraint("lead_events_pk", ["lead_id", "kind", "ref"])
          .execute();
        await db.schema.createIndex("lead_events_lead_at").on("lead_events").columns(["lead_id", "at"]).execute();
        await sql`alter table leads add column stage text not null default 'new'`.execute(db);
        await sql`alter table leads add column first_contact_at text`.execute(db);
        await db.schema.createIndex("leads_stage_created").on("leads").columns(["stage", "created_at"]).execute();

        await sql`insert into lead_events (lead_id, kind, ref, at)
          select lead_id, 'quote-sent', id, sent_at from quotes where sent_at is not null`.execute(db);
        await sql`insert into lead_events (lead_id, kind, ref, at)
          select q.lead_id, 'quote-accepted', q.id, a.answered_at from quote_answers a join quotes q on q.id = a.quote_id
          where a.answer = 'accepted'`.execute(db);
        await sql`insert into lead_events (lead_id, kind, ref, at)
          select lead_id, 'deposit-paid', checkout_session_id, paid_at from payments
          where status = 'paid' and lead_id is not null and paid_at is not null`.execute(db);
        await sql`insert into lead_events (lead_id, kind, ref, at)
          select lead_id, case when status = 'confirmed' then 'window-confirmed' else 'window-answered' end,
            id || ':' || sequence, updated_at
          from bookings where status in ('confirmed', 'proposed', 'declined')`.execute(db);
        await sql`insert into lead_events (lead_id, kind, ref, at)
          select lead_id, 'owner-text', id, created_at from text_messages
          where direction = 'out' and kind in ('reply', 'on-our-way') and lead_id is not null`.execute(db);

        // At the same instant an event before a stage set by hand, as app/server/kit/leads.server.ts stageEvents reads them.
        const events = await sql<{ lead_id: string; kind: string; stage: string | null; at: string }>`
          select lead_id, kind, null as stage, at, 0 as hand from lead_events
          union all select lead_id, 'set' as kind, status as stage, changed_at as at, 1 as hand from lead_status_changes
          order by lead_id, at, hand`.execute(db);
        const byLead = new Map<string, StageEvent[]>();
        for (const row of events.rows) {
          const at = new Date(row.at);
          const event =
            row.kind === "set" && isStage(row.stage)
              ? { kind: "set" as const, stage: row.stage, at }
              : isEventKind(row.kind)
                ? { kind: row.kind, at }
                : null;
          if (!event) continue;
          const list = byLead.get(row.lead_id) ?? [];
          list.push(event);
          byLead.set(row.lead_id, list);
        }
        for (const [leadId, list] of byLead) {
          const { stage, firstContactAt } = stageFrom(list);
          await sql`update leads set stage = ${stage}, first_contact_at = ${firstContactAt?.toISOString() ?? null}
            where id = ${leadId}`.execute(db);
        }
      },
    },
    "0014_service_address": {
      async up(db: Kysely<unknown>) {
        // The service address a window was booked with when the request had none (the request's own is in its
        // fields), and the customer's note for the crew (a gate code, where the spigot is): docs/decisions/038.
        await db.schema.alterTable("bookings").addColumn("address", "text").execute();
        await db.schema
          .alterTable("bookings")
          .addColumn("access_note", "text", (c) => c.notNull().defaultTo(""))
          .execute();
      },
    },
    // A customer's cancellation later than the terms allow (docs/decisions/039-completion-and-late-cancellation.md):
    // what the rule said happened, recorded on the booking in the cancellation's transaction (JSON: the hours of
    // the rule, what happens to a paid deposit, the deposit paid in cents or null). Null: not a late cancellation.
    "0016_job_completion": {
      async up(db: Kysely<unknown>) {
        await db.schema.alterTable("bookings").addColumn("late_cancellation", "text").execute();
      },
    },
    // The kind a stored request is (docs/decisions/040-request-kind-and-consent.md): contact-form requests that
    // name services and a property become estimate requests, by the rule the forms' actions apply since
    // (requestKind), so the inbox's filter and the report count past weeks as they count new requests. Only the
    // kind changes: the page it was sent from stays in the request, and no notification is sent again.
    "0018_request_kind": {
      async up(db: Kysely<unknown>) {
        const leads = db as unknown as Kysely<{ leads: { id: string; kind: string; fields: string } }>;
        const contacts = await leads
          .selectFrom("leads")
          .select(["id", "fields"])
          .where("kind", "=", "contact")
          .execute();
        const estimates = contacts.filter((row) => requestKind("contact", JSON.parse(row.fields)) === "estimate");
        for (let i = 0; i < estimates.length; i += 500)
          await leads
            .updateTable("leads")
            .set({ kind: "estimate" })
            .where(
              "id",
              "in",
              estimates.slice(i, i + 500).map((row) => row.id),
            )
            .execute();
      },
    },
    // Paid at the end of the job (docs/decisions/041-invoices-and-balance.md): the invoice of a request, its
    // number from a counter per year (taken in the invoice's own transaction: never repeated, never skipped),
    // what was paid against it (a Checkout Session of its balance, or what the owner recorded by hand), and what
    // Stripe says came back (refunds) or was contested (disputes), each row once from its source. Deposits stay in
    // `payments` and gain their payment intent (a refund names the payment intent, not the session). Completion
    // photos are request photos with another purpose.
    "0019_invoices": {
      async up(db: Kysely<unknown>) {
        await db.schema
          .createTable("invoice_numbers")
          .addColumn("year", "integer", (c) => c.primaryKey())
          .addColumn("last_seq", "integer", (c) => c.notNull().check(sql`last_seq >= 0`))
          .execute();
        await db.schema
          .createTable("invoices")
          .addColumn("id", "text", (c) => c.primaryKey())
          // Kept when the request is purged: the books keep their sums.
          .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
          .addColumn("number", "text", (c) => c.notNull().unique())
          .addColumn("year", "integer", (c) => c.notNull())
          .addColumn("seq", "integer", (c) => c.notNull().check(sql`seq >= 1`))
          // 1, then one more each time the owner changes a sent invoice (a Checkout Session is per version).
          .addColumn("version", "integer", (c) =>
            c
              .notNull()
              .defaultTo(1)
              .check(sql`version >= 1`),
          )
          .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('draft', 'sent', 'void')`))
          // JSON of app/forms/invoice.ts InvoiceContent; total_cents is invoiceTotals(content).totalCents, kept for queries.
          .addColumn("content", "text", (c) => c.notNull())
          .addColumn("total_cents", "integer", (c) => c.notNull().check(sql`total_cents >= 0`))
          .addColumn("quote_id", "text")
          .addColumn("due_date", "text")
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .addColumn("sent_at", "text")
          .addColumn("reminders_paused_at", "text")
          .addUniqueConstraint("invoices_year_seq", ["year", "seq"])
          .execute();
        await db.schema.createIndex("invoices_lead").on("invoices").column("lead_id").execute();
        await db.schema.createIndex("invoices_status").on("invoices").columns(["status", "sent_at"]).execute();
        await db.schema
          .createTable("invoice_payments")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id"))
          .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
          .addColumn("method", "text", (c) =>
            c.notNull().check(sql`method in ('card', 'cash', 'check', 'zelle', 'venmo', 'other')`),
          )
          .addColumn("status", "text", (c) =>
            c.notNull().check(sql`status in ('pending', 'paid', 'failed', 'expired', 'void')`),
          )
          // What goes to the invoice's balance, and the tip on top of it (a card payment charges both).
          .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
          .addColumn("tip_cents", "integer", (c) =>
            c
              .notNull()
              .defaultTo(0)
              .check(sql`tip_cents >= 0`),
          )
          .addColumn("currency", "text", (c) => c.notNull().defaultTo("usd"))
          // A card payment: its Checkout Session, the invoice version and attempt it was made for, its payment intent.
          .addColumn("checkout_session_id", "text", (c) => c.unique())
          .addColumn("invoice_version", "integer")
          .addColumn("attempt", "integer")
          .addColumn("checkout_url", "text")
          .addColumn("expires_at", "text")
          .addColumn("payment_intent_id", "text")
          // A payment by hand: the check number or a note, the day it was received, the form's key (sent once).
          .addColumn("reference", "text")
          .addColumn("received_on", "text")
          .addColumn("idempotency_key", "text", (c) => c.unique())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .addColumn("paid_at", "text")
          .addUniqueConstraint("invoice_payments_attempt", ["invoice_id", "invoice_version", "attempt"])
          .execute();
        await db.schema.createIndex("invoice_payments_invoice").on("invoice_payments").column("invoice_id").execute();
        await db.schema
          .createIndex("invoice_payments_paid_at")
          .on("invoice_payments")
          .columns(["status", "paid_at"])
          .execute();
        await db.schema
          .createIndex("invoice_payments_intent")
          .on("invoice_payments")
          .column("payment_intent_id")
          .execute();
        await db.schema.alterTable("payments").addColumn("payment_intent_id", "text").execute();
        await db.schema.createIndex("payments_intent").on("payments").column("payment_intent_id").execute();
        await db.schema
          .createTable("refunds")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("payment_intent_id", "text", (c) => c.notNull())
          // Which payment it returns: a deposit (payments) or a card payment of an invoice (invoice_payments).
          .addColumn("checkout_session_id", "text")
          .addColumn("invoice_payment_id", "text")
          .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
          .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
          .addColumn("currency", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) =>
            c.notNull().check(sql`status in ('pending', 'requires_action', 'succeeded', 'failed', 'canceled')`),
          )
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
        await db.schema.createIndex("refunds_intent").on("refunds").column("payment_intent_id").execute();
        await db.schema
          .createTable("disputes")
          .addColumn("id", "text", (c) => c.primaryKey())
          .addColumn("payment_intent_id", "text", (c) => c.notNull())
          .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
          .addColumn("amount_cents", "integer", (c) => c.notNull())
          .addColumn("currency", "text", (c) => c.notNull())
          .addColumn("reason", "text", (c) => c.notNull())
          .addColumn("status", "text", (c) => c.notNull())
          .addColumn("created_at", "text", (c) => c.notNull())
          .addColumn("updated_at", "text", (c) => c.notNull())
          .execute();
        // Every Stripe event about refunds and disputes (and invoice payments), taken once by its id.
        await db.schema
          .createTable("stripe_events")
          .addColumn("event_id", "text", (c) => c.primaryKey())
          .addColumn("type", "text", (c) => c.notNull())
          .addColumn("object_id", "text", (c) => c.notNull())
          .addColumn("received_at", "text", (c) => c.notNull())
          .execute();
        // A photo the owner adds to the request when the job is done (shown on the invoice), beside the customer's.
        await db.schema
          .alterTable("lead_photos")
          .addColumn("purpose", "text", (c) =>
            c
              .notNull()
              .defaultTo("request")
              .check(sql`purpose in ('request', 'completion')`),
          )
          .execute();
      },
    },
    // The owner's pages at the size of years (docs/decisions/045-inbox-paging.md): the inbox reads a page in the
    // order (created_at, id) from an index that also holds the name, e-mail and phone a search reads, so a search
    // walks that index rather than the requests' form values; a kind filter has its own.
    "0020_owner_indexes": {
      async up(db) {
        await db.schema
          .createIndex("leads_created_search")
          .on("leads")
          .columns(["created_at", "id", "name", "email", "phone"])
          .execute();
        await db.schema.createIndex("leads_kind_created").on("leads").columns(["kind", "created_at", "id"]).execute();
      },
    },
  };
  return { getMigrations: async () => migrations };
}
