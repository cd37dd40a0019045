/**
 * The outbox worker: delivers every job of outbox_jobs with the sender of its kind. It knows no feature: app.server.ts
 * gives it the senders every feature declares (notify/jobs.server.ts) and the upkeep tasks of the stored data, each
 * by name. Each job is its own, so one failing never blocks or repeats another. It runs inside the server process,
 * polls about once a second and is woken at once by notify() after a visitor's request or a customer's booking
 * change is committed. Every MAINTENANCE_EVERY_MS it also runs the upkeep tasks (maintain, below).
 *
 * It claims only jobs of the kinds it has a sender for: a job of any other kind (queued by a newer version of the
 * site, during a rolling release) is kept, pending, for a server that can send it, and maintain() logs how many
 * are waiting.
 *
 * A job is claimed with a short lease (locked_until, lease_token; LEASE_MS) by one atomic UPDATE, and the
 * lease is renewed every RENEW_MS while its send runs, so two server instances sharing one database never
 * send the same job while both are healthy, and a lease left behind by a crashed instance expires within
 * LEASE_MS (then the job is claimed again: only sends in flight at a crash can be repeated).
 * Once a send succeeded, that result is kept: marking the job sent is retried until it is stored (a database
 * outage cannot turn a sent e-mail into a second one), and a job this worker knows it sent is never sent
 * again by it, even when its lease ran out meanwhile. Failures are retried with exponential backoff and jitter
 * (30 s, 1 min, 2 min ... at most 6 h) for 7 days, then the job is 'dead'. Logs carry ids, kinds, counts,
 * error codes and error messages with every e-mail address and URL taken out (errorMessage); the database
 * keeps the code only.
 */
import { randomUUID } from "node:crypto";
import type { ExpressionBuilder, Selectable } from "kysely";
import type { Logger } from "pino";
import type { Database } from "../kit/db/database.server.ts";
import type { DB, OutboxJobsTable } from "../kit/db/tables.server.ts";
import type { Env } from "../kit/env.server.ts";
import { getAttachment, getLead } from "../kit/leads.server.ts";
import { CalledOff, NotBefore, type Sender } from "./delivery.server.ts";

/** A claimed job's lease (default of OUTBOX_LEASE_SECONDS); renewed every RENEW_MS (at most a third of it) while its send runs, so a crash delays its mail by at most this. */
export const LEASE_MS = 30_000;
const RENEW_MS = 10_000;
/** Retries of the "sent" mark after a successful send: first wait, doubling up to the cap. */
const MARK_RETRY_MS = 250;
const MARK_RETRY_MAX_MS = 5_000;
export const RETRY_FOR_MS = 7 * 24 * 60 * 60_000;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 6 * 60 * 60_000;
const BATCH_SIZE = 5;
const MAINTENANCE_EVERY_MS = 10 * 60_000;

/** The wait before the next try after `failures` failed tries: 30 s doubling up to 6 h, ±10 % jitter. */
export function backoffMs(failures: number, random: () => number = Math.random, firstRetryMs = FIRST_RETRY_MS): number {
  const base = firstRetryMs * 2 ** Math.min(failures - 1, 20);
  return Math.min(MAX_RETRY_MS, Math.round(base * (0.9 + 0.2 * random())));
}

/** A short, non-personal description of a failure: an error code (and SMTP response code), never a message. */
export function errorCode(err: unknown): string {
  if (typeof err !== "object" || err === null) return "UNKNOWN";
  const { code, responseCode, cause, name } = err as {
    code?: unknown;
    responseCode?: unknown;
    cause?: unknown;
    name?: unknown;
  };
  if (typeof code === "string")
    return `${code}${typeof responseCode === "number" ? ` ${responseCode}` : ""}`.slice(0, 80);
  const inner = cause === undefined ? "UNKNOWN" : errorCode(cause);
  if (inner !== "UNKNOWN") return inner;
  return typeof name === "string" ? name.slice(0, 80) : "UNKNOWN";
}

const ADDRESS = /[^\s<>()[\]\\,;:"@]+@[^\s<>()[\]\\,;:"@]+/g;
const URL_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;

