import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, leadsRow, type TestStorage } from "../../../../../tests/support/storage.ts";
import { connectDatabase, migrate, type Database } from "../database.server.ts";

const at = "2026-11-20T16:00:00.000Z";

describe.each(backends)("0022_customer_keys on %s", (dialect) => {
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

  it("gives the requests stored before it the normal form of their e-mail address and phone", async () => {
    await migrate(database, "0021_dispute_evidence_due");
    await database.db
      .insertInto("leads")
      .values([
        { ...leadsRow("a", "estimate", at), email: "  Ana.Marsh@Example.COM ", phone: "(208) 555-0199" },
        { ...leadsRow("b", "contact", at), email: "ana.marsh@example.com", phone: "+12085550199" },
        { ...leadsRow("c", "contact", at), email: "other@example.com", phone: "555" },
      ])
      .execute();
    await migrate(database);
    const rows = await database.db.selectFrom("leads").select(["id", "email_key", "phone_key"]).orderBy("id").execute();
    expect(rows).toEqual([
      { id: "a", email_key: "ana.marsh@example.com", phone_key: "+12085550199" },
      { id: "b", email_key: "ana.marsh@example.com", phone_key: "+12085550199" },
      { id: "c", email_key: "other@example.com", phone_key: null },
    ]);
  });
});
