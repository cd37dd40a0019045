import type { Kysely } from "kysely";
import { emailKey, phoneKey } from "../../customer-keys.server.ts";

// The customer's page (/account, docs/decisions/051-customer-recognition.md): each request keeps the normal form of
// its e-mail address and of its phone number, each indexed with the request's time, so the requests of one customer
// are read as one range of an index (newest first, bounded) and never by comparing every row. The rows stored
// before take theirs here, computed by the same functions new requests use (not by SQL's lower(), whose idea of
// letters differs between the two databases).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("leads").addColumn("email_key", "text").execute();
  await db.schema.alterTable("leads").addColumn("phone_key", "text").execute();
  const leads = db as unknown as Kysely<{
    leads: { id: string; email: string; phone: string | null; email_key: string | null; phone_key: string | null };
  }>;
  const BATCH = 500;
  for (let after = ""; ;) {
    const rows = await leads
      .selectFrom("leads")
      .select(["id", "email", "phone"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(BATCH)
      .execute();
    for (const row of rows)
      await leads
        .updateTable("leads")
        .set({ email_key: emailKey(row.email), phone_key: phoneKey(row.phone) })
        .where("id", "=", row.id)
        .execute();
    if (rows.length < BATCH) break;
    after = rows.at(-1)!.id;
  }
  await db.schema.createIndex("leads_email_key").on("leads").columns(["email_key", "created_at"]).execute();
  await db.schema.createIndex("leads_phone_key").on("leads").columns(["phone_key", "created_at"]).execute();
}
