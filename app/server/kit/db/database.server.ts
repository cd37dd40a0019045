/**
 * The database: SQLite (node:sqlite, file DATA_DIR/leads.sqlite) by default, PostgreSQL when DATABASE_URL
 * is set. Both are reached through Kysely with the same schema (its tables: tables.server.ts); migrations run on
 * open (migrations.server.ts).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type DatabaseIntrospector,
  type MigrationProvider,
  type SqliteDatabase,
  type TableMetadata,
} from "kysely";
import pg from "pg";
import type { Env } from "../env.server.ts";
import type { DB } from "./tables.server.ts";
import { migrationProvider } from "./migrations.server.ts";

export type Dialect = "sqlite" | "postgres";
export type Database = {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL: a connection of its own for migrations, with a long bound (PG_MIGRATION_TIMEOUT_MS); the caller destroys it. */
  migrationDb?: () => Kysely<DB>;
  close(): Promise<void>;
  /** HASH_SECRET, the key of every hash of personal data stored here (site-secrets.server.ts); unset, a key stored in the database. */
  hashSecret?: string;
};

const STATEMENT_CACHE_SIZE = 200;

/** Kysely's SqliteDialect speaks better-sqlite3's statement API; this maps it onto node:sqlite. */
function sqliteAdapter(file: string): SqliteDatabase {
  const db = new DatabaseSync(file, { timeout: 5000 });
  db.exec(
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
  );
  const statements = new Map<string, { stmt: StatementSync; reader: boolean }>();
  return {
    close: () => db.close(),
    prepare(sql) {
      // Kysely prepares every query it runs; compiling the same SQL again on each request cost ~6% of the
      // server's time under load, so statements are kept (the last ones prepared; SQL with a varying number of
      // parameters would otherwise grow the cache). An iteration gets its own statement: a cached one could be
      // reset by a query run while it is still being read.
      // Every transaction takes the write lock when it begins (Kysely's driver sends a plain "begin"): one that
      // read first and wrote after another process (a backup, a command-line tool, a test) had committed would
      // fail at once with SQLITE_BUSY instead of waiting busy_timeout for the lock.
      if (sql === "begin") sql = "begin immediate";
      let cached = statements.get(sql);
      if (!cached) {
        const stmt = db.prepare(sql);
        cached = { stmt, reader: stmt.columns().length > 0 };
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(sql, cached);
      }
      const { stmt, reader } = cached;
      const args = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
      return {
        reader,
        all: (parameters) => stmt.all(...args(parameters)),
        run: (parameters) => {
          const { changes, lastInsertRowid } = stmt.run(...args(parameters));
          return { changes, lastInsertRowid };
        },
        iterate: (parameters) => db.prepare(sql).iterate(...args(parameters)),
      };
    },
  };
}

/**
 * A PostgreSQL host that goes silent (connection open, no answer) must not hold a visitor: connecting,
 * waiting for a pooled connection and each query are bounded, so a form post is answered 503 within 5 s
 * (a transaction may wait for BEGIN and then ROLLBACK: 2 × QUERY_TIMEOUT_MS). The server also ends a
 * statement it runs longer than that, and TCP keepalive notices a host that is gone.
 */
const PG_CONNECT_TIMEOUT_MS = 2_000;
const PG_QUERY_TIMEOUT_MS = 2_000;
/**
 * Migrations run on a connection of their own with this bound instead: they wait for Kysely's migration lock,
 * one advisory lock for the whole database, while another process migrates (a second server starting, another
 * schema's tests), and a migration may rewrite a large table. With the 2 s bound, a start that waited for
 * another's migration failed ("canceling statement due to statement timeout").
 */
const PG_MIGRATION_TIMEOUT_MS = 10 * 60_000;

function postgresPool(connectionString: string, { max = 10, timeoutMs = PG_QUERY_TIMEOUT_MS } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    idle_in_transaction_session_timeout: 10_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client that breaks (e.g. the server restarted) is dropped by the pool and the next query
  // reconnects; without a listener the 'error' event would end the process.
  pool.on("error", () => {});
  // A client that is checked out when the server goes away emits 'error' on itself; without a listener
  // that would end the process. The query in progress fails and the caller answers 503.
  pool.on("connect", (client) => {
    client.on("error", () => {});
    // A query that timed out leaves its connection waiting for an answer that may never come (a host that
    // went silent or away without a reset): close that connection, so the pool opens a fresh one.
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((err: unknown) => {
          if (err instanceof Error && err.message === "Query read timeout")
            (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
        });
      }
      return result;
    };
  });
  return pool;
}

