/**
 * The tables, as Kysely sees them (the schema the migrations in ./migrations/ build): one interface per table and
 * DB, the map of them all. Timestamps are ISO-8601 text (UTC, fixed width), so they compare correctly as strings
 * on both databases. The connection is database.server.ts.
 */
import type { Generated } from "kysely";
import type { LeadKind } from "../lead-kinds.server.ts";
import type { EventKind, Stage } from "../stages.ts";

export type DeliveryStatus = "pending" | "notified";
/**
 * An outbox job's kind: one a feature declared with its sender (app/server/notify/jobs.server.ts). Today:
 * email, webhook, reply, sms (features/leads), booking, reminder (features/bookings) and review (features/reviews).
 */
export type JobKind = string;
export type SubscriptionStatus = "pending" | "confirmed" | "unsubscribed";
/** cancelled: called off before it was sent (a reminder of a window that moved or was cancelled). */
export type JobStatus = "pending" | "sent" | "dead" | "cancelled";

export interface LeadsTable {
  id: string;
  kind: LeadKind;
  /** JSON object of the validated form values. */
  fields: string;
  name: string | null;
  email: string;
  phone: string | null;
  zip: string | null;
  /** 1, 0 or NULL (unknown): an integer so that both databases store it the same way. */
  in_service_area: number | null;
  /** The page the request was sent from. */
  page: string;
  ip: string;
  user_agent: string;
  consent_version: string | null;
  consent_text: string | null;
  consent_at: string | null;
  /** JSON: { landingPage, referrer, utm, gclid }. */
  attribution: string;
  idempotency_key: string;
  created_at: string;
  delivery_status: DeliveryStatus;
  /** The stage its events give (app/server/kit/stages.ts stageFrom), kept for the inbox's filter and the report. */
  stage: Generated<Stage>;
  /** The owner's first real contact (a text, a quote, a window decision, a stage set by hand), UTC ISO. */
  first_contact_at: Generated<string | null>;
  /** The e-mail address's normal form (kit/customer-keys.server.ts emailKey): how the customer's page finds their requests. */
  email_key: Generated<string | null>;
  /** The phone's normal form (phoneKey, +1XXXXXXXXXX), or null without a US number. */
  phone_key: Generated<string | null>;
}

export interface LeadAttachmentsTable {
  lead_id: string;
  filename: string;
  content_type: string;
  bytes: Uint8Array;
}

/** A photo sent with a request, as the server re-encoded it (numbered from 1 in the order sent). */
export interface LeadPhotosTable {
  lead_id: string;
  n: number;
  filename: string;
  content_type: string;
  width: number;
  height: number;
  bytes: Uint8Array;
  /** The customer's photo of the request, or the owner's photo of the finished job (shown on the invoice). */
  purpose: Generated<"request" | "completion">;
}

export interface OutboxJobsTable {
  id: string;
  lead_id: string;
  kind: JobKind;
  status: Generated<JobStatus>;
  attempts: Generated<number>;
  next_attempt_at: string;
  locked_until: string | null;
  lease_token: string | null;
  /** An error code only, never a message that could carry personal data. */
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  /** Tells apart jobs of one kind for one request ('' for the one-per-request kinds; a booking's sequence). */
  ref: Generated<string>;
  /** JSON: what the job sends, when it is not read from the request alone (booking e-mails). */
  payload: string | null;
  /** Given up ('dead') when its next try would come after this (default: 7 days after created_at). */
  not_after: string | null;
}

export interface RateLimitsTable {
  /** The IP address's keyed hash (keyedHash, "rate-limit"). */
  key: string;
  /** The fixed window's number: floor(epoch ms / window length). */
  bucket: number;
  count: number;
}

/** The double opt-in state of a newsletter sign-up (a lead of kind 'newsletter'). */
export interface NewsletterSubscriptionsTable {
  lead_id: string;
  status: SubscriptionStatus;
  updated_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
}

export interface SiteSecretsTable {
  name: string;
  value: string;
}

