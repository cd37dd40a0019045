/**
 * What a booking e-mail job carries (outbox_jobs.payload, JSON): written by the store in the same transaction
 * as the change it tells of, read by the sender (app/server/features/bookings/booking-mail.server.ts). A snapshot: the
 * e-mail tells of this change even when a later one follows before it goes out.
 */
import type { BookingStatus } from "../../kit/db/tables.server.ts";
import type { LateCancellation } from "../../kit/late-cancellation.server.ts";

/** What happened: a window asked for (or asked for again: rescheduled), confirmed, proposed by the owner, declined, cancelled. */
export type BookingEvent = "requested" | "confirmed" | "proposed" | "declined" | "cancelled";

export interface BookingMailPayload {
  /** Who the e-mail goes to: the customer (the request's address) or the owner (LEAD_TO_EMAIL). */
  to: "customer" | "owner";
  event: BookingEvent;
  /** Who made the change. */
  by: "customer" | "owner";
  bookingId: string;
  /** The booking's sequence after the change (the invite's SEQUENCE). */
  sequence: number;
  /** The booking's status after the change. */
  status: BookingStatus;
  /** The window after the change: local date, local times, instants (ISO). */
  day: string;
  times: string;
  startsAt: string;
  endsAt: string;
  /** The window before the change, when it moved. */
  previous: { day: string; times: string } | null;
  /** The owner's note to the customer (may be ""). */
  note: string;
  /** The service address at the change (the invite's LOCATION; "" when none was given, and in jobs queued before 0014). */
  location?: string;
  /** The calendar part: an invite (METHOD:REQUEST), a cancellation of the invite sent before (METHOD:CANCEL), or none. */
  invite: "request" | "cancel" | null;
  /** A customer's cancellation later than the terms allow: the rule and the deposit paid (absent in older payloads). */
  late?: LateCancellation | null;
}
