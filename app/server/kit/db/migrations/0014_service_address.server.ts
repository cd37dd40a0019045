import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // The service address a window was booked with when the request had none (the request's own is in its
  // fields), and the customer's note for the crew (a gate code, where the spigot is): docs/decisions/038.
  await db.schema.alterTable("bookings").addColumn("address", "text").execute();
  await db.schema
    .alterTable("bookings")
    .addColumn("access_note", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}
