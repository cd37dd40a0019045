/**
 * The schema, as Kysely migrations kept in code (one list for both databases): one file per migration in
 * ./migrations/, each exporting its `up` (given the dialect where the two databases differ), listed here in order.
 * Column types are portable: text, integer, and a byte column that is blob on SQLite and bytea on PostgreSQL.
 * To add one: a new file named by the next number, and its line at the END of the list. Never edit one that has
 * shipped: a deployed database has run it, and Kysely checks the names it ran.
 */
import type { Kysely, Migration, MigrationProvider } from "kysely";
import type { Dialect } from "./database.server.ts";
import * as m0001_leads from "./migrations/0001_leads.server.ts";
import * as m0002_reply_and_subscriptions from "./migrations/0002_reply_and_subscriptions.server.ts";
import * as m0003_owner_inbox from "./migrations/0003_owner_inbox.server.ts";
import * as m0004_reply_quota_and_keyed_hashes from "./migrations/0004_reply_quota_and_keyed_hashes.server.ts";
import * as m0005_sms_alert from "./migrations/0005_sms_alert.server.ts";
import * as m0006_bookings from "./migrations/0006_bookings.server.ts";
import * as m0007_open_job_kinds from "./migrations/0007_open_job_kinds.server.ts";
import * as m0008_lead_photos from "./migrations/0008_lead_photos.server.ts";
import * as m0009_quotes from "./migrations/0009_quotes.server.ts";
import * as m0010_payments from "./migrations/0010_payments.server.ts";
import * as m0011_reminders from "./migrations/0011_reminders.server.ts";
import * as m0012_customer_texts from "./migrations/0012_customer_texts.server.ts";
import * as m0013_lead_stages from "./migrations/0013_lead_stages.server.ts";
import * as m0014_service_address from "./migrations/0014_service_address.server.ts";
import * as m0016_job_completion from "./migrations/0016_job_completion.server.ts";
import * as m0018_request_kind from "./migrations/0018_request_kind.server.ts";
import * as m0019_invoices from "./migrations/0019_invoices.server.ts";
import * as m0020_owner_indexes from "./migrations/0020_owner_indexes.server.ts";
import * as m0021_dispute_evidence_due from "./migrations/0021_dispute_evidence_due.server.ts";
import * as m0022_customer_keys from "./migrations/0022_customer_keys.server.ts";

/** A migration file: its up, and the dialect it runs on for the few that differ (a CHECK changed, a byte column). */
type MigrationFile = { up(db: Kysely<unknown>, dialect: Dialect): Promise<void> };

const migrations: Record<string, MigrationFile> = {
  "0001_leads": m0001_leads,
  "0002_reply_and_subscriptions": m0002_reply_and_subscriptions,
  "0003_owner_inbox": m0003_owner_inbox,
  "0004_reply_quota_and_keyed_hashes": m0004_reply_quota_and_keyed_hashes,
  "0005_sms_alert": m0005_sms_alert,
  "0006_bookings": m0006_bookings,
  "0007_open_job_kinds": m0007_open_job_kinds,
  "0008_lead_photos": m0008_lead_photos,
  "0009_quotes": m0009_quotes,
  "0010_payments": m0010_payments,
  "0011_reminders": m0011_reminders,
  "0012_customer_texts": m0012_customer_texts,
  "0013_lead_stages": m0013_lead_stages,
  "0014_service_address": m0014_service_address,
  "0016_job_completion": m0016_job_completion,
  "0018_request_kind": m0018_request_kind,
  "0019_invoices": m0019_invoices,
  "0020_owner_indexes": m0020_owner_indexes,
  "0021_dispute_evidence_due": m0021_dispute_evidence_due,
  "0022_customer_keys": m0022_customer_keys,
};

export function migrationProvider(dialect: Dialect): MigrationProvider {
  const bound = Object.entries(migrations).map(([name, file]): [string, Migration] => [
    name,
    { up: (db) => file.up(db, dialect) },
  ]);
  return { getMigrations: async () => Object.fromEntries(bound) };
}
