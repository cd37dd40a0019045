import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  chargeRefundedEvent,
  disputeEvent,
  type FakeStripe,
  fakeDispute,
  fakeId,
  fakeRefund,
  refundEvent,
  sendWebhook,
  signatureFor,
  startFakeStripe,
  stripeTestEnv,
} from "../../../../tests/support/fake-stripe.ts";
import { startWebhookSite } from "../../../../tests/support/webhook-site.ts";
import { fakeTextSettings } from "../../../../tests/support/fake-twilio.ts";
import { ACCEPTED_BY, acceptedContent } from "../../../../tests/support/accepted-quote.ts";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import { formatAmount } from "../../../lib/money.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { type Env, parseEnv } from "../../kit/env.server.ts";
import { invoiceBalance, takeInvoiceNumber } from "../../kit/invoice-ledger.server.ts";
import { getLead, recordEvent } from "../../kit/leads.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { disputeEvidence } from "../../dispute-evidence.server.ts";
import { disputesForLead } from "./disputes.server.ts";
import { formatTime } from "../../notify/labels.server.ts";
import { outboxWiring } from "../../outbox-wiring.server.ts";
import { LEAD_JOB_KINDS } from "../leads/job-kinds.ts";
import { recordLead } from "../leads/store.server.ts";
import { outboxJob } from "../../notify/jobs.server.ts";
import { answerQuote, saveDraft, sendDraft } from "../quotes/quotes.server.ts";
import { depositRefundedCents, depositsForLead, depositsPaid, paidDepositCents } from "./deposits.server.ts";
import {
  composeDisputeEmail,
  composeDisputeText,
  composeRefundEmail,
  composeRefundText,
  disputeReasonWords,
} from "./refund-mail.server.ts";
import { refundsMade } from "./refunds.server.ts";
import { WEBHOOK_BODY_LIMIT } from "./webhook.server.ts";

const SITE_URL = "https://www.example.com";
/** The owner's texts are set up (at a closed port: the jobs are only queued here). */
const texts = fakeTextSettings("http://127.0.0.1:9");
const DEPOSIT = 15_000;
const INVOICE_TOTAL = 60_000;
/** The invoice's card payment: its share of the balance and the tip on top. */
const CARD = { amount: 45_000, tip: 6_750 };

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

