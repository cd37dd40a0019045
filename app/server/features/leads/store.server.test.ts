import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { connectDatabase, migrate, type Database } from "../../kit/db/database.server.ts";
import { migrationProvider } from "../../kit/db/migrations.server.ts";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import { confirmSubscription } from "../newsletter/subscriptions.server.ts";
import { createHash, createHmac } from "node:crypto";
import { recordLead } from "./store.server.ts";
import { CONFIRMATION_RESEND_MS, NEWSLETTER_SIGN_UP } from "../newsletter/sign-up.server.ts";
import { listLeads } from "../admin/listing.server.ts";
import { purgeExpiredLeads, UNCONFIRMED_SIGNUP_DAYS } from "./retention.server.ts";
import { pruneReplyQuota, REPLY_LIMIT } from "./reply-quota.server.ts";
import { pruneRateLimits, checkRateLimit, RATE_LIMIT_WINDOW_MS } from "../../kit/rate-limits.server.ts";
import { getAttachment, getLead } from "../../kit/leads.server.ts";

describe.each(backends)("lead storage on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  const now = new Date("2030-01-02T03:04:05.678Z");

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
  });
  afterEach(() => storage.cleanup());

  const count = async (table: "leads" | "outbox_jobs" | "lead_attachments" | "rate_limits") =>
    Number(
      (
        await database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("applies the migrations once, and again as a no-op", async () => {
    await migrate(database);
    const second = await storage.open();
    await migrate(second);
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
    const names = Object.keys(await migrationProvider(dialect).getMigrations()).sort();
    expect(names).toContain("0001_leads");
    expect(applied.rows.map((r) => r.name).sort()).toEqual(names);
    expect(database.dialect).toBe(dialect);
  });

  it("migrates a fresh database while another one on the same server is already migrated", async () => {
    // On PostgreSQL each test storage is its own schema: `database` above is migrated, this one is empty.
    const other = await createTestStorage(dialect);
    try {
      const fresh = await other.open();
      const { id } = await recordLead(fresh, sampleLead(), { webhook: false, now });
      expect((await getLead(fresh, id))?.contact).toEqual(sampleLead().contact);
    } finally {
      await other.cleanup();
    }
  });

  it("queues the owner's text message with every request but a newsletter sign-up, only when its settings are there", async () => {
    const kindsOf = async (lead: ReturnType<typeof sampleLead>, sms: boolean) => {
      const hooks = lead.kind === "newsletter" ? NEWSLETTER_SIGN_UP : undefined;
      const { id } = await recordLead(database, lead, { webhook: false, sms, now, hooks });
      return (await getLead(database, id))!.jobs.map((j) => j.kind);
    };
    for (const kind of ["estimate", "contact", "application"] as const) {
      expect(await kindsOf(sampleLead({ kind }), true), kind).toEqual(["email", "sms"]);
      expect(await kindsOf(sampleLead({ kind }), false), kind).toEqual(["email"]);
    }
    const signUp = sampleLead({
      kind: "newsletter",
      fields: { email: "news@example.com" },
      contact: { name: null, email: "news@example.com", phone: null, zip: null },
    });
    expect(await kindsOf(signUp, true)).toEqual(["email"]);
    // A repeat of the same request (its idempotency key) queues nothing more.
    const lead = sampleLead();
    const first = await recordLead(database, lead, { webhook: false, sms: true, now });
    const again = await recordLead(database, lead, { webhook: false, sms: true, now });
    expect(again).toEqual({ id: first.id, duplicate: true });
    expect((await getLead(database, first.id))!.jobs.map((j) => j.kind)).toEqual(["email", "sms"]);
  });

  it("stores every part of a lead, its attachment and its jobs", async () => {
    const bytes = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x10]);
    const lead = sampleLead({
      kind: "application",
      attachment: { filename: "resume.pdf", contentType: "application/pdf", bytes },
    });
    const { id, duplicate } = await recordLead(database, lead, { webhook: true, now });
    expect(duplicate).toBe(false);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const row = await database.db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({
      id,
      kind: "application",
      fields: JSON.stringify(lead.fields),
      name: "Jane Doe",
      email: "jane.doe@example.com",
      phone: "+12085550199",
      zip: "83646",
      in_service_area: 1,
      page: "/contact",
      ip: "203.0.113.7",
      user_agent: "Mozilla/5.0 (test)",
      consent_version: "sms-2025-01",
      consent_text: lead.consent!.text,
      consent_at: "2030-01-01T00:00:00.000Z",
      attribution: JSON.stringify({
        landingPage: lead.context.landingPage,
        referrer: lead.context.referrer,
        utm: lead.context.utm,
        gclid: lead.context.gclid,
      }),
      idempotency_key: lead.idempotencyKey,
      created_at: now.toISOString(),
      delivery_status: "pending",
      stage: "new",
      first_contact_at: null,
      // The normal forms the customer's page recognises them by (decision 051).
      email_key: "jane.doe@example.com",
      phone_key: "+12085550199",
    });

    const detail = await getLead(database, id);
    expect(detail).toMatchObject({
      id,
      kind: "application",
      createdAt: now,
      fields: lead.fields,
      contact: lead.contact,
      inServiceArea: true,
      consent: lead.consent,
      context: lead.context,
      deliveryStatus: "pending",
      attachment: { filename: "resume.pdf", contentType: "application/pdf", size: bytes.length },
    });
    expect(detail!.jobs.map((j) => [j.kind, j.status, j.attempts])).toEqual([
      ["email", "pending", 0],
      ["webhook", "pending", 0],
    ]);
    const attachment = await getAttachment(database, id);
    expect(attachment && Array.from(attachment.bytes)).toEqual(Array.from(bytes));
  });

  it("keeps nulls: no consent, unknown service area, no attribution, no webhook job", async () => {
    const base = sampleLead();
    const { id } = await recordLead(
      database,
      sampleLead({
        consent: null,
        inServiceArea: null,
        contact: { ...base.contact, name: null, phone: null, zip: null },
        context: { ...base.context, landingPage: null, referrer: null, utm: {}, gclid: null },
      }),
      { webhook: false, now },
    );
    const detail = await getLead(database, id);
    expect(detail).toMatchObject({
      consent: null,
      inServiceArea: null,
      contact: { name: null, phone: null, zip: null },
      attachment: null,
    });
    expect(detail!.context).toMatchObject({ landingPage: null, referrer: null, utm: {}, gclid: null });
    expect(detail!.jobs.map((j) => j.kind)).toEqual(["email"]);
    expect(await getLead(database, "00000000-0000-0000-0000-000000000000")).toBeUndefined();
  });

  it("deletes requests past their retention period (3 years, applications 1 year) with their jobs, and keeps confirmed newsletter sign-ups", async () => {
    const at = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const keep = await recordLead(database, sampleLead({ idempotencyKey: "recent-estimate" }), {
      webhook: true,
      now: at(3 * 365 - 1),
    });
    await recordLead(database, sampleLead({ idempotencyKey: "old-estimate" }), { webhook: true, now: at(3 * 365 + 1) });
    await recordLead(database, sampleLead({ kind: "application", idempotencyKey: "old-application" }), {
      webhook: false,
      now: at(366),
    });
    const signUp = (email: string, days: number) =>
      recordLead(database, sampleLead({ kind: "newsletter", contact: { name: null, email, phone: null, zip: null } }), {
        webhook: false,
        now: at(days),
        hooks: NEWSLETTER_SIGN_UP,
      });
    const subscriber = await signUp("reader@example.com", 4000);
    await confirmSubscription(database, subscriber.id, at(3999));
    await signUp("never-confirmed@example.com", UNCONFIRMED_SIGNUP_DAYS + 1);
    const recent = await signUp("confirms-soon@example.com", UNCONFIRMED_SIGNUP_DAYS - 1);
    expect(await purgeExpiredLeads(database, now)).toBe(3);
    expect((await listLeads(database, {})).map((l) => l.id).sort()).toEqual([keep.id, subscriber.id, recent.id].sort());
    expect(await count("outbox_jobs")).toBe(4);
    expect(
      await database.db.selectFrom("newsletter_subscriptions").select("lead_id").orderBy("lead_id").execute(),
    ).toEqual([subscriber.id, recent.id].sort().map((lead_id) => ({ lead_id })));
  });

  it("stores the same idempotency key once and answers with the first id", async () => {
    const lead = sampleLead();
    const first = await recordLead(database, lead, { webhook: true, now });
    const second = await recordLead(
      database,
      { ...lead, fields: { ...lead.fields, message: "changed" } },
      { webhook: true, now },
    );
    expect(second).toEqual({ id: first.id, duplicate: true });
    expect(await count("leads")).toBe(1);
    expect(await count("outbox_jobs")).toBe(2);
  });

  it("stores 50 concurrent calls with one key once, and all get the same id", async () => {
    const lead = sampleLead();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => recordLead(database, lead, { webhook: true, now })),
    );
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await count("leads")).toBe(1);
    expect(await count("outbox_jobs")).toBe(2);
  });

  it("stores requests that arrive together each once, with their own ids, and each with its jobs", async () => {
    const leads = Array.from({ length: 30 }, (_, i) =>
      sampleLead({ contact: { ...sampleLead().contact, email: `together${i}@example.com` } }),
    );
    const results = await Promise.all(
      [...leads, leads[3]!].map((lead) => recordLead(database, lead, { webhook: false, now })),
    );
    expect(new Set(results.slice(0, 30).map((r) => r.id)).size).toBe(30);
    expect(results[30]).toEqual({ id: results[3]!.id, duplicate: true });
    for (const [i, result] of results.slice(0, 30).entries())
      expect((await getLead(database, result.id))?.contact.email).toBe(`together${i}@example.com`);
    expect(await count("leads")).toBe(30);
    expect(await count("outbox_jobs")).toBe(30);
  });

  it("a request that cannot be stored fails alone: the requests that arrived with it are stored", async () => {
    const broken = sampleLead({ fields: { size: 10n } as never }); // JSON cannot hold a BigInt: storing it throws
    const [first, failed, last] = await Promise.allSettled(
      [sampleLead(), broken, sampleLead()].map((lead) => recordLead(database, lead, { webhook: true, now })),
    );
    expect(failed!.status).toBe("rejected");
    expect([first!.status, last!.status]).toEqual(["fulfilled", "fulfilled"]);
    expect(await count("leads")).toBe(2);
    expect(await count("outbox_jobs")).toBe(4);
  });

  it("keeps one newsletter subscription per e-mail address, whatever key the caller sends", async () => {
    const signUp = (email: string) =>
      recordLead(
        database,
        sampleLead({ kind: "newsletter", fields: { email }, contact: { name: null, email, phone: null, zip: null } }),
        { webhook: false, now, hooks: NEWSLETTER_SIGN_UP },
      );
    const first = await signUp("Jane.Doe@Example.com");
    expect(await signUp("jane.doe@example.com")).toEqual({ id: first.id, duplicate: true });
    expect(await signUp("other@example.com")).toMatchObject({ duplicate: false });
    expect((await listLeads(database, { kind: "newsletter" })).length).toBe(2);
    const row = await database.db
      .selectFrom("leads")
      .select("idempotency_key")
      .where("id", "=", first.id)
      .executeTakeFirstOrThrow();
    expect(row.idempotency_key).toBe("newsletter:jane.doe@example.com");
  });

  it("stores nothing when the transaction fails part-way", async () => {
    // The jobs table disappears, so the insert after the lead row fails inside the transaction.
    await sql`alter table outbox_jobs rename to outbox_jobs_away`.execute(database.db);
    await expect(
      recordLead(
        database,
        sampleLead({ attachment: { filename: "a.pdf", contentType: "application/pdf", bytes: new Uint8Array([1]) } }),
        { webhook: true, now },
      ),
    ).rejects.toThrow();
    await sql`alter table outbox_jobs_away rename to outbox_jobs`.execute(database.db);
    expect(await count("leads")).toBe(0);
    expect(await count("lead_attachments")).toBe(0);
    expect(await count("outbox_jobs")).toBe(0);
    // The same request goes through afterwards.
    expect(await recordLead(database, sampleLead(), { webhook: true, now })).toMatchObject({ duplicate: false });
  });

  it("lists leads newest first, filtered by time and kind", async () => {
    const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    await recordLead(database, sampleLead(), { webhook: false, now: at(0) });
    await recordLead(database, sampleLead({ kind: "contact" }), { webhook: false, now: at(10) });
    await recordLead(database, sampleLead(), { webhook: false, now: at(20) });
    expect((await listLeads(database, {})).map((l) => l.createdAt)).toEqual([at(20), at(10), at(0)]);
    expect((await listLeads(database, { since: at(5) })).length).toBe(2);
    expect((await listLeads(database, { kind: "contact" })).map((l) => l.kind)).toEqual(["contact"]);
    expect((await listLeads(database, { since: at(15), kind: "contact" })).length).toBe(0);
  });

  it("limits requests per IP address and 10-minute window", async () => {
    const windowStart = new Date(Math.ceil(now.getTime() / RATE_LIMIT_WINDOW_MS) * RATE_LIMIT_WINDOW_MS);
    const t = new Date(windowStart.getTime() + 4 * 60_000);
    for (let i = 0; i < 3; i++)
      expect(await checkRateLimit(database, "198.51.100.1", 3, t)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect(await checkRateLimit(database, "198.51.100.1", 3, t)).toEqual({ allowed: false, retryAfterSeconds: 6 * 60 });
    expect(await checkRateLimit(database, "198.51.100.2", 3, t)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    const nextWindow = new Date(windowStart.getTime() + RATE_LIMIT_WINDOW_MS);
    expect(await checkRateLimit(database, "198.51.100.1", 3, nextWindow)).toMatchObject({ allowed: true });

    const keys = await database.db.selectFrom("rate_limits").select("key").execute();
    expect(keys.every((k) => /^[0-9a-f]{64}$/.test(k.key))).toBe(true);
    await pruneRateLimits(database, nextWindow);
    expect(await count("rate_limits")).toBe(1);
  });

  it("keys the stored IP hash with HASH_SECRET, else with a key kept in the database, never a plain hash", async () => {
    await checkRateLimit(database, "198.51.100.1", 3, now);
    const stored = await database.db
      .selectFrom("site_secrets")
      .select("value")
      .where("name", "=", "hashes")
      .executeTakeFirstOrThrow();
    const { key } = await database.db.selectFrom("rate_limits").select("key").executeTakeFirstOrThrow();
    expect(key).toBe(createHmac("sha256", stored.value).update("rate-limit:198.51.100.1").digest("hex"));
    expect(key).not.toBe(createHash("sha256").update("gem-state-leads-rate-limit-v1:198.51.100.1").digest("hex"));
    // A second instance uses the same stored key: the limit holds across instances.
    const second = await storage.open();
    await checkRateLimit(second, "198.51.100.1", 3, now);
    expect((await database.db.selectFrom("rate_limits").select("count").executeTakeFirstOrThrow()).count).toBe(2);

    const other = await createTestStorage(dialect);
    try {
      const secret = "h".repeat(40);
      const keyed = connectDatabase({ ...other.env, HASH_SECRET: secret });
      await migrate(keyed);
      await checkRateLimit(keyed, "198.51.100.1", 3, now);
      expect((await keyed.db.selectFrom("rate_limits").select("key").executeTakeFirstOrThrow()).key).toBe(
        createHmac("sha256", secret).update("rate-limit:198.51.100.1").digest("hex"),
      );
      expect(await keyed.db.selectFrom("site_secrets").selectAll().execute()).toEqual([]);
      await keyed.close();
    } finally {
      await other.cleanup();
    }
  });

  const replies = async () =>
    Number(
      (
        await database.db
          .selectFrom("outbox_jobs")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("kind", "=", "reply")
          .executeTakeFirstOrThrow()
      ).n,
    );
  const naming = (email: string, overrides: Partial<ReturnType<typeof sampleLead>> = {}) =>
    sampleLead({ contact: { ...sampleLead().contact, email }, ...overrides });

  it("queues at most 3 replies to one address in 24 hours, however it is spelled; the owner gets every request", async () => {
    const hour = 3_600_000;
    const at = (hours: number) => new Date(now.getTime() + hours * hour);
    const spellings = [
      "victim@example.com",
      "Victim@Example.COM",
      "victim+1@example.com",
      " victim@example.com",
      "VICTIM+x@example.com",
    ];
    const recorded = [];
    for (const [i, email] of spellings.entries())
      recorded.push(await recordLead(database, naming(email), { webhook: false, reply: true, now: at(i) }));
    expect(recorded.map((r) => r.replyCapped ?? false)).toEqual([false, false, false, true, true]);
    expect(await count("leads")).toBe(5);
    const jobs = await database.db.selectFrom("outbox_jobs").select("kind").execute();
    expect(jobs.filter((j) => j.kind === "email")).toHaveLength(5);
    expect(await replies()).toBe(3);
    // Another address is not held back by it.
    await recordLead(database, naming("someone.else@example.com"), { webhook: false, reply: true, now: at(5) });
    expect(await replies()).toBe(4);
    // 24 hours after the first reply, one more; the slots of the second and third are still in use.
    await recordLead(database, naming("victim@example.com"), { webhook: false, reply: true, now: at(24) });
    await recordLead(database, naming("victim@example.com"), { webhook: false, reply: true, now: at(24.5) });
    expect(await replies()).toBe(5);
    // The prune keeps slots in use and deletes the others.
    await pruneReplyQuota(database, at(25.5));
    expect(
      Number(
        (
          await database.db
            .selectFrom("reply_quota")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(3);
    // Only a keyed hash of the address is kept for it.
    const keys = await database.db.selectFrom("reply_quota").select("key").execute();
    expect(keys.every((k) => /^[0-9a-f]{64}$/.test(k.key) && !k.key.includes("victim"))).toBe(true);
  });

  it("caps replies exactly when requests naming one address arrive at once on two server instances", async () => {
    const second = await storage.open();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        recordLead(i % 2 ? second : database, naming("victim@example.com"), { webhook: false, reply: true, now }),
      ),
    );
    expect(results.every((r) => !r.duplicate)).toBe(true);
    expect(await count("leads")).toBe(12);
    expect(await replies()).toBe(REPLY_LIMIT.count);
  });

  it("counts newsletter confirmation e-mails towards the same cap", async () => {
    const email = "victim@example.com";
    const signUp = (at: Date) =>
      recordLead(
        database,
        sampleLead({ kind: "newsletter", fields: { email }, contact: { name: null, email, phone: null, zip: null } }),
        { webhook: false, reply: true, now: at, hooks: NEWSLETTER_SIGN_UP },
      );
    await recordLead(database, naming(email), { webhook: false, reply: true, now });
    await recordLead(database, naming(email), { webhook: false, reply: true, now });
    const { id } = await signUp(now);
    expect(await replies()).toBe(3);
    // Each repeat after the 10-minute resend limit would re-arm the confirmation; the cap holds it back.
    await database.db
      .updateTable("outbox_jobs")
      .set({ status: "sent", sent_at: now.toISOString() })
      .where("lead_id", "=", id)
      .execute();
    await signUp(new Date(now.getTime() + 2 * CONFIRMATION_RESEND_MS));
    const job = await database.db
      .selectFrom("outbox_jobs")
      .select(["status", "sent_at"])
      .where("lead_id", "=", id)
      .where("kind", "=", "reply")
      .executeTakeFirstOrThrow();
    expect(job).toEqual({ status: "sent", sent_at: now.toISOString() });
    // A day later it is re-armed again.
    await signUp(new Date(now.getTime() + REPLY_LIMIT.windowMs));
    expect(
      (
        await database.db
          .selectFrom("outbox_jobs")
          .select("status")
          .where("lead_id", "=", id)
          .where("kind", "=", "reply")
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe("pending");
  });

  it("counts concurrent requests exactly", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => checkRateLimit(database, "198.51.100.9", 5, now)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(5);
  });

  it("turns the limit off with 0 and stores nothing", async () => {
    for (let i = 0; i < 20; i++) expect((await checkRateLimit(database, "198.51.100.1", 0, now)).allowed).toBe(true);
    expect(await count("rate_limits")).toBe(0);
  });
});
