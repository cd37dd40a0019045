import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { recordLead } from "../leads/store.server.ts";
import {
  acceptProposal,
  bookingForLead,
  cancelBooking,
  confirmedBookings,
  decide,
  openWindows,
  placesLeft,
  reminderDueAt,
  requestWindow,
} from "./bookings.server.ts";
import type { BookingMailPayload } from "./payload.ts";
import { windowsOn, type ArrivalWindow } from "../../kit/arrival-windows.server.ts";
import { isLateCancellation } from "../../kit/late-cancellation.server.ts";
import { lateCancellationRule } from "../../../lib/late-cancellation.ts";

/** A window of `day` with `capacity` places (times from the content's windows, whatever they are). */
const windowOf = (day: string, index = 0, capacity?: number): ArrivalWindow => {
  const window = windowsOn(day)[index]!;
  return capacity === undefined ? window : { ...window, capacity };
};

describe.each(backends)("bookings on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  const now = new Date("2030-01-02T17:00:00.000Z"); // Wednesday 10:00 in Boise
  let serial = 0;

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
  });
  afterEach(() => storage.cleanup());

  const newLead = async (overrides: Parameters<typeof sampleLead>[0] = {}) =>
    (
      await recordLead(database, sampleLead({ idempotencyKey: `key:booking-${serial++}`, ...overrides }), {
        webhook: false,
        now,
      })
    ).id;

  const jobsOf = async (leadId: string) =>
    (
      await database.db
        .selectFrom("outbox_jobs")
        .select(["kind", "ref", "status", "payload", "next_attempt_at", "not_after"])
        .where("lead_id", "=", leadId)
        .where("kind", "in", ["booking", "reminder"])
        .orderBy("created_at")
        .orderBy("ref")
        .execute()
    ).map((j) => ({ ...j, payload: j.payload ? (JSON.parse(j.payload) as BookingMailPayload) : null }));

  const left = async (w: ArrivalWindow) => (await placesLeft(database, [w])).get(`${w.day} ${w.times}`);

  it("a request takes a place and tells the owner; a full window is refused and not offered", async () => {
    const w = windowOf("2030-01-08", 0, 2);
    const [a, b, c] = [await newLead(), await newLead(), await newLead()];
    const first = await requestWindow(database, a, w, now);
    expect(first).toMatchObject({
      ok: true,
      booking: { status: "requested", day: w.day, times: w.times, sequence: 1 },
    });
    expect(await left(w)).toBe(1);
    const jobs = await jobsOf(a);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ kind: "booking", ref: "1:owner", status: "pending" });
    expect(jobs[0]!.payload).toMatchObject({
      to: "owner",
      event: "requested",
      by: "customer",
      invite: null,
      day: w.day,
    });

    expect((await requestWindow(database, b, w, now)).ok).toBe(true);
    expect(await left(w)).toBe(0);
    expect(await requestWindow(database, c, w, now)).toEqual({ ok: false, reason: "full" });
    expect(await bookingForLead(database, c)).toBeUndefined();
    const other = windowOf("2030-01-08", 1, 2);
    expect((await openWindows(database, [w, other])).map((o) => o.times)).toEqual([other.times]);
  });

  it("of many visitors asking at once for the last place, exactly one gets it (two server instances on PostgreSQL)", async () => {
    // PostgreSQL: two pools, as two server instances have. SQLite: a server has one connection, whose
    // transactions run one at a time (a second connection in the same process would block the thread
    // waiting for the first's lock), so the requests race on the one connection.
    const second = dialect === "postgres" ? await storage.open() : database;
    // The window's row exists (one place of two taken): the race is over the last place, not the row's creation.
    const w = windowOf("2030-01-09", 0, 2);
    expect((await requestWindow(database, await newLead(), w, now)).ok).toBe(true);
    const leads = await Promise.all(Array.from({ length: 8 }, () => newLead()));
    const results = await Promise.all(leads.map((id, i) => requestWindow(i % 2 === 0 ? database : second, id, w, now)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(Array(7).fill("full"));
    expect(await left(w)).toBe(0);
    const booked = await database.db.selectFrom("bookings").select("id").execute();
    expect(booked).toHaveLength(2);
  });

  it("confirming sends the invite and queues the reminder for 10:00 Boise time the day before; a reschedule calls it off", async () => {
    const id = await newLead();
    const w = windowOf("2030-01-10", 1);
    const { booking } = (await requestWindow(database, id, w, now)) as { ok: true; booking: { id: string } };
    const confirmed = await decide(database, booking.id, { action: "confirm" }, "Gate code is on file", now);
    expect(confirmed).toMatchObject({ ok: true, booking: { status: "confirmed", invited: true, sequence: 2 } });
    let jobs = await jobsOf(id);
    const invite = jobs.find((j) => j.ref === "2:customer")!;
    expect(invite.payload).toMatchObject({
      to: "customer",
      event: "confirmed",
      invite: "request",
      note: "Gate code is on file",
      sequence: 2,
    });
    const reminder = jobs.find((j) => j.kind === "reminder")!;
    expect(reminder).toMatchObject({ ref: "2", status: "pending", not_after: w.startsAt.toISOString() });
    expect(reminder.next_attempt_at).toBe("2030-01-09T17:00:00.000Z"); // 10:00 MST

    // The customer picks another window from the link: asked for again, the old invite cancelled, the reminder called off.
    const later = windowOf("2030-01-11", 0);
    const moved = await requestWindow(database, id, later, now);
    expect(moved).toMatchObject({
      ok: true,
      booking: { status: "requested", invited: false, sequence: 3, day: later.day },
    });
    expect(await left(w)).toBe(w.capacity);
    expect(await left(later)).toBe(later.capacity - 1);
    jobs = await jobsOf(id);
    expect(jobs.find((j) => j.kind === "reminder")!.status).toBe("cancelled");
    expect(jobs.find((j) => j.ref === "3:customer")!.payload).toMatchObject({
      event: "requested",
      invite: "cancel",
      previous: { day: w.day, times: w.times },
    });
    expect(jobs.find((j) => j.ref === "3:owner")!.payload).toMatchObject({ event: "requested", by: "customer" });
  });

  it("the owner proposes another window; the customer accepts it; the owner hears of it", async () => {
    const id = await newLead();
    const asked = windowOf("2030-01-10", 0);
    const offered = windowOf("2030-01-10", 2);
    const { booking } = (await requestWindow(database, id, asked, now)) as { ok: true; booking: { id: string } };
    expect(
      await decide(database, booking.id, { action: "propose", window: offered }, "Morning is full", now),
    ).toMatchObject({
      ok: true,
      booking: { status: "proposed", times: offered.times },
    });
    expect(await left(asked)).toBe(asked.capacity);
    expect(await left(offered)).toBe(offered.capacity - 1);
    expect(await acceptProposal(database, booking.id, now)).toMatchObject({
      ok: true,
      booking: { status: "confirmed", invited: true },
    });
    expect(await acceptProposal(database, booking.id, now)).toEqual({ ok: false, reason: "not-allowed" });
    const refs = (await jobsOf(id)).map((j) => `${j.kind} ${j.ref} ${j.payload?.event ?? ""}`);
    expect(refs).toEqual(
      expect.arrayContaining([
        "booking 2:customer proposed",
        "booking 3:customer confirmed",
        "booking 3:owner confirmed",
        "reminder 3 ",
      ]),
    );
  });

  it("a decline gives the place back, cancels an invite sent before, and the request cannot ask again", async () => {
    const id = await newLead();
    const w = windowOf("2030-01-10", 0, 1);
    const { booking } = (await requestWindow(database, id, w, now)) as { ok: true; booking: { id: string } };
    await decide(database, booking.id, { action: "confirm" }, "", now);
    expect(await decide(database, booking.id, { action: "decline" }, "Sorry, the crew is out", now)).toMatchObject({
      ok: true,
      booking: { status: "declined", invited: false },
    });
    expect(await left(w)).toBe(1);
    const jobs = await jobsOf(id);
    expect(jobs.find((j) => j.ref === "3:customer")!.payload).toMatchObject({ event: "declined", invite: "cancel" });
    expect(jobs.find((j) => j.kind === "reminder")!.status).toBe("cancelled");
    expect(await requestWindow(database, id, w, now)).toEqual({ ok: false, reason: "not-allowed" });
    expect(await decide(database, booking.id, { action: "confirm" }, "", now)).toEqual({
      ok: false,
      reason: "not-allowed",
    });
  });

  it("the customer cancels: the place is free again, both are told, only an invited customer gets a CANCEL", async () => {
    const [a, b] = [await newLead(), await newLead()];
    const w = windowOf("2030-01-10", 3, 2);
    const booked = async (id: string) =>
      ((await requestWindow(database, id, w, now)) as { ok: true; booking: { id: string } }).booking.id;
    const [ba, bb] = [await booked(a), await booked(b)];
    await decide(database, ba, { action: "confirm" }, "", now);
    expect(await cancelBooking(database, ba, now)).toMatchObject({ ok: true, booking: { status: "cancelled" } });
    expect(await cancelBooking(database, bb, now)).toMatchObject({ ok: true, booking: { status: "cancelled" } });
    expect(await left(w)).toBe(2);
    expect((await jobsOf(a)).find((j) => j.ref === "3:customer")!.payload).toMatchObject({
      event: "cancelled",
      invite: "cancel",
    });
    expect((await jobsOf(b)).find((j) => j.ref === "2:customer")!.payload).toMatchObject({
      event: "cancelled",
      invite: null,
    });
    expect((await jobsOf(b)).find((j) => j.ref === "2:owner")!.payload).toMatchObject({
      event: "cancelled",
      by: "customer",
    });
    expect(await cancelBooking(database, ba, now)).toEqual({ ok: false, reason: "not-allowed" });
    // A cancelled booking may ask for a window again (the visitor's link still works).
    expect(await requestWindow(database, a, w, now)).toMatchObject({ ok: true, booking: { status: "requested" } });
  });

  it("only estimate and contact requests book; the owner's calendar lists confirmed windows only", async () => {
    const application = await newLead({ kind: "application" });
    expect(await requestWindow(database, application, windowOf("2030-01-10"), now)).toEqual({
      ok: false,
      reason: "not-allowed",
    });
    expect(await requestWindow(database, "no-such-lead", windowOf("2030-01-10"), now)).toEqual({
      ok: false,
      reason: "not-found",
    });
    const [a, b] = [await newLead(), await newLead({ kind: "contact" })];
    const ids = [];
    for (const id of [a, b])
      ids.push(
        ((await requestWindow(database, id, windowOf("2030-01-10", 1), now)) as { ok: true; booking: { id: string } })
          .booking.id,
      );
    await decide(database, ids[1]!, { action: "confirm" }, "", now);
    const feed = await confirmedBookings(database, now);
    expect(feed.map((f) => f.leadId)).toEqual([b]);
    expect(feed[0]!.lead).toMatchObject({ name: "Jane Doe", zip: "83646" });
  });

  it("a customer's late cancellation records the rule with the deposit, tells both e-mails and texts the owner; the note is not carried on", async () => {
    const leadId = await newLead();
    const w = windowOf("2030-01-04");
    const asked = await requestWindow(database, leadId, w, now);
    if (!asked.ok) throw new Error("not taken");
    await decide(database, asked.booking.id, { action: "confirm" }, "Leave the side gate unlocked", now);
    // Less than the rule's hours before the window (Wednesday 10 AM for Friday's): late.
    const cancelled = await cancelBooking(database, asked.booking.id, now, { depositCents: 5_000, textOwner: true });
    if (!cancelled.ok) throw new Error("not cancelled");
    const rule = lateCancellationRule();
    expect(isLateCancellation(w.startsAt, now, rule)).toBe(true);
    const late = { ...rule, depositCents: 5_000 };
    expect(cancelled.booking).toMatchObject({ status: "cancelled", ownerNote: "", lateCancellation: late });
    const told = (await jobsOf(leadId)).filter((j) => j.kind === "booking" && j.payload?.event === "cancelled");
    expect(told.map((j) => [j.payload?.to, j.payload?.late, j.payload?.note])).toEqual([
      ["customer", late, ""],
      ["owner", late, ""],
    ]);
    const text = await database.db
      .selectFrom("outbox_jobs")
      .select(["payload"])
      .where("lead_id", "=", leadId)
      .where("kind", "=", "booking-sms")
      .execute();
    expect(text.map((j) => (JSON.parse(j.payload!) as BookingMailPayload).late)).toEqual([late]);
    // Asked for again: the old note is not repeated.
    const again = await requestWindow(database, leadId, windowOf("2030-01-08"), now);
    expect(again.ok && again.booking.ownerNote).toBe("");
  });

  it("a cancellation in time, or of a window not confirmed, records nothing", async () => {
    const early = new Date("2029-12-30T17:00:00.000Z");
    const confirmedLead = await newLead();
    const asked = await requestWindow(database, confirmedLead, windowOf("2030-01-04"), early);
    if (!asked.ok) throw new Error("not taken");
    await decide(database, asked.booking.id, { action: "confirm" }, "", early);
    const inTime = await cancelBooking(database, asked.booking.id, early, { depositCents: 5_000 });
    expect(inTime.ok && inTime.booking.lateCancellation).toBeNull();
    const requestedLead = await newLead();
    const requested = await requestWindow(database, requestedLead, windowOf("2030-01-04"), now);
    if (!requested.ok) throw new Error("not taken");
    const notConfirmed = await cancelBooking(database, requested.booking.id, now, { depositCents: 5_000 });
    expect(notConfirmed.ok && notConfirmed.booking.lateCancellation).toBeNull();
  });
});

