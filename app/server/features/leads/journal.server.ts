/**
 * Estimate and contact requests taken while the database is away (docs/decisions/046-outage-journal.md): kept
 * in this instance's journal (kit/db/journal.server.ts) with their photos, confirmed to the visitor with the
 * reference of the id they will be stored under, and stored in order once the database answers (a probe every
 * second while any wait, and at start), each once (by its id, then its idempotency key), with the usual outbox
 * jobs. Once the journal is empty again the owner is told how many waited and for how long.
 */
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { Logger } from "pino";
import type { Database } from "../../kit/db/database.server.ts";
import { Journal, type JournalEntry } from "../../kit/db/journal.server.ts";
import { isDatabaseAway } from "../../kit/db/outage.server.ts";
import { storedSecret } from "../../kit/db/site-secrets.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { linkSecret } from "../../kit/signed-links.server.ts";
import type { JournaledLead, LeadJournal, LeadKind, NewLead, Photo } from "../../kit/leads.server.ts";

export type { LeadJournal };
import { outboxJob } from "../../notify/jobs.server.ts";
import { LEAD_JOB_KINDS } from "./job-kinds.ts";
import type { ReplayedPayload } from "./journal-mail.server.ts";
import { recordLead } from "./store.server.ts";

/** The kinds of request a form may journal: the two public forms (not an application, not a newsletter sign-up). */
const JOURNALED_KINDS: readonly LeadKind[] = ["estimate", "contact"];

export const openLeadJournal = (dataDir: string, maxBytes: number): Promise<LeadJournal> =>
  Journal.open<JournaledLead>(path.join(dataDir, "journal"), maxBytes);

/** Whether a failed store of this request may be journaled: the database is away and the request is one of the two public forms'. */
export const mayJournal = (error: unknown, lead: Pick<NewLead, "kind" | "attachment">, away = isDatabaseAway(error)) =>
  away && JOURNALED_KINDS.includes(lead.kind) && !lead.attachment;

/**
 * Photos are written as files of the journal's own folder (the seam with the upload path: a photo is handed
 * here as bytes, `Photo.bytes`; were it spooled to a file instead, this is the one place that copies it in).
 */
const photoFiles = (photos: readonly Photo[] = []) =>
  photos.map((p, i) => ({ name: `photo-${i + 1}`, bytes: p.bytes }));

/**
 * Keeps a request the database could not take; resolves once it is on disk with its photos. The same request
 * sent again meanwhile (its idempotency key) is kept once and answered with the same id. Throws JournalFull at
 * the bound or on a full disk.
 */
export async function journalLead(
  journal: LeadJournal,
  lead: NewLead,
  options: JournaledLead["options"],
  now = new Date(),
): Promise<{ id: string; duplicate: boolean }> {
  const same = journal.pending().find((e) => e.record.lead.idempotencyKey === lead.idempotencyKey);
  if (same) return { id: same.record.id, duplicate: true };
  const { photos = [], attachment: _attachment, consent, ...rest } = lead;
  const id = randomUUID();
  await journal.append(
    {
      id,
      lead: {
        ...rest,
        consent: consent ? { ...consent, at: consent.at.toISOString() } : null,
        photos: photos.map(({ bytes: _bytes, ...photo }) => photo),
      },
      options,
    },
    photoFiles(photos),
    now,
  );
  return { id, duplicate: false };
}

/** A request still in the journal, as the confirmation page shows it (its fields, contact and kind). */
export function journaledLead(journal: LeadJournal | undefined, id: string) {
  const entry = journal?.pending().find((e) => e.record.id === id);
  if (!entry) return undefined;
  const { kind, fields, contact } = entry.record.lead;
  return { id, kind, fields, contact, attachment: null };
}

/** The journal's state for /healthz: how many requests wait and how long the oldest has. */
export function journalHealth(journal: LeadJournal, now = new Date()) {
  const oldest = journal.pending()[0];
  return {
    waiting: journal.size,
    oldestSeconds: oldest ? Math.floor((now.getTime() - oldest.at.getTime()) / 1000) : 0,
  };
}

async function toNewLead(journal: LeadJournal, entry: JournalEntry<JournaledLead>): Promise<NewLead> {
  const { consent, photos, ...rest } = entry.record.lead;
  return {
    ...rest,
    consent: consent ? { ...consent, at: new Date(consent.at) } : null,
    photos: await Promise.all(photos.map(async (p, i) => ({ ...p, bytes: await journal.readFile(entry, i) }))),
  };
}

