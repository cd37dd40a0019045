/**
 * Arrival windows asked for and decided (docs/decisions/020-booking.md). One booking per request. A booking that is
 * requested, proposed or confirmed holds one place of its window (booking_places.taken); taking a place is one
 * conditional UPDATE in the change's transaction (`taken < capacity`), so of two visitors asking for the last
 * place at once exactly one gets it, on SQLite and PostgreSQL alike. Every change raises the booking's sequence
 * and queues, in the same transaction, the e-mails that tell of it (outbox kind 'booking', payload
 * ./payload.ts) and the reminder of a confirmed window (kind 'reminder', ref = sequence, due the day before);
 * a change calls off the reminders queued before it.
 */
import { randomUUID } from "node:crypto";
import type { Insertable, Selectable, Transaction } from "kysely";
import type { Database } from "../../kit/db/database.server.ts";
import type { BookingsTable, BookingStatus, DB, OutboxJobsTable } from "../../kit/db/tables.server.ts";
import { localParts, localTime } from "../../kit/business-time.server.ts";
import { isBookable } from "../../kit/lead-kinds.server.ts";
import { recordEvent } from "../../kit/leads.server.ts";
import type { BookingEvent, BookingMailPayload } from "./payload.ts";
import type { ArrivalWindow } from "../../kit/arrival-windows.server.ts";
import { outboxJob } from "../../notify/jobs.server.ts";
import { BOOKING_JOB_KINDS } from "./job-kinds.ts";
import { isLateCancellation, type LateCancellation } from "../../kit/late-cancellation.server.ts";
import { lateCancellationRule } from "../../../lib/late-cancellation.ts";
import { jobAddress } from "../../kit/service-address.server.ts";

export interface Booking {
  id: string;
  leadId: string;
  status: BookingStatus;
  day: string;
  times: string;
  startsAt: Date;
  endsAt: Date;
  sequence: number;
  /** An invite (METHOD:REQUEST) was sent for it at some time. */
  invited: boolean;
  ownerNote: string;
  /** The service address given with the window when the request had none (else null). */
  address: string | null;
  /** The customer's note for the crew, given with the window ("" without one). */
  accessNote: string;
  createdAt: Date;
  updatedAt: Date;
  /** What the terms' rule said of the customer's late cancellation (null: none). */
  lateCancellation: LateCancellation | null;
}

/** Why a change was refused: the window has no place left; the booking is not in a state that allows it; no such booking or request. */
export type Refusal = "full" | "not-allowed" | "not-found";
export type BookingResult = { ok: true; booking: Booking } | { ok: false; reason: Refusal };

/** The local time the reminder of a window is sent: 10:00 on the day before. */
export const REMINDER_TIME = "10:00";

export type OwnerDecision =
  { action: "confirm" } | { action: "propose"; window: ArrivalWindow } | { action: "decline" };

/** The statuses that hold a place of their window (a booking still going on). */
export const HOLDING: readonly BookingStatus[] = ["requested", "proposed", "confirmed"];

function toBooking(row: Selectable<BookingsTable>): Booking {
  return {
    id: row.id,
    leadId: row.lead_id,
    status: row.status,
    day: row.day,
    times: row.window_times,
    startsAt: new Date(row.starts_at),
    endsAt: new Date(row.ends_at),
    sequence: Number(row.sequence),
    invited: Number(row.invited) === 1,
    ownerNote: row.owner_note,
    address: row.address,
    accessNote: row.access_note,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    lateCancellation: row.late_cancellation ? (JSON.parse(row.late_cancellation) as LateCancellation) : null,
  };
}

export async function getBooking(database: Database, id: string): Promise<Booking | undefined> {
  const row = await database.db.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toBooking(row);
}

export async function bookingForLead(database: Database, leadId: string): Promise<Booking | undefined> {
  const row = await database.db.selectFrom("bookings").selectAll().where("lead_id", "=", leadId).executeTakeFirst();
  return row && toBooking(row);
}

