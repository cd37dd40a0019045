import type { Kysely } from "kysely";

// A customer's cancellation later than the terms allow (docs/decisions/039-completion-and-late-cancellation.md):
// what the rule said happened, recorded on the booking in the cancellation's transaction (JSON: the hours of
// the rule, what happens to a paid deposit, the deposit paid in cents or null). Null: not a late cancellation.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("bookings").addColumn("late_cancellation", "text").execute();
}
