/**
 * Storing a request (lead): the lead and its notification jobs are written in one transaction (the outbox);
 * the outbox worker (notify/outbox.server.ts) delivers the jobs. Reading it back: kit/leads.server.ts.
 */
import { randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB } from "../../kit/db/tables.server.ts";
import { emailKey, phoneKey } from "../../kit/customer-keys.server.ts";
import type { IntakeHooks, NewLead } from "../../kit/leads.server.ts";
import { outboxJob } from "../../notify/jobs.server.ts";
import { LEAD_JOB_KINDS } from "./job-kinds.ts";
import { replyKey, reserveReply } from "./reply-quota.server.ts";

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
  if (lead.kind === "newsletter" && !options.hooks)
    throw new Error("A newsletter sign-up is stored with the newsletter's hooks (NEWSLETTER_SIGN_UP)");
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

/**
 * `sms`: the owner's text-message settings are there (a text is queued for every request but a newsletter sign-up).
 * `hooks`: what the request's kind adds to its storing; a newsletter sign-up has the newsletter's (NEWSLETTER_SIGN_UP).
 */
type RecordOptions = {
  webhook: boolean;
  reply?: boolean;
  sms?: boolean;
  now?: Date;
  hooks?: IntakeHooks;
  /** The id to store it under (a request kept in the journal during an outage: its reference was made from it). */
  id?: string;
};
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
      id: opts.id ?? randomUUID(),
      kind: lead.kind,
      fields: JSON.stringify(lead.fields),
      name: contact.name,
      email: contact.email,
      phone: contact.phone,
      email_key: emailKey(contact.email),
      phone_key: phoneKey(contact.phone),
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
    const { replyKey } = opts;
    if (opts.hooks && replyKey)
      await opts.hooks.repeated(trx, first.id, at, {
        reserve: () => reserveReply(trx, replyKey, at),
        job: () => outboxJob(LEAD_JOB_KINDS, { lead_id: first.id, kind: "reply", created_at: now }),
      });
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
  if (lead.photos?.length)
    await trx
      .insertInto("lead_photos")
      .values(
        lead.photos.map((photo, i) => ({
          lead_id: id,
          n: i + 1,
          filename: photo.filename,
          content_type: photo.contentType,
          width: photo.width,
          height: photo.height,
          bytes: Buffer.from(photo.bytes),
        })),
      )
      .execute();
  await opts.hooks?.stored(trx, id, at);
  const reply = opts.replyKey !== null && (await reserveReply(trx, opts.replyKey, at));
  const kinds = [
    "email" as const,
    ...(opts.webhook ? (["webhook"] as const) : []),
    ...(reply ? (["reply"] as const) : []),
    ...(opts.sms && lead.kind !== "newsletter" ? (["sms"] as const) : []),
  ];
  await trx
    .insertInto("outbox_jobs")
    .values(kinds.map((kind) => outboxJob(LEAD_JOB_KINDS, { lead_id: id, kind, created_at: now })))
    .execute();
  return opts.replyKey !== null && !reply ? { id, duplicate: false, replyCapped: true } : { id, duplicate: false };
}