export async function bookingsForLeads(database: Database, leadIds: readonly string[]): Promise<Map<string, Booking>> {
  const found = new Map<string, Booking>();
  if (leadIds.length === 0) return found;
  const rows = await database.db.selectFrom("bookings").selectAll().where("lead_id", "in", leadIds).execute();
  for (const row of rows) found.set(row.lead_id, toBooking(row));
  return found;
}

const placeKey = (day: string, times: string) => `${day} ${times}`;

export async function placesLeft(database: Database, windows: readonly ArrivalWindow[]): Promise<Map<string, number>> {
  const left = new Map(windows.map((w) => [placeKey(w.day, w.times), w.capacity]));
  const days = [...new Set(windows.map((w) => w.day))];
  if (days.length === 0) return left;
  const rows = await database.db.selectFrom("booking_places").selectAll().where("day", "in", days).execute();
  for (const row of rows) {
    const key = placeKey(row.day, row.window_times);
    const capacity = left.get(key);
    if (capacity !== undefined) left.set(key, Math.max(0, capacity - Number(row.taken)));
  }
  return left;
}

export async function openWindows(
  database: Database,
  candidates: readonly ArrivalWindow[],
): Promise<(ArrivalWindow & { left: number })[]> {
  const left = await placesLeft(database, candidates);
  return candidates.map((w) => ({ ...w, left: left.get(placeKey(w.day, w.times)) ?? 0 })).filter((w) => w.left > 0);
}

/**
 * Takes one place of `window`: one conditional UPDATE, so the database decides between two transactions asking
 * for the last place (PostgreSQL re-checks `taken < capacity` on the row the other one committed; SQLite runs one
 * writing transaction at a time). False when the window is full.
 */
