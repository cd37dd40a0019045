import { sql, type Kysely, type Migration } from "kysely";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { waitFor } from "../../../../tests/support/processes.ts";
import { backends, createTestStorage, type TestStorage } from "../../../../tests/support/storage.ts";
import { connectDatabase, migrate, type Database } from "./database.server.ts";

const table = (name: string): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createTable(name).addColumn("id", "text").execute();
  },
});
const provider = (migrations: Record<string, Migration>) => ({ getMigrations: async () => migrations });

describe.each(backends)("migrations on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = connectDatabase({ ...storage.env, HASH_SECRET: undefined });
  });
  afterEach(async () => {
    await database.close();
    await storage.cleanup();
  });

  it("allows a gap, and runs an earlier number merged after a later one already ran", async () => {
    await migrate(database, undefined, provider({ "0001_a": table("a"), "0009_c": table("c") }));
    await migrate(database, undefined, provider({ "0001_a": table("a"), "0008_b": table("b"), "0009_c": table("c") }));
    const ran = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(database.db);
    expect(ran.rows.map((r) => r.name)).toEqual(["0001_a", "0008_b", "0009_c"]);
  });

  it("gives existing requests the stage and first contact of the rows that recorded what happened", async () => {
    await migrate(database, "0012_customer_texts");
    const { db } = database;
    const lead = (id: string) =>
      db
        .insertInto("leads")
        .values({
          id,
          kind: "estimate",
          fields: "{}",
          name: "Ann",
          email: `${id}@example.com`,
          phone: "+12085550111",
          zip: "83702",
          in_service_area: 1,
          page: "/estimate",
          ip: "203.0.113.1",
          user_agent: "test",
          consent_version: null,
          consent_text: null,
          consent_at: null,
          attribution: "{}",
          idempotency_key: id,
          created_at: "2030-01-08T15:00:00.000Z",
          delivery_status: "notified",
        })
        .execute();
    // 'booked': quoted, accepted, deposit paid, window confirmed. 'talked': texted, then "won" set by hand. 'quiet': nothing.
    for (const id of ["booked", "talked", "quiet"]) await lead(id);
    await db
      .insertInto("quotes")
      .values({
        id: "q1",
        lead_id: "booked",
        version: 1,
        status: "accepted",
        content: "{}",
        content_hash: "h",
        valid_until: "2030-02-01",
        created_at: "2030-01-08T15:30:00.000Z",
        sent_at: "2030-01-08T16:00:00.000Z",
        viewed_at: null,
        reminders_stopped_at: null,
      })
      .execute();
    await db
      .insertInto("quote_answers")
      .values({
        quote_id: "q1",
        answer: "accepted",
        option_index: 0,
        name: "Ann",
        reason: null,
        content_hash: "h",
        ip_hash: "x",
        user_agent: "test",
        answered_at: "2030-01-09T09:00:00.000Z",
      })
      .execute();
    await db
      .insertInto("payments")
      .values({
        checkout_session_id: "cs_1",
        lead_id: "booked",
        quote_ref: "q1",
        quote_version: 1,
        attempt: 1,
        amount_cents: 5000,
        currency: "usd",
        status: "paid",
        checkout_url: "https://checkout.test/cs_1",
        expires_at: "2030-01-10T09:00:00.000Z",
        created_at: "2030-01-09T09:01:00.000Z",
        updated_at: "2030-01-09T09:05:00.000Z",
        paid_at: "2030-01-09T09:05:00.000Z",
      })
      .execute();
    await db
      .insertInto("bookings")
      .values({
        id: "b1",
        lead_id: "booked",
        status: "confirmed",
        day: "2030-01-15",
        window_times: "08:00-10:00",
        starts_at: "2030-01-15T15:00:00.000Z",
        ends_at: "2030-01-15T17:00:00.000Z",
        sequence: 2,
        created_at: "2030-01-08T15:00:00.000Z",
        updated_at: "2030-01-09T10:00:00.000Z",
      })
      .execute();
    await db
      .insertInto("text_messages")
      .values({
        id: "t1",
        lead_id: "talked",
        phone: "+12085550111",
        direction: "out",
        kind: "reply",
        body: "Hi",
        status: "sent",
        booking_ref: null,
        provider_sid: null,
        reason: null,
        created_at: "2030-01-08T15:20:00.000Z",
        due_at: "2030-01-08T15:20:00.000Z",
        sent_at: "2030-01-08T15:20:01.000Z",
      })
      .execute();
    await sql`insert into lead_status_changes (id, lead_id, status, note, changed_by, changed_at)
      values ('s1', 'talked', 'won', '', 'owner@example.com', '2030-01-09T12:00:00.000Z')`.execute(db);

    await migrate(database);
    const leads = await db.selectFrom("leads").select(["id", "stage", "first_contact_at"]).orderBy("id").execute();
    expect(leads).toEqual([
      { id: "booked", stage: "scheduled", first_contact_at: "2030-01-08T16:00:00.000Z" },
      { id: "quiet", stage: "new", first_contact_at: null },
      { id: "talked", stage: "accepted", first_contact_at: "2030-01-08T15:20:00.000Z" },
    ]);
    const events = await db.selectFrom("lead_events").select(["lead_id", "kind", "ref"]).orderBy("at").execute();
    expect(events).toEqual([
      { lead_id: "talked", kind: "owner-text", ref: "t1" },
      { lead_id: "booked", kind: "quote-sent", ref: "q1" },
      { lead_id: "booked", kind: "quote-accepted", ref: "q1" },
      { lead_id: "booked", kind: "deposit-paid", ref: "cs_1" },
      { lead_id: "booked", kind: "window-confirmed", ref: "b1:2" },
    ]);
    // "won" is "accepted" now, and a stage the first list did not have may be set by hand.
    const hand = await db.selectFrom("lead_status_changes").select("status").execute();
    expect(hand.map((h) => h.status)).toEqual(["accepted"]);
    await sql`insert into lead_status_changes (id, lead_id, status, note, changed_by, changed_at)
      values ('s2', 'quiet', 'deposit-paid', '', 'owner@example.com', '2030-01-10T12:00:00.000Z')`.execute(db);
  });
});

