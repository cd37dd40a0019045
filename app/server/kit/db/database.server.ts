/**
 * The database: SQLite (node:sqlite, file DATA_DIR/leads.sqlite) by default, PostgreSQL when DATABASE_URL
 * is set. Both are reached through Kysely with the same schema; migrations run on open.
 * Timestamps are stored as ISO-8601 text (UTC, fixed width), so they compare correctly as strings on both.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Generated,
  type MigrationProvider,
  type SqliteDatabase,
} from "kysely";
import pg from "pg";
import type { Env } from "../env.server.ts";
import type { LeadKind } from "../lead-kinds.server.ts";
import type { EventKind, Stage } from "../stages.ts";
import { migrationProvider } from "./migrations.server.ts";

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

export type Dialect = "sqlite" | "postgres";
export type Database = {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL: a connection of its own for migrations, with a long bound (PG_MIGRATION_TIMEOUT_MS); the caller destroys it. */
  migrationDb?: () => Kysely<DB>;
  close(): Promise<void>;
  /** HASH_SECRET, the key of every hash of personal data stored here (site-secrets.server.ts); unset, a key stored in the database. */
  hashSecret?: string;
};

const STATEMENT_CACHE_SIZE = 200;

/** Kysely's SqliteDialect speaks better-sqlite3's statement API; this maps it onto node:sqlite. */
function sqliteAdapter(file: string): SqliteDatabase {
  const db = new DatabaseSync(file, { timeout: 5000 });
  db.exec(
    "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;",
  );
  const statements = new Map<string, { stmt: StatementSync; reader: boolean }>();
  return {
    close: () => db.close(),
    prepare(sql) {
      // Kysely prepares every query it runs; compiling the same SQL again on each request cost ~6% of the
      // server's time under load, so statements are kept (the last ones prepared; SQL with a varying number of
      // parameters would otherwise grow the cache). An iteration gets its own statement: a cached one could be
      // reset by a query run while it is still being read.
      // Every transaction takes the write lock when it begins (Kysely's driver sends a plain "begin"): one that
      // read first and wrote after another process (a backup, a command-line tool, a test) had committed would
      // fail at once with SQLITE_BUSY instead of waiting busy_timeout for the lock.
      if (sql === "begin") sql = "begin immediate";
      let cached = statements.get(sql);
      if (!cached) {
        const stmt = db.prepare(sql);
        cached = { stmt, reader: stmt.columns().length > 0 };
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
        statements.set(sql, cached);
      }
      const { stmt, reader } = cached;
      const args = (parameters: ReadonlyArray<unknown>) => parameters as SQLInputValue[];
      return {
        reader,
        all: (parameters) => stmt.all(...args(parameters)),
        run: (parameters) => {
          const { changes, lastInsertRowid } = stmt.run(...args(parameters));
          return { changes, lastInsertRowid };
        },
        iterate: (parameters) => db.prepare(sql).iterate(...args(parameters)),
      };
    },
  };
}

/**
 * A PostgreSQL host that goes silent (connection open, no answer) must not hold a visitor: connecting,
 * waiting for a pooled connection and each query are bounded, so a form post is answered 503 within 5 s
 * (a transaction may wait for BEGIN and then ROLLBACK: 2 × QUERY_TIMEOUT_MS). The server also ends a
 * statement it runs longer than that, and TCP keepalive notices a host that is gone.
 */
const PG_CONNECT_TIMEOUT_MS = 2_000;
const PG_QUERY_TIMEOUT_MS = 2_000;
/**
 * Migrations run on a connection of their own with this bound instead: they wait for Kysely's migration lock,
 * one advisory lock for the whole database, while another process migrates (a second server starting, another
 * schema's tests), and a migration may rewrite a large table. With the 2 s bound, a start that waited for
 * another's migration failed ("canceling statement due to statement timeout").
 */
const PG_MIGRATION_TIMEOUT_MS = 10 * 60_000;

function postgresPool(connectionString: string, { max = 10, timeoutMs = PG_QUERY_TIMEOUT_MS } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    query_timeout: timeoutMs,
    statement_timeout: timeoutMs,
    idle_in_transaction_session_timeout: 10_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
  // An idle client that breaks (e.g. the server restarted) is dropped by the pool and the next query
  // reconnects; without a listener the 'error' event would end the process.
  pool.on("error", () => {});
  // A client that is checked out when the server goes away emits 'error' on itself; without a listener
  // that would end the process. The query in progress fails and the caller answers 503.
  pool.on("connect", (client) => {
    client.on("error", () => {});
    // A query that timed out leaves its connection waiting for an answer that may never come (a host that
    // went silent or away without a reset): close that connection, so the pool opens a fresh one.
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as { query: unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (result instanceof Promise) {
        result.catch((err: unknown) => {
          if (err instanceof Error && err.message === "Query read timeout")
            (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
        });
      }
      return result;
    };
  });
  return pool;
}

type DatabaseSettings = Pick<Env, "DATA_DIR" | "DATABASE_URL" | "HASH_SECRET">;

/** Connects to the database named by the settings, creating DATA_DIR, without touching the schema (openDatabase does). */
export function connectDatabase(env: DatabaseSettings): Database {
  mkdirSync(env.DATA_DIR, { recursive: true });
  const db = new Kysely<DB>({
    dialect: env.DATABASE_URL
      ? new PostgresDialect({ pool: postgresPool(env.DATABASE_URL) })
      : new SqliteDialect({ database: sqliteAdapter(path.join(env.DATA_DIR, "leads.sqlite")) }),
  });
  const url = env.DATABASE_URL;
  return {
    db,
    dialect: url ? "postgres" : "sqlite",
    migrationDb: url
      ? () =>
          new Kysely<DB>({
            dialect: new PostgresDialect({ pool: postgresPool(url, { max: 1, timeoutMs: PG_MIGRATION_TIMEOUT_MS }) }),
          })
      : undefined,
    close: () => db.destroy(),
    hashSecret: env.HASH_SECRET,
  };
}

/** Opens the database named by the settings, creating DATA_DIR, and brings the schema up to date. */
export async function openDatabase(env: DatabaseSettings): Promise<Database> {
  const database = connectDatabase(env);
  try {
    await migrate(database);
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/** Applies every migration not applied yet (or up to `to`, for tests of a migration); a no-op when the schema is current. */
export async function migrate(
  database: Database,
  to?: string,
  provider: MigrationProvider = migrationProvider(database.dialect),
): Promise<void> {
  const db = database.migrationDb?.() ?? database.db;
  try {
    // Kysely looks for its bookkeeping tables in every schema unless told which one; with another schema on
    // the same server holding them (another app, a parallel test) it would skip creating its own and fail.
    const migrationTableSchema =
      database.dialect === "postgres"
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
        : undefined;
    const migrator = new Migrator({
      db,
      provider,
      migrationTableSchema,
      // Migration numbers are reserved by branches built side by side (0008, 0009, 0010…): a database that ran a
      // later number first still runs an earlier one merged after it, and a gap in the numbers is allowed.
      allowUnorderedMigrations: true,
    });
    const { error, results } = await (to ? migrator.migrateTo(to) : migrator.migrateToLatest());
    if (error) {
      const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
      // Kysely names no migration when the failure came before one (its own tables, its lock, the connection): the
      // cause's first line says what it was, for the start-up message (start-problems.server.ts).
      const cause = (error instanceof Error ? error.message : String(error)).split("\n")[0];
      throw new Error(`Database migration ${failed} failed: ${cause}`, { cause: error });
    }
  } finally {
    if (db !== database.db) await db.destroy();
  }
}