export interface Replayer {
  /** Replays now (if not already under way); resolves when this pass ends. */
  replay(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Replays the journal into the database at once and then every `intervalMs` while any request waits: in order,
 * each stored once (a record already stored under its id, by a pass cut short by a crash, is only marked done),
 * then the outbox is woken. A pass stops at the first error that means the database is away (the probe). A
 * record the database refuses for another reason is set aside in the journal's folder (`refused-<id>.json`),
 * logged, and not retried. When the journal is empty, the owner's notice is queued.
 */
export function startReplay({
  database,
  journal,
  logger,
  notifyOutbox,
  intervalMs = 1000,
  now = () => new Date(),
}: {
  database: Database;
  journal: LeadJournal;
  logger: Logger;
  notifyOutbox: () => void;
  intervalMs?: number;
  now?: () => Date;
}): Replayer {
  let episode: { count: number; longestWaitMs: number; firstKeptAt: Date; lastLeadId: string } | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  async function pass(): Promise<void> {
    for (const entry of journal.pending()) {
      if (stopped) return;
      const { id, options } = entry.record;
      try {
        const stored = await database.db.selectFrom("leads").select("id").where("id", "=", id).executeTakeFirst();
        if (!stored) await recordLead(database, await toNewLead(journal, entry), { ...options, id, now: entry.at });
      } catch (error) {
        if (isDatabaseAway(error)) return;
        logger.error(
          { seq: entry.seq, err: error instanceof Error ? error.name : "unknown" },
          "a journaled request was refused by the database; kept in the journal folder as refused-<id>.json",
        );
        await writeFile(path.join(journal.dir, `refused-${id}.json`), JSON.stringify(entry.record));
      }
      await journal.done(entry.seq);
      const at = now();
      episode ??= { count: 0, longestWaitMs: 0, firstKeptAt: entry.at, lastLeadId: id };
      episode.count++;
      episode.longestWaitMs = Math.max(episode.longestWaitMs, at.getTime() - entry.at.getTime());
      episode.lastLeadId = id;
      notifyOutbox();
    }
    if (episode && journal.size === 0) await tellOwner(episode);
  }

  async function tellOwner(done: NonNullable<typeof episode>): Promise<void> {
    const at = now();
    const payload: ReplayedPayload = {
      count: done.count,
      longestWaitMs: Math.round(done.longestWaitMs),
      firstKeptAt: done.firstKeptAt.toISOString(),
      lastStoredAt: at.toISOString(),
    };
    try {
      // Attached to the last request stored (an outbox job names a request); its own kind, so never mistaken for its e-mail.
      const stored = await database.db
        .selectFrom("leads")
        .select("id")
        .where("id", "=", done.lastLeadId)
        .executeTakeFirst();
      if (stored)
        await database.db
          .insertInto("outbox_jobs")
          .values(
            outboxJob(LEAD_JOB_KINDS, {
              lead_id: done.lastLeadId,
              kind: "journal-replayed",
              created_at: at.toISOString(),
              payload: JSON.stringify(payload),
            }),
          )
          .execute();
      episode = null;
      logger.warn(
        { replayed: payload.count, longestWaitMs: payload.longestWaitMs },
        "requests kept in the journal while the database was away are all stored",
      );
      notifyOutbox();
    } catch (error) {
      if (!isDatabaseAway(error)) throw error;
    }
  }

  const replay = () => {
    running ??= pass()
      .catch((error: unknown) =>
        logger.error({ err: error instanceof Error ? error.name : "unknown" }, "journal replay failed; retrying"),
      )
      .finally(() => (running = null));
    return running;
  };
  const timer = setInterval(() => {
    if (journal.size > 0 || episode) void replay();
  }, intervalMs);
  timer.unref();
  void replay();
  return {
    replay,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * The keys a request's storing needs before its transaction (the keyed hashes of its idempotency key and reply
 * address), read once at start so that a request can still be journaled when the database goes away later.
 */
export async function warmKeys(database: Database, env: Pick<Env, "LINK_SECRET">): Promise<void> {
  if (!database.hashSecret) await storedSecret(database, "hashes");
  await linkSecret(database, env);
}
