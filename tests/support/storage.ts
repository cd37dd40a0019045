/**
 * Test support: the storage backends a suite runs on (SQLite always, PostgreSQL when TEST_DATABASE_URL is
 * set; scripts/ci-postgres.sh provides one), each in a fresh temporary directory or schema.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { LeadRow, NewLead } from "../../app/server/kit/leads.server.ts";
import { openDatabase, type Database, type Dialect } from "../../app/server/kit/db/database.server.ts";

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
    const parsed = new URL(process.env.TEST_DATABASE_URL!);
    parsed.searchParams.set("options", `-c search_path=${schema}`);
    url = parsed.toString();
  }
  const opened: Database[] = [];
  const env = { DATA_DIR: path.join(dir, "data"), DATABASE_URL: url };
  return {
    env,
    async open() {
      const database = await openDatabase(env);
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
