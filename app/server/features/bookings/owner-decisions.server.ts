/**
 * The arrival window on the owner's request page (/admin/requests/:id) and in the inbox list: what the customer
 * asked for, and the owner's decision (confirm, propose another window, decline), each with an optional note to
 * the customer. The store (app/server/features/bookings/bookings.server.ts) makes the change and queues its e-mails.
 */
import type { Database } from "../../kit/db/database.server.ts";
import type { BookingStatus } from "../../kit/db/tables.server.ts";
import {
  bookingForLead,
  bookingsForLeads,
  decide,
  openWindows,
  type Booking,
  type OwnerDecision,
  type Refusal,
} from "./bookings.server.ts";
import { byDay, candidateWindows, findWindow, timesLabel, windowLabel } from "../../kit/arrival-windows.server.ts";
import { isCompleted } from "../../kit/job-completion.server.ts";
import { formatTime } from "../../notify/labels.server.ts";
import { lateCancellationForOwner } from "../../../lib/late-cancellation.ts";

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  requested: "Requested by the customer: waiting for your decision",
  proposed: "You proposed this window: waiting for the customer",
  confirmed: "Confirmed",
  declined: "Declined",
  cancelled: "Cancelled by the customer",
};

/** Which decisions each status allows (the store refuses the others). */
const ALLOWED: Record<BookingStatus, readonly OwnerDecision["action"][]> = {
  requested: ["confirm", "propose", "decline"],
  proposed: ["confirm", "propose", "decline"],
  confirmed: ["propose", "decline"],
  declined: [],
  cancelled: [],
};

/** "Tue Dec 1" for a local date. */
export function shortDayLabel(day: string): string {
  const [year = 0, month = 0, date = 0] = day.split("-").map(Number);
  return new Date(Date.UTC(year, month - 1, date))
    .toLocaleDateString("en-US", { timeZone: "UTC", weekday: "short", month: "short", day: "numeric" })
    .replace(",", "");
}

/** The inbox line of a request with a booking: "Tue Dec 1, 8–10 AM — requested". */
export const bookingLine = (booking: Pick<Booking, "day" | "times" | "status">) =>
  `${shortDayLabel(booking.day)}, ${timesLabel(booking.times)} — ${booking.status}`;

export interface BookingView {
  id: string;
  status: BookingStatus;
  statusText: string;
  window: string;
  askedAt: string;
  askedAtIso: string;
  note: string;
  /** What the terms' rule said of the customer's late cancellation, in the owner's words (null: none). */
  late: string | null;
  actions: readonly OwnerDecision["action"][];
  /** The windows the owner may propose instead, by day (none when the ZIP books by appointment or nothing is open). */
  proposals: { day: string; label: string; windows: { value: string; label: string }[] }[];
}

/** The booking of a request as its page shows it, or null when the customer has not asked for a window. */
export async function bookingView(
  database: Database,
  lead: { id: string; contact: { zip: string | null } },
  now = new Date(),
): Promise<BookingView | null> {
  const booking = await bookingForLead(database, lead.id);
  if (!booking) return null;
  const actions = ALLOWED[booking.status];
  const candidates =
    actions.includes("propose") && lead.contact.zip ? candidateWindows(lead.contact.zip, now).windows : [];
  const open = (await openWindows(database, candidates)).filter(
    (w) => w.day !== booking.day || w.times !== booking.times,
  );
  const proposals = byDay(open).map(({ day, label, windows }) => ({
    day,
    label,
    windows: windows.map((w) => ({
      value: w.value,
      label: `${w.label} (${w.left} place${w.left === 1 ? "" : "s"} left)`,
    })),
  }));
  return {
    id: booking.id,
    status: booking.status,
    statusText: BOOKING_STATUS_LABELS[booking.status],
    window: windowLabel(booking.day, booking.times),
    askedAt: formatTime(booking.createdAt),
    askedAtIso: booking.createdAt.toISOString(),
    note: booking.ownerNote,
    late:
      booking.status === "cancelled" && booking.lateCancellation
        ? lateCancellationForOwner(booking.lateCancellation)
        : null,
    actions,
    proposals,
  };
}

/** A decision the page could not make: the answer's status and what to tell the owner. */
export class DecisionRefused extends Error {
  readonly status: 400 | 404 | 409;
  constructor(status: 400 | 404 | 409, message: string) {
    super(message);
    this.status = status;
  }
}

const REFUSALS: Record<Refusal, [409 | 404, string]> = {
  full: [409, "That window was just taken. Choose another one."],
  "not-allowed": [409, "This arrival window has changed meanwhile: look at its status and decide again."],
  "not-found": [404, "This request has no arrival window (any more)."],
};

/**
 * The owner's decision on the booking of request `leadId`. A proposed window is checked again against the
 * windows the request's ZIP may ask for now (a past or closed one is a 400); the store decides whether a place
 * is left. Throws DecisionRefused.
 */
export async function decideForLead(
  database: Database,
  lead: { id: string; contact: { zip: string | null } },
  input: { action: "confirm" | "decline"; note: string } | { action: "propose"; window: string; note: string },
  now = new Date(),
): Promise<Booking> {
  const booking = await bookingForLead(database, lead.id);
  if (!booking) throw new DecisionRefused(...REFUSALS["not-found"]);
  // Completed means done (docs/decisions/039): a window decided now would queue its reminder and texts again.
  if (await isCompleted(database.db, lead.id))
    throw new DecisionRefused(
      409,
      "This job is marked completed, so its window is not changed. If it is not done, set its stage back first.",
    );
  let decision: OwnerDecision;
  if (input.action === "propose") {
    const [day = "", times = ""] = input.window.split(" ");
    const window = lead.contact.zip ? findWindow(lead.contact.zip, day, times, now) : null;
    if (!window) throw new DecisionRefused(400, "That window cannot be offered any more: choose one from the list.");
    decision = { action: "propose", window };
  } else decision = { action: input.action };
  const result = await decide(database, booking.id, decision, input.note, now);
  if (!result.ok) throw new DecisionRefused(...REFUSALS[result.reason]);
  return result.booking;
}

/** Each request's booking as its inbox row shows it; `waiting` while the window needs the owner's decision. */
export async function bookingLines(
  database: Database,
  leadIds: string[],
): Promise<Map<string, { text: string; waiting: boolean }>> {
  const bookings = await bookingsForLeads(database, leadIds);
  return new Map(
    [...bookings].map(([leadId, booking]) => [
      leadId,
      { text: bookingLine(booking), waiting: booking.status === "requested" },
    ]),
  );
}

/** decideForLead for the request page: a refusal (DecisionRefused) as its status and sentence instead of thrown. */
export async function decideForLeadOrRefuse(
  database: Database,
  lead: { id: string; contact: { zip: string | null } },
  input: { action: "confirm" | "decline"; note: string } | { action: "propose"; window: string; note: string },
): Promise<{ booking: Booking } | { refused: { status: number; message: string } }> {
  try {
    return { booking: await decideForLead(database, lead, input) };
  } catch (error) {
    if (error instanceof DecisionRefused) return { refused: { status: error.status, message: error.message } };
    throw error;
  }
}
