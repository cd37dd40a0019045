/**
 * The storage tests' databases (tests/support/storage.ts) start as a copy of a template migrated once per run,
 * not as a migration of their own (decision 050): the copy must be the schema a fresh migration makes, to the
 * column, index and constraint, on both databases.
 */
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { backends, createTestStorage } from "../../../../tests/support/storage.ts";
import { connectDatabase, migrate, type Database } from "./database.server.ts";

/** Everything that makes the schema, in a stable order, with the schema's own name left out. */
async function describeSchema(database: Database): Promise<unknown[]> {
  if (database.dialect === "sqlite")
    return (
      await sql<{ type: string; name: string; sql: string | null }>`
        select type, name, sql from sqlite_master order by type, name`.execute(database.db)
    ).rows;
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(database.db)).rows[0]!.s;
  const rows = async (query: ReturnType<typeof sql<Record<string, unknown>>>) =>
    JSON.parse(JSON.stringify((await query.execute(database.db)).rows).replaceAll(schema, "<schema>")) as unknown[];
  return [
    await rows(sql`select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
      where table_schema = current_schema() order by table_name, column_name`),
    await rows(sql`select tablename, indexname, indexdef from pg_indexes
      where schemaname = current_schema() order by tablename, indexname`),
    await rows(sql`select c.conrelid::regclass::text as on_table, c.conname, pg_get_constraintdef(c.oid) as def
      from pg_constraint c join pg_namespace n on n.oid = c.connamespace
      where n.nspname = current_schema() order by on_table, c.conname`),
  ];
}

describe.each(backends)("a storage test's database on %s", (dialect) => {
  it("is the schema a fresh migration makes, with every migration recorded as run", async () => {
    const copied = await createTestStorage(dialect);
    const migrated = await createTestStorage(dialect);
    const fresh = connectDatabase(migrated.env);
    try {
      const copy = await copied.open();
      await migrate(fresh);
      expect(await describeSchema(copy)).toEqual(await describeSchema(fresh));
      const ran = (database: Database) =>
        sql<{ name: string }>`select name from kysely_migration order by name`
          .execute(database.db)
          .then((result) => result.rows.map((row) => row.name));
      expect(await ran(copy)).toEqual(await ran(fresh));
      expect((await ran(copy)).length).toBeGreaterThan(0);
    } finally {
      await fresh.close();
      await copied.cleanup();
      await migrated.cleanup();
    }
  });
});
