import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  checkoutEvent,
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  type FakeStripe,
  sendWebhook,
  signatureFor,
  startFakeStripe,
} from "../../../../tests/support/fake-stripe.ts";
import { fakeTextSettings } from "../../../../tests/support/fake-twilio.ts";
import {
  backends,
  createTestStorage,
  leadsRow,
  sampleLead,
  type TestStorage,
} from "../../../../tests/support/storage.ts";
import { connectDatabase, type Database, migrate } from "../../kit/db/database.server.ts";
import { type Env, parseEnv } from "../../kit/env.server.ts";
import { getLead } from "../../kit/leads.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { composeDepositEmail, composeDepositText } from "./deposit-mail.server.ts";
import {
  type DepositCheckoutInput,
  depositsCollected,
  depositStatus,
  depositsForLead,
  paymentsConfigured,
  startDepositCheckout,
} from "./deposits.server.ts";
import { stripeWebhook, WEBHOOK_BODY_LIMIT, WEBHOOK_PATH } from "./webhook.server.ts";

const SITE_URL = "https://www.example.com";

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

describe("payments settings", () => {
  it("takes deposits online only with both Stripe settings", () => {
    expect(paymentsConfigured(parseEnv({ NODE_ENV: "test" }))).toBe(false);
    expect(
      paymentsConfigured(
        parseEnv({ NODE_ENV: "test", STRIPE_SECRET_KEY: FAKE_STRIPE_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET }),
      ),
    ).toBe(true);
  });

  it("refuses to start a checkout without them: the quote says pay at the job", async () => {
    const env = parseEnv({ NODE_ENV: "test" });
    await expect(
      startDepositCheckout({ database: {} as Database, env }, { ...input(), leadId: "x" }),
    ).rejects.toMatchObject({ code: "PAYMENTS_NOT_CONFIGURED" });
  });
});

function input(overrides: Partial<DepositCheckoutInput> = {}): DepositCheckoutInput {
  return {
    leadId: "",
    quoteRef: `Q-${Math.floor(Math.random() * 1e9)}`,
    quoteVersion: 1,
    amountCents: 15_000,
    currency: "usd",
    customerEmail: "jane.doe@example.com",
    successUrl: `${SITE_URL}/deposit/paid?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${SITE_URL}/deposit/not-paid`,
    ...overrides,
  };
}