describe("the reminder's time", () => {
  const boise = (iso: string) => new Date(iso);
  it("is 10:00 Boise time on the day before, on both sides of the spring and autumn clock changes", () => {
    // Spring forward: Sunday 2027-03-14 02:00 MST → 03:00 MDT.
    expect(
      reminderDueAt("2027-03-15", boise("2027-03-15T14:00:00Z"), boise("2027-03-01T00:00:00Z"))!.toISOString(),
    ).toBe("2027-03-14T16:00:00.000Z");
    expect(
      reminderDueAt("2027-03-14", boise("2027-03-14T15:00:00Z"), boise("2027-03-01T00:00:00Z"))!.toISOString(),
    ).toBe("2027-03-13T17:00:00.000Z");
    // Fall back: Sunday 2026-11-01 02:00 MDT → 01:00 MST.
    expect(
      reminderDueAt("2026-11-02", boise("2026-11-02T15:00:00Z"), boise("2026-10-20T00:00:00Z"))!.toISOString(),
    ).toBe("2026-11-01T17:00:00.000Z");
    expect(
      reminderDueAt("2026-11-01", boise("2026-11-01T15:00:00Z"), boise("2026-10-20T00:00:00Z"))!.toISOString(),
    ).toBe("2026-10-31T16:00:00.000Z");
  });

  it("is at once when confirmed later on the day before, and never on the window's own day", () => {
    const start = boise("2030-01-10T15:00:00Z"); // Thursday 08:00 MST
    const afternoonBefore = boise("2030-01-09T22:00:00Z"); // Wednesday 15:00 MST
    expect(reminderDueAt("2030-01-10", start, afternoonBefore)).toEqual(afternoonBefore);
    expect(reminderDueAt("2030-01-10", start, boise("2030-01-10T14:00:00Z"))).toBeNull(); // 07:00 on the day
  });
});
