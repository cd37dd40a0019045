/**
 * The faults an operator meets, with real processes on loopback (the invariants that scripts/bench-load.ts checked
 * at length until 2026-12-02, docs/reliability.md "History"; it keeps the outage journal, photos, owner's pages and
 * two servers): SIGTERM with a request half sent, kill -9 mid-submission, an SMTP
 * server that refuses then accepts, a PostgreSQL host that goes silent then answers again, and a production
 * start without mail settings. No browser: these run once, in the desktop project.
 */
import { existsSync, readdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect, test } from "@playwright/test";
import { cleanupAfterEach } from "./fixtures.ts";
import { openDatabase, type Database } from "../../app/server/kit/db/database.server.ts";
import { createTestStorage, sampleLead } from "../support/storage.ts";
import { headerValue, parsePart } from "../support/mime-reader.ts";
import { referenceOf } from "../../app/server/kit/reference.server.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import {
  estimateBody,
  freePort,
  startServer,
  startSilentProxy,
  waitFor,
  type ServerHandle,
} from "../support/processes.ts";
import { business } from "../../app/content/business.ts";

const PHONE = business.phone.display;
const STORE_FAILED = "We could not save your request just now.";

test.skip(({ isMobile }) => isMobile, "process-level tests run once, in the desktop project");
test.describe.configure({ timeout: 90_000 });

const { undo, tempDir } = cleanupAfterEach();

const tempDataDir = (tag: string) => path.join(tempDir(`gs-faults-${tag}`), "data");

async function server(options: Parameters<typeof startServer>[0]): Promise<ServerHandle> {
  const handle = await startServer(options);
  undo.push(() => handle.kill9());
  return handle;
}

async function database(env: { DATA_DIR: string; DATABASE_URL?: string }): Promise<Database> {
  const db = await openDatabase({ DATA_DIR: env.DATA_DIR, DATABASE_URL: env.DATABASE_URL });
  undo.push(() => db.close());
  return db;
}

/**
 * Which message a job sends: the owner's is named by its lead id (X-Lead-Id), the visitor's reply by its reference
 * (X-Reference), the owner's notice after a database outage by its kind (X-Gemstate-Notice).
 */
const mailKey = (job: { lead_id: string; kind: string }) =>
  job.kind === "reply"
    ? `reply:${referenceOf(job.lead_id)}`
    : job.kind === "journal-replayed"
      ? `notice:${job.kind}`
      : job.lead_id;

/** Mail received by the sink, by mailKey. */
async function mailbox(options: { refusing?: boolean; beforeAccept?: (key: string) => Promise<void> | void } = {}) {
  const byLead = new Map<string, number>();
  const sink: SmtpSink = await startSmtpSink({
    refusing: options.refusing,
    onMessage: async (raw) => {
      const message = parsePart(raw.toString("utf8"));
      const notice = headerValue(message, "x-gemstate-notice");
      const key = notice
        ? `notice:${notice}`
        : headerValue(message, "x-lead-id") || `reply:${headerValue(message, "x-reference")}`;
      await options.beforeAccept?.(key);
      byLead.set(key, (byLead.get(key) ?? 0) + 1);
    },
  });
  undo.push(() => sink.close());
  return { sink, byLead };
}

const jobs = (db: Database) =>
  db.db.selectFrom("outbox_jobs").select(["lead_id", "kind", "status", "attempts"]).execute();
const leadsByEmail = async (db: Database) =>
  new Map((await db.db.selectFrom("leads").select(["id", "email"]).execute()).map((l) => [l.email, l.id]));

test("SIGTERM: a request half sent at the signal is answered and stored, the process exits 0", async () => {
  const dataDir = tempDataDir("sigterm");
  const port = await freePort();
  const site = await server({ port, dataDir, env: { MAIL_TRANSPORT: "files", LOG_LEVEL: "info" } });
  const email = `sigterm-${Date.now()}@example.com`;
  const body = estimateBody(email);
  const half = Math.floor(body.length / 2);

  const socket = net.connect(port, "127.0.0.1");
  undo.push(() => socket.destroy());
  let received = "";
  let ended = false;
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (received += chunk));
  socket.on("close", () => (ended = true));
  socket.on("error", () => (ended = true));
  socket.write(
    `POST /estimate HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${site.origin}\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n`,
  );
  // "100 Continue" proves the server has read the headers: the request is in flight.
  await waitFor("100 Continue", () => received.includes("100 Continue"), 10_000, 20);
  socket.write(body.slice(0, half));
  site.proc.kill("SIGTERM");
  await waitFor("the server to start shutting down", () => site.log().includes('"shutting down"'), 10_000, 20);
  socket.write(body.slice(half));
  await waitFor("the answer", () => ended, 15_000, 20);

  const answer = received.slice(received.indexOf("100 Continue"));
  // A form sent without JavaScript is confirmed by a redirect to its confirmation page (Post/Redirect/Get).
  expect(answer).toMatch(/HTTP\/1\.1 303 See Other/);
  expect(answer).toMatch(/\r\nlocation: \/request-received\//i);
  expect(await site.exited).toEqual({ code: 0, signal: null });
  const db = await database({ DATA_DIR: dataDir });
  expect((await leadsByEmail(db)).has(email)).toBe(true);
});

