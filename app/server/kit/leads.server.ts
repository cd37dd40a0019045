/**
 * The stored request (lead) as every layer reads it: its shape, reading one back with its attachment and jobs,
 * and the status the owner gives it. Storing a new one (with its notification jobs) is the leads feature's
 * (features/leads/store.server.ts); listing them is the inbox's (features/admin/listing.server.ts).
 */
import { randomUUID } from "node:crypto";
import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Database } from "./db/database.server.ts";
import type {
  DB,
  DeliveryStatus,
  JobKind,
  JobStatus,
  LeadsTable,
  LeadStatus,
  OutboxJobsTable,
} from "./db/tables.server.ts";
import type { LeadKind } from "./lead-kinds.server.ts";
import type { Journal } from "./db/journal.server.ts";
import { stageFrom, type EventKind, type StageEvent } from "./stages.ts";

export type { LeadKind };
export type Fields = Record<string, string | string[] | boolean | null>;

export interface NewLead {
  kind: LeadKind;
  /** The validated form values (labels are added by the mail module from fieldLabels). */
  fields: Fields;
  contact: { name: string | null; email: string; phone: string | null; zip: string | null };
  inServiceArea: boolean | null;
  /** Proof of the text-message consent: the wording's version, the exact text shown, and when. */
  consent: { version: string; text: string; at: Date } | null;
  /** Where the request came from; ip, userAgent and page also complete the consent proof. */
  context: {
    ip: string;
    userAgent: string;
    page: string;
    landingPage: string | null;
    referrer: string | null;
    utm: Record<string, string>;
    gclid: string | null;
  };
  /** A browser-made UUID or the server's content fingerprint. Ignored for newsletter sign-ups (see newsletterKey). */
  idempotencyKey: string;
  attachment?: Attachment | null;
  /** The photos sent with it, as the server re-encoded them (features/leads/photos.server.ts), in the order sent. */
  photos?: Photo[];
}

/**
 * A request kept in this instance's journal while the database was away (features/leads/journal.server.ts): the
 * request as recordLead takes it, its photos as files beside it, and the id it will be stored under.
 */
export interface JournaledLead {
  id: string;
  lead: Omit<NewLead, "photos" | "attachment" | "consent"> & {
    consent: { version: string; text: string; at: string } | null;
    photos: Omit<Photo, "bytes">[];
  };
  options: { webhook: boolean; reply: boolean; sms: boolean };
}

export type LeadJournal = Journal<JournaledLead>;

export interface Photo {
  filename: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Uint8Array;
}

export interface Attachment {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
}

/** A stored lead as the owner tools, the e-mail and the webhook see it. */
export interface LeadRow extends Pick<
  NewLead,
  "kind" | "fields" | "contact" | "inServiceArea" | "consent" | "context"
> {
  id: string;
  createdAt: Date;
  deliveryStatus: DeliveryStatus;
}

export interface JobSummary {
  id: string;
  kind: JobKind;
  status: JobStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  sentAt: Date | null;
}

export interface LeadDetail extends LeadRow {
  attachment: { filename: string; contentType: string; size: number } | null;
  /** The photos sent with it, numbered from 1 as /admin/requests/:id/photos/:n serves them. */
  photos: PhotoSummary[];
  jobs: JobSummary[];
}

/**
 * What a kind of request adds to its storing, in the same transaction (the newsletter's subscription:
 * features/newsletter/sign-up.server.ts): `stored` after a new request, `repeated` after the same one again
 * (its idempotency key), with the means to queue the visitor's reply again within its cap.
 */
export interface IntakeHooks {
  stored(trx: Transaction<DB>, leadId: string, at: Date): Promise<void>;
  repeated(trx: Transaction<DB>, leadId: string, at: Date, reply: ReplyAgain): Promise<void>;
}

export interface ReplyAgain {
  /** Takes one of the address's reply slots; false when all are in use. */
  reserve(): Promise<boolean>;
  /** A new reply job for the request. */
  job(): Insertable<OutboxJobsTable>;
}

