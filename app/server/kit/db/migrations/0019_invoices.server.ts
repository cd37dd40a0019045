import { sql, type Kysely } from "kysely";

// Paid at the end of the job (docs/decisions/041-invoices-and-balance.md): the invoice of a request, its
// number from a counter per year (taken in the invoice's own transaction: never repeated, never skipped),
// what was paid against it (a Checkout Session of its balance, or what the owner recorded by hand), and what
// Stripe says came back (refunds) or was contested (disputes), each row once from its source. Deposits stay in
// `payments` and gain their payment intent (a refund names the payment intent, not the session). Completion
// photos are request photos with another purpose.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("invoice_numbers")
    .addColumn("year", "integer", (c) => c.primaryKey())
    .addColumn("last_seq", "integer", (c) => c.notNull().check(sql`last_seq >= 0`))
    .execute();
  await db.schema
    .createTable("invoices")
    .addColumn("id", "text", (c) => c.primaryKey())
    // Kept when the request is purged: the books keep their sums.
    .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("number", "text", (c) => c.notNull().unique())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull().check(sql`seq >= 1`))
    // 1, then one more each time the owner changes a sent invoice (a Checkout Session is per version).
    .addColumn("version", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`version >= 1`),
    )
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('draft', 'sent', 'void')`))
    // JSON of app/forms/invoice.ts InvoiceContent; total_cents is invoiceTotals(content).totalCents, kept for queries.
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("total_cents", "integer", (c) => c.notNull().check(sql`total_cents >= 0`))
    .addColumn("quote_id", "text")
    .addColumn("due_date", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addColumn("reminders_paused_at", "text")
    .addUniqueConstraint("invoices_year_seq", ["year", "seq"])
    .execute();
  await db.schema.createIndex("invoices_lead").on("invoices").column("lead_id").execute();
  await db.schema.createIndex("invoices_status").on("invoices").columns(["status", "sent_at"]).execute();
  await db.schema
    .createTable("invoice_payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("invoice_id", "text", (c) => c.notNull().references("invoices.id"))
    .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("method", "text", (c) =>
      c.notNull().check(sql`method in ('card', 'cash', 'check', 'zelle', 'venmo', 'other')`),
    )
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'paid', 'failed', 'expired', 'void')`),
    )
    // What goes to the invoice's balance, and the tip on top of it (a card payment charges both).
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("tip_cents", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`tip_cents >= 0`),
    )
    .addColumn("currency", "text", (c) => c.notNull().defaultTo("usd"))
    // A card payment: its Checkout Session, the invoice version and attempt it was made for, its payment intent.
    .addColumn("checkout_session_id", "text", (c) => c.unique())
    .addColumn("invoice_version", "integer")
    .addColumn("attempt", "integer")
    .addColumn("checkout_url", "text")
    .addColumn("expires_at", "text")
    .addColumn("payment_intent_id", "text")
    // A payment by hand: the check number or a note, the day it was received, the form's key (sent once).
    .addColumn("reference", "text")
    .addColumn("received_on", "text")
    .addColumn("idempotency_key", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addUniqueConstraint("invoice_payments_attempt", ["invoice_id", "invoice_version", "attempt"])
    .execute();
  await db.schema.createIndex("invoice_payments_invoice").on("invoice_payments").column("invoice_id").execute();
  await db.schema
    .createIndex("invoice_payments_paid_at")
    .on("invoice_payments")
    .columns(["status", "paid_at"])
    .execute();
  await db.schema.createIndex("invoice_payments_intent").on("invoice_payments").column("payment_intent_id").execute();
  await db.schema.alterTable("payments").addColumn("payment_intent_id", "text").execute();
  await db.schema.createIndex("payments_intent").on("payments").column("payment_intent_id").execute();
  await db.schema
    .createTable("refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_intent_id", "text", (c) => c.notNull())
    // Which payment it returns: a deposit (payments) or a card payment of an invoice (invoice_payments).
    .addColumn("checkout_session_id", "text")
    .addColumn("invoice_payment_id", "text")
    .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("amount_cents", "integer", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('pending', 'requires_action', 'succeeded', 'failed', 'canceled')`),
    )
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("refunds_intent").on("refunds").column("payment_intent_id").execute();
  await db.schema
    .createTable("disputes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_intent_id", "text", (c) => c.notNull())
    .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("set null"))
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  // Every Stripe event about refunds and disputes (and invoice payments), taken once by its id.
  await db.schema
    .createTable("stripe_events")
    .addColumn("event_id", "text", (c) => c.primaryKey())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("object_id", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
  // A photo the owner adds to the request when the job is done (shown on the invoice), beside the customer's.
  await db.schema
    .alterTable("lead_photos")
    .addColumn("purpose", "text", (c) =>
      c
        .notNull()
        .defaultTo("request")
        .check(sql`purpose in ('request', 'completion')`),
    )
    .execute();
}