/**
 * What went wrong, for the log: the error's message (and its cause's, when it has one) on one line, at most
 * 300 characters, with e-mail addresses and URLs replaced. An SMTP server's answer often repeats the recipient
 * ("550 5.1.1 <jane@example.com>: Recipient address rejected"), and a webhook URL can hold a token.
 */
export function errorMessage(err: unknown): string {
  const messageOf = (e: unknown) =>
    e instanceof Error || (typeof e === "object" && e !== null && "message" in e)
      ? String((e as { message: unknown }).message)
      : "";
  const own = messageOf(err);
  const cause = typeof err === "object" && err !== null ? messageOf((err as { cause?: unknown }).cause) : "";
  const text = cause && !own.includes(cause) ? `${own}: ${cause}` : own;
  return text
    .replace(URL_TEXT, "[url]")
    .replace(ADDRESS, "[address]")
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .trim()
    .slice(0, 300);
}

/** The error's code and message for a log line. */
const failure = (err: unknown) => ({ error: errorCode(err), message: errorMessage(err) });

type Job = Selectable<OutboxJobsTable>;

export interface OutboxWorker {
  /** Wakes the worker now (call after a lead is committed). */
  notify(): void;
  /** Stops polling and waits for the running pass (its sends and their marks) to finish, at most `deadlineMs`. */
  stop(deadlineMs?: number): Promise<void>;
  /** Runs passes until no due job is left; for tests. */
  drain(): Promise<void>;
}

