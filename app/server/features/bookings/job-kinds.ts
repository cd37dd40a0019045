/** The outbox job kinds of a booking change: an e-mail about an arrival window, the reminder the day before a
 * confirmed window, the owner's text of a customer's cancellation. Their senders: jobs.server.ts. */
export const BOOKING_JOB_KINDS = ["booking", "reminder", "booking-sms"] as const;
export type BookingJobKind = (typeof BOOKING_JOB_KINDS)[number];