/** A stage the owner sets by hand (lead_status_changes.status): any of app/server/kit/stages.ts STAGES. */
export type LeadStatus = Stage;

/** One event that moved a request (app/server/kit/stages.ts EVENTS), once per kind and ref. */
export interface LeadEventsTable {
  lead_id: string;
  kind: EventKind;
  /** What recorded it: a quote's id, a Checkout Session's id, "<booking id>:<sequence>", a text's id. */
  ref: string;
  at: string;
}

export type BookingStatus = "requested" | "proposed" | "confirmed" | "declined" | "cancelled";

/** A request's arrival window (one per request): what the visitor asked for, and what the owner decided. */
export interface BookingsTable {
  id: string;
  lead_id: string;
  status: BookingStatus;
  /** The window's local date in America/Boise, YYYY-MM-DD. */
  day: string;
  /** The window's local times, "HH:MM-HH:MM" (a window of content/availability.yaml when it was chosen). */
  window_times: string;
  /** The same window as instants, UTC ISO. */
  starts_at: string;
  ends_at: string;
  /** Raised on every change (the invite's SEQUENCE). */
  sequence: Generated<number>;
  /** 1 once an invite (METHOD:REQUEST) was sent. */
  invited: Generated<number>;
  owner_note: Generated<string>;
  /** The service address given when the window was asked for, when the request had none (0014). */
  address: string | null;
  /** The customer's note for the crew, given with the window (0014; "" without one). */
  access_note: Generated<string>;
  created_at: string;
  updated_at: string;
  /** A late cancellation by the customer: JSON of LateCancellation (kit/late-cancellation.server.ts); else null. */
  late_cancellation: Generated<string | null>;
}

/** How many bookings hold a place in a window (requested, proposed or confirmed); at most its capacity. */
export interface BookingPlacesTable {
  day: string;
  window_times: string;
  taken: number;
}

/** A customer asked for a review (once), or who asked never to be (keyed hash of the address, "review"). */
export interface ReviewContactsTable {
  email_key: string;
  requested_at: string | null;
  opted_out_at: string | null;
}

/**
 * Replies sent (queued) to one visitor address: at most REPLY_LIMIT.count in any REPLY_LIMIT.windowMs, one
 * row per slot, each slot reused once its last use is older than the window (features/leads/reply-quota.server.ts reserveReply).
 */
export interface ReplyQuotaTable {
  /** The address's keyed hash (keyedHash, "reply-to"). */
  key: string;
  slot: number;
  used_at: string;
}

export interface OwnersTable {
  id: string;
  /** Lower-cased. */
  email: string;
  /** scrypt, self-describing: see app/server/features/admin/passwords.server.ts. */
  password_hash: string;
  created_at: string;
}

export interface OwnerSessionsTable {
  /** sha256 of the cookie's random token: the token itself is never stored. */
  token_hash: string;
  owner_id: string;
  created_at: string;
  last_seen_at: string;
}

export interface SignInThrottleTable {
  /** The keyed hash (keyedHash, "sign-in") of "account:<email>" or "address:<client address>". */
  key: string;
  failures: number;
  window_start: string;
  locked_until: string | null;
}

export interface LeadStatusChangesTable {
  id: string;
  lead_id: string;
  status: LeadStatus;
  note: string;
  /** The owner's e-mail at the time of the change. */
  changed_by: string;
  changed_at: string;
}

export type PaymentStatus = "pending" | "paid" | "failed" | "expired";

/** A deposit's Stripe Checkout Session (app/server/features/payments/). */
export interface PaymentsTable {
  checkout_session_id: string;
  /** The request the quote is for; null once the request was purged. */
  lead_id: string | null;
  quote_ref: string;
  quote_version: number;
  attempt: number;
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  checkout_url: string;
  expires_at: string;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  /** Stripe's payment intent of the paid session (refunds and disputes name it); null before it is known. */
  payment_intent_id: string | null;
}

