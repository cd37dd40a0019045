import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../app/server/kit/db/database.server.ts";
import { sampleLead } from "../tests/support/storage.ts";
import { confirmSubscription } from "../app/server/features/newsletter/subscriptions.server.ts";
import { referenceOf } from "../app/server/kit/reference.server.ts";
import { recordLead } from "../app/server/features/leads/store.server.ts";
import { main, parseSince } from "./leads.ts";
import { NEWSLETTER_SIGN_UP } from "../app/server/features/newsletter/sign-up.server.ts";

describe("parseSince", () => {
  const now = new Date("2030-01-10T00:00:00Z");
  it("reads days, hours, minutes and dates", () => {
    expect(parseSince("7d", now)).toEqual(new Date("2030-01-03T00:00:00Z"));
    expect(parseSince("12h", now)).toEqual(new Date("2030-01-09T12:00:00Z"));
    expect(parseSince("30m", now)).toEqual(new Date("2030-01-09T23:30:00Z"));
    expect(parseSince("2030-01-01", now)).toEqual(new Date("2030-01-01T00:00:00Z"));
    expect(() => parseSince("last week", now)).toThrow(/--since/);
  });
});

describe("npm run leads", () => {
  let dir: string;
  let ids: string[];

  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "leads-cli-"));
    vi.stubEnv("DATABASE_URL", "");
    vi.stubEnv("DATA_DIR", dir);
    const database = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined });
    const base = sampleLead();
    const now = new Date();
    ids = [
      (
        await recordLead(database, sampleLead({ fields: { ...base.fields, message: "=cmd|' /C calc'!A0" } }), {
          webhook: true,
          now: new Date(now.getTime() - 3 * 86_400_000),
        })
      ).id,
      (
        await recordLead(
          database,
          sampleLead({
            kind: "newsletter",
            fields: { email: "news@example.com" },
            contact: { name: null, email: "news@example.com", phone: null, zip: null },
            consent: null,
          }),
          { webhook: false, now, hooks: NEWSLETTER_SIGN_UP },
        )
      ).id,
    ];
    await database.close();
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await rm(dir, { recursive: true, force: true });
  });

  it("lists requests as a table", async () => {
    const out = await main(["list"]);
    expect(out).toMatch(/^Received\s+Kind\s+Name\s+E-mail\s+Phone\s+ZIP\s+In area\s+Delivery\s+ID/);
    expect(out).toContain("(208) 555-0199");
    expect(out).toContain("2 requests.");
    expect(await main(["list", "--since", "1d"])).toContain("1 request.");
    expect(await main(["list", "--kind", "estimate", "--since", "1d"])).toBe("No requests.");
  });

  it("exports safe CSV and JSON", async () => {
    const csv = await main(["list", "--csv", "--kind", "estimate"]);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header, row] = csv.slice(1).split("\r\n");
    expect(header).toContain(
      '"Reference","Received (Boise time)","Kind","First name","Last name","E-mail","Phone","ZIP code","In service area","Stage","Accepted option","Price (accepted)","Deposit paid","Window","Paid","Delivery","Sent from page"',
    );
    expect(row).toMatch(
      new RegExp(
        `^"${referenceOf(ids[0]!)}",\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2},"Estimate","Jane","Doe","jane.doe@example.com","\\(208\\) 555-0199","83646","yes","New","","","","","","not yet delivered","/contact",`,
      ),
    );
    expect(row).toContain(`,"'=cmd|' /C calc'!A0",`);
    expect(row).toContain('"House washing, Gutter cleaning"');
    const json = JSON.parse(await main(["list", "--json"])) as { id: string }[];
    expect(json.map((l) => l.id)).toEqual([ids[1], ids[0]]);
  });

  it("writes the Excel workbook to the file named, readable by its owner only", async () => {
    const file = path.join(dir, "requests.xlsx");
    expect(await main(["list", "--xlsx", file, "--kind", "estimate"])).toBe(
      `Wrote 1 request to ${file} (Excel workbook).`,
    );
    const { mode } = await stat(file);
    expect(mode & 0o777).toBe(0o600);
    // A ZIP archive (the .xlsx container) holding the sheet.
    const bytes = await readFile(file);
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    expect(bytes.includes(Buffer.from("xl/worksheets/sheet1.xml"))).toBe(true);
    await expect(main(["list", "--xlsx", path.join(dir, "requests.csv")])).rejects.toThrow(/ending in \.xlsx/);
    await expect(main(["list", "--csv", "--xlsx", file])).rejects.toThrow(/Choose one of --json, --csv and --xlsx/);
    await expect(main(["subscribers", "--xlsx", file])).rejects.toThrow(/--xlsx is for list only/);
  });

  it("shows the instant estimate of a request from /pricing, and exports it in the CSV", async () => {
    const line = "House washing — 2,000 sq ft · 2 stories · vinyl siding: $345 – $690";
    const database = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined });
    const base = sampleLead();
    const priced = sampleLead({
      fields: {
        ...base.fields,
        priceService: "house-washing",
        priceInputs: "2,000 sq ft · 2 stories · vinyl siding",
        priceLow: "345",
        priceHigh: "690",
        priceEstimate: line,
      },
    });
    const { id } = await recordLead(database, priced, { webhook: false, now: new Date() });
    await database.close();
    const out = await main(["show", id]);
    expect(out).toContain(`Instant estimate: ${line}`);
    expect(out).toContain("Estimate low ($): 345");
    const [header, ...rows] = (await main(["list", "--csv"])).slice(1).split("\r\n");
    expect(header).toContain('"Instant estimate"');
    expect(rows.find((r) => r.startsWith(`"${referenceOf(id)}"`))).toContain(`"${line}"`);
  });

  it("shows one request with consent proof, attribution and jobs", async () => {
    const out = await main(["show", ids[0]!]);
    for (const text of [
      "Fields",
      "Project details: =cmd|' /C calc'!A0",
      "Consent proof",
      "wording sms-2025-01",
      "IP address: 203.0.113.7",
      "Attribution",
      "utm_source: google",
      "Delivery jobs",
      "email: pending, 0 attempts",
      "webhook: pending",
    ]) {
      expect(out).toContain(text);
    }
    await expect(main(["show", "nope"])).rejects.toThrow(/No request/);
    await expect(main(["list", "--kind", "spam"])).rejects.toThrow(/--kind/);
    await expect(main(["frobnicate"])).rejects.toThrow(/Usage/);
  });

  it("finds a request by the reference the visitor quotes", async () => {
    const reference = referenceOf(ids[0]!);
    for (const typed of [reference, reference.toLowerCase(), reference.replace(/-/g, " ")])
      expect(await main(["show", typed])).toContain(`Request ${ids[0]} (estimate, reference ${reference})`);
    await expect(main(["show", "GS-0000-0000"])).rejects.toThrow(/No request with id or reference/);
  });

  it("lists and exports confirmed newsletter subscribers only, with each one's unsubscribe link", async () => {
    expect(await main(["subscribers"])).toBe("No confirmed subscribers.");
    const database = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined });
    const other = await recordLead(
      database,
      sampleLead({
        kind: "newsletter",
        fields: { email: "pending@example.com" },
        contact: { name: null, email: "pending@example.com", phone: null, zip: null },
        consent: null,
      }),
      { webhook: false, hooks: NEWSLETTER_SIGN_UP },
    );
    await confirmSubscription(database, ids[1]!);
    await database.close();
    expect(other.duplicate).toBe(false);
    const out = await main(["subscribers"]);
    expect(out).toContain("news@example.com");
    expect(out).not.toContain("pending@example.com");
    expect(out).toContain("1 confirmed subscriber.");
    const [header, row, ...more] = (await main(["subscribers", "--csv"])).trimEnd().split("\r\n");
    expect(header).toBe('\uFEFF"E-mail","Confirmed (UTC)","Signed up (UTC)","Unsubscribe link"');
    expect(row).toMatch(
      /^"news@example\.com","\d{4}-[^"]*","\d{4}-[^"]*","https:\/\/www\.gemstateexteriorcleaning\.com\/newsletter\/unsubscribe\?t=[^"\s]+"$/,
    );
    expect(more).toEqual([]);
    const [json] = JSON.parse(await main(["subscribers", "--json"])) as { email: string; unsubscribeUrl: string }[];
    expect(json?.email).toBe("news@example.com");
    await expect(main(["subscribers", "--kind", "estimate"])).rejects.toThrow(/only --json or --csv/);
  });

  it("manages owner accounts: the password from standard input, at least 12 characters", async () => {
    const stdin = (text: string) => () => Promise.resolve(text);
    await expect(main(["owner", "add", "Owner@Example.com"], stdin("short"))).rejects.toThrow(/at least 12 characters/);
    expect(await main(["owner", "list"])).toMatch(/No owner accounts/);
    expect(await main(["owner", "add", "Owner@Example.com"], stdin("a good long password"))).toMatch(
      /owner@example.com added/,
    );
    await expect(main(["owner", "add", "owner@example.com"], stdin("another long password"))).rejects.toThrow(
      /exists already/,
    );
    expect(await main(["owner", "list"])).toMatch(/^E-mail\s+Added\s+Sessions\nowner@example\.com .* 0$/);
    await expect(main(["owner", "add", "not-an-email"], stdin("a good long password"))).rejects.toThrow(
      /Not an e-mail/,
    );
    await expect(main(["owner", "frob"])).rejects.toThrow(/Usage/);
    expect(await main(["owner", "remove", "OWNER@example.com"])).toMatch(/removed/);
    await expect(main(["owner", "remove", "owner@example.com"])).rejects.toThrow(/No owner account/);
    // The hash, never the password, is what the database holds.
    const database = await openDatabase({ DATA_DIR: dir, DATABASE_URL: undefined });
    try {
      await main(["owner", "add", "second@example.com"], stdin("a good long password"));
      const rows = await database.db.selectFrom("owners").select("password_hash").execute();
      expect(rows.map((r) => r.password_hash)).toEqual([expect.stringMatching(/^scrypt\$N=32768,r=8,p=1\$/)]);
    } finally {
      await database.close();
    }
  });
});