async function takePlace(trx: Transaction<DB>, window: ArrivalWindow): Promise<boolean> {
  await trx
    .insertInto("booking_places")
    .values({ day: window.day, window_times: window.times, taken: 0 })
    .onConflict((oc) => oc.columns(["day", "window_times"]).doNothing())
    .execute();
  const result = await trx
    .updateTable("booking_places")
    .set((eb) => ({ taken: eb("taken", "+", 1) }))
    .where("day", "=", window.day)
    .where("window_times", "=", window.times)
    .where("taken", "<", window.capacity)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

async function releasePlace(trx: Transaction<DB>, day: string, times: string): Promise<void> {
  await trx
    .updateTable("booking_places")
    .set((eb) => ({ taken: eb("taken", "-", 1) }))
    .where("day", "=", day)
    .where("window_times", "=", times)
    .where("taken", ">", 0)
    .execute();
}

/** The instant the reminder of a window starting `startsAt` on local `day` is due, or null when there is no day before left. */
export function reminderDueAt(day: string, startsAt: Date, now: Date): Date | null {
  const [year = 0, month = 0, date = 0] = day.split("-").map(Number);
  const [hours = 0, minutes = 0] = REMINDER_TIME.split(":").map(Number);
  const due = localTime(year, month, date - 1, hours, minutes);
  if (due > now) return due;
  // Confirmed after the reminder's hour: still sent on the day before, at once; never on the day itself.
  const today = localParts(now);
  const dayBefore = localTime(year, month, date - 1);
  return now < startsAt && localTime(today.year, today.month, today.day).getTime() === dayBefore.getTime() ? now : null;
}

type Mail = Pick<BookingMailPayload, "to" | "event" | "by" | "invite">;
/** An e-mail telling of a change: to whom, what, made by whom, with which calendar part. */
const tell = (to: Mail["to"], event: BookingEvent, by: Mail["by"], invite: Mail["invite"] = null): Mail => ({
  to,
  event,
  by,
  invite,
});

interface Change {
  status: BookingStatus;
  /** The window after the change (default: the booking's own). */
  window?: { day: string; times: string; startsAt: Date; endsAt: Date };
  invited: boolean;
  note?: string;
  mails: Mail[];
  /** Queue the reminder of the (confirmed) window. */
  remind: boolean;
  /** A customer's late cancellation: recorded on the booking, told in the e-mails. */
  late?: LateCancellation | null;
  /** Also text the owner of the change (kind 'booking-sms', when the text settings are set). */
  textOwner?: boolean;
}

/** Writes a change of `before`: the row (sequence raised), the e-mails telling of it, the reminders called off and the new one. */
async function applyChange(trx: Transaction<DB>, before: Booking, change: Change, now: Date): Promise<BookingResult> {
  const at = now.toISOString();
  const sequence = before.sequence + 1;
  const window = change.window ?? before;
  await trx
    .updateTable("bookings")
    .set({
      status: change.status,
      day: window.day,
      window_times: window.times,
      starts_at: window.startsAt.toISOString(),
      ends_at: window.endsAt.toISOString(),
      sequence,
      invited: change.invited ? 1 : 0,
      ...(change.note === undefined ? {} : { owner_note: change.note }),
      ...(change.late === undefined ? {} : { late_cancellation: change.late ? JSON.stringify(change.late) : null }),
      updated_at: at,
    })
    .where("id", "=", before.id)
    .execute();
  await callOffReminders(trx, before.leadId);
  // The request's stage (app/server/kit/stages.ts): a confirmed window schedules the job, leaving it unschedules it,
  // and the owner's proposal or refusal is an answer to the customer.
  const ref = `${before.id}:${sequence}`;
  if (change.status === "confirmed") await recordEvent(trx, before.leadId, { kind: "window-confirmed", ref, at: now });
  else if (before.status === "confirmed")
    await recordEvent(trx, before.leadId, { kind: "window-cancelled", ref, at: now });
  if (change.status === "proposed" || change.status === "declined")
    await recordEvent(trx, before.leadId, { kind: "window-answered", ref, at: now });
  const moved = before.day !== window.day || before.times !== window.times;
  const note = change.note ?? before.ownerNote;
  // Where the crew goes, as the invite's LOCATION says it (read now: the window's form may just have given it).
  const place = await trx
    .selectFrom("bookings")
    .innerJoin("leads", "leads.id", "bookings.lead_id")
    .select(["bookings.address", "leads.fields", "leads.zip"])
    .where("bookings.id", "=", before.id)
    .executeTakeFirstOrThrow();
  const location = jobAddress(
    { fields: JSON.parse(place.fields) as Record<string, unknown>, zip: place.zip },
    place.address,
  );
  const payloadOf = (mail: Mail): BookingMailPayload => ({
    ...mail,
    bookingId: before.id,
    sequence,
    status: change.status,
    day: window.day,
    times: window.times,
    startsAt: window.startsAt.toISOString(),
    endsAt: window.endsAt.toISOString(),
    previous: moved ? { day: before.day, times: before.times } : null,
    note: mail.to === "customer" ? note : "",
    late: change.late ?? null,
    location,
  });
  const jobs: Insertable<OutboxJobsTable>[] = change.mails.map((mail) =>
    outboxJob(BOOKING_JOB_KINDS, {
      lead_id: before.leadId,
      kind: "booking",
      ref: `${sequence}:${mail.to}`,
      payload: JSON.stringify(payloadOf(mail)),
      created_at: at,
    }),
  );
  // The owner's text tells of the same change as the owner's e-mail.
  const ownerMail = change.mails.find((mail) => mail.to === "owner");
  if (change.textOwner && ownerMail)
    jobs.push(
      outboxJob(BOOKING_JOB_KINDS, {
        lead_id: before.leadId,
        kind: "booking-sms",
        ref: String(sequence),
        payload: JSON.stringify(payloadOf(ownerMail)),
        created_at: at,
      }),
    );
  const due = change.remind ? reminderDueAt(window.day, window.startsAt, now) : null;
  if (due)
    jobs.push(
      outboxJob(BOOKING_JOB_KINDS, {
        lead_id: before.leadId,
        kind: "reminder",
        ref: String(sequence),
        next_attempt_at: due.toISOString(),
        not_after: window.startsAt.toISOString(),
        created_at: at,
      }),
    );
  if (jobs.length > 0) await trx.insertInto("outbox_jobs").values(jobs).execute();
  const row = await trx.selectFrom("bookings").selectAll().where("id", "=", before.id).executeTakeFirstOrThrow();
  return { ok: true, booking: toBooking(row) };
}

/**
 * Calls off the request's pending reminder e-mails (a window changed, or the job is completed: in the transaction
 * of that change). A job a worker holds at this moment is left to its sender, which checks the booking again.
 */
export async function callOffReminders(trx: Transaction<DB>, leadId: string): Promise<void> {
  await trx
    .updateTable("outbox_jobs")
    .set({ status: "cancelled", last_error: "CALLED_OFF" })
    .where("lead_id", "=", leadId)
    .where("kind", "=", "reminder")
    .where("status", "=", "pending")
    .where("locked_until", "is", null)
    .execute();
}

const refused = (reason: Refusal): BookingResult => ({ ok: false, reason });

/** What the customer gives with a window: the service address (when the request had none) and a note for the crew. */
export interface WindowDetails {
  /** Stored when given (not empty); the request's own address is never replaced. */
  address?: string;
  /** Stored when given ("" clears it); left as it was when undefined. */
  accessNote?: string;
}

const detailColumns = (details: WindowDetails) => ({
  ...(details.address ? { address: details.address } : {}),
  ...(details.accessNote === undefined ? {} : { access_note: details.accessNote }),
});

export async function requestWindow(
  database: Database,
  leadId: string,
  window: ArrivalWindow,
  now = new Date(),
  details: WindowDetails = {},
): Promise<BookingResult> {
  return database.db.transaction().execute(async (trx): Promise<BookingResult> => {
    const lead = await trx.selectFrom("leads").select(["id", "kind"]).where("id", "=", leadId).executeTakeFirst();
    if (!lead) return refused("not-found");
    if (!isBookable(lead.kind)) return refused("not-allowed");
    const row = await trx.selectFrom("bookings").selectAll().where("lead_id", "=", leadId).executeTakeFirst();
    const at = now.toISOString();
    if (!row) {
      if (!(await takePlace(trx, window))) return refused("full");
      const id = randomUUID();
      await trx
        .insertInto("bookings")
        .values({
          id,
          lead_id: leadId,
          status: "requested",
          day: window.day,
          window_times: window.times,
          starts_at: window.startsAt.toISOString(),
          ends_at: window.endsAt.toISOString(),
          ...detailColumns(details),
          created_at: at,
          updated_at: at,
        })
        .execute();
      const created = toBooking(
        await trx.selectFrom("bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow(),
      );
      // The new booking's first change is its request: sequence 1, the owner told.
      return applyChange(
        trx,
        created,
        { status: "requested", window, invited: false, mails: [tell("owner", "requested", "customer")], remind: false },
        now,
      );
    }
    const before = toBooking(row);
    if (before.status === "declined") return refused("not-allowed");
    const columns = detailColumns(details);
    if (Object.keys(columns).length > 0)
      await trx.updateTable("bookings").set(columns).where("id", "=", before.id).execute();
    const holding = HOLDING.includes(before.status);
    const same = before.day === window.day && before.times === window.times;
    if (holding && same && before.status !== "proposed") return { ok: true, booking: before };
    if (!(holding && same)) {
      if (!(await takePlace(trx, window))) return refused("full");
      if (holding) await releasePlace(trx, before.day, before.times);
    }
    const mails = [tell("owner", "requested", "customer")];
    if (before.invited) mails.push(tell("customer", "requested", "customer", "cancel"));
    return applyChange(trx, before, { status: "requested", window, invited: false, mails, remind: false }, now);
  });
}

/** Runs `change` on the booking `bookingId` in a transaction, the row read first (locked on PostgreSQL). */
function withBooking(
  database: Database,
  bookingId: string,
  change: (trx: Transaction<DB>, before: Booking) => Promise<BookingResult>,
): Promise<BookingResult> {
  return database.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom("bookings").selectAll().where("id", "=", bookingId);
    if (database.dialect === "postgres") query = query.forUpdate();
    const row = await query.executeTakeFirst();
    return row ? change(trx, toBooking(row)) : refused("not-found");
  });
}

