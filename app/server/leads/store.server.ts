/**
 * Storing requests (leads) and reading them back. A lead and its notification jobs are written in one
 * transaction (the outbox); outbox.server.ts delivers the jobs. The per-IP rate limit lives here too,
 * in the database, so that it holds across server instances.
 */
import { randomUUID } from "node:crypto";
import { sql, type Selectable, type Transaction } from "kysely";
import type {
  Database,
  DB,
  DeliveryStatus,
  JobKind,
  JobStatus,
  LeadsTable,
  LeadStatus,
} from "../db/database.server.ts";
import { keyedHash } from "../db/site-secrets.server.ts";

import type { LeadKind } from "./kinds.server.ts";

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
  jobs: JobSummary[];
}

/** One subscription per e-mail address: a repeat sign-up is a harmless duplicate. */
const newsletterKey = (email: string) => `newsletter:${email.trim().toLowerCase()}`;

/**
 * Stores a lead with its notification jobs (an e-mail, plus a webhook post when `webhook` is set, plus the
 * owner's text message when `sms` is set and the lead is not a newsletter sign-up, plus the reply to the
 * visitor when `reply` is set and the address has had fewer than REPLY_LIMIT.count replies in
 * REPLY_LIMIT.windowMs) in one transaction. The same idempotency key stored before, or racing in
 * concurrently, yields the first lead's id and `duplicate: true`; nothing new is stored or sent.
 */
export async function recordLead(database: Database, lead: NewLead, options: RecordOptions): Promise<Recorded> {
  const opts: Resolved = { ...options, replyKey: options.reply ? await replyKey(database, lead.contact.email) : null };
  if (database.dialect !== "sqlite") return storeAlone(database, lead, opts);
  // SQLite (synchronous=FULL) waits for the disk at every commit, on the server's only thread: requests
  // that arrive together are stored in one transaction, one wait for all (group commit). Each is still
  // confirmed only once its transaction is committed.
  return new Promise((resolve, reject) => {
    let batch = pendingBatches.get(database);
    if (!batch) {
      batch = [];
      pendingBatches.set(database, batch);
      setImmediate(() => void commitBatch(database));
    }
    batch.push({ lead, opts, resolve, reject });
  });
}

/** `sms`: the owner's text-message settings are there (a text is queued for every request but a newsletter sign-up). */
type RecordOptions = { webhook: boolean; reply?: boolean; sms?: boolean; now?: Date };
/** With the reply address's keyed hash, worked out before the transaction (the key may need a query of its own). */
type Resolved = RecordOptions & { replyKey: string | null };
/** `replyCapped`: the request asked for a reply and none was queued, its address having had REPLY_LIMIT.count already. */
type Recorded = { id: string; duplicate: boolean; replyCapped?: true };
type Pending = { lead: NewLead; opts: Resolved; resolve(recorded: Recorded): void; reject(error: unknown): void };
const pendingBatches = new WeakMap<Database, Pending[]>();

async function commitBatch(database: Database): Promise<void> {
  const batch = pendingBatches.get(database)!;
  pendingBatches.delete(database);
  try {
    const recorded = await database.db.transaction().execute(async (trx) => {
      const out: Recorded[] = [];
      for (const { lead, opts } of batch) out.push(await insertLead(trx, lead, opts));
      return out;
    });
    batch.forEach((pending, i) => pending.resolve(recorded[i]!));
  } catch (error) {
    if (batch.length === 1) return batch[0]!.reject(error);
    // Nothing of the batch was stored. One request's failure must not fail the others: each is stored alone.
    for (const { lead, opts, resolve, reject } of batch) storeAlone(database, lead, opts).then(resolve, reject);
  }
}

/** One request in a transaction of its own. */
const storeAlone = (database: Database, lead: NewLead, opts: Resolved) =>
  database.db.transaction().execute((trx) => insertLead(trx, lead, opts));

