/**
 * The invoice's rules (issue 41) on each database: made as a draft with the completion from the accepted option
 * (once per request, also when made at once), or with empty lines without a quote; edited (a sent invoice changed
 * gets a new version and sends nothing); voided with its number kept; sent through the real outbox worker: the
 * e-mail with one link and a PDF that pdftotext reads, and the text to a customer who agreed to texts.
 */
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeTwilio, fakeTextSettings, type FakeTwilio } from "../../../../tests/support/fake-twilio.ts";
import { mailInbox } from "../../../../tests/support/mail-inbox.ts";
import { decode, decodeBytes, headerValue, leaves } from "../../../../tests/support/mime-reader.ts";
import { pdfText } from "../../../../tests/support/pdf-text.ts";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import { priceBook } from "../../../content/price-book.ts";
import { invoiceTotals } from "../../../forms/invoice.ts";
import type { QuoteContent } from "../../../forms/quote.ts";
import { formatCents } from "../../../lib/money.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { parseEnv } from "../../kit/env.server.ts";
import { invoiceBalance } from "../../kit/invoice-ledger.server.ts";
import { startOutboxWorker, type OutboxWorker } from "../../notify/outbox.server.ts";
import { outboxWiring } from "../../outbox-wiring.server.ts";
import { makeInvoiceNow } from "../../invoice-source.server.ts";
import { invoiceView } from "./invoice-view.server.ts";
import { whenJobCompleted } from "../../job-completion.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { answerQuote, saveDraft, sendDraft } from "../quotes/quotes.server.ts";
import {
  currentInvoice,
  dueDateOf,
  getInvoice,
  invoicesOfLead,
  saveInvoice,
  sendInvoice,
  voidInvoice,
} from "./invoices.server.ts";

// 11:00 in Boise: inside the hours texts may go.
const NOW = new Date("2030-03-04T18:00:00.000Z");
const quoteContent: QuoteContent = {
  service: "House washing",
  city: "Boise",
  address: "1234 W Main St, Boise, ID 83702",
  options: [
    { label: "Good", lines: [{ text: "House washing", cents: 30_000 }], totalCents: 30_000 },
    {
      label: "Better",
      lines: [
        { text: "House washing", cents: 30_000 },
        { text: "Gutter brightening", cents: 12_550 },
      ],
      totalCents: 42_550,
    },
  ],
  note: "",
  validUntil: "2030-03-31",
  deposit: { kind: "none" },
  terms: "The price holds for the work listed.",
};
const proof = { ipHash: "a".repeat(64), userAgent: "Mozilla/5.0 (test)", sms: true };

