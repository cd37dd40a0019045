import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { checkoutEvent, type FakeStripe, sendWebhook, startFakeStripe } from "../../../../tests/support/fake-stripe.ts";
import { fakeTextSettings } from "../../../../tests/support/fake-twilio.ts";
import { storeInvoice } from "../../../../tests/support/invoice-rows.ts";
import { sendInvoice } from "../../../../tests/support/invoices.ts";
import { pdfText } from "../../../../tests/support/pdf-text.ts";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import { formatAmount } from "../../../lib/money.ts";
import { tipOf } from "../../../forms/invoice.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { type Env, parseEnv } from "../../kit/env.server.ts";
import { invoiceBalance } from "../../kit/invoice-ledger.server.ts";
import { changeLeadStatus, stageEvents } from "../../kit/leads.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { balanceKey, paymentBeingRecorded, startBalanceCheckout } from "./balance.server.ts";
import { type HandPayment, invoicesOfLead, recordHandPayment, voidHandPayment } from "./by-hand.server.ts";
import { receiptPayload, receiptPdf } from "./receipt-mail.server.ts";
import { stripeWebhook, WEBHOOK_PATH } from "./webhook.server.ts";

const SITE_URL = "https://www.example.com";
const urls = { successUrl: `${SITE_URL}/invoice?t=x`, cancelUrl: `${SITE_URL}/invoice/pay?t=x` };

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

const sentInvoice = (database: Database, leadId: string, totalCents: number, status?: "sent" | "draft" | "void") =>
  storeInvoice(database, { leadId, totalCents, status });

