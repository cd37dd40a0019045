import { readdirSync } from "node:fs";
import { sql, type Kysely, type Migration } from "kysely";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { waitFor } from "../../../../tests/support/processes.ts";
import { backends, createTestStorage, type TestStorage } from "../../../../tests/support/storage.ts";
import { connectDatabase, migrate, type Database } from "./database.server.ts";
import { migrationProvider } from "./migrations.server.ts";

const table = (name: string): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createTable(name).addColumn("id", "text").execute();
  },
});
const provider = (migrations: Record<string, Migration>) => ({ getMigrations: async () => migrations });

it("lists every migration file in ./migrations once, in the order of their numbers", async () => {
  const files = readdirSync(new URL("./migrations/", import.meta.url))
    .filter((file) => /^\d{4}_[a-z0-9_]+\.server\.ts$/.test(file))
    .map((file) => file.replace(".server.ts", ""));
  const listed = Object.keys(await migrationProvider("sqlite").getMigrations());
  expect(listed).toEqual([...files].sort());
});

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