describe.each(backends)("invoices on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let worker: OutboxWorker | undefined;
  let fake: FakeTwilio;
  let clock = NOW;
  const inbox = mailInbox();
  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    clock = NOW;
    fake.requests.length = 0;
    storage = await createTestStorage(dialect);
    database = await storage.open();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await storage.cleanup();
  });

  const newLead = async (overrides: Parameters<typeof sampleLead>[0] = {}) =>
    (await recordLead(database, sampleLead(overrides), { webhook: false, now: NOW })).id;
  /** A request whose quote's option `option` was accepted. */
  const acceptedLead = async (option = 1) => {
    const leadId = await newLead();
    const saved = await saveDraft(database, leadId, quoteContent, NOW);
    if (!("saved" in saved)) throw new Error(saved.refused);
    await sendDraft(database, saved.saved.id, NOW);
    await answerQuote(database, saved.saved.id, { answer: "accepted", option, name: "Jane Doe" }, proof, NOW);
    return leadId;
  };
  /** The invoice e-mails received (the request's other e-mails aside). */
  const invoiceMails = () => inbox.received.filter((m) => /invoice/i.test(headerValue(m, "subject")));
  /** The real outbox worker with every feature's senders, on the test's clock: e-mails to the inbox, texts to the fake. */
  const startWorker = () => {
    const env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: storage.env.DATA_DIR,
      SMTP_URL: inbox.url,
      SITE_URL: "https://gemstate.example",
      ...fakeTextSettings(fake.url),
    });
    const logger = pino({ level: "silent" });
    worker = startOutboxWorker({
      database,
      env,
      logger,
      pollMs: 3_600_000,
      now: () => clock,
      ...outboxWiring(database, env, logger, () => clock),
    });
    return worker;
  };
  const complete = (leadId: string) =>
    database.db.transaction().execute((trx) => whenJobCompleted(trx, leadId, NOW, NOW));

  it("makes one draft from the accepted option when the job is completed, numbered, however often it is completed", async () => {
    const leadId = await acceptedLead(1);
    await complete(leadId);
    await complete(leadId);
    const invoices = await invoicesOfLead(database.db, leadId);
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    const option = quoteContent.options[1]!;
    expect(invoice!.status).toBe("draft");
    expect(invoice!.number).toMatch(/^2030-\d{4,}$/);
    expect(invoice!.content.lines.map(({ text, cents }) => ({ text, cents }))).toEqual(option.lines);
    expect(invoice!.content.lines.every((l) => l.taxable === priceBook.invoices.linesTaxableByDefault)).toBe(true);
    expect(invoice!.content.taxRateBasisPoints).toBe(Math.round(priceBook.invoices.taxRatePercent * 100));
    expect(invoice!.content.quote?.optionLabel).toBe(option.label);
    expect(invoice!.content.address).toBe(quoteContent.address);
    expect(invoice!.content.serviceDate).toBe("2030-03-04");
    expect(invoice!.totalCents).toBe(invoiceTotals(invoice!.content).totalCents);
  });

  it("gives one invoice to a request made at once from several places, and consecutive numbers to several requests", async () => {
    const one = await newLead();
    await Promise.all(Array.from({ length: 5 }, () => makeInvoiceNow(database, one, NOW)));
    expect(await invoicesOfLead(database.db, one)).toHaveLength(1);
    const others = await Promise.all(Array.from({ length: 6 }, () => newLead()));
    await Promise.all(others.map((id) => makeInvoiceNow(database, id, NOW)));
    const seqs = (await database.db.selectFrom("invoices").select("seq").execute()).map((r) => Number(r.seq));
    expect(seqs.toSorted((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  // Issue 41's measure: 20 jobs marked Completed at the same moment, through the completion's own transaction, on
  // two connections as two server instances sharing PostgreSQL (SQLite: one server per DATA_DIR, so one).
  it("gives 20 jobs completed at once, from two server instances, 20 consecutive numbers", async () => {
    const second = dialect === "postgres" ? await storage.open() : database;
    const leads: string[] = [];
    for (let i = 0; i < 20; i++) leads.push(await acceptedLead(i % 2));
    await Promise.all(
      leads.map((leadId, i) =>
        (i % 2 ? second : database).db.transaction().execute((trx) => whenJobCompleted(trx, leadId, NOW, NOW)),
      ),
    );
    const rows = await database.db.selectFrom("invoices").select(["lead_id", "number", "seq"]).execute();
    expect(new Set(rows.map((r) => r.lead_id))).toEqual(new Set(leads));
    expect(rows.map((r) => Number(r.seq)).toSorted((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(new Set(rows.map((r) => r.number)).size).toBe(20);
  });

  it("shows a card payment partly refunded at Stripe as paid, refunded and owed again, the tip apart", async () => {
    const leadId = await acceptedLead(1);
    await complete(leadId);
    const invoice = (await currentInvoice(database.db, leadId))!;
    await sendInvoice(database, invoice.id, NOW);
    const at = NOW.toISOString();
    await database.db
      .insertInto("invoice_payments")
      .values({
        id: "pay-1",
        invoice_id: invoice.id,
        lead_id: leadId,
        method: "card",
        status: "paid",
        amount_cents: invoice.totalCents,
        tip_cents: 6_000,
        checkout_session_id: "cs_test_1",
        invoice_version: 1,
        attempt: 1,
        checkout_url: "https://checkout.example/1",
        expires_at: at,
        payment_intent_id: "pi_test_1",
        reference: null,
        received_on: null,
        idempotency_key: null,
        created_at: at,
        updated_at: at,
        paid_at: at,
      })
      .execute();
    expect((await invoiceView(database.db, (await getInvoice(database.db, invoice.id))!)).paid).toBe(true);
    await database.db
      .insertInto("refunds")
      .values({
        id: "re_test_1",
        payment_intent_id: "pi_test_1",
        checkout_session_id: null,
        invoice_payment_id: "pay-1",
        lead_id: leadId,
        amount_cents: 5_000,
        currency: "usd",
        status: "succeeded",
        created_at: at,
        updated_at: at,
      })
      .execute();
    const view = await invoiceView(database.db, (await getInvoice(database.db, invoice.id))!);
    expect(view.credits).toEqual([
      expect.objectContaining({
        amount: formatCents(invoice.totalCents),
        refunded: formatCents(5_000),
        tip: formatCents(6_000),
      }),
    ]);
    expect(view.paid).toBe(false);
    expect(view.balanceCents).toBe(5_000);
    expect(view.balance).toBe(formatCents(5_000));
  });

  it("makes an empty draft without a quote; voiding keeps its number and a new invoice takes the next", async () => {
    const leadId = await newLead();
    await makeInvoiceNow(database, leadId, NOW);
    const first = (await currentInvoice(database.db, leadId))!;
    expect(first.content.lines).toEqual([]);
    expect(first.quoteId).toBeNull();
    expect(await sendInvoice(database, first.id, NOW)).toHaveProperty("refused");
    expect(await voidInvoice(database, first.id, NOW)).toHaveProperty("voided");
    expect(await saveInvoice(database, first.id, { ...first.content }, NOW)).toHaveProperty("refused");
    await makeInvoiceNow(database, leadId, NOW);
    const all = await invoicesOfLead(database.db, leadId);
    expect(all.map((i) => i.status)).toEqual(["void", "draft"]);
    expect(all[0]!.number).toBe(first.number);
    expect(all[1]!.number).not.toBe(first.number);
  });

  it("keeps the version of a draft it edits, and gives a changed sent invoice a new version without sending it", async () => {
    const leadId = await acceptedLead(0);
    await complete(leadId);
    const invoice = (await currentInvoice(database.db, leadId))!;
    const edit = {
      serviceDate: invoice.content.serviceDate,
      lines: [...invoice.content.lines, { text: "Window screens", cents: 4_000, taxable: false }],
      discountCents: 2_500,
      discountReason: "Returning customer",
      note: "",
    };
    const saved = await saveInvoice(database, invoice.id, edit, NOW);
    expect(saved).toMatchObject({ changed: true, saved: { version: 1, status: "draft" } });
    expect((await getInvoice(database.db, invoice.id))!.totalCents).toBe(
      invoiceTotals({ ...edit, taxRateBasisPoints: invoice.content.taxRateBasisPoints }).totalCents,
    );
    await sendInvoice(database, invoice.id, NOW);
    const jobs = () => database.db.selectFrom("outbox_jobs").select("id").where("kind", "=", "invoice").execute();
    expect(await jobs()).toHaveLength(1);
    expect(await saveInvoice(database, invoice.id, edit, NOW)).toMatchObject({ changed: false });
    const changed = await saveInvoice(database, invoice.id, { ...edit, discountCents: 0, discountReason: "" }, NOW);
    expect(changed).toMatchObject({ changed: true, saved: { version: 2, status: "sent" } });
    expect(await jobs()).toHaveLength(1);
  });

  it("sends the e-mail with one link and the PDF, and texts a customer who agreed, with the deposit as a credit", async () => {
    const run = startWorker();
    // Reached by e-mail, but agreed to texts: the invoice is texted too.
    const leadId = await acceptedLead(1);
    await database.db
      .updateTable("leads")
      .set((eb) => ({ fields: eb.val(JSON.stringify({ ...sampleLead().fields, contactMethod: "email" })) }))
      .where("id", "=", leadId)
      .execute();
    const depositCents = 10_000;
    await database.db
      .insertInto("payments")
      .values({
        checkout_session_id: "cs_test_deposit",
        lead_id: leadId,
        quote_ref: "GS",
        quote_version: 1,
        attempt: 1,
        amount_cents: depositCents,
        currency: "usd",
        status: "paid",
        checkout_url: "https://checkout.stripe.test/cs_test_deposit",
        expires_at: NOW.toISOString(),
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
        paid_at: NOW.toISOString(),
        payment_intent_id: "pi_deposit",
      })
      .execute();
    await complete(leadId);
    const invoice = (await currentInvoice(database.db, leadId))!;
    await saveInvoice(
      database,
      invoice.id,
      { ...invoice.content, discountCents: 1_550, discountReason: "Neighbor referral" },
      NOW,
    );
    await run.drain();
    expect(invoiceMails()).toHaveLength(0);
    const sent = await sendInvoice(database, invoice.id, NOW);
    if (!("sent" in sent)) throw new Error(sent.refused);
    expect(sent.sent).toMatchObject({ status: "sent", dueDate: dueDateOf(NOW, priceBook.invoices.dueDays) });
    await run.drain();
    await run.drain();

    const balance = (await invoiceBalance(database.db, invoice.id))!;
    expect(balance.balanceCents).toBe(sent.sent.totalCents - depositCents);
    expect(invoiceMails()).toHaveLength(1);
    const mail = invoiceMails()[0]!;
    expect(headerValue(mail, "to")).toContain("jane.doe@example.com");
    const parts = leaves(mail);
    const text = decode(parts.find((p) => headerValue(p, "content-type").startsWith("text/plain"))!);
    // One link to the invoice; the last paragraph is the customer's own page (every customer e-mail ends so).
    expect(text).toMatch(
      /\r?\n\r?\nAll your requests, quotes and invoices:\r?\nhttps:\/\/gemstate\.example\/account\?t=\S+\s*$/,
    );
    const links = (text.match(/https:\/\/gemstate\.example\/\S+/g) ?? []).filter((l) => !l.includes("/account?"));
    expect(new Set(links).size).toBe(1);
    expect(links[0]).toMatch(/^https:\/\/gemstate\.example\/invoice\?t=/);
    expect(text).toContain(formatCents(balance.balanceCents));
    const pdf = parts.find((p) => headerValue(p, "content-type").startsWith("application/pdf"))!;
    const pdfWords = pdfText(decodeBytes(pdf)).replace(/\s+/g, " ");
    for (const expected of [
      sent.sent.number,
      ...quoteContent.options[1]!.lines.map((l) => l.text),
      "Neighbor referral",
      formatCents(1_550),
      formatCents(sent.sent.totalCents),
      formatCents(depositCents),
      formatCents(balance.balanceCents),
      quoteContent.address!,
    ])
      expect(pdfWords).toContain(expected);

    const texts = fake.requests.filter((r) => r.form.Body?.includes(sent.sent.number));
    expect(texts).toHaveLength(1);
    const body = texts[0]!.form.Body ?? "";
    expect(body).toContain(sent.sent.number);
    expect(body).toContain(formatCents(balance.balanceCents));
    expect(body).toContain(links[0]);
  });

  it("calls off the e-mail of a version the owner changed before it went, and of a void invoice", async () => {
    const run = startWorker();
    const leadId = await acceptedLead(0);
    await complete(leadId);
    const invoice = (await currentInvoice(database.db, leadId))!;
    await sendInvoice(database, invoice.id, NOW);
    await saveInvoice(database, invoice.id, { ...invoice.content, note: "Thanks!" }, NOW);
    await run.drain();
    expect(invoiceMails()).toHaveLength(0);
    await sendInvoice(database, invoice.id, NOW);
    await voidInvoice(database, invoice.id, NOW);
    await run.drain();
    expect(invoiceMails()).toHaveLength(0);
  });
});
