import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  backends,
  createTestStorage,
  sampleLead,
  sampleLeadRow,
  type TestStorage,
} from "../../../../tests/support/storage.ts";
import { storeInvoice } from "../../../../tests/support/invoice-rows.ts";
import { business } from "../../../content/business.ts";
import { reviewRequestsSent } from "../admin/report.server.ts";
import { readSignedToken } from "../../kit/signed-links.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { parseEnv } from "../../kit/env.server.ts";
import { outboxWiring } from "../../outbox-wiring.server.ts";
import { startOutboxWorker } from "../../notify/outbox.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { countUndelivered } from "../leads/delivery-status.server.ts";
import { statusHistory } from "../../kit/leads.server.ts";
import { composeReviewEmail } from "./review-mail.server.ts";
import { optedOut, optOut, REVIEW_DELAY_HOURS, reviewAfterPayment, reviewKey, saveStatus } from "./reviews.server.ts";

const REVIEW_URL = "https://g.page/r/CdEf123/review";
// The real time: the worker's upkeep deletes e-mail files older than the retention period by this clock.
const now = new Date();
const owner = "owner@example.com";

describe.each(backends)("review requests on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
  });
  afterEach(() => storage.cleanup());

  const request = async (email = "jane.doe@example.com", kind: "estimate" | "contact" | "application" = "estimate") =>
    (
      await recordLead(database, sampleLead({ kind, contact: { ...sampleLead().contact, email } }), {
        webhook: false,
        now,
      })
    ).id;
  const reviewJobs = () =>
    database.db.selectFrom("outbox_jobs").select(["lead_id", "ref", "status"]).where("kind", "=", "review").execute();
  const complete = (id: string, settings: { reviewUrl: string | undefined } = { reviewUrl: REVIEW_URL }) =>
    saveStatus(database, id, { status: "completed", note: "", changedBy: owner }, { ...settings, now });

  it("queues exactly one review request when a job is marked completed, with the status change", async () => {
    const id = await request();
    expect(await complete(id)).toEqual({ changed: true, review: "queued" });
    expect(await reviewJobs()).toEqual([{ lead_id: id, ref: "", status: "pending" }]);
    expect((await statusHistory(database, [id])).get(id)?.map((c) => c.status)).toEqual(["completed"]);
  });

  it("asks each address once: a second completed job of the same customer (any letter case) queues nothing", async () => {
    const first = await request("jane.doe@example.com");
    const second = await request("Jane.Doe@Example.com");
    expect(await complete(first)).toEqual({ changed: true, review: "queued" });
    expect(await complete(second)).toEqual({ changed: true, review: "already-asked" });
    expect(await complete(first)).toEqual({ changed: true, review: "already-asked" });
    expect((await reviewJobs()).map((j) => j.lead_id)).toEqual([first]);
  });

  it("asks once when two completions of the same customer race", async () => {
    const ids = await Promise.all([request(), request()]);
    // Two server instances on PostgreSQL; SQLite's one server runs its transactions one after the other.
    const second = dialect === "postgres" ? await storage.open() : database;
    const results = await Promise.all([
      complete(ids[0]!),
      saveStatus(second, ids[1]!, { status: "completed", note: "", changedBy: owner }, { reviewUrl: REVIEW_URL, now }),
    ]);
    expect(results.map((r) => (r.changed ? r.review : null)).sort()).toEqual(["already-asked", "queued"]);
    expect(await reviewJobs()).toHaveLength(1);
  });

  it("queues none for an address that opted out", async () => {
    const id = await request();
    await optOut(database, await reviewKey(database, "JANE.DOE@example.com"), now);
    expect(await complete(id)).toEqual({ changed: true, review: "opted-out" });
    expect(await reviewJobs()).toEqual([]);
  });

  it("queues none without REVIEW_URL, and still saves the status", async () => {
    const id = await request();
    expect(await complete(id, { reviewUrl: undefined })).toEqual({ changed: true, review: "no-review-url" });
    expect(await reviewJobs()).toEqual([]);
    expect((await statusHistory(database, [id])).get(id)?.at(-1)?.status).toBe("completed");
    // Not counted as asked: once REVIEW_URL is set, the next completed job of this customer asks.
    expect(await complete(await request())).toEqual({ changed: true, review: "queued" });
  });

  it("queues none for any other status, nor for a job application", async () => {
    const id = await request();
    for (const status of ["new", "contacted", "quoted", "accepted", "scheduled", "lost"] as const)
      expect(
        await saveStatus(database, id, { status, note: "", changedBy: owner }, { reviewUrl: REVIEW_URL, now }),
      ).toEqual({ changed: true, review: null });
    expect(await complete(await request("applicant@example.com", "application"))).toEqual({
      changed: true,
      review: "not-a-customer",
    });
    expect(await reviewJobs()).toEqual([]);
    expect(await complete("no-such-request")).toEqual({ changed: false });
  });

  it("keeps the first opt-out, and tells who opted out", async () => {
    const key = await reviewKey(database, "jane.doe@example.com");
    expect(await optedOut(database, key)).toBe(false);
    await optOut(database, key, now);
    await optOut(database, key, new Date(now.getTime() + 60_000));
    const row = await database.db.selectFrom("review_contacts").selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ email_key: key, requested_at: null, opted_out_at: now.toISOString() });
    expect(await optedOut(database, key)).toBe(true);
    expect(key).not.toContain("jane");
  });

  describe("sending", () => {
    let dataDir: string;
    beforeEach(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), "review-mail-"));
    });
    afterEach(() => rm(dataDir, { recursive: true, force: true }));

    // The review request is due REVIEW_DELAY_HOURS after "Completed": the worker runs then unless told a time.
    const later = new Date(now.getTime() + REVIEW_DELAY_HOURS * 3_600_000);
    const run = async (env = parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir, REVIEW_URL }), at = later) => {
      const wiring = outboxWiring(database, env, pino({ level: "silent" }), () => at);
      const worker = startOutboxWorker({
        database,
        env,
        logger: pino({ level: "silent" }),
        pollMs: 3_600_000,
        now: () => at,
        ...wiring,
        senders: { ...wiring.senders, email: async () => {} },
      });
      await worker.drain();
      await worker.stop();
    };
    const mailFiles = async () => (await readdir(path.join(dataDir, "mail")).catch(() => [])).length;

    it("sends the queued request once, never in the same second as Completed; the report counts it in its period", async () => {
      await complete(await request());
      await run(undefined, new Date(later.getTime() - 60_000));
      expect(await reviewJobs()).toMatchObject([{ status: "pending" }]);
      await run();
      expect(await reviewJobs()).toMatchObject([{ status: "sent" }]);
      expect(await mailFiles()).toBe(1);
      const eml = await readFile(path.join(dataDir, "mail", (await readdir(path.join(dataDir, "mail")))[0]!), "utf8");
      expect(eml).toContain(REVIEW_URL);
      expect(await reviewRequestsSent(database, new Date(later.getTime() - 1), new Date(later.getTime() + 1))).toBe(1);
      expect(await reviewRequestsSent(database, new Date(later.getTime() + 1), new Date(later.getTime() + 2))).toBe(0);
    });

    it("waits while a sent invoice is unpaid, and goes at once when it is paid in full", async () => {
      const id = await request();
      await complete(id);
      const invoiceId = await storeInvoice(database, { leadId: id, totalCents: 40_000 });
      await run();
      expect(await reviewJobs()).toMatchObject([{ status: "pending" }]);
      expect(await mailFiles()).toBe(0);
      // Paid in full an hour after completion: the payment's transaction brings the request forward to then.
      const paidAt = new Date(now.getTime() + 3_600_000);
      await database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("invoice_payments")
          .values({
            ...{ id: "pay-1", invoice_id: invoiceId, lead_id: id, method: "cash", status: "paid" },
            ...{ amount_cents: 40_000, created_at: paidAt.toISOString(), updated_at: paidAt.toISOString() },
            ...{
              checkout_session_id: null,
              invoice_version: null,
              attempt: null,
              checkout_url: null,
              expires_at: null,
            },
            ...{ payment_intent_id: null, reference: null, received_on: null, idempotency_key: null },
            paid_at: paidAt.toISOString(),
          })
          .execute();
        await reviewAfterPayment(trx, id, paidAt);
      });
      await run(undefined, paidAt);
      expect(await reviewJobs()).toMatchObject([{ status: "sent" }]);
    });

    it("calls the request off when the customer opted out after it was queued, or REVIEW_URL went away", async () => {
      await complete(await request("jane.doe@example.com"));
      await optOut(database, await reviewKey(database, "jane.doe@example.com"), now);
      await complete(await request("sam@example.com"));
      await run(parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir }));
      expect((await reviewJobs()).map((j) => j.status)).toEqual(["cancelled", "cancelled"]);
      // A customer's e-mail called off is no undelivered notification of the owner's (the delivery alert stays off).
      expect(await countUndelivered(database, new Date(now.getTime() + 3_600_000))).toBe(0);
      expect(await mailFiles()).toBe(0);
      expect(await reviewRequestsSent(database, new Date(0), new Date(now.getTime() + 1))).toBe(0);
    });
  });
});

