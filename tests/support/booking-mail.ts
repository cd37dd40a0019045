/** A booking e-mail job's payload, as the store writes it: a window of Tuesday, December 1, 2026, 8–10 AM, confirmed by the owner with an invite. */
import type { BookingMailPayload } from "../../app/server/features/bookings/payload.ts";

export const confirmedPayload = (over: Partial<BookingMailPayload> = {}): BookingMailPayload => ({
  to: "customer",
  event: "confirmed",
  by: "owner",
  bookingId: "b-42",
  sequence: 2,
  status: "confirmed",
  day: "2026-12-01",
  times: "08:00-10:00",
  startsAt: "2026-12-01T15:00:00.000Z",
  endsAt: "2026-12-01T17:00:00.000Z",
  previous: null,
  note: "",
  invite: "request",
  ...over,
});
