/**
 * The follow-ups of a sent quote through the real outbox worker on a fake clock: the customer's e-mail at once,
 * a reminder after 2 days and after 7, never a third; called off by an answer, a new version or the owner. Once
 * accepted, the customer's copy with its PDF, once.
 */
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import { ACCEPTED_BY, acceptedContent, expectTheAcceptedQuote } from "../../../../tests/support/accepted-quote.ts";
import { mailInbox } from "../../../../tests/support/mail-inbox.ts";
import { decode, decodeBytes, headerValue, leaves, type Part } from "../../../../tests/support/mime-reader.ts";
import { pdfText } from "../../../../tests/support/pdf-text.ts";
import { priceOfOption, type QuoteContent, wholePriceText } from "../../../forms/quote.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { parseEnv } from "../../kit/env.server.ts";
import { startOutboxWorker, type OutboxWorker } from "../../notify/outbox.server.ts";
import { outboxWiring } from "../../outbox-wiring.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { answerQuote, saveDraft, sendDraft, stopReminders } from "./quotes.server.ts";

const content = (validUntil = "2030-04-30"): QuoteContent => ({
  service: "House washing",
  city: "Boise",
  options: [{ label: "Good", lines: [{ text: "House washing", cents: 30_000 }], totalCents: 30_000 }],
  note: "",
  validUntil,
  deposit: { kind: "none" },
  terms: "The price holds for the work listed.",
});
const SENT = "2030-03-02T17:00:00.000Z";
const later = (days: number, hours = 1) => new Date(Date.parse(SENT) + days * 86_400_000 + hours * 3_600_000);

describe.each(backends)("quote follow-ups through the outbox on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let clock: Date;
  let worker: OutboxWorker | undefined;
  const inbox = mailInbox();
  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
    clock = new Date(SENT);
    const env = parseEnv({ NODE_ENV: "test", DATA_DIR: storage.env.DATA_DIR, SMTP_URL: inbox.url });
    const wiring = outboxWiring(database, env, pino({ level: "silent" }), () => clock);
    worker = startOutboxWorker({
      database,
      env,
      logger: pino({ level: "silent" }),
      pollMs: 3_600_000,
      now: () => clock,
      ...wiring,
      senders: { ...wiring.senders, email: async () => {} },
    });
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await storage.cleanup();
  });

  const at = async (when: Date) => {
    clock = when;
    await worker!.drain();
  };
  const subjects = () => inbox.received.map((m) => headerValue(m, "subject").replace(/ \(.*\)$/, ""));
  const send = async (c = content(), depositsOnline = false) => {
    const leadId = (await recordLead(database, sampleLead(), { webhook: false, now: clock })).id;
    const saved = await saveDraft(database, leadId, c, clock);
    if (!("saved" in saved)) throw new Error(saved.refused);
    await sendDraft(database, saved.saved.id, clock, { depositsOnline });
    return { leadId, quoteId: saved.saved.id };
  };

  it("reminds an unanswered quote after 2 days and after 7, and never a third time", async () => {
    await send();
    await at(later(0));
    expect(subjects()).toEqual(["Your quote from Gem State Exterior Cleaning"]);
    await at(later(1, 23));
    expect(subjects()).toHaveLength(1);
    await at(later(2));
    await at(later(7));
    await at(later(30));
    expect(subjects()).toEqual([
      "Your quote from Gem State Exterior Cleaning",
      "Reminder: your quote from Gem State Exterior Cleaning",
      "Reminder: your quote from Gem State Exterior Cleaning",
    ]);
  });

  it("an acceptance, a new version or the owner's stop calls off the reminders still to come", async () => {
    const accepted = await send();
    const replaced = await send();
    const stopped = await send();
    await at(later(0));
    await at(later(3));
    expect(subjects().filter((s) => s.startsWith("Reminder"))).toHaveLength(3);
    await answerQuote(
      database,
      accepted.quoteId,
      { answer: "accepted", option: 0, name: "Jane Doe" },
      { ipHash: "x", userAgent: "test", sms: false },
      clock,
    );
    const again = await saveDraft(database, replaced.leadId, content("2030-05-15"), clock);
    if ("saved" in again) await sendDraft(database, again.saved.id, clock);
    await stopReminders(database, stopped.quoteId, clock);
    inbox.clear();
    await at(later(8));
    // Left: the owner's e-mail about the acceptance, the customer's copy of it, the new version's e-mail and its first
    // reminder (2 days after it), all due by now: the outbox sends them in any order.
    expect(subjects().sort()).toEqual(
      [
        "Quote accepted: Good, $300",
        "Your accepted quote from Gem State Exterior Cleaning",
        "Your quote from Gem State Exterior Cleaning",
        "Reminder: your quote from Gem State Exterior Cleaning",
      ].sort(),
    );
  });

  it("a quote past its last day is not reminded", async () => {
    await send(content("2030-03-05"));
    await at(later(0));
    await at(later(2));
    await at(later(7));
    expect(subjects().filter((s) => s.startsWith("Reminder"))).toHaveLength(1);
  });

  const answer = (quoteId: string, name: string, when: Date) =>
    answerQuote(
      database,
      quoteId,
      { answer: "accepted", option: 1, name },
      { ipHash: "x", userAgent: "test", sms: false, depositsOnline: true },
      when,
    );
  const copies = () => inbox.received.filter((m) => headerValue(m, "subject").startsWith("Your accepted quote"));
  /** An e-mail's plain text, its whitespace runs as single spaces. */
  const textOf = (mail: Part) =>
    leaves(mail)
      .filter((p) => headerValue(p, "content-type").startsWith("text/plain"))
      .map(decode)
      .join("\n")
      .replace(/\s+/g, " ");

  it("an accepted quote's copy is e-mailed to the customer once, right after acceptance, with the PDF attached; a replay sends nothing more", async () => {
    const { leadId, quoteId } = await send(acceptedContent, true);
    await worker!.drain();
    expect(copies()).toEqual([]);
    // The quote's own e-mail gave each option's whole price: deposit, balance and when each is due.
    const quoteText = textOf(inbox.received.find((m) => headerValue(m, "subject").startsWith("Your quote from"))!);
    for (const option of acceptedContent.options)
      expect(quoteText).toContain(
        wholePriceText(priceOfOption(acceptedContent, option, true), acceptedContent.balanceDue!),
      );
    const accepted = later(1);
    await answer(quoteId, ACCEPTED_BY, accepted);
    expect(await answer(quoteId, "Someone Else", later(1, 2))).toEqual({ refused: "accepted" });
    await at(accepted);
    await at(later(9));
    expect(copies()).toHaveLength(1);
    const parts = leaves(copies()[0]!);
    expect(headerValue(copies()[0]!, "to")).toContain("jane.doe@example.com");
    expectTheAcceptedQuote(textOf(copies()[0]!), leadId, accepted);
    const pdfs = parts.filter((p) => headerValue(p, "content-type").startsWith("application/pdf"));
    expect(pdfs.map((p) => headerValue(p, "content-disposition"))).toEqual([
      expect.stringContaining(`quote-${referenceOf(leadId)}-accepted.pdf`),
    ]);
    const pdf = pdfText(decodeBytes(pdfs[0]!));
    expectTheAcceptedQuote(pdf, leadId, accepted);
    expect(pdf).not.toContain("Someone Else");
  });
});