describe("the review request e-mail", () => {
  const secret = "k".repeat(40);
  const lead = sampleLeadRow({
    fields: {
      ...sampleLead().fields,
      servicesNeeded: ["house-washing", "roof-cleaning", "other"],
      message: "Please leave the gate closed: <b>dog</b>",
    },
  });
  const mail = composeReviewEmail(
    { jobId: "job-1", job: { kind: "review", ref: "", payload: null }, lead, attachment: null },
    {
      env: { MAIL_FROM: "website@example.com", SITE_URL: "https://www.example.com" },
      reviewUrl: REVIEW_URL,
      secret,
      emailKey: "abc123",
      now,
    },
  );
  const text = String(mail.text);
  const html = String(mail.html);
  const optOutUrl = /https:\/\/www\.example\.com\/reviews\/opt-out\?t=\S+/.exec(text)?.[0] ?? "";

  it("thanks the customer for the job by name and service, with one button to the review page and the phone", () => {
    expect(mail.to).toBe("jane.doe@example.com");
    expect(mail.subject).toBe(`How did we do? A quick review for ${business.name}`);
    expect(text).toContain("Hi Jane,");
    expect(text).toContain(`for your house washing and roof cleaning.`);
    expect(text).toContain(business.phone.display);
    expect(html.match(new RegExp(`href="${REVIEW_URL}"`, "g"))).toHaveLength(1);
    expect(mail.messageId).toBe("<review-job-1@example.com>");
  });

  it("carries nothing else the visitor typed", () => {
    for (const part of [text, html]) {
      expect(part).not.toContain("gate");
      expect(part).not.toContain("Meridian");
      expect(part).not.toContain("5550199");
    }
  });

  it("has a one-click opt-out: an absolute signed link naming the address's key, and List-Unsubscribe headers", () => {
    const token = new URL(optOutUrl).searchParams.get("t") ?? "";
    expect(readSignedToken(token, "review-opt-out", secret, now)).toEqual({ id: "abc123" });
    expect(readSignedToken(token, "manage", secret, now)).toBe("invalid");
    expect(readSignedToken(token, "review-opt-out", "another-key".repeat(4), now)).toBe("invalid");
    expect(readSignedToken(token, "review-opt-out", secret, new Date(now.getTime() + 366 * 86_400_000))).toBe(
      "expired",
    );
    expect(mail.headers).toEqual({
      "List-Unsubscribe": `<${optOutUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(html).toContain("Do not ask me for reviews");
  });

  it("refuses an address that is not one", () => {
    const bad = sampleLeadRow({ contact: { ...sampleLead().contact, email: "a@b.c\r\nBcc: x@y.z" } });
    expect(() =>
      composeReviewEmail(
        { jobId: "j", job: { kind: "review", ref: "", payload: null }, lead: bad, attachment: null },
        {
          env: { MAIL_FROM: "website@example.com", SITE_URL: "https://www.example.com" },
          reviewUrl: REVIEW_URL,
          secret,
          emailKey: "k",
          now,
        },
      ),
    ).toThrow(/not an e-mail address/);
  });
});