export function toLeadRow(row: Selectable<LeadsTable>): LeadRow {
  const attribution = JSON.parse(row.attribution) as Pick<
    NewLead["context"],
    "landingPage" | "referrer" | "utm" | "gclid"
  >;
  return {
    id: row.id,
    kind: row.kind,
    createdAt: new Date(row.created_at),
    fields: JSON.parse(row.fields) as Fields,
    contact: { name: row.name, email: row.email, phone: row.phone, zip: row.zip },
    inServiceArea: row.in_service_area === null ? null : row.in_service_area === 1,
    consent:
      row.consent_version === null
        ? null
        : {
            version: row.consent_version,
            text: row.consent_text ?? "",
            at: new Date(row.consent_at ?? row.created_at),
          },
    context: { ip: row.ip, userAgent: row.user_agent, page: row.page, ...attribution },
    deliveryStatus: row.delivery_status,
  };
}

export interface StatusChange {
  status: LeadStatus;
  note: string;
  changedBy: string;
  changedAt: Date;
}

/**
 * Records a stage the owner set by hand, with a note and who set it, and the request's stage it gives; false when
 * the lead does not exist. `alsoDo` runs in the same transaction after the change (the review request of a
 * completed job).
 */
export async function changeLeadStatus(
  database: Database,
  leadId: string,
  change: Omit<StatusChange, "changedAt">,
  now = new Date(),
  alsoDo?: (trx: Transaction<DB>) => Promise<void>,
): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select("id").where("id", "=", leadId).executeTakeFirst();
    if (!lead) return false;
    await trx
      .insertInto("lead_status_changes")
      .values({
        id: randomUUID(),
        lead_id: leadId,
        status: change.status,
        note: change.note,
        changed_by: change.changedBy,
        changed_at: now.toISOString(),
      })
      .execute();
    await refreshStage(trx, leadId);
    await alsoDo?.(trx);
    return true;
  });
}

/**
 * Records what happened to a request (app/server/kit/stages.ts EVENTS), in the caller's transaction (the one that
 * recorded the quote, the payment, the window or the text), and the stage it gives. Once per kind and `ref` (the
 * row that recorded it): a repeat changes nothing.
 */
export async function recordEvent(
  trx: Transaction<DB>,
  leadId: string,
  event: { kind: EventKind; ref: string; at: Date },
): Promise<void> {
  const inserted = await trx
    .insertInto("lead_events")
    .values({ lead_id: leadId, kind: event.kind, ref: event.ref, at: event.at.toISOString() })
    .onConflict((oc) => oc.columns(["lead_id", "kind", "ref"]).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0) await refreshStage(trx, leadId);
}

/** An event as the request page's history shows it: what, when, and for a stage set by hand who and why. */
export type RecordedEvent = StageEvent & { ref: string; by: string | null; note: string };

/**
 * A request's events, the stages set by hand among them, in the order they happened (at the same instant, an
 * event before a hand). The migration 0013_lead_stages orders them the same way.
 */
export async function stageEvents(db: Kysely<DB>, leadId: string): Promise<RecordedEvent[]> {
  const events = await db
    .selectFrom("lead_events")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("at")
    .orderBy("ref")
    .execute();
  const hands = await db
    .selectFrom("lead_status_changes")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("changed_at")
    .orderBy("id")
    .execute();
  const all: RecordedEvent[] = [
    ...events.map((e) => ({ kind: e.kind, at: new Date(e.at), ref: e.ref, by: null, note: "" })),
    ...hands.map((h) => ({
      kind: "set" as const,
      stage: h.status,
      at: new Date(h.changed_at),
      ref: h.id,
      by: h.changed_by,
      note: h.note,
    })),
  ];
  return all
    .map((event, i) => ({ event, i }))
    .sort((a, b) => a.event.at.getTime() - b.event.at.getTime() || a.i - b.i)
    .map(({ event }) => event);
}

/**
 * Sets the request's stored stage and first contact to what its events give. The row is locked first (an update of
 * itself: PostgreSQL holds it to the transaction's end), so of two transactions recording events at once the later
 * reads both.
 */
