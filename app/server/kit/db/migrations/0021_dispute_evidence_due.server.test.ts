import type { Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, leadsRow, type TestStorage } from "../../../../../tests/support/storage.ts";
import { connectDatabase, migrate, type Database } from "../database.server.ts";

const at = "2026-11-20T16:00:00.000Z";

describe.each(backends)("0021_dispute_evidence_due on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = connectDatabase(storage.env);
  });
  afterEach(async () => {
    await database.close();
    await storage.cleanup();
  });

  it("gives the disputes already stored the deadline their alert carried, and none to one without", async () => {
    await migrate(database, "0020_owner_indexes");
    const { db } = database;
    await db
      .insertInto("leads")
      .values(leadsRow("lead", "estimate", at))
      .execute();
    const dispute = (id: string) => ({
      id,
      payment_intent_id: `pi_${id}`,
      lead_id: "lead",
      amount_cents: 10_000,
      currency: "usd",
      reason: "fraudulent",
      status: "needs_response",
      created_at: at,
      updated_at: at,
    });
    // Typed before the column exists: the rows as 0019 stored them.
    await (db as unknown as Kysely<{ disputes: ReturnType<typeof dispute> }>)
      .insertInto("disputes")
      .values([dispute("du_alerted"), dispute("du_silent"), dispute("du_garbled")])
      .execute();
    const dueBy = "2026-12-01T23:59:59.000Z";
    const alert = (ref: string, payload: string) => ({
      id: `job-${ref}`,
      lead_id: "lead",
      kind: "dispute" as const,
      next_attempt_at: at,
      created_at: at,
      ref,
      payload,
    });
    await db
      .insertInto("outbox_jobs")
      .values([
        alert("du_alerted", JSON.stringify({ disputeId: "du_alerted", dueBy })),
        alert("du_silent", JSON.stringify({ disputeId: "du_silent", dueBy: null })),
        alert("du_garbled", "{not json"),
      ])
      .execute();
    await migrate(database);
    const rows = await db.selectFrom("disputes").select(["id", "evidence_due_at"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "du_alerted", evidence_due_at: dueBy },
      { id: "du_garbled", evidence_due_at: null },
      { id: "du_silent", evidence_due_at: null },
    ]);
  });
});