test("kill -9 mid-submission: every confirmed request is stored and, after a restart, e-mailed; repeats at most the sends in flight", async () => {
  const dataDir = tempDataDir("kill");
  const { sink, byLead } = await mailbox();
  const port = await freePort();
  const env = { SMTP_URL: sink.url, OUTBOX_LEASE_SECONDS: "2", OUTBOX_FIRST_RETRY_SECONDS: "0.2" };
  const first = await server({ port, dataDir, env });

  const confirmed: string[] = [];
  const sent = new Set<string>();
  const errors: number[] = [];
  let cutOff = 0;
  let stop = false;
  const submitter = async (n: number) => {
    for (let i = 0; !stop && i < 200; i++) {
      const email = `kill-${n}-${i}@example.com`;
      sent.add(email);
      try {
        const answer = await first.submit(email, 10_000);
        if (answer.confirmed) confirmed.push(email);
        else if (answer.status >= 500) errors.push(answer.status);
      } catch {
        cutOff++;
        return; // the server was killed under this request
      }
    }
  };
  const clients = Array.from({ length: 6 }, (_, n) => submitter(n));
  await waitFor("some confirmed requests", () => confirmed.length >= 10, 30_000, 10);
  await first.kill9();
  stop = true;
  await Promise.all(clients);
  expect(errors).toEqual([]);
  expect(cutOff).toBeGreaterThan(0); // the kill landed in the middle of requests
  // The file as the kill left it, before a server opens it again.
  const file = new DatabaseSync(path.join(dataDir, "leads.sqlite"));
  expect(file.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
  file.close();

  const second = await server({ port, dataDir, env });
  const db = await database({ DATA_DIR: dataDir });
  const stored = await leadsByEmail(db);
  expect(confirmed.filter((email) => !stored.has(email))).toEqual([]);
  // None invented, none twice: every row is a request sent, once.
  const rows = await db.db.selectFrom("leads").select("email").execute();
  expect(rows.filter((r) => !sent.has(r.email))).toEqual([]);
  expect(rows).toHaveLength(stored.size);
  await waitFor("every job sent", async () => (await jobs(db)).every((j) => j.status === "sent"), 30_000, 200);
  const leadIds = new Set(stored.values());
  expect((await jobs(db)).filter((j) => !leadIds.has(j.lead_id))).toEqual([]);
  // Each request's two messages: the owner's and the visitor's reply; none about a request not stored.
  const ids = [...stored.values()].flatMap((id) => [
    mailKey({ lead_id: id, kind: "email" }),
    mailKey({ lead_id: id, kind: "reply" }),
  ]);
  expect(ids.filter((id) => !byLead.has(id))).toEqual([]);
  expect([...byLead.keys()].filter((key) => !ids.includes(key))).toEqual([]);
  const extra = ids.reduce((n, id) => n + (byLead.get(id) ?? 0) - 1, 0);
  expect(extra).toBeLessThanOrEqual(5); // at most one batch of sends was in flight at the kill
  expect((await second.stop()).code).toBe(0);
});

test("SMTP refuses, then accepts: every request confirmed, then e-mailed exactly once; /healthz/deliveries answers 503 while mail is 15 minutes late, /healthz stays 200", async () => {
  const dataDir = tempDataDir("smtp");
  const { sink, byLead } = await mailbox({ refusing: true });
  const site = await server({
    port: await freePort(),
    dataDir,
    env: { SMTP_URL: sink.url, OUTBOX_FIRST_RETRY_SECONDS: "0.2" },
  });
  for (let i = 0; i < 5; i++) expect((await site.submit(`smtp-${i}@example.com`)).confirmed).toBe(true);
  const db = await database({ DATA_DIR: dataDir });
  // A request stored 20 minutes ago whose e-mail is still not delivered.
  await recordLead(db, sampleLead(), { webhook: false, now: new Date(Date.now() - 20 * 60_000) });
  await waitFor(
    "retries against the refusing server",
    async () => sink.refused >= 8 && (await jobs(db)).some((j) => j.attempts >= 2),
    20_000,
  );
  const health = async (path: string) => {
    const response = await fetch(`${site.origin}${path}`);
    return {
      status: response.status,
      cache: response.headers.get("cache-control"),
      body: (await response.json()) as unknown,
    };
  };
  expect(await health("/healthz")).toEqual({
    status: 200,
    cache: "no-store",
    body: { ok: true, undeliveredOver15Min: 1 },
  });
  expect(await health("/healthz/deliveries")).toEqual({
    status: 503,
    cache: "no-store",
    body: { ok: false, undeliveredOver15Min: 1 },
  });

  expect(byLead.size).toBe(0); // nothing delivered while it refused

  sink.setRefusing(false);
  await waitFor("every job sent", async () => (await jobs(db)).every((j) => j.status === "sent"), 30_000, 200);
  const ids = (await jobs(db)).map(mailKey);
  expect(ids).toHaveLength(11); // five requests with their replies, and the old one
  expect(ids.map((id) => byLead.get(id))).toEqual(ids.map(() => 1));
  expect([...byLead.keys()].sort()).toEqual([...ids].sort()); // no message about a request not stored
  expect(await health("/healthz")).toEqual({
    status: 200,
    cache: "no-store",
    body: { ok: true, undeliveredOver15Min: 0 },
  });
  expect(await health("/healthz/deliveries")).toEqual({
    status: 200,
    cache: "no-store",
    body: { ok: true, undeliveredOver15Min: 0 },
  });
});

test.describe("PostgreSQL", () => {
  test.skip(!process.env.TEST_DATABASE_URL, "TEST_DATABASE_URL is not set");

  /** A fresh schema, and a DATABASE_URL that reaches it through the silent proxy (a process of its own). */
  async function behindProxy() {
    const storage = await createTestStorage("postgres");
    undo.push(() => storage.cleanup());
    const target = new URL(process.env.TEST_DATABASE_URL!);
    const proxy = await startSilentProxy(Number(target.port || 5432), target.hostname);
    undo.push(() => proxy.close());
    const proxied = new URL(storage.env.DATABASE_URL!);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    return { storage, proxy, proxied };
  }

  test("goes silent: a form sent meanwhile is confirmed with its reference within 5 s (kept in the journal), pages keep serving, /healthz answers 503 and degraded; when it answers the request is stored and e-mailed once, the owner told, /healthz 200; no e-mail twice", async () => {
    const { storage, proxy, proxied } = await behindProxy();
    const direct = await storage.open();

    // The database goes silent just as the SMTP server accepts the first message: the send succeeded,
    // marking it sent cannot be stored until the database answers again.
    let armed = true;
    let silencedFor: string | null = null;
    const { sink, byLead } = await mailbox({
      beforeAccept: async (leadId) => {
        if (!armed) return;
        armed = false;
        silencedFor = leadId;
        await proxy.silent();
      },
    });
    const site = await server({
      port: await freePort(),
      dataDir: storage.env.DATA_DIR,
      env: {
        DATABASE_URL: proxied.toString(),
        SMTP_URL: sink.url,
        OUTBOX_LEASE_SECONDS: "2",
        OUTBOX_FIRST_RETRY_SECONDS: "0.2",
      },
    });

    expect((await site.submit("pg-before@example.com")).confirmed).toBe(true);
    await waitFor("the first e-mail, with the database gone silent", () => silencedFor !== null, 15_000, 20);

    // The visitor is answered with the usual confirmation and a reference, the request kept in the journal.
    const start = Date.now();
    const during = await site.submit("pg-during@example.com", 30_000);
    const took = Date.now() - start;
    expect(during.status).toBe(200);
    expect(during.confirmed).toBe(true);
    const shownReference = /GS-[0-9A-F]{4}-[0-9A-F]{4}/.exec(during.body)?.[0];
    expect(shownReference).toBeDefined();
    expect(took).toBeLessThan(5_000);
    for (const page of ["/", "/about"])
      expect((await fetch(`${site.origin}${page}`, { signal: AbortSignal.timeout(5_000) })).status, page).toBe(200);
    // A monitor reading status codes sees the database down, within the health check's second, and the journal in use.
    for (const check of ["/healthz", "/healthz/deliveries"]) {
      const response = await fetch(`${site.origin}${check}`, { signal: AbortSignal.timeout(5_000) });
      expect({ status: response.status, body: (await response.json()) as unknown }, check).toEqual({
        status: 503,
        body: {
          ok: false,
          database: "unreachable",
          degraded: true,
          journal: { waiting: 1, oldestSeconds: expect.any(Number) as unknown },
        },
      });
    }
    // The send's result is kept: its mark is retried (and fails) while the database is silent.
    await waitFor("the mark to be retried", () => site.log().includes("marking it sent failed"), 15_000);

    await proxy.resume();
    await waitFor(
      "/healthz to answer 200 again",
      async () => (await fetch(`${site.origin}/healthz`)).status === 200,
      20_000,
      250,
    );
    await waitFor(
      "requests accepted again",
      async () => (await site.submit(`pg-after-${Date.now()}@example.com`)).confirmed,
      20_000,
      250,
    );
    await waitFor(
      "every job sent, the owner's notice too",
      async () => {
        const all = await jobs(direct);
        return all.some((j) => j.kind === "journal-replayed") && all.every((j) => j.status === "sent");
      },
      30_000,
      200,
    );
    // The request taken during the outage is stored once, under the reference the visitor was shown.
    const stored = await direct.db
      .selectFrom("leads")
      .select("id")
      .where("email", "=", "pg-during@example.com")
      .execute();
    expect(stored.map((l) => referenceOf(l.id))).toEqual([shownReference]);
    const health = await fetch(`${site.origin}/healthz`);
    expect({ status: health.status, body: (await health.json()) as unknown }).toEqual({
      status: 200,
      body: { ok: true, undeliveredOver15Min: 0 },
    });
    // Every message once: the request's e-mail and reply, the owner's notice of how many waited.
    const ids = (await jobs(direct)).map(mailKey);
    expect(ids).toContain(silencedFor);
    expect(ids).toEqual(expect.arrayContaining([stored[0]!.id, `reply:${shownReference}`, "notice:journal-replayed"]));
    expect(ids.map((id) => byLead.get(id))).toEqual(ids.map(() => 1));
    expect((await site.stop()).code).toBe(0);
  });

  test("comes back while its old connections stay silent for good: requests are accepted again on fresh connections; meanwhile, with the journal at its bound, a form gets the 503 page with the phone number", async () => {
    const { storage, proxy, proxied } = await behindProxy();
    const site = await server({
      port: await freePort(),
      dataDir: storage.env.DATA_DIR,
      // A journal no request fits in: what cannot be kept is refused as before there was a journal.
      env: { DATABASE_URL: proxied.toString(), MAIL_TRANSPORT: "files", JOURNAL_MAX_MB: "0.001" },
    });

    expect((await site.submit("lost-before@example.com")).confirmed).toBe(true);
    await proxy.silent();
    const during = await site.submit("lost-during@example.com", 30_000);
    expect(during.status).toBe(503);
    expect(during.body).toContain(PHONE);
    expect(during.body).toContain(STORE_FAILED);
    expect(during.body).not.toMatch(/Error:|\n\s+at /); // no stack trace
    await proxy.resumeNewOnly();
    await waitFor(
      "requests accepted again",
      async () => (await site.submit(`lost-after-${Date.now()}@example.com`, 30_000)).confirmed,
      30_000,
      250,
    );
  });
});

test("production without SMTP_URL refuses to start unless MAIL_TRANSPORT=files; npm start's --quick-start writes e-mails to DATA_DIR/mail and says so", async () => {
  const dataDir = tempDataDir("mailfiles");
  const refused = await server({ port: await freePort(), dataDir, waitUntilReady: false });
  expect((await refused.exited).code).toBe(1);
  expect(refused.log()).toContain(
    "SMTP_URL: required in production (NODE_ENV=production) so the owner's e-mails are sent; or set MAIL_TRANSPORT=files",
  );
  // A settings error never prints a secret's value.
  const badUrl = await server({
    port: await freePort(),
    dataDir,
    env: { SMTP_URL: "smtp://owner:s3cret-pw@mail.example:587", DATABASE_URL: "mysql://admin:s3cret-pw@db/x" },
    waitUntilReady: false,
  });
  expect((await badUrl.exited).code).toBe(1);
  expect(badUrl.log()).toContain("DATABASE_URL: must be a URL starting with postgres://");
  expect(badUrl.log()).not.toContain("s3cret-pw");

  const quick = await server({ port: await freePort(), dataDir, args: ["--quick-start"] });
  expect(quick.log()).toContain("E-MAILS ARE NOT SENT");
  expect((await quick.submit("quick@example.com")).confirmed).toBe(true);
  const mailDir = path.join(dataDir, "mail");
  await waitFor(
    "the e-mail file",
    () => existsSync(mailDir) && readdirSync(mailDir).some((f) => f.endsWith(".eml")),
    15_000,
  );
  expect((await quick.stop()).code).toBe(0);
});
