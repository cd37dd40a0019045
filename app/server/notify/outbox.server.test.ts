import fc from "fast-check";
import type { KyselyPlugin } from "kysely";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../kit/db/database.server.ts";
import type { JobKind } from "../kit/db/tables.server.ts";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../tests/support/storage.ts";
import { parseEnv } from "../kit/env.server.ts";
import type { Delivery, Sender } from "./delivery.server.ts";
import {
  backoffMs,
  errorCode,
  errorMessage,
  LEASE_MS,
  RETRY_FOR_MS,
  startOutboxWorker,
  type OutboxWorker,
} from "./outbox.server.ts";
import { recordLead } from "../features/leads/store.server.ts";
import { getLead } from "../kit/leads.server.ts";
import { outboxWiring } from "../outbox-wiring.server.ts";
import { declareSenders, outboxJob } from "./jobs.server.ts";
import { LEAD_JOB_KINDS } from "../features/leads/job-kinds.ts";

describe("backoffMs", () => {
  it("waits 30 s, 1 min, 2 min ... doubling, at most 6 h", () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((n) => backoffMs(n, middle))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(10, middle)).toBe(15_360_000); // 4 h 16 min
    expect(backoffMs(11, middle)).toBe(6 * 3600_000);
    expect(backoffMs(500, middle)).toBe(6 * 3600_000);
  });

  it("adds at most ±10 % jitter and never exceeds the cap", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (failures, r) => {
          const base = Math.min(30_000 * 2 ** (failures - 1), 6 * 3600_000);
          const wait = backoffMs(failures, () => r);
          expect(wait).toBeGreaterThanOrEqual(Math.floor(base * 0.9));
          expect(wait).toBeLessThanOrEqual(Math.min(6 * 3600_000, Math.ceil(base * 1.1)));
        },
      ),
    );
  });
});

describe("errorCode", () => {
  it("keeps codes and drops messages, which could carry personal data", () => {
    expect(
      errorCode(Object.assign(new Error("550 <jane@example.com> rejected"), { code: "EENVELOPE", responseCode: 550 })),
    ).toBe("EENVELOPE 550");
    expect(
      errorCode(
        new TypeError("fetch failed", {
          cause: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }),
        }),
      ),
    ).toBe("ECONNREFUSED");
    expect(errorCode(new DOMException("The operation timed out", "TimeoutError"))).toBe("TimeoutError");
    expect(errorCode(new Error("jane@example.com"))).toBe("Error");
    expect(errorCode("jane@example.com")).toBe("UNKNOWN");
  });
});

describe("errorMessage", () => {
  it("keeps what went wrong, without e-mail addresses or URLs, on one line", () => {
    const rejected = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <o'brien.jane+x@example.com>: Recipient address rejected",
      ),
      {
        code: "EENVELOPE",
        responseCode: 550,
      },
    );
    expect(errorMessage(rejected)).toBe(
      "Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: Recipient address rejected",
    );
    expect(errorMessage(new Error("List-Unsubscribe needs an https:// link (RFC 8058)"))).toBe(
      "List-Unsubscribe needs an https:// link (RFC 8058)",
    );
    expect(errorMessage(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED 127.0.0.1:9") }))).toBe(
      "fetch failed: connect ECONNREFUSED 127.0.0.1:9",
    );
    expect(errorMessage(new Error("POST https://hooks.example/T0/secret-token failed\r\nfor jane@example.com"))).toBe(
      "POST [url] failed for [address]",
    );
    expect(errorMessage("jane@example.com")).toBe("");
    expect(errorMessage(new Error("x".repeat(1000)))).toHaveLength(300);
  });
});