async function insertLead(trx: Transaction<DB>, lead: NewLead, opts: Resolved): Promise<Recorded> {
  const at = opts.now ?? new Date();
  const now = at.toISOString();
  const idempotencyKey = lead.kind === "newsletter" ? newsletterKey(lead.contact.email) : lead.idempotencyKey;
  const { context, contact, consent } = lead;
  const inserted = await trx
    .insertInto("leads")
    .values({
      id: randomUUID(),
      kind: lead.kind,
      fields: JSON.stringify(lead.fields),
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      zip: contact.zip,
      in_service_area: lead.inServiceArea === null ? null : Number(lead.inServiceArea),
      page: context.page,
      ip: context.ip,
      user_agent: context.userAgent,
      consent_version: consent?.version ?? null,
      consent_text: consent?.text ?? null,
      consent_at: consent?.at.toISOString() ?? null,
      attribution: JSON.stringify({
        landingPage: context.landingPage,
        referrer: context.referrer,
        utm: context.utm,
        gclid: context.gclid,
      }),
      idempotency_key: idempotencyKey,
      created_at: now,
      delivery_status: "pending",
    })
    .onConflict((oc) => oc.column("idempotency_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) {
    const first = await trx
      .selectFrom("leads")
      .select("id")
      .where("idempotency_key", "=", idempotencyKey)
      .executeTakeFirstOrThrow();
    if (lead.kind === "newsletter" && opts.replyKey) await signUpAgain(trx, first.id, opts.replyKey, at);
    return { id: first.id, duplicate: true };
  }
  const { id } = inserted;
  if (lead.attachment) {
    const { filename, contentType, bytes } = lead.attachment;
    await trx
      .insertInto("lead_attachments")
      .values({ lead_id: id, filename, content_type: contentType, bytes: Buffer.from(bytes) })
      .execute();
  }
  if (lead.kind === "newsletter")
    await trx
      .insertInto("newsletter_subscriptions")
      .values({ lead_id: id, status: "pending", updated_at: now })
      .execute();
  const reply = opts.replyKey !== null && (await reserveReply(trx, opts.replyKey, at));
  const kinds: JobKind[] = [
    "email",
    ...(opts.webhook ? (["webhook"] as const) : []),
    ...(reply ? (["reply"] as const) : []),
    ...(opts.sms && lead.kind !== "newsletter" ? (["sms"] as const) : []),
  ];
  await trx
    .insertInto("outbox_jobs")
    .values(kinds.map((kind) => ({ id: randomUUID(), lead_id: id, kind, next_attempt_at: now, created_at: now })))
    .execute();
  return opts.replyKey !== null && !reply ? { id, duplicate: false, replyCapped: true } : { id, duplicate: false };
}

/** A repeat sign-up of an address that is not confirmed gets a new confirmation e-mail, at most this often. */
export const CONFIRMATION_RESEND_MS = 10 * 60_000;

/**
 * A newsletter sign-up for an address already stored: a confirmed one stays as it is (nothing is sent); a
 * pending or unsubscribed one is pending again and its confirmation e-mail is queued again, unless one is
 * still waiting to go out or went out less than CONFIRMATION_RESEND_MS ago (a double click sends one).
 * The re-armed job gets a new id: it is a new message, and the worker's memory of the old one stays true.
 * A confirmation e-mail is a reply like any other: it counts towards the address's REPLY_LIMIT.
 */
async function signUpAgain(trx: Transaction<DB>, leadId: string, replyKey: string, at: Date): Promise<void> {
  const now = at.toISOString();
  const subscription = await trx
    .selectFrom("newsletter_subscriptions")
    .select("status")
    .where("lead_id", "=", leadId)
    .executeTakeFirst();
  if (subscription?.status === "confirmed") return;
  if (subscription)
    await trx
      .updateTable("newsletter_subscriptions")
      .set({ status: "pending", updated_at: now })
      .where("lead_id", "=", leadId)
      .execute();
  else
    await trx
      .insertInto("newsletter_subscriptions")
      .values({ lead_id: leadId, status: "pending", updated_at: now })
      .execute();
  const job = await trx
    .selectFrom("outbox_jobs")
    .select(["id", "status", "sent_at"])
    .where("lead_id", "=", leadId)
    .where("kind", "=", "reply")
    .executeTakeFirst();
  if (!job) {
    if (!(await reserveReply(trx, replyKey, at))) return;
    await trx
      .insertInto("outbox_jobs")
      .values({ id: randomUUID(), lead_id: leadId, kind: "reply", next_attempt_at: now, created_at: now })
      .execute();
    return;
  }
  const recent =
    job.status === "pending" ||
    (job.status === "sent" && job.sent_at !== null && at.getTime() - Date.parse(job.sent_at) < CONFIRMATION_RESEND_MS);
  if (recent || !(await reserveReply(trx, replyKey, at))) return;
  await trx
    .updateTable("outbox_jobs")
    .set({
      id: randomUUID(),
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      sent_at: null,
      last_error: null,
      locked_until: null,
      lease_token: null,
    })
    .where("id", "=", job.id)
    .where("status", "!=", "pending")
    .execute();
}

/**
 * The visitor's reply goes to whatever address the form names, so it is capped per address, whoever sends
 * the requests and from wherever: at most `count` replies in any `windowMs`. The owner's e-mail is not capped.
 */
export const REPLY_LIMIT = { count: 3, windowMs: 24 * 60 * 60_000 } as const;

/**
 * The key the reply cap counts an address by: one mailbox however it is spelled (letter case, a "+tag",
 * and the dots Gmail ignores), as a keyed hash.
 */
function replyKey(database: Database, email: string): Promise<string> {
  const [local = "", domain = ""] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  const mailbox = local.replace(/\+.*$/, "");
  return keyedHash(
    database,
    "reply-to",
    `${gmail ? mailbox.replaceAll(".", "") : mailbox}@${gmail ? "gmail.com" : domain}`,
  );
}

/**
 * Takes one of the address's REPLY_LIMIT.count slots: a slot never used, or one last used before the window.
 * False when all are in use. Each try is a single atomic upsert, so concurrent transactions (several server
 * instances, SQLite's batches) never take the same slot twice; a transaction that rolls back gives its slot
 * back. It runs where the reply job is created, once per job: retries of the job's send do not count again.
 */
async function reserveReply(trx: Transaction<DB>, key: string, at: Date): Promise<boolean> {
  const usedAt = at.toISOString();
  const freeBefore = new Date(at.getTime() - REPLY_LIMIT.windowMs).toISOString();
  for (let slot = 0; slot < REPLY_LIMIT.count; slot++) {
    const taken = await trx
      .insertInto("reply_quota")
      .values({ key, slot, used_at: usedAt })
      .onConflict((oc) =>
        oc.columns(["key", "slot"]).doUpdateSet({ used_at: usedAt }).where("reply_quota.used_at", "<=", freeBefore),
      )
      .returning("slot")
      .executeTakeFirst();
    if (taken) return true;
  }
  return false;
}

export const RATE_LIMIT_WINDOW_MS = 10 * 60_000;
const bucketOf = (now: Date) => Math.floor(now.getTime() / RATE_LIMIT_WINDOW_MS);

/**
 * Counts one request from `ip` in the current 10-minute window; allowed while the count is at most `limit`.
 * `limit` 0 turns the limit off. Only a keyed hash of the IP is stored here.
 */
export async function checkRateLimit(
  database: Database,
  ip: string,
  limit: number,
  now = new Date(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  if (limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
  const bucket = bucketOf(now);
  const key = await keyedHash(database, "rate-limit", ip);
  const { count } = await database.db
    .insertInto("rate_limits")
    .values({ key, bucket, count: 1 })
    .onConflict((oc) => oc.columns(["key", "bucket"]).doUpdateSet((eb) => ({ count: eb("rate_limits.count", "+", 1) })))
    .returning("count")
    .executeTakeFirstOrThrow();
  if (count <= limit) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.ceil(((bucket + 1) * RATE_LIMIT_WINDOW_MS - now.getTime()) / 1000) };
}

/** Whether `ip` has used up its limit in the current window, without counting this request (read before a body). */
export async function isRateLimited(
  database: Database,
  ip: string,
  limit: number,
  now = new Date(),
): Promise<{ limited: boolean; retryAfterSeconds: number }> {
  if (limit <= 0) return { limited: false, retryAfterSeconds: 0 };
  const bucket = bucketOf(now);
  const key = await keyedHash(database, "rate-limit", ip);
  const row = await database.db
    .selectFrom("rate_limits")
    .select("count")
    .where("key", "=", key)
    .where("bucket", "=", bucket)
    .executeTakeFirst();
  return {
    limited: (row?.count ?? 0) >= limit,
    retryAfterSeconds: Math.ceil(((bucket + 1) * RATE_LIMIT_WINDOW_MS - now.getTime()) / 1000),
  };
}

/** Deletes the counters of windows that have ended, and reply slots unused for a whole REPLY_LIMIT window. */
export async function pruneRateLimits(database: Database, now = new Date()): Promise<void> {
  await database.db.deleteFrom("rate_limits").where("bucket", "<", bucketOf(now)).execute();
  await database.db
    .deleteFrom("reply_quota")
    .where("used_at", "<=", new Date(now.getTime() - REPLY_LIMIT.windowMs).toISOString())
    .execute();
}

/** How long requests are kept (the privacy policy's retention table); confirmed newsletter sign-ups stay until removed, unconfirmed ones UNCONFIRMED_SIGNUP_DAYS. */
export const RETENTION_DAYS: Partial<Record<LeadKind, number>> = {
  estimate: 3 * 365,
  contact: 3 * 365,
  application: 365,
};

/**
 * The jobs that tell the owner of a new request. The others (the visitor's reply; the booking, reminder and review
 * e-mails, which may be due days later or called off) must not keep the delivery alert on or a request "not yet
 * delivered".
 */
const OWNER_NOTIFICATIONS: JobKind[] = ["email", "webhook", "sms"];

/**
 * How many of the owner's notification jobs (e-mail, webhook, text message) created before `olderThan` are still not
 * delivered (pending or given up). Replies to visitors do not count: a mistyped address must not keep the alert on.
 */
export async function countUndelivered(database: Database, olderThan: Date): Promise<number> {
  const row = await database.db
    .selectFrom("outbox_jobs")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("status", "!=", "sent")
    .where("kind", "in", OWNER_NOTIFICATIONS)
    .where("created_at", "<", olderThan.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A newsletter sign-up whose address was never confirmed is deleted this long after it (or its last repeat). */
export const UNCONFIRMED_SIGNUP_DAYS = 30;

/** Deletes requests older than their retention period, and sign-ups never confirmed, with their attachment, jobs and state (cascade). */
export async function purgeExpiredLeads(database: Database, now = new Date()): Promise<number> {
  const unconfirmedBefore = new Date(now.getTime() - UNCONFIRMED_SIGNUP_DAYS * 86_400_000).toISOString();
  const unconfirmed = await database.db
    .deleteFrom("leads")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("newsletter_subscriptions")
        .select("lead_id")
        .where("status", "=", "pending")
        .where("updated_at", "<", unconfirmedBefore),
    )
    .executeTakeFirst();
  let deleted = Number(unconfirmed.numDeletedRows);
  for (const [kind, days] of Object.entries(RETENTION_DAYS) as [LeadKind, number][]) {
    const cutoff = new Date(now.getTime() - days * 86_400_000).toISOString();
    const result = await database.db
      .deleteFrom("leads")
      .where("kind", "=", kind)
      .where("created_at", "<", cutoff)
      .executeTakeFirst();
    deleted += Number(result.numDeletedRows);
  }
  return deleted;
}

/**
 * Marks a lead (or, without an id, every pending lead) 'notified' once none of the owner's jobs (e-mail,
 * webhook, text message) is left unsent; the reply to the visitor is not part of it.
 * A single statement, run after each sent job, so that of two jobs finishing at once the later one sees both sent.
 */
export async function markNotified(database: Database, leadId?: string): Promise<void> {
  let query = database.db
    .updateTable("leads")
    .set({ delivery_status: "notified" })
    .where("delivery_status", "=", "pending")
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("outbox_jobs")
            .select("outbox_jobs.id")
            .whereRef("outbox_jobs.lead_id", "=", "leads.id")
            .where("outbox_jobs.status", "!=", "sent")
            .where("outbox_jobs.kind", "in", OWNER_NOTIFICATIONS),
        ),
      ),
    );
  if (leadId) query = query.where("id", "=", leadId);
  await query.execute();
}