describe.each(backends)("refunds and disputes from Stripe's webhook on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let env: Env;
  let site: Awaited<ReturnType<typeof startWebhookSite>>;
  let origin: string;
  let leadId: string;
  /** The paid deposit's Checkout Session and payment intent, the invoice and its card payment's intent. */
  let deposit: { sessionId: string; intent: string };
  let invoice: { id: string; number: string; paymentId: string; intent: string };

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
    env = parseEnv({ NODE_ENV: "test", SITE_URL, ...storage.env, ...stripeTestEnv(fake.url), ...texts });
    leadId = (await recordLead(database, sampleLead(), { webhook: false, now: new Date() })).id;
    // Until the pay helper's webhook stores it, the payment intents are set here, as checkout.session.completed will.
    const at = new Date(Date.now() - 86_400_000).toISOString();
    deposit = { sessionId: fakeId("cs_test"), intent: fakeId("pi") };
    await database.db
      .insertInto("payments")
      .values({
        checkout_session_id: deposit.sessionId,
        lead_id: leadId,
        quote_ref: referenceOf(leadId),
        quote_version: 1,
        attempt: 1,
        amount_cents: DEPOSIT,
        currency: "usd",
        status: "paid",
        checkout_url: "https://checkout.stripe.com/x",
        expires_at: at,
        created_at: at,
        updated_at: at,
        paid_at: at,
        payment_intent_id: deposit.intent,
      })
      .execute();
    invoice = { id: crypto.randomUUID(), number: "", paymentId: crypto.randomUUID(), intent: fakeId("pi") };
    await database.db.transaction().execute(async (trx) => {
      const taken = await takeInvoiceNumber(trx, 2026);
      invoice.number = taken.number;
      await trx
        .insertInto("invoices")
        .values({
          id: invoice.id,
          lead_id: leadId,
          number: taken.number,
          year: taken.year,
          seq: taken.seq,
          status: "sent",
          content: JSON.stringify({ lines: [{ text: "House washing", cents: INVOICE_TOTAL, taxable: false }] }),
          total_cents: INVOICE_TOTAL,
          quote_id: null,
          due_date: null,
          created_at: at,
          updated_at: at,
          sent_at: at,
          reminders_paused_at: null,
        })
        .execute();
      await trx
        .insertInto("invoice_payments")
        .values({
          id: invoice.paymentId,
          invoice_id: invoice.id,
          lead_id: leadId,
          method: "card",
          status: "paid",
          amount_cents: CARD.amount,
          tip_cents: CARD.tip,
          checkout_session_id: fakeId("cs_test"),
          payment_intent_id: invoice.intent,
          created_at: at,
          updated_at: at,
          paid_at: at,
        })
        .execute();
    });
    site = await startWebhookSite(database, env);
    origin = site.origin;
  });
  afterEach(async () => {
    await site.close();
    await storage.cleanup();
  });

  const send = async (payload: string) => {
    const answer = await sendWebhook(origin, payload);
    expect(answer.status, answer.body).toBe(200);
    return (JSON.parse(answer.body) as { recorded?: string }).recorded;
  };
  const ownerJobs = (kinds = ["refund", "refund-sms", "dispute", "dispute-sms"]) =>
    database.db
      .selectFrom("outbox_jobs")
      .select(["kind", "ref", "payload"])
      .where("kind", "in", kinds)
      .orderBy("kind")
      .orderBy("ref")
      .execute();
  const refundRows = () => database.db.selectFrom("refunds").selectAll().orderBy("created_at").orderBy("id").execute();
  const balance = async () => (await invoiceBalance(database.db, invoice.id))!;
  const deliveryOf = async (job: { kind: string; ref: string; payload: string | null }) => ({
    jobId: "job-1",
    job: { ...job, payload: JSON.parse(job.payload!) as unknown },
    lead: (await getLead(database, leadId))!,
    attachment: null,
  });

  it("a deposit refunded in full: it reads refunded, the invoice owes it again, the owner is e-mailed and texted once", async () => {
    const before = await balance();
    expect(before.balanceCents).toBe(INVOICE_TOTAL - DEPOSIT - CARD.amount);
    const refund = fakeRefund(deposit.intent, DEPOSIT);
    const event = chargeRefundedEvent(deposit.intent, [refund], { amount: DEPOSIT });
    expect(await send(event)).toBe("recorded");
    expect(site.woken()).toBe(1);

    expect(await refundRows()).toMatchObject([
      {
        id: refund.id,
        payment_intent_id: deposit.intent,
        checkout_session_id: deposit.sessionId,
        invoice_payment_id: null,
        lead_id: leadId,
        amount_cents: DEPOSIT,
        status: "succeeded",
      },
    ]);
    expect((await depositsForLead(database, leadId))[0]).toMatchObject({ status: "paid", refundedCents: DEPOSIT });
    expect(await depositRefundedCents(database, referenceOf(leadId), 1)).toBe(DEPOSIT);
    // No deposit is held any more: the window's cancellation terms and the crew's sheet count none.
    expect(await paidDepositCents(database, leadId)).toBeNull();
    expect((await depositsPaid(database, [leadId])).get(leadId)).toBe(0);
    expect(await balance()).toMatchObject({ balanceCents: before.balanceCents + DEPOSIT, refundedCents: DEPOSIT });

    // Stripe sends it again, and at once from two instances: nothing more.
    expect(await send(event)).toBe("replayed");
    await Promise.all(Array.from({ length: 4 }, () => sendWebhook(origin, event)));
    expect(await refundRows()).toHaveLength(1);
    const jobs = await ownerJobs();
    expect(jobs.map((j) => [j.kind, j.ref])).toEqual([
      ["refund", refund.id],
      ["refund-sms", refund.id],
    ]);

    const mail = composeRefundEmail(await deliveryOf(jobs[0]!), env);
    expect(mail.to).toBe(env.LEADS_TO);
    expect(mail.subject).toContain(formatAmount(DEPOSIT));
    expect(mail.subject).toContain(`the deposit for quote ${referenceOf(leadId)}`);
    expect(mail.subject).toContain(referenceOf(leadId));
    expect(mail.text).toContain(`${SITE_URL}/admin/requests/${leadId}`);
    expect(mail.text).toContain("(all of it)");
    // The charge carried a card's brand, last digits and holder: none of it reaches the owner's messages.
    for (const card of ["4242", "visa", "Card Holder", "holder@example.com"]) expect(mail.text).not.toContain(card);
    const text = composeRefundText(await deliveryOf(jobs[1]!), SITE_URL);
    expect(text).toContain(formatAmount(DEPOSIT));
    expect(text).toContain(`${SITE_URL}/admin/requests/${leadId}`);
    expect(text).not.toContain("Jane");
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it("two partial refunds of an invoice's card payment: pending then succeeded, then one Stripe lists itself; each counted once, the owner told once each", async () => {
    const first = fakeRefund(invoice.intent, 10_000, { status: "pending" });
    expect(await send(refundEvent("refund.created", first))).toBe("recorded");
    expect((await balance()).refundedCents).toBe(0);
    expect(await ownerJobs()).toEqual([]);
    expect(await send(refundEvent("refund.updated", { ...first, status: "succeeded" }))).toBe("recorded");
    expect(await balance()).toMatchObject({ paidCents: DEPOSIT + CARD.amount - 10_000, refundedCents: 10_000 });

    // The second comes as charge.refunded without its list (Stripe's newer API versions): the site asks Stripe.
    const second = fakeRefund(invoice.intent, 5_000);
    fake.refunds.set(second.charge, [{ ...first, status: "succeeded" }, second]);
    const charge = chargeRefundedEvent(invoice.intent, [{ ...first, status: "succeeded" }, second], {
      withList: false,
      amount: CARD.amount + CARD.tip,
    });
    expect(await send(charge)).toBe("recorded");
    expect(fake.requests.filter((r) => r.path === "/v1/refunds").at(-1)?.status).toBe(200);
    // Its own refund.created afterwards changes nothing.
    expect(await send(refundEvent("refund.created", second))).toBe("unchanged");

    expect((await refundRows()).map((r) => [r.id, r.amount_cents, r.status, r.invoice_payment_id])).toEqual(
      [
        [first.id, 10_000, "succeeded", invoice.paymentId],
        [second.id, 5_000, "succeeded", invoice.paymentId],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect(await balance()).toMatchObject({
      balanceCents: INVOICE_TOTAL - DEPOSIT - (CARD.amount - 15_000),
      refundedCents: 15_000,
      tipCents: CARD.tip,
    });
    expect((await ownerJobs()).map((j) => j.kind)).toEqual(["refund", "refund", "refund-sms", "refund-sms"]);
    const mail = composeRefundEmail(await deliveryOf((await ownerJobs(["refund"]))[0]!), env);
    expect(mail.text).toContain(`invoice ${invoice.number}`);
    expect(mail.text).toContain(`of ${formatAmount(CARD.amount + CARD.tip)}`);
    // The books' rows: both refunds, with what they returned.
    const hour = 3_600_000;
    const made = await refundsMade(database, new Date(Date.now() - hour), new Date(Date.now() + hour));
    expect(made.map((r) => r.amountCents).sort()).toEqual([10_000, 5_000].sort());
    expect(made.every((r) => r.invoicePaymentId === invoice.paymentId && r.leadId === leadId)).toBe(true);
  });

  it("a refund that fails is never counted nor told; a late, older event never moves a refund back", async () => {
    const failing = fakeRefund(deposit.intent, 4_000, { status: "pending" });
    await send(refundEvent("refund.created", failing));
    expect(await send(refundEvent("refund.updated", { ...failing, status: "failed" }))).toBe("recorded");
    // The pending one arriving after (another event id): unchanged.
    expect(await send(refundEvent("refund.created", failing))).toBe("unchanged");
    expect((await refundRows())[0]).toMatchObject({ status: "failed" });
    expect((await depositsForLead(database, leadId))[0]!.refundedCents).toBe(0);
    expect(await ownerJobs()).toEqual([]);

    // Out of order: succeeded arrives before its pending creation; then a succeeded one that later fails.
    const late = fakeRefund(deposit.intent, 3_000);
    expect(await send(refundEvent("refund.updated", late))).toBe("recorded");
    expect(await send(refundEvent("refund.created", { ...late, status: "pending" }))).toBe("unchanged");
    expect((await depositsForLead(database, leadId))[0]!.refundedCents).toBe(3_000);
    expect(await paidDepositCents(database, leadId)).toBe(DEPOSIT - 3_000);
    expect(await send(refundEvent("refund.updated", { ...late, status: "failed" }))).toBe("recorded");
    expect((await depositsForLead(database, leadId))[0]!.refundedCents).toBe(0);
    expect((await ownerJobs()).map((j) => j.ref)).toEqual([late.id, late.id]);
  });

  it("a charge of another integration, and events of unexpected shapes: answered 200, nothing stored, logged without personal data", async () => {
    const stranger = fakeId("pi");
    const listed = () => fake.requests.filter((r) => r.path === "/v1/refunds").length;
    const listedBefore = listed();
    expect(await send(chargeRefundedEvent(stranger, [fakeRefund(stranger, 500)]))).toBe("unknown-payment");
    expect(await send(chargeRefundedEvent(stranger, [], { withList: false }))).toBe("unknown-payment");
    expect(listed(), "Stripe is not asked about a charge that is not the site's").toBe(listedBefore);
    expect(await send(disputeEvent("charge.dispute.created", fakeDispute(stranger, 500)))).toBe("unknown-payment");
    const good = fakeRefund(deposit.intent, 1_000);
    for (const [what, payload] of [
      ["no id", refundEvent("refund.created", { ...good, id: undefined })],
      ["a forged id", refundEvent("refund.created", { ...good, id: "re_1' or 1=1" })],
      ["an amount not an integer", refundEvent("refund.created", { ...good, amount: 10.5 })],
      ["an amount as text", refundEvent("refund.created", { ...good, amount: "1000" })],
      ["a negative amount", refundEvent("refund.created", { ...good, amount: -1 })],
      ["another currency", refundEvent("refund.created", { ...good, currency: "eur" })],
      ["no payment intent", refundEvent("refund.created", { ...good, payment_intent: null })],
      ["an unknown status", refundEvent("refund.updated", { ...good, status: "reversed" })],
      ["a list of another intent", chargeRefundedEvent(deposit.intent, [fakeRefund(stranger, 100)])],
      ["a charge in euros", chargeRefundedEvent(deposit.intent, [good], { overrides: { currency: "eur" } })],
      [
        "a dispute without amount",
        disputeEvent("charge.dispute.created", fakeDispute(deposit.intent, 0, { amount: null })),
      ],
      [
        "a dispute of an odd status",
        disputeEvent("charge.dispute.updated", fakeDispute(deposit.intent, 1, { status: "x" })),
      ],
      ["not an object", JSON.stringify({ id: "evt_1", object: "event", type: "refund.created", data: { object: 7 } })],
    ] as const)
      expect(await send(payload), what).toBe("ignored");
    expect(await refundRows()).toEqual([]);
    expect(await database.db.selectFrom("disputes").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("stripe_events").selectAll().execute()).toEqual([]);
    const all = site.logs.join("\n");
    expect(all).toContain("stripe.webhook");
    for (const personal of ["Jane", "jane.doe", "4242", "holder@example.com"]) expect(all).not.toContain(personal);
  });

  it("keeps the same body limit and signature check: 413 over 64 KB, 400 for a refund event not signed by Stripe", async () => {
    const big = refundEvent("refund.created", {
      ...fakeRefund(deposit.intent, 100),
      pad: "x".repeat(WEBHOOK_BODY_LIMIT),
    });
    expect((await sendWebhook(origin, big)).status).toBe(413);
    const event = refundEvent("refund.created", fakeRefund(deposit.intent, 100));
    expect((await sendWebhook(origin, event, signatureFor(event, "whsec_AnotherSecret0123456789"))).status).toBe(400);
    expect(await refundRows()).toEqual([]);
  });

  it("a dispute: the owner's urgent e-mail lists what the site holds as evidence and Stripe's deadline, no card data; later states move it, once told", async () => {
    // What the site holds: the accepted quote, photos, a confirmed window, texts both ways, the reply.
    const draft = await saveDraft(database, leadId, acceptedContent);
    if (!("saved" in draft)) throw new Error(draft.refused);
    await sendDraft(database, draft.saved.id);
    const answered = await answerQuote(
      database,
      draft.saved.id,
      { answer: "accepted", option: 1, name: ACCEPTED_BY },
      { ipHash: "h", userAgent: "test", sms: false },
    );
    if (!("recorded" in answered)) throw new Error(answered.refused);
    const photo = { filename: "p.jpg", content_type: "image/jpeg", width: 10, height: 10, bytes: new Uint8Array([1]) };
    await database.db
      .insertInto("lead_photos")
      .values([
        { lead_id: leadId, n: 1, ...photo, purpose: "request" },
        { lead_id: leadId, n: 2, ...photo, purpose: "request" },
        { lead_id: leadId, n: 3, ...photo, purpose: "completion" },
      ])
      .execute();
    const at = (iso: string) => new Date(iso).toISOString();
    await database.db
      .insertInto("bookings")
      .values({
        id: crypto.randomUUID(),
        lead_id: leadId,
        status: "confirmed",
        day: "2030-05-14",
        window_times: "08:00-10:00",
        starts_at: at("2030-05-14T14:00:00Z"),
        ends_at: at("2030-05-14T16:00:00Z"),
        address: null,
        created_at: at("2030-05-01T10:00:00Z"),
        updated_at: at("2030-05-02T10:00:00Z"),
      })
      .execute();
    await database.db
      .transaction()
      .execute((trx) =>
        recordEvent(trx, leadId, { kind: "window-confirmed", ref: "b1", at: new Date("2030-05-02T17:00:00Z") }),
      );
    const textRow = (direction: "in" | "out", iso: string) => ({
      id: crypto.randomUUID(),
      lead_id: leadId,
      phone: "+12085550199",
      direction,
      kind: "message",
      body: "secret words of the thread",
      status: direction === "in" ? ("received" as const) : ("sent" as const),
      created_at: at(iso),
      due_at: at(iso),
      sent_at: at(iso),
    });
    await database.db
      .insertInto("text_messages")
      .values([
        textRow("out", "2030-05-03T16:00:00Z"),
        textRow("in", "2030-05-03T16:05:00Z"),
        textRow("out", "2030-05-13T17:00:00Z"),
      ])
      .execute();
    // The e-mailed reply to the request, sent.
    await database.db.deleteFrom("outbox_jobs").where("lead_id", "=", leadId).where("kind", "=", "reply").execute();
    await database.db
      .insertInto("outbox_jobs")
      .values({
        ...outboxJob(LEAD_JOB_KINDS, { lead_id: leadId, kind: "reply", created_at: at("2030-05-01T09:00:00Z") }),
        status: "sent",
        sent_at: at("2030-05-01T09:00:00Z"),
      })
      .execute();

    const dispute = fakeDispute(invoice.intent, CARD.amount + CARD.tip, {
      evidence: { customer_name: "Card Holder", customer_email_address: "holder@example.com" },
      payment_method_details: { card: { brand: "visa", last4: "4242" } },
    });
    // The update comes first (Stripe does not promise the order): the owner is told of the dispute with it, once.
    expect(await send(disputeEvent("charge.dispute.updated", { ...dispute, status: "under_review" }))).toBe("recorded");
    expect(await send(disputeEvent("charge.dispute.created", dispute))).toBe("unchanged");
    expect(await database.db.selectFrom("disputes").selectAll().execute()).toMatchObject([
      { id: dispute.id, status: "under_review", lead_id: leadId, amount_cents: CARD.amount + CARD.tip },
    ]);
    expect(await send(disputeEvent("charge.dispute.closed", { ...dispute, status: "won" }))).toBe("recorded");
    expect(await send(disputeEvent("charge.dispute.updated", { ...dispute, status: "under_review" }))).toBe(
      "unchanged",
    );
    expect((await database.db.selectFrom("disputes").select("status").executeTakeFirstOrThrow()).status).toBe("won");
    const jobs = await ownerJobs(["dispute", "dispute-sms"]);
    expect(jobs.map((j) => [j.kind, j.ref])).toEqual([
      ["dispute", dispute.id],
      ["dispute-sms", dispute.id],
    ]);

    const mail = composeDisputeEmail(await deliveryOf(jobs[0]!), env, await disputeEvidence(database)(leadId));
    expect(mail.subject).toMatch(/^Urgent: /);
    expect(mail.headers).toMatchObject({ Importance: "high" });
    const body = String(mail.text);
    const option = acceptedContent.options[1]!;
    const due = new Date(dispute.evidence_details.due_by * 1000);
    for (const shown of [
      formatAmount(CARD.amount + CARD.tip),
      disputeReasonWords("product_not_received"),
      `invoice ${invoice.number}`,
      // The accepted quote: its option, total, the typed name, the time, the terms' hash.
      option.label,
      formatAmount(option.totalCents),
      ACCEPTED_BY,
      answered.recorded.answer!.contentHash,
      // Photos as counts, with the request page's link.
      "2 photos sent with the request, 1 photo of the finished job",
      `${SITE_URL}/admin/requests/${leadId}`,
      // The window, confirmed when; the texts as counts; the reply.
      "8–10 AM",
      "2 texts to the customer, 1 text from them",
      "Reply e-mail: Sent",
    ])
      expect(body, shown).toContain(shown);
    expect(body).toMatch(/Arrival window: .*May 14.*Confirmed, confirmed May 2, 2030/);
    expect(body).toMatch(/Evidence due at Stripe: \w{3} \d{1,2}, \d{4}/);
    expect(mail.subject).toContain(due.getUTCFullYear().toString());
    for (const never of ["4242", "visa", "Card Holder", "holder@example.com", "secret words of the thread", "p.jpg"])
      expect(body, never).not.toContain(never);
    expect(mail.attachments ?? []).toEqual([]);
    // Sent as the outbox sends it, the wiring hands the evidence in (not only the photos the payments feature sees).
    const dataDir = await mkdtemp(path.join(tmpdir(), "dispute-mail-"));
    try {
      const mailEnv = parseEnv({ NODE_ENV: "test", SITE_URL, DATA_DIR: dataDir, MAIL_TRANSPORT: "files" });
      await outboxWiring(database, mailEnv, pino({ level: "silent" })).senders.dispute!(await deliveryOf(jobs[0]!));
      const [file] = await readdir(path.join(dataDir, "mail"));
      const eml = await readFile(path.join(dataDir, "mail", file!), "utf8");
      expect(eml).toContain("Accepted quote: Version 1");
      expect(eml).toContain("2 texts to the customer");
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    const text = composeDisputeText(await deliveryOf(jobs[1]!), SITE_URL);
    expect(text).toMatch(/^URGENT: /);
    expect(text).toContain(`invoice ${invoice.number}`);
    expect(text).not.toContain("Jane");
    expect(text.length).toBeLessThanOrEqual(160);
  });

  it("the owner's view of disputes: each with what, amount, reason, where it stands and the evidence's day; closed moves it", async () => {
    expect(await disputesForLead(database, leadId)).toEqual([]);
    const dispute = fakeDispute(invoice.intent, CARD.amount, { reason: "fraudulent" });
    const onDeposit = fakeDispute(deposit.intent, 2_000, { status: "warning_needs_response" });
    const created = disputeEvent("charge.dispute.created", dispute);
    expect(await send(created)).toBe("recorded");
    expect(await send(created)).toBe("replayed");
    expect(await send(disputeEvent("charge.dispute.created", onDeposit))).toBe("recorded");
    const due = new Date(dispute.evidence_details.due_by * 1000);
    const shown = await disputesForLead(database, leadId);
    expect(shown).toHaveLength(2);
    const ofInvoice = shown.find((d) => d.id === dispute.id)!;
    expect(ofInvoice).toMatchObject({
      about: `Invoice ${invoice.number}`,
      invoiceNumber: invoice.number,
      amountCents: CARD.amount,
      reason: disputeReasonWords("fraudulent"),
      open: true,
    });
    expect(ofInvoice.status).toMatch(/^Open/);
    expect(ofInvoice.evidenceDue).toBe(formatTime(due));
    // Stripe gives more time: the later deadline shows; an older event that comes late does not move it back.
    const moreTime = { ...dispute, evidence_details: { due_by: dispute.evidence_details.due_by + 3 * 86_400 } };
    expect(await send(disputeEvent("charge.dispute.updated", moreTime))).toBe("recorded");
    expect(await send(disputeEvent("charge.dispute.updated", dispute))).toBe("unchanged");
    const dueLater = (await disputesForLead(database, leadId)).find((d) => d.id === dispute.id)!.evidenceDue;
    expect(dueLater).toBe(formatTime(new Date(moreTime.evidence_details.due_by * 1000)));
    expect(shown.find((d) => d.id === onDeposit.id)).toMatchObject({
      about: expect.stringMatching(/^Deposit/),
      open: true,
    });
    // Closed: won, then a late update changes nothing; the deadline is no longer shown.
    const won = disputeEvent("charge.dispute.closed", { ...dispute, status: "won" });
    expect(await send(won)).toBe("recorded");
    expect(await send(won)).toBe("replayed");
    expect(await send(disputeEvent("charge.dispute.updated", { ...dispute, status: "under_review" }))).toBe(
      "unchanged",
    );
    expect((await disputesForLead(database, leadId)).find((d) => d.id === dispute.id)).toMatchObject({
      status: expect.stringMatching(/^Won/),
      open: false,
      evidenceDue: null,
    });
    expect(await send(disputeEvent("charge.dispute.closed", { ...onDeposit, status: "lost" }))).toBe("recorded");
    expect((await disputesForLead(database, leadId)).find((d) => d.id === onDeposit.id)!.status).toMatch(/^Lost/);
    // Another request sees none of them.
    const other = (await recordLead(database, sampleLead(), { webhook: false, now: new Date() })).id;
    expect(await disputesForLead(database, other)).toEqual([]);
  });
});
