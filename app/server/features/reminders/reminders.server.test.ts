/**
 * Seasonal reminders through the real store, outbox worker and senders (to an SMTP sink), on a fake clock: the
 * offer when a job is completed, the consent, the reminder a year later and the next one planned, the skips.
 */
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decode, headerValue, leaves, type Part } from "../../../../tests/support/mime-reader.ts";
import { mailInbox } from "../../../../tests/support/mail-inbox.ts";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { parseEnv } from "../../kit/env.server.ts";
import { readReminderToken, reminderPath } from "../../kit/signed-links.server.ts";
import { linkSecret } from "../../kit/signed-links.server.ts";
import { startOutboxWorker, type OutboxWorker } from "../../notify/outbox.server.ts";
import { outboxWiring } from "../../outbox-wiring.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { saveStatus } from "../reviews/reviews.server.ts";
import { askAgainPrefill, askedAgainFrom } from "./ask-again.server.ts";
import { nextDue, sendAt } from "./due-dates.server.ts";
import {
  getConsent,
  optOutOfReminders,
  queueReminderOffer,
  recordConsent,
  reminderFigures,
  reminderReference,
  reminderRules,
} from "./reminders.server.ts";

const owner = "owner@example.com";
const SITE_URL = "https://www.example.com";

describe.each(backends)("seasonal reminders on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let clock: Date;
  let worker: OutboxWorker | undefined;
  const inbox = mailInbox();
  let serial = 0;
  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await storage.cleanup();
  });

  const env = () => parseEnv({ NODE_ENV: "test", DATA_DIR: storage.env.DATA_DIR, SMTP_URL: inbox.url, SITE_URL });
  const start = () => {
    const wiring = outboxWiring(database, env(), pino({ level: "silent" }), () => clock);
    worker = startOutboxWorker({
      database,
      env: env(),
      logger: pino({ level: "silent" }),
      pollMs: 3_600_000,
      now: () => clock,
      ...wiring,
      // The owner's new-request e-mail is not under test.
      senders: { ...wiring.senders, email: async () => {} },
    });
  };
  const at = async (iso: string) => {
    clock = new Date(iso);
    await worker!.drain();
  };

  /** A request for `services` (the contact form's labels) from `email`, stored at the clock. */
  async function request(services: string[], email = "jane.doe@example.com", phone = "+12085550199") {
    const lead = sampleLead({
      kind: "contact",
      contact: { ...sampleLead().contact, email, phone },
      idempotencyKey: `key:remind-${serial++}`,
    });
    lead.fields = { ...lead.fields, email, servicesNeeded: services };
    return (await recordLead(database, lead, { webhook: false, now: clock })).id;
  }
  const complete = (id: string) =>
    saveStatus(
      database,
      id,
      { status: "completed", note: "", changedBy: owner },
      { reviewUrl: undefined, now: clock, whenCompleted: queueReminderOffer },
    );
  const jobs = (kind: string, leadId?: string) =>
    database.db
      .selectFrom("outbox_jobs")
      .select(["id", "lead_id", "ref", "status", "next_attempt_at"])
      .where("kind", "=", kind)
      .$if(leadId !== undefined, (q) => q.where("lead_id", "=", leadId!))
      .orderBy("ref")
      .execute();
  /** The messages of one kind (their Message-ID names the job's kind). */
  const mails = (tag: string) => inbox.received.filter((m) => headerValue(m, "message-id").startsWith(`<${tag}-`));
  const textOf = (m: Part) => decode(leaves(m).find((p) => headerValue(p, "content-type").startsWith("text/plain"))!);
  const linkIn = (m: Part, path: string) =>
    new RegExp(`${SITE_URL}${path}\\?\\w+=[^\\s]+`).exec(textOf(m).replace(/=\r?\n/g, ""))?.[0] ?? "";

  it("a completed job offers reminders once, by e-mail, for a request naming a service that has one; nothing else does", async () => {
    clock = new Date("2030-05-01T16:00:00Z");
    const house = await request(["House Washing"]);
    const none = await request(["Other"]);
    for (const status of ["contacted", "accepted"] as const)
      await saveStatus(
        database,
        house,
        { status, note: "", changedBy: owner },
        {
          reviewUrl: undefined,
          now: clock,
          whenCompleted: queueReminderOffer,
        },
      );
    expect(await jobs("reminder-offer")).toEqual([]);
    await complete(house);
    await complete(house);
    await complete(none);
    expect((await jobs("reminder-offer")).map((j) => j.lead_id)).toEqual([house]);
    start();
    await at("2030-05-01T16:00:01Z");
    const [offer] = mails("reminder-offer");
    expect(mails("reminder-offer")).toHaveLength(1);
    expect(headerValue(offer!, "to")).toContain("jane.doe@example.com");
    expect(textOf(offer!)).toContain("Remind me when it's due");
    // No consent, no reminder: nothing is planned until the customer clicks and confirms.
    expect(await jobs("seasonal-reminder")).toEqual([]);
    const link = new URL(linkIn(offer!, "/reminders/remind-me"));
    const secret = await linkSecret(database, env());
    expect(readReminderToken(link.searchParams.get("t")!, "remind-me", secret, clock)).toEqual({ id: house });
    expect(readReminderToken(link.searchParams.get("t")!, "reminder-opt-out", secret, clock)).toBe("invalid");
  });

  it("the consent, with its time, plans the reminder a year later; a restart or a long wait loses nothing; it prefills a request that is counted; the next is planned once", async () => {
    clock = new Date("2030-05-01T16:00:00Z");
    const id = await request(["House Washing"]);
    await complete(id);
    clock = new Date("2030-05-03T18:00:00Z");
    expect(await recordConsent(database, id, "completed-email", clock)).toBe(true);
    expect(await recordConsent(database, id, "completed-email", new Date("2030-05-04T18:00:00Z"))).toBe(true);
    const consent = await getConsent(database.db, id);
    expect(consent).toMatchObject({ services: ["house-washing"], since: "2030-05-01", optedOut: false });
    expect(consent!.givenAt.toISOString()).toBe("2030-05-03T18:00:00.000Z");
    const rule = reminderRules.get("house-washing")!.rule;
    const due = nextDue(rule, "2030-05-01", "2030-05-01");
    const planned = await jobs("seasonal-reminder", id);
    expect(planned.map((j) => [j.ref, new Date(j.next_attempt_at).toISOString()])).toEqual([
      [due, sendAt(due).toISOString()],
    ]);

    // A worker that starts long after (the server was down): it goes out once, when it starts.
    start();
    await at(new Date(sendAt(due).getTime() - 60_000).toISOString());
    expect(mails("seasonal-reminder")).toHaveLength(0);
    await worker!.stop();
    start();
    await at(new Date(sendAt(due).getTime() + 5 * 86_400_000).toISOString());
    await at(new Date(sendAt(due).getTime() + 6 * 86_400_000).toISOString());
    expect(mails("seasonal-reminder")).toHaveLength(1);
    const reminder = mails("seasonal-reminder")[0]!;
    expect(headerValue(reminder, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(headerValue(reminder, "list-unsubscribe")).toMatch(/^<https:\/\/www\.example\.com\/reminders\/opt-out\?t=/);
    // The next one, planned once, for the next date.
    const next = nextDue(rule, "2030-05-01", due);
    expect((await jobs("seasonal-reminder", id)).map((j) => [j.ref, j.status])).toEqual([
      [due, "sent"],
      [next, "pending"],
    ]);

    // Its link prefills the request form with the same person, place and services, and nothing from another link.
    const token = new URL(linkIn(reminder, "/contact")).searchParams.get("reminder")!;
    const prefill = await askAgainPrefill(database, env(), token, clock);
    expect(prefill?.values).toMatchObject({
      firstName: "Jane",
      email: "jane.doe@example.com",
      phone: "(208) 555-0199",
      city: "Meridian",
      zipcode: "83646",
      servicesNeeded: ["house-washing"],
    });
    expect(await askAgainPrefill(database, env(), `${token}x`, clock)).toBeNull();
    const secret = await linkSecret(database, env());
    expect(
      await askAgainPrefill(database, env(), reminderPath("remind-me", id, secret, clock).split("=")[1]!, clock),
    ).toBeNull();

    // The request sent from it carries the reminder's reference; the report counts the reminder and the request.
    const reference = await askedAgainFrom(database, env(), token, clock);
    const sentJob = (await jobs("seasonal-reminder", id))[0]!;
    expect(reference).toBe(reminderReference(sentJob.id));
    const again = sampleLead({ kind: "contact", idempotencyKey: "key:again" });
    again.fields = { ...again.fields, askedAgainFrom: reference };
    await recordLead(database, again, { webhook: false, now: clock });
    expect(await reminderFigures(database, new Date("2030-01-01"), new Date(clock.getTime() + 1))).toEqual({
      sent: 1,
      brought: 1,
    });
    expect(await reminderFigures(database, new Date(clock.getTime() + 1), new Date(clock.getTime() + 2))).toEqual({
      sent: 0,
      brought: 0,
    });
    // Having asked again, the customer gets no more reminders of the old request.
    await at(new Date(sendAt(next).getTime() + 60_000).toISOString());
    expect(mails("seasonal-reminder")).toHaveLength(1);
    expect((await jobs("seasonal-reminder", id)).map((j) => j.status)).toEqual(["sent", "cancelled"]);
  });

  it("is skipped when the customer asked again since agreeing (same phone, another e-mail), or opted out; the opt-out stops the next one", async () => {
    clock = new Date("2030-05-01T16:00:00Z");
    const asked = await request(["Roof Cleaning"], "ann@example.com", "+12085550111");
    const stopped = await request(["Roof Cleaning"], "bo@example.com", "+12085550122");
    for (const id of [asked, stopped]) {
      await complete(id);
      await recordConsent(database, id, "quote-page", clock);
    }
    clock = new Date("2031-01-01T16:00:00Z");
    await request(["Driveway Cleaning"], "ann.other@example.com", "+12085550111");
    await optOutOfReminders(database, stopped, clock);
    expect(await getConsent(database.db, stopped)).toMatchObject({ optedOut: true });
    start();
    const due = nextDue(reminderRules.get("roof-cleaning")!.rule, "2030-05-01", "2030-05-01");
    await at(new Date(sendAt(due).getTime() + 60_000).toISOString());
    expect(mails("seasonal-reminder")).toHaveLength(0);
    expect(
      (await jobs("seasonal-reminder")).map((j) => [j.lead_id === asked ? "asked" : "stopped", j.status]).sort(),
    ).toEqual([
      ["asked", "cancelled"],
      ["stopped", "cancelled"],
    ]);
    // Asking for reminders again after opting out plans them afresh.
    expect(await recordConsent(database, stopped, "completed-email", clock)).toBe(true);
    expect((await jobs("seasonal-reminder", stopped)).filter((j) => j.status === "pending")).toHaveLength(1);
  });
});
