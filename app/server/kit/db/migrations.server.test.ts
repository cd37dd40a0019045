import { sql, type Kysely, type Migration } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, type TestStorage } from "../../../../tests/support/storage.ts";
import { connectDatabase, migrate, type Database } from "./database.server.ts";

const table = (name: string): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.createTable(name).addColumn("id", "text").execute();
  },
});
const provider = (migrations: Record<string, Migration>) => ({ getMigrations: async () => migrations });

describe.each(backends)("migration numbers on %s", (dialect) => {
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
