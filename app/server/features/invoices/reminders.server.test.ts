/**
 * An unpaid invoice's reminders through the real store, outbox worker and wired senders (e-mail to an SMTP sink,
 * the text as its thread row), on a fake clock: queued on the set days, replaced by a new sending, each with the
 * ledger's balance; none once paid, paused, void, and no text after STOP.
 */
import pino from "pino";
import { beforeEach, describe, expect, it } from "vitest";
import { decode, headerValue, leaves, type Part } from "../../../../tests/support/mime-reader.ts";
import { recordCheck, sendInvoice } from "../../../../tests/support/invoices.ts";
import { mailInbox } from "../../../../tests/support/mail-inbox.ts";
import { backends, sampleLead } from "../../../../tests/support/storage.ts";
import { useTextsOutbox } from "../../../../tests/support/texts-outbox.ts";
import { formatCents } from "../../../lib/money.ts";
import { localParts } from "../../kit/business-time.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { invoiceBalance } from "../../kit/invoice-ledger.server.ts";
import { linkSecret, readSignedToken } from "../../kit/signed-links.server.ts";
import { outboxWiring } from "../../outbox-wiring.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { REMINDER_TIME, reminderDays, setRemindersPaused } from "./reminders.server.ts";

const SITE_URL = "https://www.example.com";
const TOTAL = 72_500;

