/**
 * The customer's channel honoured (issue 40): who gets which text. A customer who chose "Text message" and agreed
 * to texts gets the quote and each change of their arrival window by text as well as by e-mail; one who chose
 * texts without the consent, or chose e-mail, gets none. Through the outbox worker with the wired senders of the
 * quotes, bookings and texts features and the fake Twilio API, on SQLite and PostgreSQL; the e-mails go to files.
 */
import { beforeEach, describe, expect, it } from "vitest";
import type { FakeTwilio } from "../../tests/support/fake-twilio.ts";
import { backends, sampleLead, sampleLeadRow } from "../../tests/support/storage.ts";
import { useTextsOutbox } from "../../tests/support/texts-outbox.ts";
import { business } from "../content/business.ts";
import { formatCents, wholePrice, type QuoteContent } from "../forms/quote.ts";
import { withChannelTexts } from "./channel-texts.server.ts";
import { BOOKING_SENDERS } from "./features/bookings/jobs.server.ts";
import { cancelBooking, decide, requestWindow } from "./features/bookings/bookings.server.ts";
import { recordLead } from "./features/leads/store.server.ts";
import { QUOTE_SENDERS } from "./features/quotes/jobs.server.ts";
import { optionPriceTexts } from "./features/quotes/quote-price.server.ts";
import { saveDraft, sendDraft } from "./features/quotes/quotes.server.ts";
import { choseTexts, mirrorId, quoteText } from "./features/texts/channel.server.ts";
import { TEXT_SENDERS } from "./features/texts/jobs.server.ts";
import { receiveText, threadOf } from "./features/texts/texts.server.ts";
import { windowsOn } from "./kit/arrival-windows.server.ts";
import { localTime } from "./kit/business-time.server.ts";
import { readAccountToken } from "./kit/signed-links.server.ts";
import type { Database } from "./kit/db/database.server.ts";
import { createSenders } from "./notify/jobs.server.ts";

const SITE_URL = "https://www.example.com";
const content = (): QuoteContent => ({
  service: "House washing",
  city: "Meridian",
  options: [{ label: "Good", lines: [{ text: "House washing", cents: 40_000 }], totalCents: 40_000 }],
  note: "",
  validUntil: "2030-07-31",
  deposit: { kind: "percent", percent: 25 },
  terms: "The price holds for the work listed.",
});