export async function decide(
  database: Database,
  bookingId: string,
  decision: OwnerDecision,
  note: string,
  now = new Date(),
): Promise<BookingResult> {
  return withBooking(database, bookingId, async (trx, before) => {
    const cancelInvite = before.invited ? "cancel" : null;
    switch (decision.action) {
      case "confirm": {
        if (before.status !== "requested" && before.status !== "proposed") return refused("not-allowed");
        const mails = [tell("customer", "confirmed", "owner", "request")];
        return applyChange(trx, before, { status: "confirmed", invited: true, note, mails, remind: true }, now);
      }
      case "propose": {
        if (!HOLDING.includes(before.status)) return refused("not-allowed");
        const { window } = decision;
        if (before.day !== window.day || before.times !== window.times) {
          if (!(await takePlace(trx, window))) return refused("full");
          await releasePlace(trx, before.day, before.times);
        }
        const mails = [tell("customer", "proposed", "owner", cancelInvite)];
        return applyChange(
          trx,
          before,
          { status: "proposed", window, invited: false, note, mails, remind: false },
          now,
        );
      }
      case "decline": {
        if (!HOLDING.includes(before.status)) return refused("not-allowed");
        await releasePlace(trx, before.day, before.times);
        const mails = [tell("customer", "declined", "owner", cancelInvite)];
        return applyChange(trx, before, { status: "declined", invited: false, note, mails, remind: false }, now);
      }
    }
  });
}

