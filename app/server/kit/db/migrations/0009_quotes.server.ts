import { sql, type Kysely } from "kysely";
import type { Dialect } from "../database.server.ts";

// Quotes (docs/decisions/031-quotes.md): one row per version of a request's quote, and the customer's
// answer to a sent version. A sent version never changes (its content, hash, sending time, lead, number) and
// an answered one keeps its status; an answer is never changed: both enforced by triggers, on both databases.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
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
}