function toLeadRow(row: Selectable<LeadsTable>): LeadRow {
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

/** Which leads a list shows (the command line's options and the inbox's filters). */
export interface LeadFilter {
  /** Received at or after. */
  since?: Date;
  /** Received before. */
  until?: Date;
  kind?: LeadKind;
  status?: LeadStatus;
  /** Part of the name or e-mail (any case), or at least 3 digits of the phone number. */
  search?: string;
}

/** A lead in a list, with the status the owner last gave it ("new" until then). */
export interface ListedLead extends LeadRow {
  status: LeadStatus;
}

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Leads, newest first. */
export async function listLeads(database: Database, opts: LeadFilter): Promise<ListedLead[]> {
  const currentStatus = sql<LeadStatus | null>`(select c.status from lead_status_changes c where c.lead_id = leads.id order by c.changed_at desc, c.id desc limit 1)`;
  let query = database.db
    .selectFrom("leads")
    .selectAll()
    .select(currentStatus.as("current_status"))
    .orderBy("created_at", "desc")
    .orderBy("id");
  if (opts.since) query = query.where("created_at", ">=", opts.since.toISOString());
  if (opts.until) query = query.where("created_at", "<", opts.until.toISOString());
  if (opts.kind) query = query.where("kind", "=", opts.kind);
  if (opts.status) query = query.where(sql<string>`coalesce(${currentStatus}, 'new')`, "=", opts.status);
  const search = opts.search?.trim().toLowerCase();
  if (search) {
    const pattern = likePattern(search);
    const digits = search.replace(/\D/g, "");
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(name)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(email)`, "like", sql`${pattern} escape '\\'`),
        ...(digits.length >= 3 ? [eb("phone", "like", `%${digits}%`)] : []),
      ]),
    );
  }
  return (await query.execute()).map(({ current_status, ...row }) => ({
    ...toLeadRow(row),
    status: current_status ?? "new",
  }));
}

export interface StatusChange {
  status: LeadStatus;
  note: string;
  changedBy: string;
  changedAt: Date;
}

/**
 * Records a new status for a lead, with a note and who made the change; false when the lead does not exist.
 * `alsoDo` runs in the same transaction after the change (the review request of a completed job).
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
    await alsoDo?.(trx);
    return true;
  });
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