describe.each(backends)("outbox worker on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let clock: Date;
  let logLines: string[];
  const workers: OutboxWorker[] = [];
  const env = parseEnv({ NODE_ENV: "test", DATA_DIR: "/nonexistent" });

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
    clock = new Date("2030-01-01T00:00:00.000Z");
    logLines = [];
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    await storage.cleanup();
  });

  const logger = pino({ level: "debug" }, { write: (line: string) => void logLines.push(line) });
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));

  /** A worker that only moves when drain() is called (its timer never fires during a test). */
  function worker(senders: Record<string, Sender>, db = database): OutboxWorker {
    const { maintenance, onSent } = outboxWiring(db, env, logger, () => clock);
    const w = startOutboxWorker({
      database: db,
      env,
      logger,
      pollMs: 3_600_000,
      now: () => clock,
      senders,
      maintenance,
      onSent,
    });
    workers.push(w);
    return w;
  }

  /** Senders that record each delivery and fail while `failures` says so. */
  function recorder(failures: Partial<Record<JobKind, number>> = {}) {
    const sent: (Delivery & { kind: JobKind })[] = [];
    const make =
      (kind: JobKind): Sender =>
      async (delivery) => {
        await new Promise((r) => setTimeout(r, Math.random() * 3));
        if ((failures[kind] ?? 0) > 0) {
          failures[kind]!--;
          throw Object.assign(new Error(`could not reach ${delivery.lead.contact.email}`), { code: "ECONNREFUSED" });
        }
        sent.push({ kind, ...delivery });
      };
    return { sent, senders: { email: make("email"), webhook: make("webhook"), reply: make("reply") } };
  }

  it("sends the visitor's reply as its own job: its failures are retried alone, never block or repeat the owner's e-mail", async () => {
    const { sent, senders } = recorder({ reply: 2 });
    const w = worker(senders);
    const { id } = await recordLead(database, sampleLead(), { webhook: true, reply: true, now: clock });
    await w.drain();
    expect(sent.map((d) => d.kind).sort()).toEqual(["email", "webhook"]);
    let lead = (await getLead(database, id))!;
    expect(lead.deliveryStatus).toBe("notified");
    expect(lead.jobs.find((j) => j.kind === "reply")).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "ECONNREFUSED",
    });
    for (let i = 0; i < 4; i++) {
      advance(3600_000);
      await w.drain();
    }
    expect(sent.map((d) => d.kind).sort()).toEqual(["email", "reply", "webhook"]);
    lead = (await getLead(database, id))!;
    expect(lead.jobs.map((j) => [j.kind, j.status, j.attempts])).toEqual([
      ["email", "sent", 1],
      ["reply", "sent", 3],
      ["webhook", "sent", 1],
    ]);
  });

  it("sends the e-mail and the webhook, then marks the lead notified", async () => {
    const { sent, senders } = recorder();
    const w = worker(senders);
    const attachment = { filename: "resume.pdf", contentType: "application/pdf", bytes: new Uint8Array([1, 2, 3]) };
    const { id } = await recordLead(database, sampleLead({ kind: "application", attachment }), {
      webhook: true,
      now: clock,
    });
    await w.drain();
    expect(sent.map((d) => [d.kind, d.lead.id]).sort()).toEqual([
      ["email", id],
      ["webhook", id],
    ]);
    const email = sent.find((d) => d.kind === "email")!;
    const webhook = sent.find((d) => d.kind === "webhook")!;
    expect(Array.from(email.attachment!.bytes)).toEqual([1, 2, 3]);
    expect(webhook.lead.id).toBe(id);
    const lead = await getLead(database, id);
    expect(lead!.deliveryStatus).toBe("notified");
    expect(lead!.jobs.map((j) => [j.status, j.attempts, j.sentAt?.toISOString()])).toEqual([
      ["sent", 1, clock.toISOString()],
      ["sent", 1, clock.toISOString()],
    ]);
  });

  it("is woken by notify() without waiting for the poll", async () => {
    const { sent, senders } = recorder();
    const w = worker(senders);
    await w.drain();
    await recordLead(database, sampleLead(), { webhook: false, now: clock });
    w.notify();
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
  });

  it("never sends a job twice with two workers (two instances) on one database", async () => {
    const second = await storage.open();
    const deliveries = new Map<string, number>();
    const perWorker = [0, 0];
    const counting =
      (n: number): Sender =>
      async ({ jobId }) => {
        await new Promise((r) => setTimeout(r, Math.random() * 5));
        deliveries.set(jobId, (deliveries.get(jobId) ?? 0) + 1);
        perWorker[n]!++;
      };
    for (let i = 0; i < 30; i++) await recordLead(database, sampleLead(), { webhook: true, now: clock });
    const a = worker({ email: counting(0), webhook: counting(0) });
    const b = worker({ email: counting(1), webhook: counting(1) }, second);
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    expect(deliveries.size).toBe(60);
    expect([...deliveries.values()].every((n) => n === 1)).toBe(true);
    expect(perWorker[0]! + perWorker[1]!).toBe(60);
    const pending = await database.db
      .selectFrom("leads")
      .select("id")
      .where("delivery_status", "!=", "notified")
      .execute();
    expect(pending).toEqual([]);
  });

  it("retries a failing delivery with backoff, then sends it exactly once", async () => {
    const { sent, senders } = recorder({ email: 2 });
    const w = worker(senders);
    const { id } = await recordLead(database, sampleLead(), { webhook: false, now: clock });
    const job = async () => (await getLead(database, id))!.jobs[0]!;

    await w.drain();
    expect(await job()).toMatchObject({ status: "pending", attempts: 1, lastError: "ECONNREFUSED" });
    const firstWait = (await job()).nextAttemptAt.getTime() - clock.getTime();
    expect(firstWait).toBeGreaterThanOrEqual(27_000);
    expect(firstWait).toBeLessThanOrEqual(33_000);

    advance(firstWait - 1000); // not due yet
    await w.drain();
    expect((await job()).attempts).toBe(1);

    advance(1000);
    await w.drain();
    const second = await job();
    expect(second).toMatchObject({ status: "pending", attempts: 2 });
    const secondWait = second.nextAttemptAt.getTime() - clock.getTime();
    expect(secondWait).toBeGreaterThanOrEqual(54_000);
    expect(secondWait).toBeLessThanOrEqual(66_000);

    advance(secondWait);
    await w.drain();
    advance(24 * 3600_000);
    await w.drain();
    expect(sent).toHaveLength(1);
    expect(await job()).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect((await getLead(database, id))!.deliveryStatus).toBe("notified");

    const log = logLines.join("");
    expect(log).toContain('"error":"ECONNREFUSED"');
    for (const personal of ["jane", "Jane", "Doe", "2085550199", "203.0.113.7", "83646"])
      expect(log).not.toContain(personal);
  });

  it('logs a failure\'s code and message (addresses taken out), not just "Error"', async () => {
    const failures: unknown[] = [
      Object.assign(new Error("Invalid login: 535 5.7.8 Username and Password not accepted for jane.doe@example.com"), {
        code: "EAUTH",
        responseCode: 535,
      }),
      new Error("List-Unsubscribe needs an https:// link (RFC 8058)"),
    ];
    const w = worker({
      email: async () => {
        throw failures.shift();
      },
    });
    await recordLead(database, sampleLead(), { webhook: false, now: clock });
    await w.drain();
    advance(3600_000);
    await w.drain();
    const warnings = logLines
      .map((l) => JSON.parse(l) as { level: number; msg: string; error?: string; message?: string })
      .filter((l) => l.msg === "lead notification failed; will retry");
    expect(warnings.map((l) => [l.error, l.message])).toEqual([
      ["EAUTH 535", "Invalid login: 535 5.7.8 Username and Password not accepted for [address]"],
      ["Error", "List-Unsubscribe needs an https:// link (RFC 8058)"],
    ]);
    expect(logLines.join("")).not.toContain("jane");
  });

  it("gives a job up after 7 days of failures and logs it as an error", async () => {
    const { senders } = recorder({ email: Number.POSITIVE_INFINITY });
    const w = worker(senders);
    const start = clock.getTime();
    const { id } = await recordLead(database, sampleLead(), { webhook: false, now: clock });
    let job = (await getLead(database, id))!.jobs[0]!;
    while (job.status === "pending") {
      clock = job.nextAttemptAt;
      await w.drain();
      job = (await getLead(database, id))!.jobs[0]!;
    }
    expect(job.status).toBe("dead");
    expect(clock.getTime() - start).toBeLessThanOrEqual(RETRY_FOR_MS);
    expect(clock.getTime() - start).toBeGreaterThan(RETRY_FOR_MS - 7 * 3600_000);
    expect(job.attempts).toBeGreaterThan(30);
    const errors = logLines
      .map((l) => JSON.parse(l) as { level: number; jobId?: string })
      .filter((l) => l.level === 50);
    expect(errors).toEqual([expect.objectContaining({ jobId: job.id, kind: "email", error: "ECONNREFUSED" })]);
    expect((await getLead(database, id))!.deliveryStatus).toBe("pending");
  });

  it("claims a job again once the lease of a crashed worker has expired", async () => {
    const { sent, senders } = recorder();
    const { id } = await recordLead(database, sampleLead(), { webhook: false, now: clock });
    // A worker claimed the job and then the process died: the lease stays behind.
    await database.db
      .updateTable("outbox_jobs")
      .set({ locked_until: new Date(clock.getTime() + LEASE_MS).toISOString(), lease_token: "crashed-worker" })
      .execute();
    const w = worker(senders);
    await w.drain();
    expect(sent).toHaveLength(0);
    advance(LEASE_MS + 1);
    await w.drain();
    expect(sent).toHaveLength(1);
    expect((await getLead(database, id))!.jobs[0]).toMatchObject({ status: "sent", attempts: 1 });
  });

  /** The same database through a switch: while `outage.down`, every statement fails as if the server were gone. */
  function flaky(db: Database) {
    const outage = { down: false, failed: 0 };
    const plugin: KyselyPlugin = {
      transformQuery(args) {
        if (outage.down) {
          outage.failed++;
          throw Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" });
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    return { outage, database: { ...db, db: db.db.withPlugin(plugin) } satisfies Database };
  }

  it("keeps a send's result when marking it sent fails: the mark is retried, nothing is sent twice (database outage)", async () => {
    const { outage, database: flakyDb } = flaky(database);
    const sent: string[] = [];
    let sends = 0;
    const email: Sender = async ({ jobId }) => {
      sent.push(jobId);
      await vi.waitFor(() => expect(sent).toHaveLength(2), { timeout: 5000 });
      // The database goes away as the first send succeeds; the second is still running when its mark fails.
      if (++sends === 1) outage.down = true;
      else await vi.waitFor(() => expect(outage.failed).toBeGreaterThan(0), { timeout: 5000 });
    };
    for (let i = 0; i < 2; i++) await recordLead(database, sampleLead(), { webhook: false, now: clock });
    const w = worker({ email }, flakyDb);
    const pass = w.drain();
    await vi.waitFor(() => expect(outage.failed).toBeGreaterThanOrEqual(3), { timeout: 10_000 });
    expect(sent).toHaveLength(2);
    // The outage outlasts the leases; when the database answers again, the marks go through.
    advance(LEASE_MS * 3);
    outage.down = false;
    await pass;
    await w.drain();
    advance(LEASE_MS * 3);
    await w.drain();
    expect(sent).toHaveLength(2);
    expect(new Set(sent).size).toBe(2);
    const jobs = await database.db.selectFrom("outbox_jobs").select(["status", "attempts"]).execute();
    expect(jobs).toEqual([
      { status: "sent", attempts: 1 },
      { status: "sent", attempts: 1 },
    ]);
  });

  it("renews the lease while a send runs, so a second instance does not send it again", async () => {
    let release = () => {};
    const sent: string[] = [];
    const slow: Sender = async ({ jobId }) => {
      sent.push(jobId);
      await new Promise<void>((resolve) => (release = resolve));
    };
    await recordLead(database, sampleLead(), { webhook: false, now: clock });
    const a = startOutboxWorker({
      database,
      env,
      logger,
      pollMs: 3_600_000,
      now: () => clock,
      senders: { email: slow },
      renewMs: 10,
    });
    workers.push(a);
    const running = a.drain();
    await vi.waitFor(() => expect(sent).toHaveLength(1), { timeout: 5000 });
    const claimedUntil = clock.getTime() + LEASE_MS;
    advance(LEASE_MS - 1000);
    await vi.waitFor(
      async () => {
        const { locked_until } = await database.db
          .selectFrom("outbox_jobs")
          .select("locked_until")
          .executeTakeFirstOrThrow();
        expect(Date.parse(locked_until!)).toBeGreaterThan(claimedUntil);
      },
      { timeout: 5000 },
    );
    advance(2000); // past the first lease, within the renewed one
    const second = await storage.open();
    const b = worker({ email: slow }, second);
    await b.drain();
    expect(sent).toHaveLength(1);
    release();
    await running;
    expect(await database.db.selectFrom("outbox_jobs").select("status").executeTakeFirstOrThrow()).toEqual({
      status: "sent",
    });
  });

  it("recovers a crashed worker's job within a short lease (at most a minute)", () => {
    expect(LEASE_MS).toBeLessThanOrEqual(60_000);
  });

  it("marks leads whose last job was sent just before a crash", async () => {
    const { id } = await recordLead(database, sampleLead(), { webhook: false, now: clock });
    await database.db.updateTable("outbox_jobs").set({ status: "sent", sent_at: clock.toISOString() }).execute();
    const w = worker(recorder().senders);
    await w.stop(); // one loop pass ran, including maintenance
    expect((await getLead(database, id))!.deliveryStatus).toBe("notified");
  });

  it("keeps a job of a kind it has no sender for, pending and untouched, and says so at the upkeep", async () => {
    const { id } = await recordLead(database, sampleLead(), { webhook: false, now: clock });
    const at = clock.toISOString();
    await database.db
      .insertInto("outbox_jobs")
      .values({ id: "job-fax", lead_id: id, kind: "fax", next_attempt_at: at, created_at: at })
      .execute();
    const { sent, senders } = recorder();
    const w = worker(senders);
    await w.drain();
    advance(8 * 24 * 60 * 60_000); // past the time any job is given up
    await w.drain();
    await w.stop(); // one loop pass ran, including the upkeep
    expect(sent.map((d) => d.job.kind)).toEqual(["email"]);
    expect(
      await database.db
        .selectFrom("outbox_jobs")
        .select(["status", "attempts", "last_error", "locked_until"])
        .where("id", "=", "job-fax")
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: "pending", attempts: 0, last_error: null, locked_until: null });
    const kept = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((l) => l.kind === "fax");
    expect(kept).toEqual([expect.objectContaining({ level: 40, jobs: 1, msg: expect.stringMatching(/no sender/) })]);
  });

  it("queues only the kinds a feature declared with their sender: any other is a programming error", () => {
    const at = clock.toISOString();
    expect(outboxJob(LEAD_JOB_KINDS, { lead_id: "lead-1", kind: "reply", created_at: at })).toMatchObject({
      kind: "reply",
      next_attempt_at: at,
    });
    expect(() => outboxJob(LEAD_JOB_KINDS, { lead_id: "lead-1", kind: "fax" as "email", created_at: at })).toThrow(
      /No sender is declared for the outbox job kind "fax"/,
    );
  });
});

// Checked by the type checker (npm run typecheck), never run: a feature's senders are one for each of its kinds.
export function _sendersMatchTheirKinds() {
  const kinds = ["offer", "reminder"] as const;
  const make = () => async () => {};
  declareSenders(kinds, { offer: make, reminder: make });
  // @ts-expect-error "reminder" has no sender
  declareSenders(kinds, { offer: make });
  // @ts-expect-error "fax" is not one of the kinds
  declareSenders(kinds, { offer: make, reminder: make, fax: make });
}