describe.skipIf(!backends.includes("postgres"))("migrations on postgres", () => {
  // Kysely's migration lock: one advisory lock for the whole database (kysely/dist/esm/dialect/postgres).
  const KYSELY_MIGRATION_LOCK = "3853314791062309107";

  it("a start waits for another process's migration, however much longer than a query may take", async () => {
    const storage = await createTestStorage("postgres");
    const other = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await other.connect();
    const database = connectDatabase({ ...storage.env, HASH_SECRET: undefined });
    try {
      // Another process is migrating: it holds the lock.
      await other.query(`select pg_advisory_lock(${KYSELY_MIGRATION_LOCK})`);
      let failed: unknown;
      const migrating = migrate(database, undefined, provider({ "0001_a": table("a") }));
      migrating.catch((err: unknown) => (failed = err));
      // Held until this start has waited for it longer than the 2 s any other query is given.
      await waitFor(
        "the migration to wait for the lock over 2.5 s",
        async () => {
          if (failed) throw failed;
          return (
            (
              await other.query<{ waiting: string }>(
                `select count(*) as waiting from pg_stat_activity
                where wait_event_type = 'Lock' and query like '%pg_advisory_lock(${KYSELY_MIGRATION_LOCK})%'
                  and datname = current_database() and now() - query_start > interval '2.5 seconds'`,
              )
            ).rows[0]!.waiting !== "0"
          );
        },
        20_000,
        100,
      );
      await other.query(`select pg_advisory_unlock(${KYSELY_MIGRATION_LOCK})`);
      await migrating;
      const ran = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
      expect(ran.rows.map((r) => r.name)).toEqual(["0001_a"]);
    } finally {
      await other.end();
      await database.close();
      await storage.cleanup();
    }
  });

  it("two servers starting at once on a new schema both start, the migrations run once", async () => {
    const storage = await createTestStorage("postgres");
    const starts = [0, 1].map(() => connectDatabase({ ...storage.env, HASH_SECRET: undefined }));
    try {
      // Both at once, several times over: Kysely creates its bookkeeping tables before taking its lock.
      for (let round = 0; round < 5; round++) {
        await sql`drop table if exists kysely_migration, kysely_migration_lock, a`.execute(starts[0]!.db);
        const results = await Promise.allSettled(
          starts.map((database) => migrate(database, undefined, provider({ "0001_a": table("a") }))),
        );
        expect(results.map((r) => (r.status === "rejected" ? String(r.reason) : "started"))).toEqual([
          "started",
          "started",
        ]);
        const ran = await sql<{ name: string }>`select name from kysely_migration`.execute(starts[0]!.db);
        expect(ran.rows.map((r) => r.name)).toEqual(["0001_a"]);
      }
    } finally {
      await Promise.all(starts.map((database) => database.close()));
      await storage.cleanup();
    }
  });
});
