import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../kit/db/database.server.ts";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import { recordLead } from "../leads/store.server.ts";
import { listLeads } from "./listing.server.ts";
import { statusHistory, changeLeadStatus, recordEvent, stageEvents } from "../../kit/leads.server.ts";
import { stageFrom } from "../../kit/stages.ts";
import { ageText, inbox, priceRange, readFilters } from "./inbox.server.ts";
import { NEWSLETTER_SIGN_UP } from "../newsletter/sign-up.server.ts";

describe.each(backends)("the inbox's list on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  const ids: Record<string, string> = {};

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
    const base = sampleLead();
    const lead = (
      name: string,
      email: string,
      phone: string | null,
      kind: "estimate" | "contact" | "newsletter",
      at: string,
    ) =>
      recordLead(
        database,
        sampleLead({
          kind,
          fields: { ...base.fields, firstName: name },
          contact: { name, email, phone, zip: "83702" },
        }),
        { webhook: false, now: new Date(at), hooks: kind === "newsletter" ? NEWSLETTER_SIGN_UP : undefined },
      );
    // Boise is UTC−7 in January: 06:30 UTC on the 8th is still the 7th there.
    ids.ann = (await lead("Ann O'Neil", "ann@example.com", "+12085550111", "estimate", "2030-01-08T06:30:00Z")).id;
    ids.bob = (await lead("Bob 50%_off", "BOB@Example.com", "+12085550122", "contact", "2030-01-08T15:00:00Z")).id;
    ids.cy = (await lead("Cy", "cy@example.com", null, "newsletter", "2030-01-09T15:00:00Z")).id;
  });
  afterEach(() => storage.cleanup());

  const names = async (query: string) =>
    (await inbox(database, new URL(`https://x.test/admin?${query}`), new Date("2030-01-10T00:00:00Z"))).rows.map(
      (r) => r.name,
    );

  it("lists newest first and filters by kind, date (Boise days) and search", async () => {
    expect(await names("")).toEqual(["Cy", "Bob 50%_off", "Ann O'Neil"]);
    expect(await names("kind=contact")).toEqual(["Bob 50%_off"]);
    expect(await names("from=2030-01-08&to=2030-01-08")).toEqual(["Bob 50%_off"]);
    expect(await names("to=2030-01-07")).toEqual(["Ann O'Neil"]);
    expect(await names("q=bob%40example")).toEqual(["Bob 50%_off"]);
    expect(await names("q=o%27neil")).toEqual(["Ann O'Neil"]);
    // LIKE wildcards in the search are plain characters.
    expect(await names("q=%25_")).toEqual(["Bob 50%_off"]);
    expect(await names("q=(208)%20555-0122")).toEqual(["Bob 50%_off"]);
    expect(await names("q=555-01")).toEqual(["Bob 50%_off", "Ann O'Neil"]);
  });

  it("keeps each stage set by hand with who and when; the list and filter use the stage it gives", async () => {
    expect(
      await changeLeadStatus(
        database,
        ids.ann!,
        { status: "contacted", note: "Left a voicemail", changedBy: "owner@example.com" },
        new Date("2030-01-08T16:00:00Z"),
      ),
    ).toBe(true);
    await changeLeadStatus(
      database,
      ids.ann!,
      { status: "accepted", note: "", changedBy: "helper@example.com" },
      new Date("2030-01-09T16:00:00Z"),
    );
    expect(await changeLeadStatus(database, "no-such-id", { status: "accepted", note: "", changedBy: "x" })).toBe(
      false,
    );
    expect(await names("stage=accepted")).toEqual(["Ann O'Neil"]);
    expect(await names("stage=new")).toEqual(["Cy", "Bob 50%_off"]);
    const history = (await statusHistory(database, [ids.ann!])).get(ids.ann!);
    expect(history?.map((h) => [h.status, h.note, h.changedBy, h.changedAt.toISOString()])).toEqual([
      ["contacted", "Left a voicemail", "owner@example.com", "2030-01-08T16:00:00.000Z"],
      ["accepted", "", "helper@example.com", "2030-01-09T16:00:00.000Z"],
    ]);
    expect((await listLeads(database, {})).map((l) => l.stage)).toEqual(["new", "new", "accepted"]);
  });

  it("moves a request by its events, once each, and keeps the stage its recorded events give", async () => {
    const at = (iso: string) => new Date(iso);
    const record = (kind: Parameters<typeof recordEvent>[2]["kind"], ref: string, iso: string) =>
      database.db.transaction().execute((trx) => recordEvent(trx, ids.bob!, { kind, ref, at: at(iso) }));
    await record("quote-sent", "q1", "2030-01-08T17:00:00Z");
    await record("quote-accepted", "q1", "2030-01-08T18:00:00Z");
    await record("deposit-paid", "cs_1", "2030-01-08T18:05:00Z");
    await record("deposit-paid", "cs_1", "2030-01-08T18:06:00Z");
    await record("window-confirmed", "b1:2", "2030-01-08T19:00:00Z");
    expect(await names("stage=scheduled")).toEqual(["Bob 50%_off"]);
    await record("window-cancelled", "b1:3", "2030-01-09T10:00:00Z");
    await changeLeadStatus(
      database,
      ids.ann!,
      { status: "lost", note: "Went elsewhere", changedBy: "owner@example.com" },
      at("2030-01-09T11:00:00Z"),
    );
    const listed = await listLeads(database, {});
    expect(listed.map((l) => [l.contact.name, l.stage, l.firstContactAt?.toISOString() ?? null])).toEqual([
      ["Cy", "new", null],
      ["Bob 50%_off", "deposit-paid", "2030-01-08T17:00:00.000Z"],
      ["Ann O'Neil", "lost", null],
    ]);
    // The stored stage is what the recorded rows give, rebuilt from them.
    for (const lead of listed) {
      const rebuilt = stageFrom(await stageEvents(database.db, lead.id));
      expect([lead.stage, lead.firstContactAt]).toEqual([rebuilt.stage, rebuilt.firstContactAt]);
    }
    expect((await stageEvents(database.db, ids.bob!)).filter((e) => e.kind === "deposit-paid")).toHaveLength(1);
  });

  it("flags requests still new after 2 business hours, never a newsletter sign-up", async () => {
    const { rows } = await inbox(database, new URL("https://x.test/admin"), new Date("2030-01-10T00:00:00Z"));
    expect(rows.map((r) => [r.name, r.overdue])).toEqual([
      ["Cy", false],
      ["Bob 50%_off", true],
      ["Ann O'Neil", true],
    ]);
    // Answered by any means the site records (a text here): not neglected, though no stage was set by hand.
    await database.db
      .transaction()
      .execute((trx) =>
        recordEvent(trx, ids.bob!, { kind: "owner-text", ref: "t1", at: new Date("2030-01-08T15:30:00Z") }),
      );
    await changeLeadStatus(database, ids.ann!, { status: "contacted", note: "", changedBy: "owner@example.com" });
    const after = await inbox(database, new URL("https://x.test/admin"), new Date("2030-01-10T00:00:00Z"));
    expect(after.rows.map((r) => [r.name, r.stage, r.overdue])).toEqual([
      ["Cy", "new", false],
      ["Bob 50%_off", "contacted", false],
      ["Ann O'Neil", "contacted", false],
    ]);
  });
});