describe.each(backends)("paying an invoice's balance on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let env: Env;
  let site: Server;
  let origin: string;
  let leadId: string;
  let paidInFull: string[];

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
    env = parseEnv({
      NODE_ENV: "test",
      SITE_URL,
      ...storage.env,
      STRIPE_SECRET_KEY: "sk_test_FakeStripeKey0123456789",
      STRIPE_WEBHOOK_SECRET: "whsec_FakeStripeWebhookSecret0123456789",
      STRIPE_API_BASE: fake.url,
      ...fakeTextSettings("http://127.0.0.1:9"),
    });
    leadId = (await recordLead(database, sampleLead(), { webhook: false, now: new Date() })).id;
    paidInFull = [];
    const app = express();
    app.all(
      WEBHOOK_PATH,
      stripeWebhook({
        database,
        env,
        logger: pino({ level: "silent" }),
        notifyOutbox: () => undefined,
        whenPaidInFull: async (_trx, lead) => void paidInFull.push(lead),
      }),
    );
    site = createServer(app);
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => site.close(resolve));
    await storage.cleanup();
  });

  const stage = async () =>
    (await database.db.selectFrom("leads").select("stage").where("id", "=", leadId).executeTakeFirstOrThrow()).stage;
  const jobs = () =>
    database.db
      .selectFrom("outbox_jobs")
      .select(["kind", "ref", "payload"])
      .where("kind", "in", ["receipt", "balance-paid", "balance-paid-sms"])
      .orderBy("kind")
      .execute();
  const rows = (invoiceId: string) =>
    database.db
      .selectFrom("invoice_payments")
      .selectAll()
      .where("invoice_id", "=", invoiceId)
      .orderBy("attempt")
      .execute();
  const balance = async (invoiceId: string) => (await invoiceBalance(database.db, invoiceId))!.balanceCents;

  it("makes one session for two calls at once, with the tip as its own line and the key of version, amount and tip", async () => {
    const invoiceId = await sentInvoice(database, leadId, 54_375);
    const tip = tipOf(54_375, 15);
    const [a, b] = await Promise.all([
      startBalanceCheckout({ database, env }, { invoiceId, tipCents: tip, ...urls }),
      startBalanceCheckout({ database, env }, { invoiceId, tipCents: tip, ...urls }),
    ]);
    expect(a.sessionId).toBe(b.sessionId);
    const created = fake.created().filter((s) => s.metadata.invoiceId === invoiceId);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ amount_total: 54_375 + tip, metadata: { invoiceId, invoiceVersion: "1" } });
    const request = fake.requests.find((r) => r.form["metadata[invoiceId]"] === invoiceId)!;
    expect(request.idempotencyKey).toBe(balanceKey(invoiceId, 1, 54_375, tip, 1));
    expect(request.form["line_items[0][price_data][unit_amount]"]).toBe("54375");
    expect(request.form["line_items[1][price_data][unit_amount]"]).toBe(String(tip));
    expect(await rows(invoiceId)).toMatchObject([
      { method: "card", status: "pending", amount_cents: 54_375, tip_cents: tip, invoice_version: 1, attempt: 1 },
    ]);
    // The balance does not move for a session not paid.
    expect(await balance(invoiceId)).toBe(54_375);
  });

  it("closes the live session when another tip is chosen, so only one can be paid", async () => {
    const invoiceId = await sentInvoice(database, leadId, 20_000);
    const first = await startBalanceCheckout({ database, env }, { invoiceId, tipCents: 0, ...urls });
    const second = await startBalanceCheckout({ database, env }, { invoiceId, tipCents: 3_000, ...urls });
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(fake.sessions.get(first.sessionId)!.status).toBe("expired");
    expect((await rows(invoiceId)).map((r) => [r.attempt, r.status, r.tip_cents])).toEqual([
      [1, "expired", 0],
      [2, "pending", 3_000],
    ]);
  });

  it("refuses a tip above the balance and an invoice with nothing to pay, before Stripe is asked", async () => {
    const before = fake.requests.length;
    const invoiceId = await sentInvoice(database, leadId, 10_000);
    for (const tipCents of [-1, 10_001, 1.5, Number.NaN])
      await expect(startBalanceCheckout({ database, env }, { invoiceId, tipCents, ...urls })).rejects.toMatchObject({
        code: "INVALID_TIP",
      });
    for (const status of ["draft", "void"] as const) {
      const other = await sentInvoice(database, leadId, 10_000, status);
      await expect(
        startBalanceCheckout({ database, env }, { invoiceId: other, tipCents: 0, ...urls }),
      ).rejects.toMatchObject({ code: "NOTHING_TO_PAY" });
    }
    await expect(
      startBalanceCheckout({ database, env }, { invoiceId: "nope", tipCents: 0, ...urls }),
    ).rejects.toMatchObject({ code: "NOTHING_TO_PAY" });
    expect(fake.requests.length).toBe(before);
  });

  it("records a paid session once from the webhook: receipt, owner's e-mail and text, and the stage Paid", async () => {
    const invoiceId = await sentInvoice(database, leadId, 54_375);
    await changeLeadStatus(database, leadId, { status: "completed", note: "", changedBy: "owner@example.com" });
    const { sessionId } = await startBalanceCheckout({ database, env }, { invoiceId, tipCents: 8_156, ...urls });
    const paid = checkoutEvent("checkout.session.completed", {
      id: sessionId,
      payment_status: "paid",
      status: "complete",
      payment_intent: "pi_test_balance1",
    } as never);
    expect(JSON.parse((await sendWebhook(origin, paid)).body)).toMatchObject({ recorded: "recorded" });
    expect(JSON.parse((await sendWebhook(origin, paid)).body)).toMatchObject({ recorded: "replayed" });
    await Promise.all(Array.from({ length: 4 }, () => sendWebhook(origin, paid)));
    for (const type of ["checkout.session.async_payment_succeeded", "checkout.session.expired"])
      expect(
        JSON.parse((await sendWebhook(origin, checkoutEvent(type, { id: sessionId, payment_status: "paid" }))).body),
      ).toMatchObject({ recorded: "unchanged" });
    const [row] = await rows(invoiceId);
    expect(row).toMatchObject({ status: "paid", payment_intent_id: "pi_test_balance1" });
    expect(row!.paid_at).not.toBeNull();
    expect(await balance(invoiceId)).toBe(0);
    expect((await jobs()).map((j) => [j.kind, j.ref])).toEqual([
      ["balance-paid", row!.id],
      ["balance-paid-sms", row!.id],
      ["receipt", row!.id],
    ]);
    expect(await stage()).toBe("paid");
    expect((await stageEvents(database.db, leadId)).filter((e) => e.kind === "invoice-paid")).toHaveLength(1);
    expect(paidInFull).toEqual([leadId]);
    const receipt = receiptPayload(JSON.parse((await jobs()).find((j) => j.kind === "receipt")!.payload!));
    expect(receipt).toMatchObject({ method: "card", amountCents: 54_375, tipCents: 8_156, balanceCents: 0 });
  });

  it("says a payment is being confirmed while Stripe has it complete and its webhook is not taken", async () => {
    const invoiceId = await sentInvoice(database, leadId, 20_000);
    expect(await paymentBeingRecorded({ database, env }, invoiceId, true)).toBe(false);
    const { sessionId } = await startBalanceCheckout({ database, env }, { invoiceId, tipCents: 0, ...urls });
    // Open at Stripe: not paid, whatever the return address says.
    expect(await paymentBeingRecorded({ database, env }, invoiceId, true)).toBe(false);
    Object.assign(fake.sessions.get(sessionId)!, { status: "complete", payment_status: "paid" });
    expect(await paymentBeingRecorded({ database, env }, invoiceId, false)).toBe(true);
    // Stripe cannot be asked: back from Checkout is taken as being confirmed, any other visit is not.
    const away = { database, env: { ...env, STRIPE_API_BASE: "http://127.0.0.1:9" } };
    expect(await paymentBeingRecorded(away, invoiceId, true)).toBe(true);
    expect(await paymentBeingRecorded(away, invoiceId, false)).toBe(false);
    // Nothing was recorded by asking; the webhook records it, and then nothing is being confirmed.
    expect((await rows(invoiceId))[0]!.status).toBe("pending");
    const paid = checkoutEvent("checkout.session.completed", {
      id: sessionId,
      payment_status: "paid",
      status: "complete",
      payment_intent: "pi_test_recording1",
    } as never);
    expect(JSON.parse((await sendWebhook(origin, paid)).body)).toMatchObject({ recorded: "recorded" });
    expect(await paymentBeingRecorded({ database, env }, invoiceId, true)).toBe(false);
  });

  it("keeps the deposit's payment intent from checkout.session.completed", async () => {
    await database.db
      .insertInto("payments")
      .values({
        checkout_session_id: "cs_test_deposit1",
        lead_id: leadId,
        quote_ref: "Q-1",
        quote_version: 1,
        attempt: 1,
        amount_cents: 5_000,
        currency: "usd",
        status: "pending",
        checkout_url: "https://checkout.example/x",
        expires_at: new Date(Date.now() + 3600_000).toISOString(),
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        paid_at: null,
        payment_intent_id: null,
      })
      .execute();
    const event = checkoutEvent("checkout.session.completed", {
      id: "cs_test_deposit1",
      payment_status: "paid",
      payment_intent: "pi_test_deposit1",
    } as never);
    expect(JSON.parse((await sendWebhook(origin, event)).body)).toMatchObject({ recorded: "recorded" });
    const row = await database.db.selectFrom("payments").selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "paid", payment_intent_id: "pi_test_deposit1" });
  });

  const byHand = (invoiceId: string, overrides: Partial<HandPayment> = {}): HandPayment => ({
    invoiceId,
    method: "check",
    amountCents: 10_000,
    tipCents: 0,
    reference: "1042",
    receivedOn: "2026-12-01",
    key: `key-${Math.random().toString(36).slice(2)}`,
    overpay: false,
    ...overrides,
  });

  it("records a payment by hand once when the form is sent twice, partial payments add up, and the last makes it Paid", async () => {
    const invoiceId = await sentInvoice(database, leadId, 30_000);
    await changeLeadStatus(database, leadId, { status: "completed", note: "", changedBy: "owner@example.com" });
    const first = byHand(invoiceId);
    const outcomes = await Promise.all([
      recordHandPayment({ database, env }, leadId, first),
      recordHandPayment({ database, env }, leadId, first),
    ]);
    expect(outcomes.map((o) => o.outcome).toSorted()).toEqual(["again", "recorded"]);
    expect(await balance(invoiceId)).toBe(20_000);
    expect(await stage()).toBe("completed");
    // More than the balance: refused unless the owner confirms it.
    expect(await recordHandPayment({ database, env }, leadId, byHand(invoiceId, { amountCents: 25_000 }))).toEqual({
      outcome: "over-balance",
      balanceCents: 20_000,
    });
    const rest = await recordHandPayment(
      { database, env },
      leadId,
      byHand(invoiceId, { method: "zelle", reference: null, amountCents: 20_000, tipCents: 2_000 }),
    );
    expect(rest).toEqual({ outcome: "recorded", balanceCents: 0 });
    expect(await stage()).toBe("paid");
    // Receipts for both, no owner's alert of a payment the owner recorded.
    expect((await jobs()).map((j) => j.kind)).toEqual(["receipt", "receipt"]);
    // Another request's invoice is not this request's to pay.
    const other = (await recordLead(database, sampleLead(), { webhook: false, now: new Date() })).id;
    expect(await recordHandPayment({ database, env }, other, byHand(invoiceId))).toEqual({ outcome: "not-found" });

    // A payment voided is kept, no longer counted, and the request is no longer Paid.
    const [view] = await invoicesOfLead(database, leadId);
    const zelle = view!.payments.find((p) => p.method === "zelle")!;
    expect(await voidHandPayment(database, leadId, zelle.id)).toBe(true);
    expect(await voidHandPayment(database, leadId, zelle.id)).toBe(false);
    expect(await balance(invoiceId)).toBe(20_000);
    expect(await stage()).toBe("completed");
    expect((await invoicesOfLead(database, leadId))[0]!.payments.map((p) => p.status).toSorted()).toEqual([
      "paid",
      "void",
    ]);
  });

  it("takes two payments by hand sent at once one after the other: together they never exceed the balance", async () => {
    const invoiceId = await sentInvoice(database, leadId, 30_000);
    const outcomes = await Promise.all([
      recordHandPayment({ database, env }, leadId, byHand(invoiceId, { amountCents: 30_000 })),
      recordHandPayment({ database, env }, leadId, byHand(invoiceId, { method: "cash", amountCents: 30_000 })),
    ]);
    expect(outcomes.map((o) => o.outcome).toSorted()).toEqual(["over-balance", "recorded"]);
    expect(outcomes.find((o) => o.outcome === "over-balance")).toEqual({ outcome: "over-balance", balanceCents: 0 });
    expect(await balance(invoiceId)).toBe(0);
    // Two partial payments at once that fit the balance together are both taken.
    const second = await sentInvoice(database, leadId, 30_000);
    const both = await Promise.all([
      recordHandPayment({ database, env }, leadId, byHand(second, { amountCents: 10_000 })),
      recordHandPayment({ database, env }, leadId, byHand(second, { amountCents: 20_000 })),
    ]);
    expect(both.map((o) => o.outcome)).toEqual(["recorded", "recorded"]);
    expect(await balance(second)).toBe(0);
  });

  it("calls off the invoice's pending reminders in the transaction of the payment that leaves nothing to pay", async () => {
    const sentAt = new Date();
    const id = `inv-${Math.random().toString(36).slice(2)}`;
    await sendInvoice(database, { id, leadId, totalCents: 30_000, dueDate: null }, sentAt);
    const reminders = () =>
      database.db
        .selectFrom("outbox_jobs")
        .select(["status", "last_error"])
        .where("kind", "=", "invoice-reminder")
        .where("ref", "like", `${id}:%`)
        .execute();
    const queued = (await reminders()).length;
    expect(queued).toBeGreaterThan(0);
    // A partial payment leaves them to chase the rest.
    await recordHandPayment({ database, env }, leadId, byHand(id, { amountCents: 10_000 }));
    expect((await reminders()).map((r) => r.status)).toEqual(Array(queued).fill("pending"));
    // A card payment of the rest, taken by the webhook: none is pending any longer, before any falls due.
    const { sessionId } = await startBalanceCheckout({ database, env }, { invoiceId: id, tipCents: 0, ...urls });
    const paid = checkoutEvent("checkout.session.completed", {
      id: sessionId,
      payment_status: "paid",
      status: "complete",
      payment_intent: "pi_test_reminders1",
    } as never);
    expect(JSON.parse((await sendWebhook(origin, paid)).body)).toMatchObject({ recorded: "recorded" });
    expect(await reminders()).toEqual(Array(queued).fill({ status: "cancelled", last_error: "PAID" }));
  });

  it("writes a receipt PDF a reader can read: amount, tip, method, day, invoice number and the balance left", async () => {
    const payload = receiptPayload({
      invoiceId: "inv",
      invoiceNumber: "2026-0007",
      method: "check",
      amountCents: 12_345,
      tipCents: 1_500,
      reference: "1042",
      paidOn: "2026-12-01",
      balanceCents: 500,
    });
    const text = pdfText(await receiptPdf(payload, "GS-7K3M9Q"));
    for (const part of [
      "2026-0007",
      formatAmount(12_345),
      formatAmount(1_500),
      "Check no. 1042",
      "December 1, 2026",
      `Balance left: ${formatAmount(500)}`,
    ])
      expect(text).toContain(part);
  });
});
