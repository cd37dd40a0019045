/**
 * Arrival windows asked for and decided (docs/decisions/020-booking.md). One booking per request. A booking that is
 * requested, proposed or confirmed holds one place of its window (booking_places.taken); taking a place is one
 * conditional UPDATE in the change's transaction (`taken < capacity`), so of two visitors asking for the last
 * place at once exactly one gets it, on SQLite and PostgreSQL alike. Every change raises the booking's sequence
 * and queues, in the same transaction, the e-mails that tell of it (outbox kind 'booking', payload
 * ./payload.ts) and the reminder of a confirmed window (kind 'reminder', ref = sequence, due the day before);
 * a change calls off the reminders queued before it.
 */
import type { Database, BookingStatus } from "../db/database.server.ts";
import type { ArrivalWindow } from "./windows.server.ts";

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
  createdAt: Date;
  updatedAt: Date;
}

/** Why a change was refused: the window has no place left; the booking is not in a state that allows it; no such booking or request. */
export type Refusal = "full" | "not-allowed" | "not-found";
export type BookingResult = { ok: true; booking: Booking } | { ok: false; reason: Refusal };

/** The local time the reminder of a window is sent: 10:00 on the day before. */
export const REMINDER_TIME = "10:00";

export declare function getBooking(database: Database, id: string): Promise<Booking | undefined>;
export declare function bookingForLead(database: Database, leadId: string): Promise<Booking | undefined>;
/** Bookings of these leads (for the inbox list), by lead id. */
export declare function bookingsForLeads(database: Database, leadIds: readonly string[]): Promise<Map<string, Booking>>;

/** How many places each of these windows has left (capacity minus taken), by `${day} ${times}`. */
export declare function placesLeft(database: Database, windows: readonly ArrivalWindow[]): Promise<Map<string, number>>;
/** The windows of `candidates` with a place left (a full window is not offered). */
export declare function openWindows(
  database: Database,
  candidates: readonly ArrivalWindow[],
): Promise<(ArrivalWindow & { left: number })[]>;

/**
 * The visitor asks for `window` for request `leadId` (from /book, or again from the manage link: a reschedule).
 * New booking or changed one: status 'requested', the place taken (the old one given back), sequence raised;
 * queues the owner's e-mail (event 'requested'), and, when an invite had been sent, the customer's e-mail
 * cancelling it (invite 'cancel'). Refused: 'full'; 'not-allowed' when the booking is declined (the owner said
 * no) or the request is not an estimate or contact request.
 */
export declare function requestWindow(
  database: Database,
  leadId: string,
  window: ArrivalWindow,
  now?: Date,
): Promise<BookingResult>;

export type OwnerDecision =
  { action: "confirm" } | { action: "propose"; window: ArrivalWindow } | { action: "decline" };

/**
 * The owner's decision, with a note to the customer ("" for none):
 * - confirm (requested or proposed): 'confirmed', invited; the customer's e-mail with the invite (REQUEST), the reminder queued;
 * - propose (requested, proposed or confirmed): 'proposed' at `window` (its place taken, the old one given back;
 *   'full' if none); the customer's e-mail with the proposal and the links (no invite; a confirmed one's invite is cancelled);
 * - decline (requested, proposed or confirmed): 'declined', the place given back; the customer's e-mail
 *   (with a CANCEL when an invite had been sent).
 */
export declare function decide(
  database: Database,
  bookingId: string,
  decision: OwnerDecision,
  note: string,
  now?: Date,
): Promise<BookingResult>;

/** The customer accepts the owner's proposal (manage link): 'confirmed', invited; the customer's invite, the owner's e-mail, the reminder. */
export declare function acceptProposal(database: Database, bookingId: string, now?: Date): Promise<BookingResult>;

/** The customer cancels (manage link): 'cancelled', the place given back; the owner's e-mail, and the customer's CANCEL when invited. */
export declare function cancelBooking(database: Database, bookingId: string, now?: Date): Promise<BookingResult>;

/** Confirmed bookings whose window ends after `since`, with what the owner's calendar shows of their request. */
export declare function confirmedBookings(
  database: Database,
  since: Date,
): Promise<
  (Booking & {
    lead: { name: string | null; phone: string | null; zip: string | null; fields: Record<string, unknown> };
  })[]
>;
