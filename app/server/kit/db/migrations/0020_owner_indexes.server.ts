import type { Kysely } from "kysely";

// The owner's pages at the size of years (docs/decisions/045-inbox-paging.md): the inbox reads a page in the
// order (created_at, id) from an index that also holds the name, e-mail and phone a search reads, so a search
// walks that index rather than the requests' form values; a kind filter has its own.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("leads_created_search")
    .on("leads")
    .columns(["created_at", "id", "name", "email", "phone"])
    .execute();
  await db.schema.createIndex("leads_kind_created").on("leads").columns(["kind", "created_at", "id"]).execute();
}