describe.each(backends)("an unpaid invoice's reminders on %s", (dialect) => {
  let clock = new Date(0);
  let serial = 0;
  const inbox = mailInbox();
  const outbox = useTextsOutbox(dialect, {
    now: () => clock,
    // The owner's new-request e-mail and text are not under test.
    senders: ({ database, env, now }) => ({
      ...outboxWiring(database, env, pino({ level: "silent" }), now).senders,
      email: async () => {},
      sms: async () => {},
    }),
    env: {
      get SMTP_URL() {
        return inbox.url;
      },
      SITE_URL,
    },
  });
  let database: Database;
  beforeEach(() => {
    database = outbox().database;
  });
  const at = async (iso: string) => {
    clock = new Date(iso);
    await outbox().worker.drain();
  };

  /** A request from a customer who chose texts (or e-mail), stored at the clock. */
  async function request(contactMethod: "text" | "email" = "text") {
    const lead = sampleLead({ idempotencyKey: `key:invoice-${serial++}` });
    lead.fields = { ...lead.fields, contactMethod };
    return (await recordLead(database, lead, { webhook: false, now: clock })).id;
  }

  /** Sends (again) the invoice `id` of `leadId` at the clock, as the invoice's sending does. */
  async function send(leadId: string, id = `inv-${serial++}`) {
    await sendInvoice(database, { id, leadId, totalCents: TOTAL, dueDate: "2030-03-06" }, clock);
    return id;
  }
  const pay = (invoiceId: string, cents: number) => recordCheck(database, invoiceId, cents, clock);

  const jobs = (invoiceId: string) =>
    database.db
      .selectFrom("outbox_jobs")
      .select(["ref", "status", "next_attempt_at", "last_error"])
      .where("kind", "=", "invoice-reminder")
      .where("ref", "like", `${invoiceId}:%`)
      .orderBy("next_attempt_at")
      .execute();
  /** The texts the provider accepted. */
  const texts = () =>
    outbox()
      .fake.delivered()
      .map((r) => r.form.Body ?? "");
  const reminders = () => inbox.received.filter((m) => headerValue(m, "message-id").startsWith("<invoice-reminder-"));
  const textOf = (m: Part) =>
    decode(leaves(m).find((p) => headerValue(p, "content-type").startsWith("text/plain"))!).replace(/=\r?\n/g, "");

  /** The local date and time a job is due, as the customer's clock shows it. */
  const localDue = (iso: string) => {
    const p = localParts(new Date(iso));
    return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")} ${p.hour}:${String(p.minute).padStart(2, "0")}`;
  };
  const dayAfter = (date: string, days: number) =>
    new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

  it("queues one reminder per set day, that day's morning in Boise (across the clock change); a new sending replaces them", async () => {
    clock = new Date("2030-03-02T17:00:00Z"); // 10 AM in Boise, a week before the clocks move
    const lead = await request();
    const id = await send(lead);
    const days = reminderDays();
    expect(days.length).toBeGreaterThan(0);
    const morning = `${REMINDER_TIME.hour}:${String(REMINDER_TIME.minute).padStart(2, "0")}`;
    expect((await jobs(id)).map((j) => [localDue(j.next_attempt_at), j.status])).toEqual(
      days.map((day) => [`${dayAfter("2030-03-02", day)} ${morning}`, "pending"]),
    );
    clock = new Date("2030-03-04T20:00:00Z");
    await send(lead, id);
    const after = await jobs(id);
    expect(after.filter((j) => j.status === "cancelled")).toHaveLength(days.length);
    expect(after.filter((j) => j.status === "pending").map((j) => localDue(j.next_attempt_at))).toEqual(
      days.map((day) => `${dayAfter("2030-03-04", day)} ${morning}`),
    );
  });

  it("each reminder says the ledger's balance, the due date and the invoice's link, by e-mail and text; none once paid", async () => {
    clock = new Date("2030-03-02T17:00:00Z");
    const lead = await request();
    const id = await send(lead);
    const due = (await jobs(id)).map((j) => j.next_attempt_at);
    await at(new Date(Date.parse(due[0]!) - 60_000).toISOString());
    expect(reminders()).toHaveLength(0);
    await at(due[0]!);
    expect(reminders()).toHaveLength(1);
    const first = textOf(reminders()[0]!);
    expect(first).toContain(formatCents(TOTAL));
    expect(first).toContain("is due Wednesday, March 6");
    const link = new URL(/https:\/\/www\.example\.com\/invoice\?t=\S+/.exec(first)![0]);
    expect(readSignedToken(link.searchParams.get("t")!, "invoice", await linkSecret(database, {}), clock)).toEqual({
      id,
    });
    expect(texts()).toEqual([expect.stringContaining(formatCents(TOTAL))]);
    expect(texts()[0]).toContain(link.href);

    // A partial payment by check: the next reminder says what is left, as the ledger gives it.
    await pay(id, 20_000);
    const left = (await invoiceBalance(database.db, id))!.balanceCents;
    await at(due[1]!);
    expect(reminders()).toHaveLength(2);
    expect(textOf(reminders()[1]!)).toContain(formatCents(left));
    expect(textOf(reminders()[1]!)).toContain("was due Wednesday, March 6");

    // Paid in full: nothing more goes, by e-mail or by text.
    await pay(id, left);
    for (const at_ of due.slice(2)) await at(at_);
    await at(new Date(Date.parse(due.at(-1)!) + 3 * 86_400_000).toISOString());
    expect(reminders()).toHaveLength(2);
    expect(texts()).toHaveLength(2);
    expect((await jobs(id)).slice(2).every((j) => j.status === "cancelled")).toBe(true);
  });

  it("sends nothing while the owner paused them, or for a void invoice; a resume lets the next one go", async () => {
    clock = new Date("2030-03-02T17:00:00Z");
    const paused = await send(await request("email"));
    const voided = await send(await request("email"));
    await database.db.updateTable("invoices").set({ status: "void" }).where("id", "=", voided).execute();
    expect(await setRemindersPaused(database, paused, true, clock)).toEqual({ leadId: expect.any(String) });
    expect(await setRemindersPaused(database, "no-such-invoice", true, clock)).toBeNull();
    const due = (await jobs(paused)).map((j) => j.next_attempt_at);
    await at(due[0]!);
    expect(reminders()).toHaveLength(0);
    expect(await setRemindersPaused(database, paused, false, clock)).not.toBeNull();
    await at(due[1]!);
    expect(reminders().map((m) => headerValue(m, "subject"))).toEqual([expect.stringContaining(formatCents(TOTAL))]);
    expect((await jobs(voided)).map((j) => j.status)).not.toContain("sent");
  });

  it("after STOP the reminders go by e-mail only: no text to a number that asked to stop", async () => {
    clock = new Date("2030-03-02T17:00:00Z");
    const lead = await request();
    const id = await send(lead);
    const phone = sampleLead().contact.phone!;
    await database.db
      .insertInto("text_opt_outs")
      .values({ phone, stopped_at: clock.toISOString(), started_at: null, updated_at: clock.toISOString() })
      .execute();
    await at((await jobs(id))[0]!.next_attempt_at);
    expect(reminders()).toHaveLength(1);
    expect(texts()).toEqual([]);
  });
});