describe("inbox filters and display", () => {
  it("leaves out a filter that is not valid and says why", () => {
    const { values, problems } = readFilters(
      new URL("https://x.test/admin?kind=spam&stage=deposit-paid&from=2030-02-30&q=" + "x".repeat(101)),
    );
    expect(values).toEqual({ stage: "deposit-paid" });
    expect(problems).toEqual([
      "Choose a kind from the list",
      "Search for at most 100 characters",
      "Choose a real start date",
    ]);
  });
  it("shows a /pricing estimate's range when both ends are there", () => {
    expect(priceRange({ priceLow: "400", priceHigh: "1250" })).toBe("$400–$1,250");
    expect(priceRange({ priceLow: "400" })).toBeNull();
    expect(priceRange({ priceLow: "=1+1", priceHigh: "5" })).toBeNull();
    expect(priceRange({})).toBeNull();
  });
  it("says how long ago", () => {
    const now = new Date("2030-01-10T12:00:00Z");
    expect(ageText(new Date("2030-01-10T11:48:00Z"), now)).toBe("12 min");
    expect(ageText(new Date("2030-01-10T07:00:00Z"), now)).toBe("5 h");
    expect(ageText(new Date("2030-01-07T12:00:00Z"), now)).toBe("3 d");
  });
});
