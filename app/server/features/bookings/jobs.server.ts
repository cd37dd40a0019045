/**
 * The outbox jobs of a booking change (docs/decisions/020-booking.md), with their senders: an e-mail about an
 * arrival window (to the customer or the owner, its payload says which and what) and the customer's reminder the
 * day before a confirmed window; the owner's text of a customer's cancellation.
 */
import { declareSenders } from "../../notify/jobs.server.ts";
import { BOOKING_JOB_KINDS } from "./job-kinds.ts";
import { createBookingSender, createBookingTextSender, createReminderSender } from "./booking-mail.server.ts";

export const BOOKING_SENDERS = declareSenders(BOOKING_JOB_KINDS, {
  booking: ({ database, env, now }) => createBookingSender(database, env, now),
  reminder: ({ database, env, now }) => createReminderSender(database, env, now),
  "booking-sms": ({ env }) => createBookingTextSender(env),
});
