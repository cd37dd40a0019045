import { sql, type Kysely } from "kysely";

// Text messages with customers who agreed to them (app/server/features/texts/, docs/decisions/034-customer-texts.md):
// every text in and out of a request's thread; the numbers that said STOP (and START again), with the time;
// a customer's "C" to a day-before text, for the booking at the sequence it named. Numbered 0012 (0011 is
// another feature's); the migrator runs them in name order and accepts the gap.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("text_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    // The request whose thread it is; null for a keyword from a number no request gave.
    .addColumn("lead_id", "text", (c) => c.references("leads.id").onDelete("cascade"))
    // The customer's number, E.164.
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("direction", "text", (c) => c.notNull().check(sql`direction in ('in', 'out')`))
    // out: reminder, on-our-way, reply, reschedule, help; in: message, confirm, reschedule, stop, start, help.
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    // out: queued, sent, refused (consent or STOP at send time), cancelled (its window changed), failed; in: received.
    .addColumn("status", "text", (c) =>
      c.notNull().check(sql`status in ('queued', 'sent', 'refused', 'cancelled', 'failed', 'received')`),
    )
    // A day-before text: "<booking id>:<sequence>", once per booking and sequence.
    .addColumn("booking_ref", "text")
    // An inbound text's MessageSid: taken once.
    .addColumn("provider_sid", "text", (c) => c.unique())
    .addColumn("reason", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    // When a queued text may go (8 AM after a text due at night).
    .addColumn("due_at", "text", (c) => c.notNull())
    .addColumn("sent_at", "text")
    .addUniqueConstraint("text_messages_booking_ref", ["booking_ref"])
    .execute();
  await db.schema.createIndex("text_messages_lead").on("text_messages").columns(["lead_id", "created_at"]).execute();
  await db.schema.createIndex("text_messages_phone").on("text_messages").columns(["phone", "created_at"]).execute();
  await db.schema
    .createTable("text_opt_outs")
    .addColumn("phone", "text", (c) => c.primaryKey())
    // Set by STOP (and its synonyms), cleared by START/UNSTOP.
    .addColumn("stopped_at", "text")
    .addColumn("started_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("text_confirmations")
    .addColumn("booking_id", "text", (c) => c.notNull().references("bookings.id").onDelete("cascade"))
    .addColumn("sequence", "integer", (c) => c.notNull())
    .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("confirmed_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("text_confirmations_pk", ["booking_id", "sequence"])
    .execute();
}