export async function refreshStage(trx: Transaction<DB>, leadId: string): Promise<void> {
  await trx
    .updateTable("leads")
    .set({ stage: sql`stage` })
    .where("id", "=", leadId)
    .execute();
  const { stage, firstContactAt } = stageFrom(await stageEvents(trx, leadId));
  await trx
    .updateTable("leads")
    .set({ stage, first_contact_at: firstContactAt?.toISOString() ?? null })
    .where("id", "=", leadId)
    .execute();
}

/** A lead's status changes, oldest first. */
export async function statusHistory(
  database: Database,
  leadIds: readonly string[],
): Promise<Map<string, StatusChange[]>> {
  const history = new Map<string, StatusChange[]>();
  if (leadIds.length === 0) return history;
  const rows = await database.db
    .selectFrom("lead_status_changes")
    .selectAll()
    .where("lead_id", "in", leadIds)
    .orderBy("changed_at")
    .orderBy("id")
    .execute();
  for (const row of rows) {
    const list = history.get(row.lead_id) ?? [];
    list.push({ status: row.status, note: row.note, changedBy: row.changed_by, changedAt: new Date(row.changed_at) });
    history.set(row.lead_id, list);
  }
  return history;
}

/** One lead with its attachment's name and size and its delivery jobs. */
export async function getLead(database: Database, id: string): Promise<LeadDetail | undefined> {
  const { db } = database;
  const row = await db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  const attachment = await db
    .selectFrom("lead_attachments")
    .select(["filename", "content_type", sql<number>`length(bytes)`.as("size")])
    .where("lead_id", "=", id)
    .executeTakeFirst();
  const jobs = await db.selectFrom("outbox_jobs").selectAll().where("lead_id", "=", id).orderBy("kind").execute();
  return {
    ...toLeadRow(row),
    photos: await listPhotos(database, id),
    attachment: attachment
      ? { filename: attachment.filename, contentType: attachment.content_type, size: Number(attachment.size) }
      : null,
    jobs: jobs.map((j) => ({
      id: j.id,
      kind: j.kind,
      status: j.status,
      attempts: j.attempts,
      nextAttemptAt: new Date(j.next_attempt_at),
      lastError: j.last_error,
      sentAt: j.sent_at === null ? null : new Date(j.sent_at),
    })),
  };
}

/** The attachment's bytes, for the e-mail. */
export async function getAttachment(database: Database, leadId: string): Promise<Attachment | undefined> {
  const row = await database.db
    .selectFrom("lead_attachments")
    .selectAll()
    .where("lead_id", "=", leadId)
    .executeTakeFirst();
  return row && { filename: row.filename, contentType: row.content_type, bytes: row.bytes };
}

export interface PhotoSummary {
  n: number;
  filename: string;
  width: number;
  height: number;
  size: number;
}

/**
 * A request's photos without their bytes, in the order sent: the customer's (purpose "request", the default), or
 * the owner's photos of the finished job ("completion", shown on the invoice). Both are numbered in one series.
 */
export async function listPhotos(
  database: Database,
  leadId: string,
  purpose: "request" | "completion" = "request",
): Promise<PhotoSummary[]> {
  const rows = await database.db
    .selectFrom("lead_photos")
    .select(["n", "filename", "width", "height", sql<number>`length(bytes)`.as("size")])
    .where("lead_id", "=", leadId)
    .where("purpose", "=", purpose)
    .orderBy("n")
    .execute();
  return rows.map((r) => ({
    n: Number(r.n),
    filename: r.filename,
    width: r.width,
    height: r.height,
    size: Number(r.size),
  }));
}

/** One photo of a request, with its bytes (of `purpose` only, when given). */
export async function getPhoto(
  database: Database,
  leadId: string,
  n: number,
  purpose?: "request" | "completion",
): Promise<Photo | undefined> {
  const row = await database.db
    .selectFrom("lead_photos")
    .selectAll()
    .where("lead_id", "=", leadId)
    .where("n", "=", n)
    .$if(purpose !== undefined, (q) => q.where("purpose", "=", purpose!))
    .executeTakeFirst();
  return (
    row && {
      filename: row.filename,
      contentType: row.content_type,
      width: row.width,
      height: row.height,
      bytes: row.bytes,
    }
  );
}