describe("who chose texts", () => {
  it("is a customer who chose Text message and agreed to texts, at a number the site reads", () => {
    expect(choseTexts(sampleLeadRow())).toBe(true);
    const byEmail = sampleLeadRow();
    byEmail.fields = { ...byEmail.fields, contactMethod: "email" };
    expect(choseTexts(byEmail)).toBe(false);
    const noChoice = sampleLeadRow();
    const { contactMethod: _dropped, ...withoutChoice } = noChoice.fields;
    noChoice.fields = withoutChoice;
    expect(choseTexts(noChoice)).toBe(false);
    expect(choseTexts(sampleLeadRow({ consent: null }))).toBe(false);
    const unticked = sampleLeadRow();
    unticked.fields = { ...unticked.fields, agreed: false };
    expect(choseTexts(unticked)).toBe(false);
  });

  it("names each e-mail job's text once, the same for every attempt", () => {
    expect(mirrorId("job-1")).toBe(mirrorId("job-1"));
    expect(mirrorId("job-1")).not.toBe(mirrorId("job-2"));
    expect(mirrorId("job-1")).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe.each(backends)("the quote and the window by text on %s", (dialect) => {
  let database: Database;
  let fake: FakeTwilio;
  let clock: Date;
  let serial = 0;
  const outbox = useTextsOutbox(dialect, {
    now: () => clock,
    senders: (context) =>
      withChannelTexts(createSenders(context, QUOTE_SENDERS, BOOKING_SENDERS, TEXT_SENDERS), context),
    env: { MAIL_TRANSPORT: "files", SITE_URL, LINK_SECRET: "k".repeat(32) },
  });
  beforeEach(() => {
    ({ database, fake } = outbox());
  });

  const at = async (when: Date) => {
    clock = when;
    await outbox().worker.drain();
  };

  async function customer(phone: string, change: (lead: ReturnType<typeof sampleLead>) => void = () => {}) {
    const lead = sampleLead({ idempotencyKey: `key:channel-${serial++}` });
    lead.contact = { ...lead.contact, phone };
    lead.fields = { ...lead.fields, phone };
    change(lead);
    return (await recordLead(database, lead, { webhook: false, now: clock })).id;
  }

  async function sendQuote(leadId: string) {
    const saved = await saveDraft(database, leadId, content(), clock);
    if (!("saved" in saved)) throw new Error(saved.refused);
    const sent = await sendDraft(database, saved.saved.id, clock, { depositsOnline: true });
    if (!("sent" in sent)) throw new Error(sent.refused);
  }

  const bodies = (phone: string) => fake.deliveredTo(phone).map((r) => r.form.Body ?? "");

  it("texts the quote's whole price and link only to the customer who chose texts and agreed", async () => {
    clock = localTime(2030, 6, 3, 12, 0);
    const texter = "+12085550131";
    const noConsent = "+12085550132";
    const emailer = "+12085550133";
    const texterLead = await customer(texter);
    const noConsentLead = await customer(noConsent, (lead) => {
      lead.consent = null;
      lead.fields = { ...lead.fields, agreed: false };
    });
    const emailerLead = await customer(emailer, (lead) => {
      lead.fields = { ...lead.fields, contactMethod: "email" };
    });
    for (const leadId of [texterLead, noConsentLead, emailerLead]) await sendQuote(leadId);
    await at(clock);

    const [quote] = bodies(texter);
    expect(bodies(texter)).toHaveLength(1);
    expect(quote).toMatch(
      new RegExp(
        `^${business.name}: your quote is ready\\. .+ See it and accept it here: https://www\\.example\\.com/quote\\?t=\\S+$`,
      ),
    );
    // Each option's total, deposit and balance, as the quote's e-mail words them (one function for both).
    const prices = optionPriceTexts(content(), true).map(
      (option) => `${option.label}: ${option.total}. ${option.due}.`,
    );
    expect(quote).toBe(quoteText(/https:\S+$/.exec(quote!)![0], prices));
    const { depositCents, balanceCents } = wholePrice(content().deposit, content().options[0]!);
    expect(depositCents).toBeGreaterThan(0);
    expect(quote).toContain(formatCents(depositCents));
    expect(quote).toContain(formatCents(balanceCents));
    expect(bodies(noConsent)).toEqual([]);
    expect(bodies(emailer)).toEqual([]);
    // Each customer got the e-mail as well; the texter's text shows in the request's thread for the owner.
    const mails = await database.db
      .selectFrom("outbox_jobs")
      .select(["lead_id", "status"])
      .where("kind", "=", "quote")
      .execute();
    expect(mails.map((m) => m.status)).toEqual(["sent", "sent", "sent"]);
    expect((await threadOf(database, texterLead)).map((m) => `${m.kind} ${m.status}`)).toEqual(["quote sent"]);
    expect(await threadOf(database, emailerLead)).toEqual([]);
  });

  it("texts the window's confirmation and each change; none after STOP; a text held for the night is called off by a later change", async () => {
    clock = localTime(2030, 6, 3, 12, 0);
    const phone = "+12085550134";
    const emailer = "+12085550135";
    const leadId = await customer(phone);
    const emailerLead = await customer(emailer, (lead) => {
      lead.fields = { ...lead.fields, contactMethod: "email" };
    });
    const window = (day: string) => ({ ...windowsOn(day).find((w) => w.times.startsWith("08:00"))!, capacity: 10 });
    const asked = await requestWindow(database, leadId, window("2030-06-05"), clock);
    const other = await requestWindow(database, emailerLead, window("2030-06-05"), clock);
    if (!asked.ok || !other.ok) throw new Error("could not ask");
    // Asking is the customer's own act: the owner is told, the customer gets nothing yet.
    await at(clock);
    expect(bodies(phone)).toEqual([]);

    expect((await decide(database, asked.booking.id, { action: "confirm" }, "", clock)).ok).toBe(true);
    expect((await decide(database, other.booking.id, { action: "confirm" }, "", clock)).ok).toBe(true);
    await at(clock);
    expect(bodies(phone)).toHaveLength(1);
    expect(bodies(phone)[0]).toMatch(
      new RegExp(
        `^${business.name}: your arrival window is confirmed: Wednesday, June 5, 8–10 AM\\. To change or cancel it: https://www\\.example\\.com/book/manage\\?t=\\S+$`,
      ),
    );
    expect(bodies(emailer)).toEqual([]);

    // The owner proposes another window at 10 PM: its text waits for 8 AM; cancelled by the customer at 7 AM,
    // the proposal's text is called off and the cancellation's goes at 8.
    clock = localTime(2030, 6, 3, 22, 0);
    expect(
      (await decide(database, asked.booking.id, { action: "propose", window: window("2030-06-06") }, "", clock)).ok,
    ).toBe(true);
    await at(clock);
    expect(bodies(phone)).toHaveLength(1);
    clock = localTime(2030, 6, 4, 7, 0);
    expect((await cancelBooking(database, asked.booking.id, clock)).ok).toBe(true);
    await at(clock);
    await at(localTime(2030, 6, 4, 8, 0));
    expect(bodies(phone).slice(1)).toHaveLength(1);
    // No link of its own: it carries the customer's page, a link for a phone naming this request.
    const [cancelledText = ""] = bodies(phone).slice(1);
    const cancelled = new RegExp(
      `^${business.name}: as you asked, your arrival window Thursday, June 6, 8–10 AM is cancelled\\. Questions\\? Call ${business.phone.display.replace(/[()]/g, "\\$&")}\\. All your requests: https://www\\.example\\.com/account\\?t=(\\S+)$`,
    ).exec(cancelledText);
    expect(cancelled, cancelledText).not.toBeNull();
    expect(readAccountToken(decodeURIComponent(cancelled![1]!), "k".repeat(32), clock)).toEqual({
      channel: "phone",
      leadId,
    });
    expect((await threadOf(database, leadId)).map((m) => `${m.kind} ${m.status} ${m.reason ?? ""}`.trim())).toEqual([
      "window sent",
      "window cancelled window-changed",
      "window sent",
    ]);

    // After a stop, a change of the window is e-mailed only.
    const links = { secret: "k".repeat(32), siteUrl: SITE_URL };
    await receiveText(database, { sid: "SM0000000000000000000000000000c002", from: phone, body: "Stop" }, links, clock);
    const again = await requestWindow(database, leadId, window("2030-06-12"), clock);
    if (!again.ok) throw new Error(again.reason);
    expect((await decide(database, again.booking.id, { action: "confirm" }, "", clock)).ok).toBe(true);
    await at(localTime(2030, 6, 4, 8, 1));
    expect(bodies(phone).at(-1)).toMatch(/no more texts from us/);
    expect(bodies(phone).filter((body) => body.includes("confirmed"))).toHaveLength(1);
  });
});
