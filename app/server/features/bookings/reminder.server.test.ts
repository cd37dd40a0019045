/**
 * The booking e-mails and the reminder through the real store, outbox worker and senders (to an SMTP sink),
 * on a fake clock.
 */
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readCalendar } from "../../../../tests/support/ical.ts";
import { decode, headerValue, leaves } from "../../../../tests/support/mime-reader.ts";
import { mailInbox } from "../../../../tests/support/mail-inbox.ts";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { parseEnv } from "../../kit/env.server.ts";
import { outboxWiring } from "../../outbox-wiring.server.ts";
import { startOutboxWorker, type OutboxWorker } from "../../notify/outbox.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { countUndelivered } from "../leads/delivery-status.server.ts";
import { getLead } from "../../kit/leads.server.ts";
import { cancelBooking, decide, requestWindow } from "./bookings.server.ts";
import { windowsOn } from "../../kit/arrival-windows.server.ts";

describe.each(backends)("booking e-mails and the reminder through the outbox on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let clock: Date;
  let worker: OutboxWorker | undefined;
  let serial = 0;
  const inbox = mailInbox();

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
  });
  afterEach(async () => {
    await worker?.stop();
    worker = undefined;
    await storage.cleanup();
  });

  /** The worker with the real booking and reminder senders (the owner's new-request e-mail is not under test). */
  const start = () => {
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
    return worker;
  };
  const at = async (iso: string) => {
    clock = new Date(iso);
    await worker!.drain();
  };

  /** A confirmed 8–10 AM window on `day`, asked for and confirmed at `now`. */
  async function confirmed(day: string, now: string) {
    clock = new Date(now);
    const fields = { ...sampleLead().fields, priceService: "house-washing" };
    const { id: leadId } = await recordLead(
      database,
      sampleLead({ fields, idempotencyKey: `key:reminder-${serial++}` }),
      { webhook: false, now: clock },
    );
    const window = windowsOn(day).find((w) => w.times.startsWith("08:00"))!;
    const asked = await requestWindow(database, leadId, window, clock);
    if (!asked.ok) throw new Error(asked.reason);
    const done = await decide(database, asked.booking.id, { action: "confirm" }, "", clock);
    if (!done.ok) throw new Error(done.reason);
    return { leadId, booking: done.booking };
  }

  /** The messages received for jobs of `kind` (their Message-ID names the job), of one request or all. */
  async function sent(kind: "booking" | "reminder", leadId?: string) {
    const jobs = await database.db
      .selectFrom("outbox_jobs")
      .select("id")
      .where("kind", "=", kind)
      .$if(leadId !== undefined, (q) => q.where("lead_id", "=", leadId!))
      .execute();
    const ids = new Set(jobs.map((j) => j.id));
    return inbox.received.filter((m) =>
      ids.has(/^<(?:booking|reminder)-(.+)@/.exec(headerValue(m, "message-id"))?.[1] ?? ""),
    );
  }
  const reminderJob = async (leadId: string) =>
    database.db
      .selectFrom("outbox_jobs")
      .select(["status", "attempts", "last_error"])
      .where("lead_id", "=", leadId)
      .where("kind", "=", "reminder")
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();

  it("the confirmation goes out with its invite; a reminder due tomorrow is not sent today, then exactly once at 10:00 Boise time the day before", async () => {
    const { leadId, booking } = await confirmed("2030-01-10", "2030-01-02T17:00:00Z");
    start();
    await at("2030-01-02T17:00:01Z");
    // The owner's e-mail (requested) and the customer's confirmation with its invite.
    const booked = await sent("booking", leadId);
    expect(booked).toHaveLength(2);
    const invites = booked.flatMap((m) =>
      leaves(m).filter((p) => headerValue(p, "content-type").startsWith("text/calendar")),
    );
    expect(invites).toHaveLength(1);
    expect(readCalendar(decode(invites[0]!)).events[0]).toMatchObject({
      sequence: booking.sequence,
      status: "CONFIRMED",
    });

    // The owner was told (the new request's e-mail): the customer's pending reminder neither holds that back
    // nor counts as an undelivered notification of the owner's.
    expect((await getLead(database, leadId))!.deliveryStatus).toBe("notified");
    expect(await countUndelivered(database, new Date("2030-02-01T00:00:00Z"))).toBe(0);

    await at("2030-01-08T17:00:30Z"); // two days before
    await at("2030-01-09T16:59:00Z"); // the day before, 09:59
    expect(await sent("reminder")).toHaveLength(0);
    await at("2030-01-09T17:00:30Z"); // 10:00:30 MST
    await at("2030-01-09T18:00:00Z");
    await at("2030-01-10T14:00:00Z");
    const reminders = await sent("reminder");
    expect(reminders).toHaveLength(1);
    expect(decode(leaves(reminders[0]!)[0]!)).toContain(
      "our crew arrives tomorrow, Thursday, January 10, between 8 and 10 AM",
    );
  });

  it.each([
    // The window's day, and its reminder's instant: 10:00 local time the day before.
    ["2027-03-15", "2027-03-14T16:00:00Z"], // the day before is the spring change's Sunday: 10:00 MDT
    ["2027-03-14", "2027-03-13T17:00:00Z"], // the day before is still MST
    ["2026-11-02", "2026-11-01T17:00:00Z"], // the fall change's Sunday: 10:00 MST
    ["2026-11-01", "2026-10-31T16:00:00Z"], // the day before is still MDT
  ])("a window on %s is reminded at %s (10:00 Boise time the day before), not a minute earlier", async (day, due) => {
    const { leadId } = await confirmed(day, new Date(Date.parse(`${day}T12:00:00Z`) - 10 * 86_400_000).toISOString());
    start();
    await at(new Date(Date.parse(due) - 60_000).toISOString());
    expect(await sent("reminder", leadId)).toHaveLength(0);
    expect(await reminderJob(leadId)).toMatchObject({ status: "pending", attempts: 0 });
    await at(new Date(Date.parse(due) + 30_000).toISOString());
    expect(await sent("reminder", leadId)).toHaveLength(1);
  });

  it("no reminder for a window that was cancelled; one claimed while the change was made is called off, never retried", async () => {
    const { leadId, booking } = await confirmed("2030-01-10", "2030-01-02T17:00:00Z");
    start();
    await at("2030-01-02T17:00:01Z");
    expect((await cancelBooking(database, booking.id, clock)).ok).toBe(true);
    expect(await reminderJob(leadId)).toMatchObject({ status: "cancelled" });
    await at("2030-01-09T17:00:30Z");
    expect(await sent("reminder", leadId)).toHaveLength(0);

    // As if the worker had claimed the reminder when the booking changed (the store leaves a leased job alone).
    await database.db
      .updateTable("outbox_jobs")
      .set({ status: "pending", last_error: null })
      .where("lead_id", "=", leadId)
      .where("kind", "=", "reminder")
      .execute();
    await at("2030-01-09T17:01:00Z");
    expect(await reminderJob(leadId)).toMatchObject({ status: "cancelled", attempts: 1, last_error: "CALLED_OFF" });
    for (const t of ["2030-01-09T18:00:00Z", "2030-01-09T23:00:00Z", "2030-01-10T14:30:00Z"]) await at(t);
    expect(await reminderJob(leadId)).toMatchObject({ status: "cancelled", attempts: 1 });
    expect(await sent("reminder", leadId)).toHaveLength(0);
  });

  it("a reminder of a window moved since is called off by the sender when the store could not cancel it", async () => {
    const { leadId, booking } = await confirmed("2030-01-10", "2030-01-02T17:00:00Z");
    start();
    const later = windowsOn("2030-01-11")[0]!;
    expect((await requestWindow(database, leadId, later, clock)).ok).toBe(true);
    expect((await decide(database, booking.id, { action: "confirm" }, "", clock)).ok).toBe(true);
    // The first reminder (sequence 2) made pending again, as if it had been in flight: it must not go out.
    await database.db
      .updateTable("outbox_jobs")
      .set({ status: "pending", last_error: null })
      .where("lead_id", "=", leadId)
      .where("kind", "=", "reminder")
      .where("ref", "=", "2")
      .execute();
    await at("2030-01-09T17:00:30Z");
    await at("2030-01-10T17:00:30Z");
    const reminders = await sent("reminder", leadId);
    expect(reminders).toHaveLength(1);
    expect(decode(leaves(reminders[0]!)[0]!)).toContain("Friday, January 11");
    const jobs = await database.db
      .selectFrom("outbox_jobs")
      .select(["ref", "status"])
      .where("lead_id", "=", leadId)
      .where("kind", "=", "reminder")
      .orderBy("ref")
      .execute();
    expect(jobs).toEqual([
      { ref: "2", status: "cancelled" },
      { ref: "4", status: "sent" },
    ]);
  });
});
