/**
 * Test support: the storage backends a suite runs on (SQLite always, PostgreSQL when TEST_DATABASE_URL is
 * set; scripts/ci-postgres.sh provides one), each in a fresh temporary directory or schema.
 */
import { randomBytes } from "node:crypto";
import { copyFile, mkdir, mkdtemp, readFile, rename, rm, writeFile } from "node:fs/promises";
import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Kysely, sql } from "kysely";
import pg from "pg";
import type { LeadRow, NewLead } from "../../app/server/kit/leads.server.ts";
import {
  OwnSchemaPostgresDialect,
  connectDatabase,
  migrate,
  openDatabase,
  type Database,
  type Dialect,
} from "../../app/server/kit/db/database.server.ts";
import type { DB } from "../../app/server/kit/db/tables.server.ts";

export const backends: Dialect[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestStorage {
  env: { DATA_DIR: string; DATABASE_URL: string | undefined };
  /** Opens one more connection (pool) to the same storage, like a second server instance. */
  open(): Promise<Database>;
  /** Closes every database opened here and removes the directory and schema. */
  cleanup(): Promise<void>;
}

export async function createTestStorage(dialect: Dialect): Promise<TestStorage> {
  const dir = await mkdtemp(path.join(tmpdir(), "leads-test-"));
  let url: string | undefined;
  let schema: string | undefined;
  if (dialect === "postgres") {
    schema = `test_${randomBytes(6).toString("hex")}`;
    await withAdmin((client) => client.query(`CREATE SCHEMA ${schema}`));
    url = schemaUrl(schema);
  }
  const opened: Database[] = [];
  let seeded = false;
  const env = { DATA_DIR: path.join(dir, "data"), DATABASE_URL: url };
  return {
    env,
    async open() {
      // An empty storage starts as a copy of the migrated template, current by construction, so no migrator runs on
      // it. One a test brought to an older migration itself (connectDatabase and migrate) is left as it is and
      // migrated, as a server would.
      if (seeded || (await seedFromTemplate(dialect, env.DATA_DIR, schema))) seeded = true;
      const database = seeded ? await connected(connectDatabase(env)) : await openDatabase(env);
      opened.push(database);
      return database;
    },
    async cleanup() {
      await Promise.all(opened.map((d) => d.close()));
      if (schema) await withAdmin((client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The migrated template each new storage is copied from, instead of running every migration again for each test
 * (about 70 ms on SQLite and 350 ms on PostgreSQL per test, under Kysely's migration lock, which is one for the
 * whole PostgreSQL database and so made parallel test files wait for each other). Made once per run in the folder
 * vitest's global setup names (tests/support/storage-templates.ts), by the first test file that needs it;
 * elsewhere (a single file run another way) once per process. On SQLite it is the database file of a fresh
 * migration; on PostgreSQL the statements a fresh migration ran (Kysely's query log), replayed in the new schema
 * in one transaction: PostgreSQL has no schema copy, and a database copy (CREATE DATABASE … TEMPLATE) needs a
 * right the test role need not have.
 */
const TEMPLATES_DIR_VARIABLE = "STORAGE_TEMPLATES_DIR";
/** The template's statements as one script, and the template schema's name, which Kysely's own statements name. */
type PostgresTemplate = { schema: string; script: string };

let processTemplatesDir: Promise<string> | undefined;
function templatesDir(): Promise<string> {
  const shared = process.env[TEMPLATES_DIR_VARIABLE];
  if (shared) return Promise.resolve(shared);
  return (processTemplatesDir ??= mkdtemp(path.join(tmpdir(), "storage-templates-")).then((dir) => {
    process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  }));
}

/** Made beside and renamed into place, so that a test file reading it at the same time sees all of it or none. */
async function templateFile(name: string, make: (file: string) => Promise<void>): Promise<string> {
  const dir = await templatesDir();
  const file = path.join(dir, name);
  if (!existsSync(file)) {
    const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    await make(temp);
    await rename(temp, file);
  }
  return file;
}

const sqliteTemplate = () =>
  templateFile("leads.sqlite", async (file) => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "storage-template-"));
    try {
      // Closed, the database is whole in its one file (the last connection checkpoints the write-ahead log).
      await (await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined })).close();
      await copyFile(path.join(dataDir, "leads.sqlite"), file);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

const postgresTemplate = async (): Promise<PostgresTemplate> =>
  JSON.parse(
    await readFile(
      await templateFile("postgres.json", async (file) => {
        const schema = `template_${randomBytes(6).toString("hex")}`;
        const statements: string[] = [];
        await withAdmin((client) => client.query(`CREATE SCHEMA ${schema}`));
        const db = new Kysely<DB>({
          dialect: new OwnSchemaPostgresDialect({ pool: new pg.Pool({ connectionString: schemaUrl(schema), max: 1 }) }),
          log: (event) => {
            if (event.level === "query") statements.push(withValues(event.query.sql, event.query.parameters));
          },
        });
        try {
          await migrate({ db, dialect: "postgres", close: () => db.destroy() });
        } finally {
          await db.destroy();
          await withAdmin((client) => client.query(`DROP SCHEMA ${schema} CASCADE`));
        }
        // What changed the schema, in order: not the reads (Kysely's lock, its look at the tables, a migration's
        // look for rows to rewrite, of which a new schema has none).
        // Nor Kysely's own begin and commit: the replay is one transaction of its own.
        const script = statements.filter((statement) => !/^\s*(select|begin|commit)\b/i.test(statement)).join(";\n");
        await writeFile(file, JSON.stringify({ schema, script } satisfies PostgresTemplate));
      }),
      "utf8",
    ),
  ) as PostgresTemplate;

/**
 * The database with its connection made, as openDatabase leaves it: Kysely connects on the first query, and a
 * database closed before any query would otherwise connect again on the next (a test of an unusable one).
 */
async function connected(database: Database): Promise<Database> {
  await sql`select 1`.execute(database.db);
  return database;
}

/** Copies the template into the storage when it is empty; says whether it did. */
async function seedFromTemplate(dialect: Dialect, dataDir: string, schema: string | undefined): Promise<boolean> {
  if (dialect === "sqlite") {
    const file = path.join(dataDir, "leads.sqlite");
    if (existsSync(file)) return false;
    const template = await sqliteTemplate();
    await mkdir(dataDir, { recursive: true });
    await copyFile(template, file);
    return true;
  }
  const template = await postgresTemplate();
  const client = new pg.Client({ connectionString: schemaUrl(schema!) });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_tables where schemaname = $1 limit 1", [schema]);
    if (rowCount) return false;
    // One round trip, in one transaction. The template's schema is named in Kysely's own statements (its migration
    // tables' schema): the new one instead.
    await client.query(`begin;\n${template.script.replaceAll(template.schema, schema!)};\ncommit`);
    return true;
  } finally {
    await client.end();
  }
}

/** A logged statement with its parameters written in as literals (the migrations' are text and numbers). */
function withValues(statement: string, parameters: readonly unknown[]): string {
  return statement.replace(/\$(\d+)/g, (_, n: string) => {
    const value = parameters[Number(n) - 1];
    if (value === null) return "null";
    if (typeof value === "number" || typeof value === "boolean") return String(value);
    if (typeof value === "string") return `'${value.replaceAll("'", "''")}'`;
    throw new Error(`A migration's statement has a parameter the storage template cannot write: ${statement}`);
  });
}

/** TEST_DATABASE_URL with `schema` as the connection's search path. */
function schemaUrl(schema: string): string {
  const parsed = new URL(process.env.TEST_DATABASE_URL!);
  parsed.searchParams.set("options", `-c search_path=${schema}`);
  return parsed.toString();
}

async function withAdmin<T>(task: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await task(client);
  } finally {
    await client.end();
  }
}

/** A complete estimate request; `overrides` replace top-level parts. */
export function sampleLead(overrides: Partial<NewLead> = {}): NewLead {
  return {
    kind: "estimate",
    fields: {
      firstName: "Jane",
      lastName: "Doe",
      email: "jane.doe@example.com",
      phone: "+12085550199",
      zipcode: "83646",
      city: "Meridian",
      serviceType: "residential",
      servicesNeeded: ["House washing", "Gutter cleaning"],
      message: "Two-story house.\nPlease call after 5.",
      contactMethod: "text",
      agreed: true,
    },
    contact: { name: "Jane Doe", email: "jane.doe@example.com", phone: "+12085550199", zip: "83646" },
    inServiceArea: true,
    consent: {
      version: "sms-2025-01",
      text: "I agree to receive text messages from Gem State Exterior Cleaning.",
      at: new Date("2030-01-01T00:00:00.000Z"),
    },
    context: {
      ip: "203.0.113.7",
      userAgent: "Mozilla/5.0 (test)",
      page: "/contact",
      landingPage: "/services/house-washing?utm_source=google",
      referrer: "https://www.google.com/",
      utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "spring" },
      gclid: "gclid-123",
    },
    idempotencyKey: crypto.randomUUID(),
    attachment: null,
    ...overrides,
  };
}

/** A newsletter sign-up as the newsletter form stores it: only the e-mail address, no consent to texts. */
export const newsletterSignUp = (email: string): NewLead =>
  sampleLead({
    kind: "newsletter",
    fields: { email },
    contact: { name: null, email, phone: null, zip: null },
    consent: null,
  });

/** sampleLead as the worker reads it back: a stored lead with a fixed id and time. */
export function sampleLeadRow(overrides: Partial<NewLead> = {}, id = "5a4ad3a8-0d0c-4a5e-9c5e-2b8f0c1d2e3f"): LeadRow {
  const { kind, fields, contact, inServiceArea, consent, context } = sampleLead(overrides);
  return {
    id,
    createdAt: new Date("2030-01-01T17:30:00Z"),
    deliveryStatus: "pending",
    kind,
    fields,
    contact,
    inServiceArea,
    consent,
    context,
  };
}

/** A row of the leads table as every migration so far has it (for databases at an older migration); `over` replaces columns. */
export const leadsRow = (
  id: string,
  kind: "estimate" | "contact" | "newsletter" | "application",
  at: string,
  over: { fields?: string; page?: string } = {},
) => ({
  id,
  kind,
  fields: "{}",
  name: null,
  email: `${id}@example.com`,
  phone: null,
  zip: null,
  in_service_area: null,
  page: "/",
  ip: "203.0.113.7",
  user_agent: "test",
  consent_version: null,
  consent_text: null,
  consent_at: null,
  attribution: "{}",
  idempotency_key: id,
  created_at: at,
  delivery_status: "pending" as const,
  ...over,
});
