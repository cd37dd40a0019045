import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../kit/db/database.server.ts";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import { recordLead } from "../leads/store.server.ts";
import { listLeads } from "./listing.server.ts";
import { statusHistory, changeLeadStatus } from "../../kit/leads.server.ts";
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

  it("keeps each status change with who and when; the list and filter use the latest", async () => {
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
      { status: "won", note: "", changedBy: "helper@example.com" },
      new Date("2030-01-09T16:00:00Z"),
    );
    expect(await changeLeadStatus(database, "no-such-id", { status: "won", note: "", changedBy: "x" })).toBe(false);
    expect(await names("status=won")).toEqual(["Ann O'Neil"]);
    expect(await names("status=new")).toEqual(["Cy", "Bob 50%_off"]);
    const history = (await statusHistory(database, [ids.ann!])).get(ids.ann!);
    expect(history?.map((h) => [h.status, h.note, h.changedBy, h.changedAt.toISOString()])).toEqual([
      ["contacted", "Left a voicemail", "owner@example.com", "2030-01-08T16:00:00.000Z"],
      ["won", "", "helper@example.com", "2030-01-09T16:00:00.000Z"],
    ]);
    expect((await listLeads(database, {})).map((l) => l.status)).toEqual(["new", "new", "won"]);
  });

  it("flags requests still new after 2 business hours, never a newsletter sign-up", async () => {
    const { rows } = await inbox(database, new URL("https://x.test/admin"), new Date("2030-01-10T00:00:00Z"));
    expect(rows.map((r) => [r.name, r.overdue])).toEqual([
      ["Cy", false],
      ["Bob 50%_off", true],
      ["Ann O'Neil", true],
    ]);
    await changeLeadStatus(database, ids.bob!, { status: "contacted", note: "", changedBy: "owner@example.com" });
    expect(
      (await inbox(database, new URL("https://x.test/admin"), new Date("2030-01-10T00:00:00Z"))).rows[1]?.overdue,
    ).toBe(false);
  });
});

describe("inbox filters and display", () => {
  it("leaves out a filter that is not valid and says why", () => {
    const { values, problems } = readFilters(
      new URL("https://x.test/admin?kind=spam&status=won&from=2030-02-30&q=" + "x".repeat(101)),
    );
    expect(values).toEqual({ status: "won" });
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