export async function acceptProposal(database: Database, bookingId: string, now = new Date()): Promise<BookingResult> {
  return withBooking(database, bookingId, async (trx, before) => {
    if (before.status !== "proposed") return refused("not-allowed");
    const mails = [tell("customer", "confirmed", "customer", "request"), tell("owner", "confirmed", "customer")];
    return applyChange(trx, before, { status: "confirmed", invited: true, mails, remind: true }, now);
  });
}

/**
 * The customer cancels their window. A confirmed window cancelled later than the terms allow
 * (kit/late-cancellation.server.ts) records what the rule says happens to `depositCents` (the deposit paid, or null),
 * and both e-mails say it; never a refund by itself. The owner's note to the customer is cleared: it was about that
 * visit, and a window asked for again starts without it. `textOwner`: the owner is also texted.
 */
export async function cancelBooking(
  database: Database,
  bookingId: string,
  now = new Date(),
  { depositCents = null, textOwner = false }: { depositCents?: number | null; textOwner?: boolean } = {},
): Promise<BookingResult> {
  return withBooking(database, bookingId, async (trx, before) => {
    if (!HOLDING.includes(before.status)) return refused("not-allowed");
    await releasePlace(trx, before.day, before.times);
    const mails = [
      tell("customer", "cancelled", "customer", before.invited ? "cancel" : null),
      tell("owner", "cancelled", "customer"),
    ];
    const rule = lateCancellationRule();
    const late: LateCancellation | null =
      before.status === "confirmed" && isLateCancellation(before.startsAt, now, rule)
        ? { hours: rule.hours, deposit: rule.deposit, depositCents }
        : null;
    return applyChange(
      trx,
      before,
      { status: "cancelled", invited: false, note: "", mails, remind: false, late, textOwner },
      now,
    );
  });
}

export type ConfirmedBooking = Booking & {
  lead: { name: string | null; phone: string | null; zip: string | null; fields: Record<string, unknown> };
};

/** The confirmed bookings whose window ends after `since`, or (`{ day }`) those of one local day; in window order. */
export async function confirmedBookings(database: Database, when: Date | { day: string }): Promise<ConfirmedBooking[]> {
  let query = database.db
    .selectFrom("bookings")
    .innerJoin("leads", "leads.id", "bookings.lead_id")
    .selectAll("bookings")
    .select(["leads.name", "leads.phone", "leads.zip", "leads.fields"])
    .where("bookings.status", "=", "confirmed");
  query =
    when instanceof Date
      ? query.where("bookings.ends_at", ">", when.toISOString())
      : query.where("bookings.day", "=", when.day);
  const rows = await query.orderBy("bookings.starts_at").orderBy("bookings.created_at").execute();
  return rows.map(({ name, phone, zip, fields, ...row }) => ({
    ...toBooking(row),
    lead: { name, phone, zip, fields: JSON.parse(fields) as Record<string, unknown> },
  }));
}
