/**
 * Kysely's migrator learns whether its bookkeeping tables exist from the introspector; on PostgreSQL that looks at
 * the connection's own schema only (OwnSchemaPostgresDialect), so another schema on the server, and one dropped
 * during the look, is none of its business.
 */
import { describe, expect, it } from "vitest";
import { backends, createTestStorage } from "../../../../tests/support/storage.ts";
import { connectDatabase, migrate } from "./database.server.ts";

describe.skipIf(!backends.includes("postgres"))("the database's introspection on postgres", () => {
  it("sees the tables of its own schema, not another's, even one being dropped", async () => {
    const own = await createTestStorage("postgres");
    const other = await createTestStorage("postgres");
    const database = connectDatabase(own.env);
    try {
      const otherDatabase = await other.open();
      const before = await database.db.introspection.getTables({ withInternalKyselyTables: true });
      expect(before).toEqual([]);
      await migrate(database);
      const tables = await database.db.introspection.getTables({ withInternalKyselyTables: true });
      const schema = new URL(own.env.DATABASE_URL!).searchParams.get("options")!.replace("-c search_path=", "");
      expect(tables.map((table) => table.name)).toContain("kysely_migration");
      expect(tables.map((table) => table.name)).toContain("leads");
      expect(new Set(tables.map((table) => table.schema))).toEqual(new Set([schema]));
      // Another schema dropped while this one is migrated and looked at again.
      await otherDatabase.close();
      await Promise.all([other.cleanup(), migrate(database)]);
      expect(await database.db.introspection.getTables({ withInternalKyselyTables: true })).toHaveLength(tables.length);
    } finally {
      await database.close();
      await own.cleanup();
    }
  });
});
