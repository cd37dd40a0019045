/**
 * The owner's photos of the finished job (purpose "completion" in `lead_photos`), added from a phone on the
 * request's page and shown to the customer on the invoice. They are read and re-encoded exactly as a customer's
 * photos are (./photos.server.ts: JPEG, no metadata, the same size bounds), at most MAX_PHOTOS per request, and
 * numbered in the request's one series after the photos it already has, so the owner's photo route serves both.
 */
import { sql } from "kysely";
import { MAX_PHOTOS } from "../../../forms/options.ts";
import { TOO_LARGE, TOO_MANY } from "../../../forms/photo-rules.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { getPhoto, type Photo } from "../../kit/leads.server.ts";
import type { SkippedFile } from "../../kit/multipart.server.ts";
import { MAX_REFUSED_LINES, readPhotos, type RefusedPhoto, refusalLines } from "./photos.server.ts";

export interface CompletionUpload {
  /** How many photos were stored. */
  kept: number;
  /** Each refused file as `name (why)`, as a request's refused photos are listed. */
  refused: string[];
}

const completionCount = async (db: Database["db"], leadId: string) =>
  Number(
    (
      await db
        .selectFrom("lead_photos")
        .select(sql<number>`count(*)`.as("count"))
        .where("lead_id", "=", leadId)
        .where("purpose", "=", "completion")
        .executeTakeFirstOrThrow()
    ).count,
  );

/**
 * Stores the photos of a multipart body's `photos` field (and the files skipped while it was read) as the request's
 * photos of the finished job; undefined when there is no such request. The count is read again in the transaction
 * that stores them, the request's row locked first, so two uploads at once never pass MAX_PHOTOS nor take one `n`.
 */
export async function addCompletionPhotos(
  database: Database,
  leadId: string,
  formData: FormData,
  skipped: readonly SkippedFile[] = [],
): Promise<CompletionUpload | undefined> {
  const room = Math.max(0, MAX_PHOTOS - (await completionCount(database.db, leadId)));
  const { photos, refused } = await readPhotos(formData, skipped, room);
  const stored = await database.db.transaction().execute(async (trx) => {
    const locked = await trx
      .updateTable("leads")
      .set({ stage: sql`stage` })
      .where("id", "=", leadId)
      .returning("id")
      .executeTakeFirst();
    if (!locked) return undefined;
    const kept = photos.slice(0, Math.max(0, MAX_PHOTOS - (await completionCount(trx, leadId))));
    const last = await trx
      .selectFrom("lead_photos")
      .select(sql<number | null>`max(n)`.as("last"))
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    const first = Number(last.last ?? 0) + 1;
    if (kept.length)
      await trx
        .insertInto("lead_photos")
        .values(
          kept.map((photo, i) => ({
            lead_id: leadId,
            n: first + i,
            filename: photo.filename,
            content_type: photo.contentType,
            width: photo.width,
            height: photo.height,
            bytes: Buffer.from(photo.bytes),
            purpose: "completion" as const,
          })),
        )
        .execute();
    return kept.length;
  });
  if (stored === undefined) return undefined;
  const late: RefusedPhoto[] = photos.slice(stored).map((p) => ({ filename: p.filename, reason: TOO_MANY }));
  return { kept: stored, refused: refusalLines([...refused, ...late]) };
}

/** Deletes one of the request's photos of the finished job (never a customer's); whether there was one. */
export async function deleteCompletionPhoto(database: Database, leadId: string, n: number): Promise<boolean> {
  const deleted = await database.db
    .deleteFrom("lead_photos")
    .where("lead_id", "=", leadId)
    .where("n", "=", n)
    .where("purpose", "=", "completion")
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/**
 * A photo of the finished job of the invoice's request, for the invoice's link: never a customer's photo of the
 * request, nor one of another request; undefined as well once the request was purged (the invoice stays).
 */
export async function invoicePhoto(database: Database, invoiceId: string, n: number): Promise<Photo | undefined> {
  const invoice = await database.db
    .selectFrom("invoices")
    .select("lead_id")
    .where("id", "=", invoiceId)
    .executeTakeFirst();
  return invoice?.lead_id ? getPhoto(database, invoice.lead_id, n, "completion") : undefined;
}

/** What the last form of the section did, carried to the request's page by its redirect (Post/Redirect/Get). */
export type CompletionOutcome = { added: number; refused: readonly string[] } | { deleted: boolean };

export function completionOutcomeQuery(outcome: CompletionOutcome): string {
  const query = new URLSearchParams();
  if ("deleted" in outcome) query.set("completion", outcome.deleted ? "deleted" : "gone");
  else {
    query.set("completion", "added");
    query.set("kept", String(outcome.added));
    for (const line of outcome.refused) query.append("refused", line);
  }
  return query.toString();
}

/** A refused file's line as `refusalLines` writes it; anything else in the address is not shown. */
const REFUSED_LINE = new RegExp(`^[^\\n]{1,80} \\((not an image|${TOO_LARGE}|${TOO_MANY})\\)$`);

/** The page's words for the last form of the section, read back from its address; null when it names none. */
export function readCompletionOutcome(query: URLSearchParams): { said: string; refused: string[] } | null {
  const what = query.get("completion");
  if (what === "deleted") return { said: "Photo deleted.", refused: [] };
  if (what === "gone") return { said: "That photo was already deleted.", refused: [] };
  if (what !== "added") return null;
  const kept = Number(query.get("kept"));
  const refused = query
    .getAll("refused")
    .filter((line) => REFUSED_LINE.test(line))
    .slice(0, MAX_REFUSED_LINES);
  const said =
    Number.isInteger(kept) && kept > 0
      ? `${kept} photo${kept === 1 ? "" : "s"} added.`
      : refused.length
        ? "No photo added."
        : "No photo added: choose one or more photos first.";
  return { said, refused };
}