/** A Stripe webhook event taken (its id once, whatever how often it is sent). */
export interface PaymentEventsTable {
  event_id: string;
  checkout_session_id: string;
  type: string;
  received_at: string;
}

export type TextDirection = "in" | "out";
export type TextStatus = "queued" | "sent" | "refused" | "cancelled" | "failed" | "received";

/** One text message of a request's thread, in or out (app/server/features/texts/). */
export interface TextMessagesTable {
  id: string;
  lead_id: string | null;
  /** The customer's number, E.164. */
  phone: string;
  direction: TextDirection;
  kind: string;
  body: string;
  status: TextStatus;
  /** A day-before text: "<booking id>:<sequence>". */
  booking_ref: string | null;
  /** An inbound text's MessageSid (taken once). */
  provider_sid: string | null;
  reason: string | null;
  created_at: string;
  due_at: string;
  sent_at: string | null;
}

/** A number that said STOP (stopped_at set) or START again after it (stopped_at null). */
export interface TextOptOutsTable {
  phone: string;
  stopped_at: string | null;
  started_at: string | null;
  updated_at: string;
}

/** A customer's "C" to the day-before text of a booking, at the booking's sequence then. */
export interface TextConfirmationsTable {
  booking_id: string;
  sequence: number;
  lead_id: string;
  confirmed_at: string;
}

export type QuoteStatus = "draft" | "sent" | "accepted" | "declined" | "replaced";

/** One version of a request's quote (docs/decisions/031-quotes.md); immutable once sent (a trigger refuses the change). */
export interface QuotesTable {
  id: string;
  lead_id: string;
  /** 1, 2, … per request. */
  version: number;
  status: QuoteStatus;
  /** JSON of what the customer is shown (app/forms/quote.ts QuoteContent). */
  content: string;
  /** sha256 (hex) of the canonical JSON of the content, set when sent. */
  content_hash: string | null;
  /** YYYY-MM-DD, the last day the quote may be accepted (America/Boise). */
  valid_until: string;
  created_at: string;
  sent_at: string | null;
  /** First time the customer opened the link. */
  viewed_at: string | null;
  /** The owner stopped the reminders. */
  reminders_stopped_at: string | null;
}

/** The customer's answer to a sent version, kept as proof; never changed (a trigger refuses it), one per version. */
export interface QuoteAnswersTable {
  quote_id: string;
  answer: "accepted" | "declined";
  /** The option accepted (0-based), null for a decline. */
  option_index: number | null;
  /** The full name typed to accept. */
  name: string | null;
  /** The optional reason of a decline. */
  reason: string | null;
  /** The version's content hash the customer was shown. */
  content_hash: string;
  /** The client address's keyed hash (keyedHash, "quote"). */
  ip_hash: string;
  user_agent: string;
  answered_at: string;
}

/** A customer's consent to seasonal reminders about a completed request (features/reminders). */
export interface ReminderConsentsTable {
  lead_id: string;
  /** JSON array of service slugs. */
  services: string;
  /** YYYY-MM-DD, Boise: the day the reminders count from. */
  since: string;
  given_at: string;
  given_via: "completed-email" | "quote-page";
  opted_out_at: string | null;
}

export type InvoiceStatus = "draft" | "sent" | "void";

/** Each year's last invoice number (2026-0001 …), taken in the invoice's own transaction. */
export interface InvoiceNumbersTable {
  year: number;
  last_seq: number;
}

/** A request's invoice (app/server/features/invoices/, docs/decisions/041-invoices-and-balance.md). */
export interface InvoicesTable {
  id: string;
  /** null once the request was purged (the books keep the invoice). */
  lead_id: string | null;
  /** "2026-0001": the year and its sequence, never repeated, never skipped. */
  number: string;
  year: number;
  seq: number;
  /** 1, then one more each time a sent invoice is changed. */
  version: Generated<number>;
  status: InvoiceStatus;
  /** JSON of app/forms/invoice.ts InvoiceContent. */
  content: string;
  /** invoiceTotals(content).totalCents, kept for queries (the report, the unpaid list). */
  total_cents: number;
  /** The accepted quote version it was made from, if any. */
  quote_id: string | null;
  /** YYYY-MM-DD (America/Boise), set when sent. */
  due_date: string | null;
  created_at: string;
  updated_at: string;
  sent_at: string | null;
  /** The owner paused the reminders of this invoice. */
  reminders_paused_at: string | null;
}

