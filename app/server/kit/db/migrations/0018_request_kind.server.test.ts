import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, leadsRow, type TestStorage } from "../../../../../tests/support/storage.ts";
import { connectDatabase, migrate, type Database } from "../database.server.ts";

const at = "2026-11-20T16:00:00.000Z";
const row = (id: string, kind: "estimate" | "contact" | "application", fields: Record<string, unknown>) =>
  leadsRow(id, kind, at, { fields: JSON.stringify(fields), page: "/contact" });

describe.each(backends)("0018_request_kind on %s", (dialect) => {
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

  it("makes stored contact-form requests naming services and a property estimate requests, nothing else", async () => {
    await migrate(database, "0012_customer_texts");
    await database.db
      .insertInto("leads")
      .values([
        row("services", "contact", {
          serviceType: "residential",
          servicesNeeded: ["House Washing"],
          source: "contact-page",
        }),
        row("message", "contact", { serviceType: "residential", servicesNeeded: [], message: "Gutters?" }),
        row("estimate", "estimate", { serviceType: null }),
        row("application", "application", { servicesNeeded: ["House Washing"], serviceType: "residential" }),
      ])
      .execute();
    await migrate(database);
    const rows = await database.db.selectFrom("leads").select(["id", "kind", "page", "fields"]).orderBy("id").execute();
    expect(rows.map((r) => [r.id, r.kind])).toEqual([
      ["application", "application"],
      ["estimate", "estimate"],
      ["message", "contact"],
      ["services", "estimate"],
    ]);
    // Where it was sent from stays with it.
    const moved = rows.find((r) => r.id === "services")!;
    expect([moved.page, JSON.parse(moved.fields).source]).toEqual(["/contact", "contact-page"]);
  });
});