/**
 * PostgreSQL through Kysely, except that its introspection sees the connection's own schema only. Kysely's migrator
 * asks for every table of every schema the role may use, to learn whether its two bookkeeping tables exist; that
 * look grows with every schema on the server and fails ("schema … does not exist") when another process drops a
 * schema while it runs (another app on the same server; the parallel storage tests, which each drop theirs).
 */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    const all = super.createIntrospector(db);
    const getTables = async (): Promise<TableMetadata[]> => {
      const { rows } = await sql<{ name: string; schema: string; kind: string }>`
        select c.relname as name, n.nspname as schema, c.relkind as kind from pg_catalog.pg_class c
        join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v', 'm')`.execute(db);
      return rows.map(({ name, schema, kind }) => ({
        name,
        schema,
        isView: kind === "v" || kind === "m",
        columns: [],
      }));
    };
    return { getSchemas: () => all.getSchemas(), getTables, getMetadata: async () => ({ tables: await getTables() }) };
  }
}

type DatabaseSettings = Pick<Env, "DATA_DIR" | "DATABASE_URL" | "HASH_SECRET">;

/** Connects to the database named by the settings, creating DATA_DIR, without touching the schema (openDatabase does). */
export function connectDatabase(env: DatabaseSettings): Database {
  mkdirSync(env.DATA_DIR, { recursive: true });
  const db = new Kysely<DB>({
    dialect: env.DATABASE_URL
      ? new OwnSchemaPostgresDialect({ pool: postgresPool(env.DATABASE_URL) })
      : new SqliteDialect({ database: sqliteAdapter(path.join(env.DATA_DIR, "leads.sqlite")) }),
  });
  const url = env.DATABASE_URL;
  return {
    db,
    dialect: url ? "postgres" : "sqlite",
    migrationDb: url
      ? () =>
          new Kysely<DB>({
            dialect: new OwnSchemaPostgresDialect({
              pool: postgresPool(url, { max: 1, timeoutMs: PG_MIGRATION_TIMEOUT_MS }),
            }),
          })
      : undefined,
    close: () => db.destroy(),
    hashSecret: env.HASH_SECRET,
  };
}

/** Opens the database named by the settings, creating DATA_DIR, and brings the schema up to date. */
export async function openDatabase(env: DatabaseSettings): Promise<Database> {
  const database = connectDatabase(env);
  try {
    await migrate(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/** Applies every migration not applied yet (or up to `to`, for tests of a migration); a no-op when the schema is current. */
export async function migrate(
  database: Database,
  to?: string,
  provider: MigrationProvider = migrationProvider(database.dialect),
): Promise<void> {
  const db = database.migrationDb?.() ?? database.db;
  try {
    // Kysely looks for its bookkeeping tables in every schema unless told which one; with another schema on
    // the same server holding them (another app, a parallel test) it would skip creating its own and fail.
    const migrationTableSchema =
      database.dialect === "postgres"
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
        : undefined;
    const migrator = new Migrator({
      db,
      provider,
      migrationTableSchema,
      // Migration numbers are reserved by branches built side by side (0008, 0009, 0010…): a database that ran a
      // later number first still runs an earlier one merged after it, and a gap in the numbers is allowed.
      allowUnorderedMigrations: true,
    });
    const { error, results } = await (to ? migrator.migrateTo(to) : migrator.migrateToLatest());
    if (error) {
      const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
      // Kysely names no migration when the failure came before one (its own tables, its lock, the connection): the
      // cause's first line says what it was, for the start-up message (start-problems.server.ts).
      const cause = (error instanceof Error ? error.message : String(error)).split("\n")[0];
      throw new Error(`Database migration ${failed} failed: ${cause}`, { cause: error });
    }
  } finally {
    if (db !== database.db) await db.destroy();
  }
}