describe.each(backends)("deposits on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let env: Env;
  let site: Server;
  let origin: string;
  let leadId: string;
  let woken = 0;

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
    env = parseEnv({
      NODE_ENV: "test",
      SITE_URL,
      ...storage.env,
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: fake.url,
      ...fakeTextSettings("http://127.0.0.1:9"),
    });
    leadId = (await recordLead(database, sampleLead(), { webhook: false, now: new Date() })).id;
    woken = 0;
    const app = express();
    app.all(
      WEBHOOK_PATH,
      stripeWebhook({ database, env, logger: pino({ level: "silent" }), notifyOutbox: () => void woken++ }),
    );
    site = createServer(app);
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => site.close(resolve));
    await storage.cleanup();
  });

  const start = (overrides: Partial<DepositCheckoutInput> = {}, now?: () => Date) =>
    startDepositCheckout({ database, env }, input({ leadId, ...overrides }), now);
  const payments = () => database.db.selectFrom("payments").selectAll().orderBy("attempt").execute();
  const depositJobs = () =>
    database.db
      .selectFrom("outbox_jobs")
      .select(["kind", "ref", "payload"])
      .where("kind", "in", ["deposit", "deposit-sms"])
      .orderBy("kind")
      .execute();
  const createdFor = (quoteRef: string) => fake.created().filter((s) => s.metadata.quoteRef === quoteRef);

  it("makes one Checkout Session per quote version however often it is asked (a double click, two servers at once)", async () => {
    const first = input({ leadId });
    const [a, b] = await Promise.all([
      startDepositCheckout({ database, env }, first),
      startDepositCheckout({ database, env }, first),
    ]);
    const again = await startDepositCheckout({ database, env }, first);
    expect(new Set([a.url, b.url, again.url]).size).toBe(1);
    const sessions = createdFor(first.quoteRef);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      mode: "payment",
      amount_total: 15_000,
      currency: "usd",
      line_name: `Deposit for quote ${first.quoteRef}`,
      metadata: { quoteRef: first.quoteRef, quoteVersion: "1" },
      customer_email: "jane.doe@example.com",
    });
    expect(a.url).toBe(sessions[0]!.url);
    expect(await payments()).toMatchObject([
      { checkout_session_id: a.sessionId, status: "pending", amount_cents: 15_000, quote_version: 1, lead_id: leadId },
    ]);
    expect(await depositStatus(database, first.quoteRef, 1)).toBe("pending");
    expect(await depositStatus(database, first.quoteRef, 2)).toBe("none");
    // Every call to Stripe for it carried one key, derived from the quote, its version, the amount and the attempt.
    const keys = fake.requests
      .filter((r) => r.form["metadata[quoteRef]"] === first.quoteRef)
      .map((r) => r.idempotencyKey);
    expect(new Set(keys)).toEqual(new Set([`deposit:${first.quoteRef}:v1:15000:1`]));
  });

  it("refuses a bad deposit before anything reaches Stripe", async () => {
    const before = fake.requests.length;
    for (const bad of [
      { quoteRef: "Q 1/../x" },
      { quoteVersion: 0 },
      { amountCents: 10 },
      { amountCents: 12.5 },
      { amountCents: 99_000_000 },
      { successUrl: "javascript:alert(1)" },
    ])
      await expect(start(bad), JSON.stringify(bad)).rejects.toMatchObject({ code: "INVALID_DEPOSIT" });
    expect(fake.requests.length).toBe(before);
  });

  it("records a paid deposit once: the same event again, another event about the same session and a late expiry change nothing; the owner is told once", async () => {
    const { sessionId } = await start();
    const paid = checkoutEvent("checkout.session.completed", {
      id: sessionId,
      payment_status: "paid",
      status: "complete",
    });
    expect(await sendWebhook(origin, paid)).toMatchObject({ status: 200 });
    const [afterFirst] = await payments();
    expect(afterFirst).toMatchObject({ status: "paid" });
    expect(afterFirst!.paid_at).not.toBeNull();
    expect(woken).toBe(1);

    expect(JSON.parse((await sendWebhook(origin, paid)).body)).toMatchObject({ recorded: "replayed" });
    for (const type of [
      "checkout.session.completed",
      "checkout.session.async_payment_succeeded",
      "checkout.session.expired",
      "checkout.session.async_payment_failed",
    ])
      expect(
        JSON.parse((await sendWebhook(origin, checkoutEvent(type, { id: sessionId, payment_status: "paid" }))).body),
        type,
      ).toMatchObject({ recorded: "unchanged" });

    expect(await payments()).toEqual([afterFirst]);
    expect(woken).toBe(1);
    expect((await depositJobs()).map((j) => [j.kind, j.ref])).toEqual([
      ["deposit", sessionId],
      ["deposit-sms", sessionId],
    ]);
    expect(await depositStatus(database, (await payments())[0]!.quote_ref, 1)).toBe("paid");
    // The same replays, all at once (two server instances taking Stripe's retries): still once.
    await Promise.all(Array.from({ length: 6 }, () => sendWebhook(origin, paid)));
    expect(await depositJobs()).toHaveLength(2);
  });

  it("records nothing from a body whose signature does not verify: missing, another secret, tampered, or older than 5 minutes (400)", async () => {
    const { sessionId } = await start();
    const paid = checkoutEvent("checkout.session.completed", { id: sessionId, payment_status: "paid" });
    const old = Math.floor(Date.now() / 1000) - 301;
    for (const [what, body, signature] of [
      ["no signature", paid, null],
      ["another secret", paid, signatureFor(paid, "whsec_AnotherSecret0123456789")],
      ["tampered body", paid.replace('"paid"', '"paid" '), signatureFor(paid)],
      ["older than 5 minutes", paid, signatureFor(paid, FAKE_WEBHOOK_SECRET, old)],
      ["garbage", paid, "t=1,v1=00"],
    ] as const) {
      expect((await sendWebhook(origin, body, signature)).status, what).toBe(400);
    }
    expect(await payments()).toMatchObject([{ status: "pending", paid_at: null }]);
    expect(await database.db.selectFrom("payment_events").selectAll().execute()).toEqual([]);
    expect(await depositJobs()).toEqual([]);
  });

  it("answers a body over 64 KB with 413, and every other method with 405 and Allow: POST", async () => {
    const big = JSON.stringify({ id: "evt_x", pad: "x".repeat(WEBHOOK_BODY_LIMIT) });
    expect((await sendWebhook(origin, big)).status).toBe(413);
    for (const method of ["GET", "PUT", "DELETE", "PATCH"]) {
      const response = await fetch(`${origin}${WEBHOOK_PATH}`, { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow"), method).toBe("POST");
    }
  });

  it("keeps a delayed payment pending, then failed; a new attempt then makes a new session with its own key", async () => {
    const first = input({ leadId });
    const { sessionId } = await startDepositCheckout({ database, env }, first);
    await sendWebhook(origin, checkoutEvent("checkout.session.completed", { id: sessionId, payment_status: "unpaid" }));
    expect(await depositStatus(database, first.quoteRef, 1)).toBe("pending");
    await sendWebhook(origin, checkoutEvent("checkout.session.async_payment_failed", { id: sessionId }));
    expect(await depositStatus(database, first.quoteRef, 1)).toBe("failed");
    const retry = await startDepositCheckout({ database, env }, first);
    expect(retry.sessionId).not.toBe(sessionId);
    expect(fake.requests.at(-1)?.idempotencyKey).toBe(`deposit:${first.quoteRef}:v1:15000:2`);
    expect(await depositStatus(database, first.quoteRef, 1)).toBe("pending");
    await sendWebhook(origin, checkoutEvent("checkout.session.async_payment_succeeded", { id: retry.sessionId }));
    expect(await depositStatus(database, first.quoteRef, 1)).toBe("paid");
    await expect(startDepositCheckout({ database, env }, first)).rejects.toMatchObject({ code: "DEPOSIT_PAID" });
    expect(await depositJobs()).toHaveLength(2);
  });

  it("an expired session leaves the deposit expired; the customer's next try gets a new session", async () => {
    const first = input({ leadId });
    const { sessionId } = await startDepositCheckout({ database, env }, first);
    await sendWebhook(origin, checkoutEvent("checkout.session.expired", { id: sessionId, status: "expired" }));
    expect(await depositStatus(database, first.quoteRef, 1)).toBe("expired");
    expect((await startDepositCheckout({ database, env }, first)).sessionId).not.toBe(sessionId);
    expect(createdFor(first.quoteRef)).toHaveLength(2);
  });

  it("asks Stripe about a session whose time ran out without its webhook, so a customer who paid is never asked again", async () => {
    const first = input({ leadId });
    const { sessionId } = await startDepositCheckout({ database, env }, first);
    const later = () => new Date(Date.now() + 25 * 3600_000);
    // Still open at Stripe (clocks differ): the same page.
    expect((await startDepositCheckout({ database, env }, first, later)).sessionId).toBe(sessionId);
    fake.sessions.get(sessionId)!.status = "complete";
    fake.sessions.get(sessionId)!.payment_status = "paid";
    await expect(startDepositCheckout({ database, env }, first, later)).rejects.toMatchObject({ code: "DEPOSIT_PAID" });
    expect(await depositStatus(database, first.quoteRef, 1)).toBe("paid");
    expect(createdFor(first.quoteRef)).toHaveLength(1);
    expect(await depositJobs()).toHaveLength(2);
    // The webhook arriving afterwards changes nothing.
    await sendWebhook(origin, checkoutEvent("checkout.session.completed", { id: sessionId, payment_status: "paid" }));
    expect(await depositJobs()).toHaveLength(2);
  });

  it("ignores events it does not handle and sessions that are not the site's, storing nothing", async () => {
    for (const payload of [
      checkoutEvent("checkout.session.completed", { id: "cs_test_someoneelses", payment_status: "paid" }),
      checkoutEvent("invoice.paid", { id: "in_123" }),
    ])
      expect(await sendWebhook(origin, payload)).toMatchObject({ status: 200 });
    expect(await payments()).toEqual([]);
    expect(await database.db.selectFrom("payment_events").selectAll().execute()).toEqual([]);
  });

  it("lists a request's deposits, sums the deposits collected in a period, and tells the owner the amount and quote", async () => {
    const one = await start({ amountCents: 15_000 });
    const two = await start({ amountCents: 9_950 });
    await start({ amountCents: 20_000 });
    for (const { sessionId } of [one, two])
      await sendWebhook(origin, checkoutEvent("checkout.session.completed", { id: sessionId, payment_status: "paid" }));
    const hour = 3600_000;
    expect(await depositsCollected(database, new Date(Date.now() - hour), new Date(Date.now() + hour))).toEqual({
      count: 2,
      sumCents: 24_950,
    });
    expect(await depositsCollected(database, new Date(Date.now() + hour), new Date(Date.now() + 2 * hour))).toEqual({
      count: 0,
      sumCents: 0,
    });
    expect((await depositsForLead(database, leadId)).map((d) => [d.amountCents, d.status]).sort()).toEqual([
      [15_000, "paid"],
      [20_000, "pending"],
      [9_950, "paid"],
    ]);

    const job = (await depositJobs()).find((j) => j.kind === "deposit" && j.ref === one.sessionId)!;
    const lead = (await getLead(database, leadId))!;
    const delivery = {
      jobId: "job-1",
      job: { ...job, payload: JSON.parse(job.payload!) as unknown },
      lead,
      attachment: null,
    };
    const mail = composeDepositEmail(delivery, env);
    expect(mail.subject).toMatch(/^Deposit paid: \$150\.00 for quote Q-\d+ \(version 1\)/);
    expect(mail.to).toBe(env.LEADS_TO);
    expect(mail.text).toContain(`${SITE_URL}/admin/requests/${leadId}`);
    const text = composeDepositText(delivery, SITE_URL);
    expect(text).toMatch(
      /^Deposit paid: \$150\.00 for quote Q-\d+ v1\. https:\/\/www\.example\.com\/admin\/requests\//,
    );
    expect(text).not.toContain("jane");
    expect(text.length).toBeLessThanOrEqual(160);
  });
});

describe.each(backends)("the payments migration on %s", (dialect) => {
  it("brings a database at 0007 to 0010 (the numbers between are other features'), the requests kept", async () => {
    const storage = await createTestStorage(dialect);
    try {
      const database = connectDatabase(storage.env);
      await migrate(database, "0007_open_job_kinds");
      // A request as 0007's code stored it (today's recordLead writes columns added since).
      const id = "3f6c1a52-7d1e-4d8b-9a40-5b2e8c0f1a77";
      await database.db
        .insertInto("leads")
        .values(leadsRow(id, "estimate", "2030-01-08T15:00:00.000Z"))
        .execute();
      await migrate(database);
      expect(await database.db.selectFrom("payments").selectAll().execute()).toEqual([]);
      expect(await getLead(database, id)).not.toBeNull();
      await database.close();
    } finally {
      await storage.cleanup();
    }
  });
});
