/**
 * Texts with customers: the rules (Twilio's signature, the keywords, the quiet hours across the changes of the
 * clocks, consent), then the store, the outbox worker and the sender against the fake Twilio API on a fake clock,
 * on SQLite and PostgreSQL: the day-before text answered C and R, STOP winning over everything queued or asked
 * after it, a text due at night going at 8 AM, each MessageSid taken once.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { fakeTextSettings, type FakeTwilio } from "../../../../tests/support/fake-twilio.ts";
import { backends, sampleLead, sampleLeadRow } from "../../../../tests/support/storage.ts";
import { useTextsOutbox } from "../../../../tests/support/texts-outbox.ts";
import { business } from "../../../content/business.ts";
import { windowsOn } from "../../kit/arrival-windows.server.ts";
import { localParts, localTime } from "../../kit/business-time.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { createSenders } from "../../notify/jobs.server.ts";
import { decide, requestWindow } from "../bookings/bookings.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { TEXT_SENDERS } from "./jobs.server.ts";
import {
  isQuietHour,
  keywordOf,
  sendableAt,
  signatureMatches,
  textableNumber,
  twilioSignature,
} from "./rules.server.ts";
import {
  queueDayBeforeTexts,
  queueOwnerText,
  receiveText,
  stopConfirmedText,
  textConfirmations,
  threadOf,
} from "./texts.server.ts";

describe("Twilio's request signature", () => {
  // Twilio's own published example (docs "Webhooks security"): token 12345, this URL and these parameters.
  const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
  const params = () =>
    new URLSearchParams({
      CallSid: "CA1234567890ABCDE",
      Caller: "+14158675310",
      Digits: "1234",
      From: "+14158675310",
      To: "+18005551212",
    });

  it("is Twilio's HMAC-SHA1 of the URL and the sorted parameters, whatever their order in the body", () => {
    expect(twilioSignature("12345", url, params())).toBe("GvWf1cFY/Q7PnoempGyD5oXAezc=");
    const shuffled = new URLSearchParams([...params()].reverse());
    expect(signatureMatches("GvWf1cFY/Q7PnoempGyD5oXAezc=", "12345", url, shuffled)).toBe(true);
  });

  it("refuses a missing signature, another token, another URL, a changed or added parameter", () => {
    const good = "GvWf1cFY/Q7PnoempGyD5oXAezc=";
    expect(signatureMatches(undefined, "12345", url, params())).toBe(false);
    expect(signatureMatches("", "12345", url, params())).toBe(false);
    expect(signatureMatches(good, "12346", url, params())).toBe(false);
    expect(signatureMatches(good, "12345", "https://mycompany.com/myapp.php?foo=1&bar=3", params())).toBe(false);
    const changed = params();
    changed.set("Digits", "1235");
    expect(signatureMatches(good, "12345", url, changed)).toBe(false);
    const added = params();
    added.set("Body", "STOP");
    expect(signatureMatches(good, "12345", url, added)).toBe(false);
    // Same length, one character off.
    expect(signatureMatches(`${good.slice(0, -2)}A=`, "12345", url, params())).toBe(false);
  });
});

describe("keywords", () => {
  it("takes Twilio's standard opt-out, opt-in and help keywords in any case, trimmed", () => {
    for (const word of ["STOP", "stop", " Stop ", "STOPALL", "unsubscribe", "Cancel", "END", "quit", "stop."])
      expect(keywordOf(word), word).toBe("stop");
    for (const word of ["START", "unstop", " Start"]) expect(keywordOf(word), word).toBe("start");
    expect(keywordOf(" help ")).toBe("help");
    expect(keywordOf("c")).toBe("confirm");
    expect(keywordOf(" R ")).toBe("reschedule");
  });

  it("reads a sentence as a message, not a keyword (the whole table: stop-words.server.test.ts)", () => {
    for (const words of ["please stop by at 3", "can you help", "CR", ""]) expect(keywordOf(words), words).toBeNull();
  });
});

describe("quiet hours in Boise", () => {
  it("are 9 PM to 8 AM local time", () => {
    expect(isQuietHour(localTime(2026, 7, 1, 20, 59))).toBe(false);
    expect(isQuietHour(localTime(2026, 7, 1, 21, 0))).toBe(true);
    expect(isQuietHour(localTime(2026, 7, 2, 7, 59))).toBe(true);
    expect(isQuietHour(localTime(2026, 7, 2, 8, 0))).toBe(false);
  });

  it("move a text due at night to the next 8 AM, across the changes of the clocks", () => {
    // 10 PM MST on the night the clocks go forward (March 8, 2026): 8 AM MDT is 14:00 UTC.
    expect(sendableAt(new Date("2026-03-08T05:00:00Z")).toISOString()).toBe("2026-03-08T14:00:00.000Z");
    // 10 PM MDT on the night they go back (November 1, 2026): 8 AM MST is 15:00 UTC.
    expect(sendableAt(new Date("2026-11-01T04:00:00Z")).toISOString()).toBe("2026-11-01T15:00:00.000Z");
    // After midnight, the same morning's 8 AM.
    expect(sendableAt(new Date("2026-11-01T09:30:00Z")).toISOString()).toBe("2026-11-01T15:00:00.000Z");
    // By day, at once.
    const noon = localTime(2026, 11, 2, 12, 0);
    expect(sendableAt(noon)).toEqual(noon);
    for (const at of [new Date("2026-03-08T05:00:00Z"), new Date("2026-11-01T04:00:00Z")]) {
      const { hour, minute } = localParts(sendableAt(at));
      expect([hour, minute]).toEqual([8, 0]);
    }
  });
});

describe("consent", () => {
  it("is the request's stored consent proof with a number the site could read", () => {
    expect(textableNumber(sampleLeadRow())).toBe("+12085550199");
    expect(textableNumber(sampleLeadRow({ consent: null }))).toBeNull();
    const noPhone = sampleLeadRow();
    noPhone.contact = { ...noPhone.contact, phone: null };
    expect(textableNumber(noPhone)).toBeNull();
    const unticked = sampleLeadRow();
    unticked.fields = { ...unticked.fields, agreed: false };
    expect(textableNumber(unticked)).toBeNull();
  });
});

describe.each(backends)("customer texts through the outbox on %s", (dialect) => {
  let database: Database;
  let fake: FakeTwilio;
  let clock: Date;
  let serial = 0;
  // Only the texts are under test: the worker has their senders alone.
  const outbox = useTextsOutbox(dialect, {
    now: () => clock,
    senders: (context) => createSenders(context, TEXT_SENDERS),
  });
  beforeEach(() => {
    ({ database, fake } = outbox());
  });

  const at = async (when: Date) => {
    clock = when;
    await outbox().worker.drain();
  };
  const links = { secret: "a-link-secret-of-at-least-32-characters!!", siteUrl: "https://www.example.com" };
  const inbound = (from: string, body: string, sid = `SM${(serial++).toString(16).padStart(32, "0")}`) =>
    receiveText(database, { sid, from, body }, links, clock);

  async function customer(phone: string, overrides: Parameters<typeof sampleLead>[0] = {}) {
    const lead = sampleLead({ idempotencyKey: `key:texts-${serial++}`, ...overrides });
    lead.contact = { ...lead.contact, phone };
    lead.fields = { ...lead.fields, phone };
    return (await recordLead(database, lead, { webhook: false, now: clock })).id;
  }

  /** A confirmed 8–10 AM window on `day` for the request, decided at the clock's time. */
  async function confirmedWindow(leadId: string, day: string) {
    const window = { ...windowsOn(day).find((w) => w.times.startsWith("08:00"))!, capacity: 10 };
    const asked = await requestWindow(database, leadId, window, clock);
    if (!asked.ok) throw new Error(asked.reason);
    const done = await decide(database, asked.booking.id, { action: "confirm" }, "", clock);
    if (!done.ok) throw new Error(done.reason);
    return done.booking;
  }

  it("texts the day before a confirmed window at 10 AM; C confirms it in the inbox, R answers with the reschedule link", async () => {
    clock = localTime(2030, 6, 3, 9, 0); // Monday 9 AM; the window is Wednesday.
    const dana = "+12085550111";
    const lee = "+12085550112";
    const danaLead = await customer(dana);
    const leeLead = await customer(lee);
    const danaBooking = await confirmedWindow(danaLead, "2030-06-05");
    await confirmedWindow(leeLead, "2030-06-05");

    await at(localTime(2030, 6, 4, 9, 0));
    expect(await queueDayBeforeTexts(database, clock)).toBe(2);
    expect(await queueDayBeforeTexts(database, clock)).toBe(0); // once per booking and sequence
    await at(localTime(2030, 6, 4, 9, 59));
    expect(fake.delivered()).toHaveLength(0);
    await at(localTime(2030, 6, 4, 10, 0));
    const [text] = fake.deliveredTo(dana);
    expect(text?.form.Body).toBe(
      `${business.name}: we arrive Wednesday, June 5, 8–10 AM. Reply C to confirm, R to reschedule.`,
    );
    expect(text?.form.From).toBe(fakeTextSettings("").TWILIO_FROM);
    expect(fake.deliveredTo(lee)).toHaveLength(1);

    await at(localTime(2030, 6, 4, 10, 5));
    expect(await inbound(dana, " c ")).toBe("confirm");
    expect([...(await textConfirmations(database, [danaLead, leeLead])).keys()]).toEqual([danaLead]);
    expect(await inbound(lee, "R")).toBe("reschedule");
    await at(localTime(2030, 6, 4, 10, 6));
    expect(fake.deliveredTo(dana).at(-1)?.form.Body).toBe(
      `${business.name}: thank you, see you Wednesday, June 5, 8–10 AM.`,
    );
    expect(fake.deliveredTo(lee).at(-1)?.form.Body).toMatch(
      new RegExp(
        `^${business.name}: choose another window or cancel here: https://www\\.example\\.com/book/manage\\?t=\\S+$`,
      ),
    );
    // Anything else lands in the thread.
    expect(await inbound(dana, "Is the side gate ok?")).toBe("message");
    const thread = await threadOf(database, danaLead);
    expect(thread.map((m) => `${m.direction} ${m.kind} ${m.status}`)).toEqual([
      "out reminder sent",
      "in confirm received",
      "out confirmed sent",
      "in message received",
    ]);
    expect(thread.at(-1)?.body).toBe("Is the side gate ok?");
    // The owner is told who wrote and where to read it, never the words.
    await at(localTime(2030, 6, 4, 10, 7));
    const owner = fakeTextSettings("").OWNER_PHONE;
    expect(fake.deliveredTo(owner).map((r) => r.form.Body)).toEqual([
      `New text from Jane: https://www.gemstateexteriorcleaning.com/admin/requests/${danaLead}`,
    ]);
    // A window moved after the confirmation is no longer confirmed by it.
    const moved = await decide(
      database,
      danaBooking.id,
      { action: "propose", window: { ...windowsOn("2030-06-06")[0]!, capacity: 10 } },
      "",
      clock,
    );
    expect(moved.ok).toBe(true);
    expect((await textConfirmations(database, [danaLead])).size).toBe(0);
  });

  it("after STOP nothing more goes to that number: a text queued before, an owner's text, a day-before text; START lets them go again", async () => {
    clock = localTime(2030, 6, 3, 12, 0);
    const phone = "+12085550113";
    const leadId = await customer(phone);
    await confirmedWindow(leadId, "2030-06-05");
    const queued = await queueOwnerText(database, leadId, { kind: "reply", body: "queued before STOP" }, clock);
    expect(queued.ok).toBe(true);
    expect(await inbound(phone, "Stop")).toBe("stop");
    await at(localTime(2030, 6, 3, 12, 1));
    // Only the confirmation of the stop went.
    expect(fake.deliveredTo(phone).map((r) => r.form.Body)).toEqual([stopConfirmedText()]);
    expect((await threadOf(database, leadId)).find((m) => m.body === "queued before STOP")).toMatchObject({
      status: "refused",
      reason: "stopped",
    });
    expect(await queueOwnerText(database, leadId, { kind: "on-our-way", body: "x" }, clock)).toEqual({
      ok: false,
      refused: "stopped",
    });
    // HELP is not answered after STOP either.
    expect(await inbound(phone, "HELP")).toBe("help");
    await at(localTime(2030, 6, 4, 10, 0));
    expect(await queueDayBeforeTexts(database, clock)).toBe(0);
    await at(localTime(2030, 6, 4, 10, 1));
    expect(fake.deliveredTo(phone)).toHaveLength(1);
    const opt = await database.db.selectFrom("text_opt_outs").selectAll().where("phone", "=", phone).executeTakeFirst();
    expect(opt?.stopped_at).toBe(localTime(2030, 6, 3, 12, 0).toISOString());

    expect(await inbound(phone, "start")).toBe("start");
    const again = await queueOwnerText(database, leadId, { kind: "reply", body: "after START" }, clock);
    expect(again.ok).toBe(true);
    await at(localTime(2030, 6, 4, 10, 2));
    expect(fake.deliveredTo(phone).map((r) => r.form.Body)).toEqual([stopConfirmedText(), "after START"]);
  });

  it("REVOKE, OPTOUT and a plain sentence stop as STOP does: a retry queued before is not sent, and each is confirmed once, at once, even at night", async () => {
    clock = localTime(2030, 6, 3, 12, 0);
    const revoke = "+12085550120";
    const sentence = "+12085550121";
    const optout = "+12085550122";
    const revokeLead = await customer(revoke);
    const sentenceLead = await customer(sentence);
    await customer(optout);
    // A text whose first attempt failed at the provider: it waits for its retry.
    fake.failNext(1, 500);
    await queueOwnerText(database, revokeLead, { kind: "reply", body: "first try failed" }, clock);
    await at(clock);
    expect(fake.deliveredTo(revoke)).toHaveLength(0);
    const retry = await database.db
      .selectFrom("outbox_jobs")
      .select(["status", "attempts"])
      .where("lead_id", "=", revokeLead)
      .where("kind", "=", "customer-text")
      .executeTakeFirstOrThrow();
    expect(retry).toEqual({ status: "pending", attempts: 1 });
    await queueOwnerText(database, sentenceLead, { kind: "on-our-way", body: "on our way" }, clock);

    // 11 PM: the customers answer.
    clock = localTime(2030, 6, 3, 23, 0);
    expect(await inbound(revoke, "REVOKE", "SM000000000000000000000000000000r1")).toBe("stop");
    // The provider delivers the same webhook again, and the customer says it twice.
    expect(await inbound(revoke, "REVOKE", "SM000000000000000000000000000000r1")).toBe("duplicate");
    await at(clock);
    clock = localTime(2030, 6, 3, 23, 1);
    expect(await inbound(revoke, "revoke.")).toBe("stop");
    clock = localTime(2030, 6, 3, 23, 0);
    expect(await inbound(sentence, "Please stop texting me")).toBe("stop");
    expect(await inbound(optout, "OPTOUT")).toBe("stop");
    await at(clock);
    await at(localTime(2030, 6, 4, 12, 0)); // the retry is long due
    for (const phone of [revoke, sentence, optout])
      expect(fake.deliveredTo(phone).map((r) => r.form.Body)).toEqual([stopConfirmedText()]);
    // Sent at once, at night: the FCC's rule wants the confirmation within five minutes.
    const confirmations = await database.db
      .selectFrom("text_messages")
      .select(["phone", "sent_at"])
      .where("kind", "=", "stop-confirmed")
      .orderBy("phone")
      .execute();
    expect(confirmations.map((c) => c.sent_at)).toEqual(Array(3).fill(localTime(2030, 6, 3, 23, 0).toISOString()));
    expect((await threadOf(database, revokeLead)).map((m) => `${m.direction} ${m.kind} ${m.status}`)).toEqual([
      "out reply refused",
      "in stop received",
      "out stop-confirmed sent",
      "in stop received",
    ]);
    expect((await threadOf(database, sentenceLead)).find((m) => m.kind === "on-our-way")?.status).toBe("refused");
    // The owner's phone is told each customer wrote, never what.
    expect(fake.deliveredTo(fakeTextSettings("").OWNER_PHONE)).toHaveLength(3);
  });

  it("when Twilio confirmed its own keyword and blocks the number (21610), ours is called off, not retried", async () => {
    clock = localTime(2030, 6, 3, 12, 0);
    const phone = "+12085550124";
    const leadId = await customer(phone);
    expect(await inbound(phone, "STOP")).toBe("stop");
    // Both texts of the stop (ours to the customer, the owner's alert) are refused once.
    fake.failNext(2, 400);
    await at(clock);
    await at(localTime(2030, 6, 3, 12, 30));
    expect(fake.deliveredTo(phone)).toHaveLength(0);
    expect(fake.requests.filter((r) => r.form.To === phone)).toHaveLength(1);
    expect((await threadOf(database, leadId)).at(-1)).toMatchObject({
      kind: "stop-confirmed",
      status: "cancelled",
      reason: "provider-confirmed",
    });
  });

  it("START, UNSTOP or YES from a number that never stopped is an answer the owner reads", async () => {
    clock = localTime(2030, 6, 3, 12, 0);
    const phone = "+12085550123";
    const leadId = await customer(phone);
    expect(await inbound(phone, "Yes")).toBe("message");
    expect((await threadOf(database, leadId)).map((m) => m.kind)).toEqual(["message"]);
  });

  it("a text due at 10 PM goes at 8 AM; one whose send falls in the quiet hours waits too, its attempts unchanged", async () => {
    const phone = "+12085550114";
    clock = localTime(2030, 6, 3, 22, 0);
    const leadId = await customer(phone);
    const queued = await queueOwnerText(database, leadId, { kind: "reply", body: "at night" }, clock);
    expect(queued.ok && queued.message.dueAt.toISOString()).toBe(localTime(2030, 6, 4, 8, 0).toISOString());
    // The owner's answer is their first contact: the request is contacted when it is written, however late it goes.
    expect(
      await database.db
        .selectFrom("leads")
        .select(["stage", "first_contact_at"])
        .where("id", "=", leadId)
        .executeTakeFirst(),
    ).toEqual({ stage: "contacted", first_contact_at: localTime(2030, 6, 3, 22, 0).toISOString() });
    await at(localTime(2030, 6, 4, 7, 59));
    expect(fake.deliveredTo(phone)).toHaveLength(0);
    await at(localTime(2030, 6, 4, 8, 0));
    expect(fake.deliveredTo(phone).map((r) => r.form.Body)).toEqual(["at night"]);

    // Queued by day, first tried after 9 PM (the worker was stopped): it waits until 8 AM.
    clock = localTime(2030, 6, 4, 20, 59);
    await queueOwnerText(database, leadId, { kind: "reply", body: "late" }, clock);
    await at(localTime(2030, 6, 4, 21, 0));
    expect(fake.deliveredTo(phone)).toHaveLength(1);
    const job = await database.db
      .selectFrom("outbox_jobs")
      .selectAll()
      .where("kind", "=", "customer-text")
      .where("status", "=", "pending")
      .executeTakeFirstOrThrow();
    expect(job.attempts).toBe(0);
    expect(job.next_attempt_at).toBe(localTime(2030, 6, 5, 8, 0).toISOString());
    await at(localTime(2030, 6, 5, 8, 0));
    expect(fake.deliveredTo(phone).map((r) => r.form.Body)).toEqual(["at night", "late"]);
  });

  it("a window confirmed at 10 PM the day before gets its day-before text at 8 AM, unless the window starts then", async () => {
    const early = "+12085550118";
    const later = "+12085550119";
    clock = localTime(2030, 6, 3, 12, 0);
    const earlyLead = await customer(early);
    const laterLead = await customer(later);
    const window = (times: string) => ({
      ...windowsOn("2030-06-05").find((w) => w.times.startsWith(times))!,
      capacity: 10,
    });
    for (const [leadId, times] of [
      [earlyLead, "08:00"],
      [laterLead, "10:00"],
    ] as const) {
      const asked = await requestWindow(database, leadId, window(times), clock);
      if (!asked.ok) throw new Error(asked.reason);
      clock = localTime(2030, 6, 4, 22, 0);
      expect((await decide(database, asked.booking.id, { action: "confirm" }, "", clock)).ok).toBe(true);
      clock = localTime(2030, 6, 3, 12, 0);
    }
    await at(localTime(2030, 6, 4, 22, 0));
    expect(await queueDayBeforeTexts(database, clock)).toBe(1);
    expect((await threadOf(database, laterLead))[0]?.dueAt.toISOString()).toBe(
      localTime(2030, 6, 5, 8, 0).toISOString(),
    );
    expect(await threadOf(database, earlyLead)).toEqual([]);
    await at(localTime(2030, 6, 5, 7, 59));
    expect(fake.delivered()).toHaveLength(0);
    await at(localTime(2030, 6, 5, 8, 0));
    expect(fake.deliveredTo(later)).toHaveLength(1);
    expect(fake.deliveredTo(early)).toHaveLength(0);
  });

  it("texts no request without consent, and answers HELP with the business's name and phone", async () => {
    clock = localTime(2030, 6, 3, 12, 0);
    const without = await customer("+12085550115", { consent: null });
    await confirmedWindow(without, "2030-06-04");
    expect(await queueOwnerText(database, without, { kind: "reply", body: "x" }, clock)).toEqual({
      ok: false,
      refused: "no-consent",
    });
    expect(await queueDayBeforeTexts(database, clock)).toBe(0);

    const phone = "+12085550116";
    await customer(phone);
    expect(await inbound(phone, "help")).toBe("help");
    await at(localTime(2030, 6, 3, 12, 1));
    expect(fake.deliveredTo(phone)[0]?.form.Body).toBe(
      `${business.name}: texts about your request. Questions? Call ${business.phone.display}. Reply STOP to opt out.`,
    );
    expect(fake.deliveredTo("+12085550115")).toHaveLength(0);
  });

  it("takes each MessageSid once, and keeps no text from a number no request gave but STOP", async () => {
    clock = localTime(2030, 6, 3, 12, 0);
    const phone = "+12085550117";
    const leadId = await customer(phone);
    expect(await inbound(phone, "hello", "SM00000000000000000000000000000abc")).toBe("message");
    expect(await inbound(phone, "hello", "SM00000000000000000000000000000abc")).toBe("duplicate");
    expect(await threadOf(database, leadId)).toHaveLength(1);
    expect(await inbound("+12085550999", "who is this")).toBe("no-request");
    expect(await inbound("+12085550999", "STOP")).toBe("stop");
    const rows = await database.db
      .selectFrom("text_messages")
      .select(["phone", "kind"])
      .where("phone", "=", "+12085550999")
      .execute();
    expect(rows).toEqual([{ phone: "+12085550999", kind: "stop" }]);
  });
});