export type InvoicePaymentMethod = "card" | "cash" | "check" | "zelle" | "venmo" | "other";
export type InvoicePaymentStatus = "pending" | "paid" | "failed" | "expired" | "void";

/** A payment against an invoice: a Checkout Session of its balance (card), or what the owner recorded by hand. */
export interface InvoicePaymentsTable {
  id: string;
  invoice_id: string;
  lead_id: string | null;
  method: InvoicePaymentMethod;
  status: InvoicePaymentStatus;
  /** What goes to the invoice's balance (cents), without the tip. */
  amount_cents: number;
  /** The tip on top (cents); a card payment charges amount + tip. */
  tip_cents: Generated<number>;
  currency: Generated<string>;
  checkout_session_id: string | null;
  invoice_version: number | null;
  attempt: number | null;
  checkout_url: string | null;
  expires_at: string | null;
  payment_intent_id: string | null;
  /** A check's number, or the owner's note of a payment by hand. */
  reference: string | null;
  /** YYYY-MM-DD the owner received it (by hand). */
  received_on: string | null;
  /** The owner's form key: the same form sent twice records one payment. */
  idempotency_key: string | null;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
}

export type RefundStatus = "pending" | "requires_action" | "succeeded" | "failed" | "canceled";

/** A refund Stripe reports (charge.refunded, refund.updated), of a deposit or of an invoice's card payment. */
export interface RefundsTable {
  /** Stripe's refund id (re_…). */
  id: string;
  payment_intent_id: string;
  checkout_session_id: string | null;
  invoice_payment_id: string | null;
  lead_id: string | null;
  amount_cents: number;
  currency: string;
  status: RefundStatus;
  created_at: string;
  updated_at: string;
}

/** A dispute (chargeback) Stripe reports (charge.dispute.*). */
export interface DisputesTable {
  /** Stripe's dispute id (du_…). */
  id: string;
  payment_intent_id: string;
  lead_id: string | null;
  amount_cents: number;
  currency: string;
  reason: string;
  status: string;
  created_at: string;
  updated_at: string;
  /** When the evidence is due, as Stripe's latest event said it (ISO); null when it gave none. */
  evidence_due_at: string | null;
}

/** A Stripe event about refunds, disputes or invoice payments, taken once by its id. */
export interface StripeEventsTable {
  event_id: string;
  type: string;
  object_id: string;
  received_at: string;
}

export interface DB {
  reminder_consents: ReminderConsentsTable;
  quotes: QuotesTable;
  quote_answers: QuoteAnswersTable;
  leads: LeadsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  site_secrets: SiteSecretsTable;
  lead_attachments: LeadAttachmentsTable;
  lead_photos: LeadPhotosTable;
  outbox_jobs: OutboxJobsTable;
  rate_limits: RateLimitsTable;
  reply_quota: ReplyQuotaTable;
  owners: OwnersTable;
  owner_sessions: OwnerSessionsTable;
  sign_in_throttle: SignInThrottleTable;
  lead_status_changes: LeadStatusChangesTable;
  lead_events: LeadEventsTable;
  bookings: BookingsTable;
  booking_places: BookingPlacesTable;
  review_contacts: ReviewContactsTable;
  payments: PaymentsTable;
  payment_events: PaymentEventsTable;
  invoice_numbers: InvoiceNumbersTable;
  invoices: InvoicesTable;
  invoice_payments: InvoicePaymentsTable;
  refunds: RefundsTable;
  disputes: DisputesTable;
  stripe_events: StripeEventsTable;
  text_messages: TextMessagesTable;
  text_opt_outs: TextOptOutsTable;
  text_confirmations: TextConfirmationsTable;
}