export function startOutboxWorker(opts: {
  database: Database;
  env: Env;
  logger: Logger;
  pollMs?: number;
  /** The clock (tests move it instead of sleeping). */
  now?: () => Date;
  /** The sender of each job kind (app.server.ts: every feature's; tests: their own, counting deliveries). */
  senders: Readonly<Record<string, Sender>>;
  /** The upkeep tasks, by name, run every MAINTENANCE_EVERY_MS; one failing does not stop the others. */
  maintenance?: Readonly<Record<string, (now: Date) => Promise<void>>>;
  /** Runs after a job is marked sent (the request's delivery status); a failure is left to the upkeep tasks. */
  onSent?: (leadId: string) => Promise<void>;
  /** How often a running send's lease is renewed, in real time (tests shorten it). */
  renewMs?: number;
}): OutboxWorker {
  const { database, env, logger, pollMs = 1000, now = () => new Date() } = opts;
  const leaseMs = (env.OUTBOX_LEASE_SECONDS ?? LEASE_MS / 1000) * 1000;
  const renewMs = opts.renewMs ?? Math.min(RENEW_MS, leaseMs / 3);
  const { db } = database;
  const { senders, maintenance = {}, onSent } = opts;
  const kinds = Object.keys(senders);

  /** Leases up to BATCH_SIZE due jobs in one statement; on PostgreSQL rows another instance is claiming are skipped. */
  async function claim(): Promise<Job[]> {
    if (kinds.length === 0) return [];
    const at = now();
    const iso = at.toISOString();
    const isDue = (eb: ExpressionBuilder<DB, "outbox_jobs">) =>
      eb.and([
        eb("status", "=", "pending"),
        eb("kind", "in", kinds),
        eb("next_attempt_at", "<=", iso),
        eb.or([eb("locked_until", "is", null), eb("locked_until", "<", iso)]),
      ]);
    const due = db.selectFrom("outbox_jobs").select("id").where(isDue).orderBy("next_attempt_at").limit(BATCH_SIZE);
    return db
      .updateTable("outbox_jobs")
      .set({ locked_until: new Date(at.getTime() + leaseMs).toISOString(), lease_token: randomUUID() })
      .where("id", "in", database.dialect === "postgres" ? due.forUpdate().skipLocked() : due)
      .where(isDue)
      .returningAll()
      .execute();
  }

  /** Updates a job only while this worker still holds its lease; false when the lease was lost. */
  async function settle(
    job: Job,
    values: Partial<Omit<Job, "id" | "lead_id" | "kind" | "created_at">>,
  ): Promise<boolean> {
    const result = await db
      .updateTable("outbox_jobs")
      .set({ ...values, locked_until: null, lease_token: null })
      .where("id", "=", job.id)
      .where("lease_token", "=", job.lease_token)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Extends the lease of a job whose send is running; a failure (database away) is left to the next tick. */
  async function renew(job: Job): Promise<void> {
    await db
      .updateTable("outbox_jobs")
      .set({ locked_until: new Date(now().getTime() + leaseMs).toISOString() })
      .where("id", "=", job.id)
      .where("lease_token", "=", job.lease_token)
      .execute();
  }

  /**
   * Jobs whose send succeeded but whose "sent" mark is not stored yet. A claim that returns one of them
   * marks it instead of sending it again (its lease may have run out during a database outage).
   */
  const sentUnmarked = new Set<string>();

  /**
   * Marks a sent job, retrying until the database takes it (it is sent: whoever holds the lease now, it
   * must not be sent again). Gives up only when the worker is stopped past its deadline.
   */
  async function markSent(job: Job, attempts: number): Promise<boolean> {
    const log = { jobId: job.id, leadId: job.lead_id, kind: job.kind, attempts };
    sentUnmarked.add(job.id);
    for (let wait = MARK_RETRY_MS; ; wait = Math.min(wait * 2, MARK_RETRY_MAX_MS)) {
      try {
        const result = await db
          .updateTable("outbox_jobs")
          .set({
            status: "sent",
            attempts,
            sent_at: now().toISOString(),
            last_error: null,
            locked_until: null,
            lease_token: null,
          })
          .where("id", "=", job.id)
          .where("status", "=", "pending")
          .executeTakeFirst();
        sentUnmarked.delete(job.id);
        if (result.numUpdatedRows > 0n) logger.info(log, "lead notification sent");
        return true;
      } catch (err) {
        if (abandonMarks) {
          logger.error(
            { ...log, ...failure(err) },
            "lead notification sent but could not be marked sent before shutdown; it may be sent again",
          );
          return false;
        }
        logger.warn({ ...log, ...failure(err) }, "lead notification sent; marking it sent failed, retrying");
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  async function deliver(job: Job): Promise<void> {
    const attempts = job.attempts + 1;
    const log = { jobId: job.id, leadId: job.lead_id, kind: job.kind, attempts };
    if (sentUnmarked.has(job.id)) {
      // Sent by this worker already; its mark is being retried. Mark it now instead of sending it again.
      await markSent(job, job.attempts);
      return;
    }
    const renewal = setInterval(() => void renew(job).catch(() => undefined), renewMs);
    try {
      const lead = await getLead(database, job.lead_id);
      if (!lead) throw Object.assign(new Error("lead not found"), { code: "LEAD_NOT_FOUND" });
      // The request's attachment (an application's résumé) goes to every sender; the owner's e-mail carries it.
      const attachment = lead.attachment ? ((await getAttachment(database, lead.id)) ?? null) : null;
      const payload = job.payload === null ? null : (JSON.parse(job.payload) as unknown);
      await senders[job.kind]!({ jobId: job.id, job: { kind: job.kind, ref: job.ref, payload }, lead, attachment });
    } catch (err) {
      clearInterval(renewal);
      if (err instanceof NotBefore) {
        const late = job.not_after !== null && err.until.getTime() >= Date.parse(job.not_after);
        const values = late
          ? { status: "cancelled" as const, attempts, last_error: "CALLED_OFF" }
          : { status: "pending" as const, next_attempt_at: err.until.toISOString() };
        const settled = await settle(job, values).catch(() => null);
        logger.info(
          { ...log, reason: err.message, until: err.until.toISOString(), late, settled },
          late ? "outbox job called off: it could not go before its deadline" : "outbox job waits",
        );
        return;
      }
      if (err instanceof CalledOff) {
        const settled = await settle(job, { status: "cancelled", attempts, last_error: err.code }).catch(() => null);
        logger.info({ ...log, reason: err.message, settled }, "outbox job called off");
        return;
      }
      const error = errorCode(err);
      const message = errorMessage(err);
      const at = now();
      const next = new Date(
        at.getTime() + backoffMs(attempts, Math.random, (env.OUTBOX_FIRST_RETRY_SECONDS ?? 30) * 1000),
      );
      // A job with a deadline of its own (a reminder: its window's start) is given up at it; others after RETRY_FOR_MS.
      const dead =
        next.getTime() > (job.not_after ? Date.parse(job.not_after) : Date.parse(job.created_at) + RETRY_FOR_MS);
      // Nothing was sent, so a failure to record the failure is harmless: the lease expires and it is retried.
      const settled = await settle(job, {
        status: dead ? "dead" : "pending",
        attempts,
        last_error: error,
        next_attempt_at: next.toISOString(),
      }).catch(() => null);
      if (settled === null) {
        logger.warn(
          { ...log, error, message },
          "lead notification failed; recording the failure failed too, it is retried when its lease expires",
        );
      } else if (!settled) {
        logger.warn({ ...log, error, message }, "outbox job failed after its lease was lost");
      } else if (dead) {
        logger.error(
          { ...log, error, message },
          "lead notification failed for 7 days and was given up; see npm run leads -- show",
        );
      } else {
        logger.warn({ ...log, error, message, retryAt: next.toISOString() }, "lead notification failed; will retry");
      }
      return;
    }
    clearInterval(renewal);
    if ((await markSent(job, attempts)) && onSent) await onSent(job.lead_id).catch(() => undefined);
  }

  /** One batch: claim, deliver concurrently; one delivery's failure never abandons the others. Returns how many jobs were claimed. */
  async function pass(): Promise<number> {
    const jobs = await claim();
    const results = await Promise.allSettled(jobs.map(deliver));
    for (const r of results)
      if (r.status === "rejected") logger.error(failure(r.reason), "outbox delivery failed unexpectedly");
    return jobs.length;
  }

  let lastMaintenance = Number.NEGATIVE_INFINITY;
  /** Now and then: each upkeep task in turn, then a count of the pending jobs no sender here can deliver. */
  async function maintain(): Promise<void> {
    const at = now();
    if (at.getTime() - lastMaintenance < MAINTENANCE_EVERY_MS) return;
    lastMaintenance = at.getTime();
    for (const [task, run] of Object.entries(maintenance)) {
      try {
        await run(at);
      } catch (err) {
        logger.error({ task, ...failure(err) }, "outbox upkeep task failed; it runs again at the next upkeep");
      }
    }
    let waiting = db
      .selectFrom("outbox_jobs")
      .select(["kind", (eb) => eb.fn.countAll<number | string | bigint>().as("jobs")])
      .where("status", "=", "pending");
    if (kinds.length > 0) waiting = waiting.where("kind", "not in", kinds);
    for (const row of await waiting.groupBy("kind").execute())
      logger.warn(
        { kind: row.kind, jobs: Number(row.jobs) },
        "outbox jobs of a kind this server has no sender for are kept until a server that has one sends them",
      );
  }

  // Passes never overlap within one worker (the loop and drain() share this queue).
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(task: () => Promise<T>): Promise<T> => {
    const result = queue.then(task);
    queue = result.catch(() => undefined);
    return result;
  };

  let stopped = false;
  let abandonMarks = false;
  let woken = false;
  let wake = () => {};
  const drain = async () => {
    while (!stopped && (await exclusive(pass)) > 0);
  };

  const running = (async () => {
    while (!stopped) {
      try {
        await drain();
        await exclusive(maintain);
      } catch (err) {
        logger.error(failure(err), "outbox pass failed");
      }
      if (woken || stopped) {
        woken = false;
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = () => {};
      woken = false;
    }
  })();

  return {
    notify() {
      woken = true;
      wake();
    },
    async stop(deadlineMs = 10_000) {
      stopped = true;
      wake();
      const finished = Promise.all([running, queue]);
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, deadlineMs)));
      await Promise.race([finished, late]);
      clearTimeout(timer);
      abandonMarks = true; // a mark still retrying gives up at its next failure
    },
    drain,
  };
}
