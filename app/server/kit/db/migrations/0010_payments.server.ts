import { sql, type Kysely } from "kysely";

// Deposits through Stripe Checkout (app/server/features/payments/, docs/decisions/032-deposits.md): one row
// per Checkout Session, and every webhook event id taken, so a replayed event changes nothing. Numbered 0010
// (0008 and 0009 are other features'); the migrator runs them in name order and accepts the gap.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("payments")
    .addColumn("checkout_session_id", "text", (c) => c.primaryKey())
    // The request the quote is for; kept when the request is purged (the sums of the report stay).
    .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("quote_ref", "text", (c) => c.notNull())
    .addColumn("quote_version", "integer", (c) => c.notNull())
    // 1 for a quote version's first session; a new one only after the previous expired or failed.
    .addColumn("attempt", "integer", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('pending', 'paid', 'failed', 'expired')`))
    .addColumn("checkout_url", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addUniqueConstraint("payments_quote_attempt", ["quote_ref", "quote_version", "attempt"])
    .execute();
  await db.schema.createIndex("payments_lead").on("payments").column("lead_id").execute();
  await db.schema
    .createTable("payment_events")
    .addColumn("event_id", "text", (c) => c.primaryKey())
    .addColumn("checkout_session_id", "text", (c) =>
      c.notNull().references("payments.checkout_session_id").onDelete("cascade"),
    )
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
}
