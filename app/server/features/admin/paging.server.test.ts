/**
 * The owner's pages read from the database a page at a time (docs/decisions/045-inbox-paging.md): the inbox's pages,
 * its counts and search, the exports' batches and the report computed in SQL, on each database.
 */
import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "../../kit/db/database.server.ts";
import { backends, createTestStorage, leadsRow, type TestStorage } from "../../../../tests/support/storage.ts";
import { countLeads, leadBatches, leadPage, listLeads, type LeadCursor } from "./listing.server.ts";
import { inbox, INBOX_PAGE_SIZE } from "./inbox.server.ts";
import { buildReport, reportFromDatabase } from "./report.server.ts";

const KINDS = ["estimate", "contact", "newsletter", "application"] as const;
const STAGES = ["new", "contacted", "quoted", "accepted", "scheduled", "completed", "lost"] as const;

describe.each(backends)("the owner's pages read from the database on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let n = 0;

  beforeAll(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
  });
  afterAll(() => storage.cleanup());
  beforeEach(async () => {
    await database.db.deleteFrom("leads").execute();
  });

  /** A request received at `at`, its other columns as `over` gives them. */
  const insert = async (at: string, over: Parameters<typeof leadsRow>[3] & Record<string, unknown> = {}) => {
    const id = `lead-${String(++n).padStart(6, "0")}-${Math.random().toString(36).slice(2, 8)}`;
    await database.db
      .insertInto("leads")
      .values({ ...leadsRow(id, "estimate", at), attribution: JSON.stringify({ utm: {} }), ...over })
      .execute();
    return id;
  };
  const minute = (m: number) => new Date(Date.UTC(2030, 0, 1) + m * 60_000).toISOString();

  it("shows every request exactly once across the pages, newest first, while new ones arrive between pages", async () => {
    await fc.assert(
      fc.asyncProperty(
        // Minutes of the stored requests (repeats: requests received in the same millisecond), the page size,
        // and how many arrive before each page is loaded.
        fc.array(fc.integer({ min: 0, max: 30 }), { minLength: 0, maxLength: 25 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 10, maxLength: 10 }),
        async (minutes, limit, arrivals) => {
          await database.db.deleteFrom("leads").execute();
          const stored = new Set<string>();
          for (const m of minutes) stored.add(await insert(minute(m)));
          const seen: { id: string; createdAt: number }[] = [];
          let before: LeadCursor | null = null;
          let newest = 31;
          for (let load = 0; ; load++) {
            for (let i = 0; i < (arrivals[load % arrivals.length] ?? 0); i++) await insert(minute(newest++));
            const page = await leadPage(database, {}, { before, limit });
            expect(page.leads.length).toBeLessThanOrEqual(limit);
            seen.push(...page.leads.map((lead) => ({ id: lead.id, createdAt: lead.createdAt.getTime() })));
            if (!page.older) break;
            before = page.older;
          }
          const ids = seen.map((s) => s.id);
          expect(new Set(ids).size).toBe(ids.length);
          // Every request stored when the owner opened the first page is on exactly one page.
          for (const id of stored) expect(ids).toContain(id);
          const times = seen.map((s) => s.createdAt);
          expect(times).toEqual([...times].sort((a, b) => b - a));
        },
      ),
      { numRuns: 25 },
    );
  });

  it("links the next page with the filters kept, counts all that match, and the exports' batches hold them all", async () => {
    for (let i = 0; i < 2 * INBOX_PAGE_SIZE + 4; i++)
      await insert(minute(i), { kind: i % 2 ? "contact" : "estimate", name: `Pat ${i}` });
    await insert(minute(100), { kind: "contact", name: "Rhea", phone: "+12085550101" });
    const now = new Date(minute(200));
    const first = await inbox(database, new URL("https://x.test/admin?kind=contact"), now);
    const contacts = INBOX_PAGE_SIZE + 3;
    expect(first.total).toBe(contacts);
    expect(first.rows).toHaveLength(INBOX_PAGE_SIZE);
    expect(first.rows[0]!.name).toBe("Rhea");
    expect(first.later).toBe(false);
    expect(first.olderHref).toMatch(/^\/admin\?kind=contact&before=/);
    const second = await inbox(database, new URL(first.olderHref!, "https://x.test"), now);
    expect(second.later).toBe(true);
    expect(second.olderHref).toBeNull();
    expect(second.newestHref).toBe("/admin?kind=contact");
    expect([...first.rows, ...second.rows].map((r) => r.kind)).toEqual(Array(contacts).fill("contact"));
    expect(first.rows.length + second.rows.length).toBe(contacts);

    // A phone number is found typed as digits or spaced as it is read out.
    for (const q of ["2085550101", "208 555 0101", "(208) 555-0101"]) {
      const found = await inbox(database, new URL(`https://x.test/admin?q=${encodeURIComponent(q)}`), now);
      expect(found.rows.map((r) => r.name)).toEqual(["Rhea"]);
      expect(found.total).toBe(1);
    }
    // A `before` this site did not write starts the list over.
    const odd = await inbox(database, new URL("https://x.test/admin?before=%27%3B--"), now);
    expect(odd.rows[0]!.name).toBe("Rhea");

    const batches: string[][] = [];
    for await (const batch of leadBatches(database, {}, 7)) batches.push(batch.map((lead) => lead.id));
    expect(batches.every((batch) => batch.length <= 7)).toBe(true);
    expect(batches.flat()).toEqual((await listLeads(database, {})).map((lead) => lead.id));
    expect(batches.flat()).toHaveLength(await countLeads(database, {}));
  });

  it("computes the report in the database as it is computed from the requests themselves", async () => {
    // Boise time: the weeks start on Monday at midnight there (UTC−7 in winter, −6 in summer).
    const now = new Date("2030-03-20T18:00:00Z");
    const day = 86_400_000;
    const cities = ["Boise", " Meridian ", "", 42, null];
    const landings = ["/services/roof?utm_campaign=x", "https://example.com/a#b", null, "/"];
    const campaigns = ["spring", " ", null, 7];
    for (let i = 0; i < 90; i++) {
      const at = new Date(now.getTime() - (i * 1.13 * day) / 1 - (i % 7) * 3_600_000);
      const city = cities[i % cities.length];
      const campaign = campaigns[i % campaigns.length];
      await insert(at.toISOString(), {
        kind: KINDS[i % KINDS.length],
        stage: STAGES[i % STAGES.length],
        zip: i % 3 ? "83702" : null,
        fields: JSON.stringify(city === null ? {} : { city }),
        attribution: JSON.stringify({
          landingPage: landings[i % landings.length],
          utm: campaign === null ? {} : { utm_campaign: campaign },
        }),
        first_contact_at: i % 4 ? new Date(at.getTime() + (i % 5) * 3_600_000 + 1).toISOString() : null,
      });
    }
    const fromRows = buildReport(await listLeads(database, {}), now);
    const computed = await reportFromDatabase(database, now);
    expect(computed).toEqual(fromRows);
    expect(computed.total).toBeGreaterThan(0);
    expect(computed.total).toBeLessThan(90);
  });
});
