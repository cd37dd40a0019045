import { sql, type Kysely } from "kysely";

// At most 3 replies to one address a day (reply_quota; docs/decisions/008-customer-reply-and-double-opt-in.md), and
// every stored hash of an IP or e-mail address keyed with HASH_SECRET (docs/security.md "Keyed hashes"). The
// counters hashed without a key are dropped (they last minutes: a running lockout or rate limit starts again), and
// the content fingerprints of requests sent without JavaScript (only compared for 10 minutes) are replaced by the
// request's id. Only new tables and updates of values: independent of any other migration after 0003.
export async function up(db: Kysely<unknown>): Promise<void> {
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
}
