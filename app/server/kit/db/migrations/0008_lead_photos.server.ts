import type { Kysely } from "kysely";
import type { Dialect } from "../database.server.ts";

// The photos sent with a request, re-encoded (docs/decisions/030-request-photos.md): in the database, so that
// both backends keep them, a backup holds them, and deleting the request (retention, the owner) deletes them.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const bytes = dialect === "postgres" ? "bytea" : "blob";
  await db.schema
    .createTable("lead_photos")
    .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
    .addColumn("n", "integer", (c) => c.notNull())
    .addColumn("filename", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("bytes", bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint("lead_photos_pk", ["lead_id", "n"])
    .execute();
}
