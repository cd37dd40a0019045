import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import type { QuoteContent } from "../../../forms/quote.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { parseEnv } from "../../kit/env.server.ts";
import { quoteFigures } from "../admin/report.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { createReminderMailSender } from "./quote-mail.server.ts";
import {
  answerQuote,
  contentHash,
  getQuote,
  quotesOfLead,
  saveDraft,
  sendDraft,
  stopReminders,
} from "./quotes.server.ts";

const now = new Date("2030-03-02T17:00:00Z");
const DAY = 86_400_000;
const content = (total = 45_000, validUntil = "2030-03-31"): QuoteContent => ({
  service: "House washing",
  city: "Meridian",
  options: [
    { label: "Good", lines: [{ text: "House washing, 2,000 sq ft", cents: total }], totalCents: total },
    {
      label: "Better",
      lines: [
        { text: "House washing, 2,000 sq ft", cents: total },
        { text: "Gutter brightening", cents: 9_000 },
      ],
      totalCents: total + 9_000,
    },
  ],
  note: "Includes the back patio.",
  validUntil,
  deposit: { kind: "none" },
  terms: "The price holds for the work listed.",
});
const proof = { ipHash: "a".repeat(64), userAgent: "Mozilla/5.0 (test)", sms: true };

describe.each(backends)("quotes on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let leadId: string;

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
    leadId = (await recordLead(database, sampleLead(), { webhook: false, now })).id;
  });
  afterEach(() => storage.cleanup());

  const jobs = (kind: string) =>
    database.db
      .selectFrom("outbox_jobs")
      .select(["ref", "status", "next_attempt_at"])
      .where("kind", "=", kind)
      .orderBy("next_attempt_at")
      .execute();
  const sent = async (c = content()) => {
    const saved = await saveDraft(database, leadId, c, now);
    if (!("saved" in saved)) throw new Error(saved.refused);
    const result = await sendDraft(database, saved.saved.id, now);
    if (!("sent" in result)) throw new Error(result.refused);
    return result.sent;
  };

  it("keeps one draft while it is edited, and makes a new version once the last was sent", async () => {
    const first = await saveDraft(database, leadId, content(40_000), now);
    const again = await saveDraft(database, leadId, content(45_000), now);
    expect("saved" in first && "saved" in again && first.saved.id === again.saved.id).toBe(true);
    expect((await quotesOfLead(database, leadId)).map((q) => [q.version, q.status])).toEqual([[1, "draft"]]);
    const v1 = await sendDraft(database, "saved" in again ? again.saved.id : "", now);
    expect("sent" in v1 && v1.sent.contentHash).toBe(contentHash(content(45_000)));
    await saveDraft(database, leadId, content(50_000), now);
    expect((await quotesOfLead(database, leadId)).map((q) => [q.version, q.status])).toEqual([
      [1, "sent"],
      [2, "draft"],
    ]);
  });

  it("sending queues the customer's e-mail and two reminders, after 2 and 7 days", async () => {
    const quote = await sent();
    expect(await jobs("quote")).toEqual([{ ref: quote.id, status: "pending", next_attempt_at: now.toISOString() }]);
    expect((await jobs("quote-reminder")).map((j) => [j.ref, j.status, j.next_attempt_at])).toEqual([
      [`${quote.id}:2d`, "pending", new Date(now.getTime() + 2 * DAY).toISOString()],
      [`${quote.id}:7d`, "pending", new Date(now.getTime() + 7 * DAY).toISOString()],
    ]);
  });

  it("a new version replaces the sent one and calls off its reminders", async () => {
    const v1 = await sent(content(45_000));
    const v2 = await sent(content(42_000));
    expect((await getQuote(database, v1.id))?.status).toBe("replaced");
    expect(v2.version).toBe(2);
    const reminders = await jobs("quote-reminder");
    expect(reminders.filter((j) => j.ref.startsWith(v1.id)).map((j) => j.status)).toEqual(["cancelled", "cancelled"]);
    expect(reminders.filter((j) => j.ref.startsWith(v2.id)).map((j) => j.status)).toEqual(["pending", "pending"]);
    expect(await answerQuote(database, v1.id, { answer: "accepted", option: 0, name: "Jane Doe" }, proof, now)).toEqual(
      {
        refused: "replaced",
      },
    );
  });

  it("the database refuses any change to what a sent version says", async () => {
    const quote = await sent();
    await expect(
      database.db
        .updateTable("quotes")
        .set({ content: JSON.stringify(content(1)) })
        .where("id", "=", quote.id)
        .execute(),
    ).rejects.toThrow(/never changes/);
    await expect(
      database.db.updateTable("quotes").set({ content_hash: "x" }).where("id", "=", quote.id).execute(),
    ).rejects.toThrow(/never changes/);
    expect((await getQuote(database, quote.id))?.content).toEqual(content());
  });

  it("records an acceptance once, as proof that never changes; a replay records nothing more", async () => {
    const quote = await sent();
    const accepted = await answerQuote(
      database,
      quote.id,
      { answer: "accepted", option: 1, name: "Jane Doe" },
      proof,
      new Date(now.getTime() + DAY),
    );
    expect("recorded" in accepted && accepted.recorded.answer).toEqual({
      answer: "accepted",
      option: 1,
      name: "Jane Doe",
      reason: null,
      contentHash: contentHash(content()),
      ipHash: proof.ipHash,
      userAgent: proof.userAgent,
      answeredAt: new Date(now.getTime() + DAY),
    });
    const replay = await answerQuote(
      database,
      quote.id,
      { answer: "accepted", option: 0, name: "Someone Else" },
      proof,
    );
    expect(replay).toEqual({ refused: "accepted" });
    const decline = await answerQuote(database, quote.id, { answer: "declined", reason: "" }, proof);
    expect(decline).toEqual({ refused: "accepted" });
    expect((await getQuote(database, quote.id))?.answer?.name).toBe("Jane Doe");
    expect(await database.db.selectFrom("quote_answers").select("quote_id").execute()).toHaveLength(1);
    await expect(
      database.db.updateTable("quote_answers").set({ name: "Someone Else" }).where("quote_id", "=", quote.id).execute(),
    ).rejects.toThrow(/never changes/);
    await expect(
      database.db.updateTable("quotes").set({ status: "declined" }).where("id", "=", quote.id).execute(),
    ).rejects.toThrow(/never changes/);
    expect((await jobs("quote-answer")).map((j) => j.ref)).toEqual([quote.id]);
    expect((await jobs("quote-answer-sms")).map((j) => j.ref)).toEqual([quote.id]);
    expect((await jobs("quote-reminder")).map((j) => j.status)).toEqual(["cancelled", "cancelled"]);
    expect(await saveDraft(database, leadId, content(1), now)).toHaveProperty("refused");
  });

  it("a decline keeps its reason, tells the owner by e-mail only when no text settings, and stops the reminders", async () => {
    const quote = await sent();
    const declined = await answerQuote(
      database,
      quote.id,
      { answer: "declined", reason: "Went with a neighbour" },
      { ...proof, sms: false },
      now,
    );
    expect("recorded" in declined && [declined.recorded.status, declined.recorded.answer?.reason]).toEqual([
      "declined",
      "Went with a neighbour",
    ]);
    expect(await jobs("quote-answer")).toHaveLength(1);
    expect(await jobs("quote-answer-sms")).toHaveLength(0);
    expect((await jobs("quote-reminder")).map((j) => j.status)).toEqual(["cancelled", "cancelled"]);
  });

  it("refuses an answer after the quote's last day (Boise date), and an option it does not have", async () => {
    const quote = await sent(content(45_000, "2030-03-05"));
    expect(
      await answerQuote(database, quote.id, { answer: "accepted", option: 2, name: "Jane Doe" }, proof, now),
    ).toEqual({ refused: "bad-option" });
    // 2030-03-06 05:30 UTC is still March 5 in Boise.
    const lastEvening = new Date("2030-03-06T05:30:00Z");
    const nextDay = new Date("2030-03-06T08:00:00Z");
    expect(
      await answerQuote(database, quote.id, { answer: "accepted", option: 0, name: "Jane Doe" }, proof, nextDay),
    ).toEqual({ refused: "expired" });
    expect(
      await answerQuote(database, quote.id, { answer: "accepted", option: 0, name: "Jane Doe" }, proof, lastEvening),
    ).toHaveProperty("recorded");
  });

  it("the owner's stop calls off the reminders, and the reminder's sender calls off one queued before", async () => {
    const quote = await sent();
    await stopReminders(database, quote.id, now);
    expect((await jobs("quote-reminder")).map((j) => j.status)).toEqual(["cancelled", "cancelled"]);
    const env = parseEnv({ MAIL_TRANSPORT: "files", DATA_DIR: storage.env.DATA_DIR, LINK_SECRET: "k".repeat(32) });
    const send = createReminderMailSender(database, env, () => new Date(now.getTime() + 2 * DAY));
    const lead = (await import("../../kit/leads.server.ts")).getLead;
    const row = (await lead(database, leadId))!;
    await expect(
      send({
        jobId: "j",
        job: { kind: "quote-reminder", ref: `${quote.id}:2d`, payload: { quoteId: quote.id } },
        lead: row,
        attachment: null,
      }),
    ).rejects.toMatchObject({ code: "CALLED_OFF" });
  });

  it("the report counts the requests first quoted in its period, their acceptance rate and the median time to quote", async () => {
    const quoteAt = async (lead: string, days: number) => {
      const saved = await saveDraft(database, lead, content(), new Date(now.getTime() + days * DAY));
      if (!("saved" in saved)) throw new Error(saved.refused);
      await sendDraft(database, saved.saved.id, new Date(now.getTime() + days * DAY));
      return saved.saved.id;
    };
    const other = async () => (await recordLead(database, sampleLead(), { webhook: false, now })).id;
    const first = await quoteAt(leadId, 1);
    const second = await quoteAt(await other(), 3);
    await saveDraft(database, await other(), content(), now); // a draft only: not quoted
    await answerQuote(database, first, { answer: "accepted", option: 0, name: "Jane Doe" }, proof, now);
    await answerQuote(database, second, { answer: "declined", reason: "" }, proof, now);
    const until = new Date(now.getTime() + 10 * DAY);
    expect(await quoteFigures(database, now, until)).toEqual({
      quoted: 2,
      accepted: 1,
      declined: 1,
      acceptanceRate: 0.5,
      medianToQuoteMs: 2 * DAY,
    });
    expect((await quoteFigures(database, new Date(now.getTime() + 2 * DAY), until)).quoted).toBe(1);
  });
});
