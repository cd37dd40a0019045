/**
 * Load and fault benchmark (issue 7, "Load and faults"): proves on this machine that the site keeps working
 * and loses nothing. Every scenario starts the real server (`node server.ts`, production build) on loopback
 * with a fresh DATA_DIR, an SMTP sink in this process that records every message, and drives it from a
 * SECOND Node process (this same file run with --child: autocannon, or a fetch pool that records every answer).
 *
 *   npm run bench:load                 full run (about 15 minutes); writes docs/reliability.md
 *   npm run bench:load -- --quick      shorter, smaller run for trying things out (prints only)
 *   npm run bench:load -- --only kill,smtp   a subset: static, submit, kill, smtp, postgres (prints only)
 *   npm run bench:load -- --port 3500  base port: server +0, SMTP sink +1, private PostgreSQL +99
 *
 * Scenarios:
 *   static    /, /about and a city page, 10 s each at 50 connections: requests/s, p99, non-2xx
 *   submit    5,000 estimate requests at 50 connections: no 5xx, stored rows = confirmations, each e-mailed once
 *   kill      kill -9 of the server in the middle of submissions, 5 rounds: every confirmed request stored,
 *             integrity_check ok, every pending e-mail sent after restart, repeats at most the sends in flight
 *   smtp      the SMTP server refuses (421) for a while, then comes back: every message delivered exactly once
 *   postgres  a private PostgreSQL cluster (needs the PostgreSQL binaries and root or the postgres user) is
 *             stopped mid-run: HTTP 503 with the phone number, never a 500 or a stack trace, nothing half-written
 *
 * A job a killed server left claimed waits out the outbox's short lease (OUTBOX_LEASE_SECONDS, 30 s).
 * Exits 1 when an invariant fails. Timings belong here, never in tests. Needs a build (`npm run build`).
 */
import { execFileSync, fork, spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { business } from "../app/content/business.ts";
import { openDatabase, type Database } from "../app/server/db/database.server.ts";
import { decode, headerValue, leaves, parsePart } from "../app/server/leads/mime-reader.ts";
import { listLeads } from "../app/server/leads/store.server.ts";
import { CONFIRMATION, estimateBody, exitOf, ROOT, startServer as startSharedServer, waitFor, type ServerHandle } from "../tests/support/processes.ts";
import { smtpUrl, startSmtpSink as startSharedSmtpSink } from "../tests/support/smtp-sink.ts";

const SELF = path.join(ROOT, "scripts", "bench-load.ts");
/** Without JavaScript a stored request is answered 303 to its confirmation page (Post/Redirect/Get). */
const RECEIPT_PATH = "/request-received/";
const isConfirmation = (status: number, body: string, location: string | null | undefined) =>
  (status === 303 && Boolean(location?.startsWith(RECEIPT_PATH))) || (status === 200 && body.includes(CONFIRMATION));
/** What the 503 answer says when a request could not be stored (handleLeadSubmission). */
const STORE_FAILED = "We could not save your request just now";
const PHONE = business.phone.display;
const CITY_PAGE = "/locations/pressure-washing-boise-id";
/** docs/reliability.md: from this line on, the text is written by hand and a new report keeps it. */
const HAND_WRITTEN = "<!-- written by hand below this line; npm run bench:load keeps it -->";
const SCENARIOS = ["static", "submit", "kill", "smtp", "postgres"] as const;
type ScenarioName = (typeof SCENARIOS)[number];

// ---------------------------------------------------------------------------------------------------------
// Shared shapes
// ---------------------------------------------------------------------------------------------------------

interface Check {
  name: string;
  ok: boolean;
  evidence: string;
}

interface Section {
  title: string;
  /** Markdown paragraphs and tables describing what ran and the numbers. */
  body: string[];
  checks: Check[];
}

const check = (name: string, ok: boolean, evidence: string): Check => ({ name, ok, evidence });

/** One answer to a form POST, as the load process saw it. */
interface SubmitRecord {
  email: string;
  /** When the request was sent and the answer read (epoch ms). */
  t0: number;
  t1: number;
  /** 0: no HTTP answer (connection refused/reset, timeout). */
  status: number;
  /** 200 with the confirmation text. */
  acked: boolean;
  error?: string;
  /** For answers >= 400: what the visitor reads. */
  page?: ErrorPageCheck;
}

interface ErrorPageCheck {
  hasPhone: boolean;
  hasStoreMessage: boolean;
  hasStackTrace: boolean;
  hasErrorWord: boolean;
  /** The first error body of its status, shortened, as evidence. */
  sample?: string;
}

interface AutocannonSummary {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  durationS: number;
}

type ChildTask =
  | { kind: "static"; url: string; connections: number; durationS: number; headers?: Record<string, string> }
  | { kind: "autocannon-submit"; url: string; origin: string; connections: number; amount: number; tag: string }
  | { kind: "submit-loop"; url: string; origin: string; concurrency: number; tag: string; count?: number; timeoutMs: number };

interface SubmitBurstResult extends AutocannonSummary {
  acked: string[];
  notAcked200: number;
  fiveXX: number;
}

// ---------------------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------------------

const round = (n: number, digits = 0) => Number(n.toFixed(digits));
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const list = (items: string[], max = 5) => (items.length === 0 ? "none" : `${items.slice(0, max).join(", ")}${items.length > max ? ` … (${items.length} in all)` : ""}`);

function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map(String).join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}

/** A valid estimate form body; every request gets its own e-mail address and idempotency key. */
/** What a visitor reads on an error answer: the phone number and our message, never a stack trace. */
function inspectErrorPage(body: string): ErrorPageCheck {
  return {
    hasPhone: body.includes(PHONE),
    hasStoreMessage: body.includes(STORE_FAILED),
    hasStackTrace: /^\s*at\s+\S.*(?::\d+:\d+\)?|<anonymous>\)?)\s*$/m.test(body) || /\bat (?:async )?\S+ \((?:file:|node:|\/)/.test(body),
    hasErrorWord: body.includes("Error:"),
  };
}

function tempDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `bench-load-${prefix}-`));
}

/** Things to undo when the run ends or is interrupted (servers, PostgreSQL, temp folders). */
const cleanups: (() => Promise<void> | void)[] = [];
export async function cleanupAll() {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()!();
    } catch (err) {
      console.error("cleanup:", err instanceof Error ? err.message : err);
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// The SMTP sink: a real SMTP server that records every message (optionally refusing connections)
// ---------------------------------------------------------------------------------------------------------

interface ReceivedMail {
  /** The lead id from the body's "Request ID" row; null when the message was cut short. */
  leadId: string | null;
  headerLeadId: string;
  messageId: string;
  at: number;
}

interface SmtpSink {
  messages: ReceivedMail[];
  /** Connections turned away with 421 while refusing. */
  readonly refused: number;
  setRefusing(refusing: boolean): void;
  close(): Promise<void>;
}

/** The lead id in the text part's "Request ID: …" row of a raw message. */
function requestIdOf(raw: string): string | null {
  for (const part of leaves(parsePart(raw))) {
    if (!headerValue(part, "content-type").startsWith("text/plain")) continue;
    const match = /^Request ID: ([0-9a-f-]{36})\s*$/m.exec(decode(part));
    if (match) return match[1]!;
  }
  return null;
}

export async function startSmtpSink(port: number, { refusing = false } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const shared = await startSharedSmtpSink({
    port,
    refusing,
    onMessage(buffer) {
      const raw = buffer.toString("utf8");
      const head = parsePart(raw);
      messages.push({ leadId: requestIdOf(raw), headerLeadId: headerValue(head, "x-lead-id"), messageId: headerValue(head, "message-id"), at: Date.now() });
    },
  });
  const sink: SmtpSink = {
    messages,
    get refused() {
      return shared.refused;
    },
    setRefusing: (r) => shared.setRefusing(r),
    close: () => shared.close(),
  };
  cleanups.push(() => sink.close());
  return sink;
}

interface MailTally {
  messages: number;
  /** Stored leads with no message. */
  missing: string[];
  /** Stored leads with more than one message, and how many extra messages in all. */
  repeated: string[];
  extra: number;
  /** Of the repeats, how many carried the same Message-ID as the first (a mail system can drop them). */
  repeatsWithSameMessageId: number;
  /** Messages about leads not in the database. */
  unknown: string[];
  /** Messages without a readable Request ID (cut short), or whose X-Lead-Id header disagrees with the body. */
  unreadable: number;
  headerMismatch: number;
}

export function tallyMail(sink: SmtpSink, leadIds: Iterable<string>): MailTally {
  const ids = new Set(leadIds);
  const byLead = new Map<string, ReceivedMail[]>();
  let unreadable = 0;
  let headerMismatch = 0;
  for (const mail of sink.messages) {
    if (!mail.leadId) {
      unreadable++;
      continue;
    }
    if (mail.headerLeadId !== mail.leadId) headerMismatch++;
    byLead.set(mail.leadId, [...(byLead.get(mail.leadId) ?? []), mail]);
  }
  const repeated = [...byLead].filter(([id, mails]) => ids.has(id) && mails.length > 1);
  return {
    messages: sink.messages.length,
    missing: [...ids].filter((id) => !byLead.has(id)),
    repeated: repeated.map(([id]) => id),
    extra: repeated.reduce((n, [, mails]) => n + mails.length - 1, 0),
    repeatsWithSameMessageId: repeated.reduce((n, [, mails]) => n + mails.slice(1).filter((m) => m.messageId === mails[0]!.messageId).length, 0),
    unknown: [...byLead.keys()].filter((id) => !ids.has(id)),
    unreadable,
    headerMismatch,
  };
}

/** The checks that every stored lead was e-mailed; `allowRepeats` turns repeats into a reported number. */
function mailChecks(tally: MailTally, { allowRepeats = false } = {}): Check[] {
  const checks = [
    check("every stored request was e-mailed", tally.missing.length === 0, `${tally.messages} messages received; leads without a message: ${list(tally.missing)}`),
    check("no message about a request that is not stored", tally.unknown.length === 0 && tally.unreadable === 0 && tally.headerMismatch === 0, `unknown lead ids: ${list(tally.unknown)}; unreadable messages: ${tally.unreadable}; X-Lead-Id ≠ Request ID: ${tally.headerMismatch}`),
  ];
  if (!allowRepeats) {
    checks.push(check("each request e-mailed exactly once", tally.repeated.length === 0, `leads with more than one message: ${tally.repeated.length} (${tally.extra} extra messages)`));
  }
  return checks;
}

// ---------------------------------------------------------------------------------------------------------
// The server under test
// ---------------------------------------------------------------------------------------------------------

interface ServerOptions {
  port: number;
  dataDir: string;
  smtpPort: number;
  databaseUrl?: string;
  env?: Record<string, string>;
}

/** The real server (tests/support/processes.ts), with this benchmark's SMTP sink and settings. */
export async function startServer(options: ServerOptions): Promise<ServerHandle> {
  const handle = await startSharedServer({
    port: options.port,
    dataDir: options.dataDir,
    env: { DATABASE_URL: options.databaseUrl ?? "", SMTP_URL: smtpUrl(options.smtpPort), LEAD_MIN_FILL_SECONDS: "3", ...options.env },
  });
  cleanups.push(() => handle.kill9());
  return handle;
}

/** Log lines of the server at warn level or above (pino JSON), by message; other output (a crash) counted apart. */
function serverLogSummary(logFile: string): Record<string, number> {
  const counts: Record<string, number> = {};
  if (!existsSync(logFile)) return counts;
  for (const line of readFileSync(logFile, "utf8").split("\n")) {
    if (!line.trim()) continue;
    let msg: string;
    try {
      msg = String((JSON.parse(line) as { msg?: unknown }).msg);
    } catch {
      msg = "(not a log line: output of a crash, see above)";
    }
    counts[msg] = (counts[msg] ?? 0) + 1;
  }
  return counts;
}

const logTable = (counts: Record<string, number>) =>
  Object.keys(counts).length === 0 ? "Server log (warn and above): empty." : `Server log (warn and above):\n\n${table(["message", "lines"], Object.entries(counts).map(([m, n]) => [m.replace(/\|/g, "\\|"), n]))}`;

/** What a crashed server printed: the uncaught error's first lines (without the stack frames). */
function crashExcerpt(logFile: string): string {
  const lines = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n") : [];
  const start = lines.findIndex((l) => l && !l.startsWith("{"));
  if (start === -1) return "(nothing printed)";
  return lines
    .slice(start)
    .filter((l) => l.trim() && !/^\s+at /.test(l) && !/^\s*\^\s*$/.test(l))
    .slice(0, 4)
    .map((l) => l.trim())
    .join(" ⏎ ");
}

// ---------------------------------------------------------------------------------------------------------
// The database, seen from outside the server
// ---------------------------------------------------------------------------------------------------------

interface StoreState {
  leads: { id: string; email: string }[];
  jobs: Record<string, number>;
  /** Leads without an e-mail job, and jobs whose lead does not exist: both must be 0. */
  leadsWithoutEmailJob: number;
  jobsWithoutLead: number;
  /** Jobs that needed more than one attempt. */
  retriedJobs: number;
}

export async function storeState(database: Database): Promise<StoreState> {
  const { db } = database;
  const leads = (await listLeads(database, {})).map((l) => ({ id: l.id, email: l.contact.email }));
  const jobs = await db.selectFrom("outbox_jobs").select(["status", (eb) => eb.fn.countAll<string>().as("n")]).groupBy("status").execute();
  const leadsWithoutEmailJob = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("outbox_jobs").select("outbox_jobs.id").whereRef("outbox_jobs.lead_id", "=", "leads.id").where("outbox_jobs.kind", "=", "email"))))
    .executeTakeFirstOrThrow();
  const jobsWithoutLead = await db
    .selectFrom("outbox_jobs")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("leads").select("leads.id").whereRef("leads.id", "=", "outbox_jobs.lead_id"))))
    .executeTakeFirstOrThrow();
  const retried = await db.selectFrom("outbox_jobs").select((eb) => eb.fn.countAll<string>().as("n")).where("attempts", ">", 1).executeTakeFirstOrThrow();
  return {
    leads,
    jobs: Object.fromEntries(jobs.map((j) => [j.status, Number(j.n)])),
    leadsWithoutEmailJob: Number(leadsWithoutEmailJob.n),
    jobsWithoutLead: Number(jobsWithoutLead.n),
    retriedJobs: Number(retried.n),
  };
}

/** The benchmark's own connection to the server's database; closing it twice is harmless. */
export async function openStore(dataDir: string, databaseUrl?: string): Promise<Database> {
  const database = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  let closing: Promise<void> | undefined;
  const store: Database = { ...database, close: () => (closing ??= database.close()) };
  cleanups.push(() => store.close());
  return store;
}

async function pendingJobs(database: Database): Promise<number> {
  const row = await database.db.selectFrom("outbox_jobs").select((eb) => eb.fn.countAll<string>().as("n")).where("status", "=", "pending").executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waits until no job is pending; returns how long that took, or null on timeout. */
async function waitForOutbox(database: Database, timeoutMs: number): Promise<number | null> {
  try {
    return await waitFor("the outbox to drain", async () => (await pendingJobs(database)) === 0, timeoutMs, 250);
  } catch {
    return null;
  }
}

/** When the outbox does not drain: the jobs left, and whether the server still answers and still sends mail. */
async function diagnoseOutbox(database: Database, server: ServerHandle, sink: SmtpSink): Promise<string> {
  const now = Date.now();
  const jobs = await database.db.selectFrom("outbox_jobs").selectAll().where("status", "=", "pending").limit(20).execute();
  const ago = (iso: string | null) => (iso === null ? "—" : `${round((Date.parse(iso) - now) / 1000)} s`);
  const rows = jobs.map((j) => [j.id.slice(0, 8), j.attempts, ago(j.next_attempt_at), ago(j.locked_until), j.last_error ?? "—", ago(j.created_at)]);
  const before = sink.messages.length;
  const email = `probe-${randomBytes(3).toString("hex")}@example.com`;
  const status = await fetch(`${server.origin}/estimate`, {
    method: "POST",
    headers: { origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
    body: estimateBody(email),
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  }).then(
    async (r) => `HTTP ${r.status}${isConfirmation(r.status, await r.text(), r.headers.get("location")) ? " with the confirmation" : ""}`,
    (err: { cause?: { code?: string }; name?: string }) => `no answer (${err.cause?.code ?? err.name})`,
  );
  await sleep(15_000);
  return [
    `**The outbox did not drain.** Pending jobs (times relative to now; a lease is \`locked_until\`):`,
    table(["job", "attempts", "next attempt", "locked until", "last error", "created"], rows),
    `Server process: ${server.proc.exitCode === null && server.proc.signalCode === null ? "running" : `exited (${server.proc.exitCode ?? server.proc.signalCode})`}. A probe request got ${status}; messages received in the 15 s after it: ${sink.messages.length - before}.`,
  ].join("\n\n");
}

/** Opens the SQLite file directly (the server must be stopped): integrity check and the stored e-mail addresses. */
function inspectSqliteFile(dataDir: string): { integrity: string; emails: Set<string>; leads: number } {
  const db = new DatabaseSync(path.join(dataDir, "leads.sqlite"));
  try {
    const integrity = (db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[]).map((r) => r.integrity_check).join("; ");
    const emails = new Set((db.prepare("SELECT email FROM leads").all() as { email: string }[]).map((r) => r.email));
    return { integrity, emails, leads: emails.size };
  } finally {
    db.close();
  }
}

/**
 * The store checks shared by every scenario: confirmed ⊆ stored, leads and jobs consistent, nothing left pending.
 * With `records` (faults: an answer can be lost after the commit), rows beyond the confirmations must each be a
 * request that was sent and not confirmed; without them, rows must equal confirmations exactly.
 */
function storeChecks(state: StoreState, acked: string[], records?: SubmitRecord[]): Check[] {
  const stored = new Set(state.leads.map((l) => l.email));
  const lost = acked.filter((e) => !stored.has(e));
  const checks = [check("every confirmed request is stored", lost.length === 0, `${acked.length} confirmed, ${state.leads.length} stored; confirmed but missing: ${list(lost)}`)];
  if (!records) {
    checks.push(check("stored rows = confirmation answers", state.leads.length === acked.length, `${state.leads.length} rows, ${acked.length} answers "200 + ${CONFIRMATION}"`));
  } else {
    const sent = new Map(records.map((r) => [r.email, r]));
    const ackedSet = new Set(acked);
    const extra = state.leads.filter((l) => !ackedSet.has(l.email));
    const phantom = extra.filter((l) => !sent.has(l.email));
    const twice = state.leads.length - stored.size;
    const answers = statusCounts(extra.flatMap((l) => sent.get(l.email) ?? []));
    checks.push(
      check(
        "stored rows = confirmations + requests cut off after their commit (none invented, none twice)",
        phantom.length === 0 && twice === 0,
        `${state.leads.length} rows = ${acked.length} confirmed + ${extra.length} not confirmed (their answers: ${JSON.stringify(answers)}); rows of no request sent: ${phantom.length}; stored twice: ${twice}`,
      ),
    );
  }
  checks.push(
    check("no half-written request (every lead has its e-mail job, no job without a lead)", state.leadsWithoutEmailJob === 0 && state.jobsWithoutLead === 0, `leads without an e-mail job: ${state.leadsWithoutEmailJob}; jobs without a lead: ${state.jobsWithoutLead}`),
    check("outbox drained: every job sent, none pending or dead", (state.jobs.pending ?? 0) === 0 && (state.jobs.dead ?? 0) === 0, `jobs by status: ${JSON.stringify(state.jobs)}`),
  );
  return checks;
}

// ---------------------------------------------------------------------------------------------------------
// The load process (a second Node process: this file with --child)
// ---------------------------------------------------------------------------------------------------------

interface LoadProcess<R> {
  result: Promise<R>;
  /** Resolves at a submit loop's first confirmed request. */
  firstAck: Promise<void>;
  /** Asks a submit loop to finish its requests in flight and report. */
  stop(): void;
  /** Holds a submit loop: resolves once no request is in flight; resume() lets it go on. */
  pause(): Promise<void>;
  resume(): void;
}

/** Messages from the load process: its result, and a submit loop's progress. */
type ChildMessage = { kind: "result"; result: unknown } | { kind: "first-ack" } | { kind: "paused" };
type ParentMessage = { kind: "stop" } | { kind: "pause" } | { kind: "resume" };

export function startLoad<R>(task: ChildTask): LoadProcess<R> {
  const child = fork(SELF, ["--child"], { cwd: ROOT, stdio: ["ignore", "inherit", "inherit", "ipc"] });
  cleanups.push(() => void child.kill("SIGKILL"));
  const waiting = { firstAck: () => {}, paused: () => {} };
  const firstAck = new Promise<void>((resolve) => (waiting.firstAck = resolve));
  const result = new Promise<R>((resolve, reject) => {
    child.on("message", (message: ChildMessage) => {
      if (message.kind === "result") resolve(message.result as R);
      else if (message.kind === "first-ack") waiting.firstAck();
      else waiting.paused();
    });
    child.once("exit", (code) => reject(new Error(`the load process exited with ${code} before reporting`)));
  });
  const send = (message: ParentMessage) => void (child.connected && child.send(message));
  child.send(task);
  return {
    result,
    firstAck,
    stop: () => send({ kind: "stop" }),
    pause: () => new Promise<void>((resolve) => ((waiting.paused = resolve), send({ kind: "pause" }))),
    resume: () => send({ kind: "resume" }),
  };
}

type Autocannon = (opts: Record<string, unknown>) => Promise<AutocannonRawResult>;
interface AutocannonRawResult {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
  statusCodeStats: Record<string, { count: number }>;
}

const summarize = (r: AutocannonRawResult): AutocannonSummary => ({
  rps: r.requests.average,
  p50: r.latency.p50,
  p90: r.latency.p90,
  p99: r.latency.p99,
  max: r.latency.max,
  total: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors,
  timeouts: r.timeouts,
  durationS: r.duration,
  statusCodes: Object.fromEntries(Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, s.count])),
});

async function childStatic(task: Extract<ChildTask, { kind: "static" }>, autocannon: Autocannon): Promise<AutocannonSummary> {
  return summarize(await autocannon({ url: task.url, connections: task.connections, duration: task.durationS, timeout: 10, headers: task.headers }));
}

/** autocannon with one body per request; each connection's context remembers which e-mail it sent. */
async function childSubmitBurst(task: Extract<ChildTask, { kind: "autocannon-submit" }>, autocannon: Autocannon): Promise<SubmitBurstResult> {
  let n = 0;
  const acked: string[] = [];
  let notAcked200 = 0;
  let fiveXX = 0;
  const raw = await autocannon({
    url: task.url,
    connections: task.connections,
    amount: task.amount,
    timeout: 30,
    method: "POST",
    headers: { origin: task.origin, "content-type": "application/x-www-form-urlencoded" },
    requests: [
      {
        setupRequest(req: Record<string, unknown>, context: { email?: string }) {
          context.email = `${task.tag}-${++n}@example.com`;
          return { ...req, body: estimateBody(context.email) };
        },
        onResponse(status: number, body: string, context: { email?: string }, headers: Record<string, string> = {}) {
          if (status >= 500) fiveXX++;
          if (isConfirmation(status, body, headers.location)) acked.push(context.email!);
          else if (status < 400) notAcked200++;
        },
      },
    ],
  });
  return { ...summarize(raw), acked, notAcked200, fiveXX };
}

/** Sends one estimate request and records the answer (status 0 when there was none). */
async function submitOne(task: Extract<ChildTask, { kind: "submit-loop" }>, email: string, keepSample: (status: number) => boolean): Promise<SubmitRecord> {
  const t0 = Date.now();
  try {
    const res = await fetch(task.url, {
      method: "POST",
      headers: { origin: task.origin, "content-type": "application/x-www-form-urlencoded" },
      body: estimateBody(email),
      redirect: "manual",
      signal: AbortSignal.timeout(task.timeoutMs),
    });
    const text = await res.text();
    const record: SubmitRecord = { email, t0, t1: Date.now(), status: res.status, acked: isConfirmation(res.status, text, res.headers.get("location")) };
    if (res.status >= 400) {
      record.page = inspectErrorPage(text);
      if (keepSample(res.status)) record.page.sample = visibleText(text).slice(0, 600);
    }
    return record;
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause;
    await sleep(50); // the server is down: do not spin
    return { email, t0, t1: Date.now(), status: 0, acked: false, error: cause?.code ?? (err as Error).name };
  }
}

const visibleText = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * A fetch pool that submits until told to stop (or `count` requests), recording every answer. It tells the
 * parent about the first confirmed request, and can be paused (it reports once nothing is in flight).
 */
async function childSubmitLoop(task: Extract<ChildTask, { kind: "submit-loop" }>): Promise<{ records: SubmitRecord[] }> {
  const tell = (message: ChildMessage) => process.send!(message);
  let stopping = false;
  let paused = false;
  let inFlight = 0;
  process.on("message", (m: ParentMessage) => {
    if (m.kind === "stop") stopping = true;
    paused = m.kind === "pause" || (paused && m.kind !== "resume");
    if (m.kind === "pause" && inFlight === 0) tell({ kind: "paused" });
  });
  const records: SubmitRecord[] = [];
  const sampled = new Set<number>();
  const keepSample = (status: number) => !sampled.has(status) && Boolean(sampled.add(status));
  let n = 0;
  let firstAck = true;
  const worker = async () => {
    while (!stopping && (task.count === undefined || n < task.count)) {
      if (paused) {
        await sleep(20);
        continue;
      }
      inFlight++;
      const record = await submitOne(task, `${task.tag}-${++n}@example.com`, keepSample);
      inFlight--;
      records.push(record);
      if (record.acked && firstAck) {
        firstAck = false;
        tell({ kind: "first-ack" });
      }
      if (paused && inFlight === 0) tell({ kind: "paused" });
    }
  };
  await Promise.all(Array.from({ length: task.concurrency }, worker));
  return { records };
}

async function runChild() {
  const task = await new Promise<ChildTask>((resolve) => process.once("message", (m) => resolve(m as ChildTask)));
  const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;
  const result =
    task.kind === "static" ? await childStatic(task, autocannon) : task.kind === "autocannon-submit" ? await childSubmitBurst(task, autocannon) : await childSubmitLoop(task);
  process.send!({ kind: "result", result } satisfies ChildMessage, () => process.disconnect());
}

/** A submit loop in the load process with the usual settings. */
export function submitLoop(server: ServerHandle, tag: string, concurrency: number, count?: number) {
  return startLoad<{ records: SubmitRecord[] }>({ kind: "submit-loop", url: `${server.origin}/estimate`, origin: server.origin, concurrency, tag, count, timeoutMs: 30_000 });
}

const statusCounts = (records: SubmitRecord[]) =>
  records.reduce<Record<string, number>>((acc, r) => {
    const key = r.status === 0 ? `no answer (${r.error})` : String(r.status);
    acc[key] = (acc[key] ?? 0) + 1;
    return acc;
  }, {});

// ---------------------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------------------

interface Settings {
  quick: boolean;
  port: number;
}

/** A fresh data folder, SMTP sink and server for one scenario. */
async function environment(settings: Settings, name: string, options: { refusing?: boolean; env?: Record<string, string>; databaseUrl?: string } = {}) {
  const dir = tempDir(name);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const dataDir = path.join(dir, "data");
  const smtpPort = settings.port + 1;
  const sink = await startSmtpSink(smtpPort, { refusing: options.refusing });
  const serverOptions: ServerOptions = { port: settings.port, dataDir, smtpPort, databaseUrl: options.databaseUrl, env: options.env };
  const server = await startServer(serverOptions);
  const database = await openStore(dataDir, options.databaseUrl);
  return { dir, dataDir, sink, server, serverOptions, database };
}

/** The goals of issue 11 for this machine, reported as ratios to their limits (not invariants: they depend on the machine). */
const GOALS = { submissionsPerSecond: 400, submitP99Ms: 150, staticVsNginx: 0.8 };

/**
 * nginx serving the same build/client files, with the precompressed copies (gzip_static, brotli_static),
 * one worker (the site is one Node process), as a child process of the benchmark on loopback.
 */
async function startNginx(port: number): Promise<{ origin: string; version: string } | null> {
  let binary: string;
  try {
    binary = execFileSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx"], { encoding: "utf8" }).trim().split("\n")[0]!;
  } catch {
    return null;
  }
  const dir = tempDir("nginx");
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const brotli = ["/usr/lib/nginx/modules/ngx_http_brotli_static_module.so", "/usr/lib64/nginx/modules/ngx_http_brotli_static_module.so"].find((f) => existsSync(f));
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `${brotli ? `load_module ${brotli};\n` : ""}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  gzip_static on;
  ${brotli ? "brotli_static on;" : ""}
  server {
    listen 127.0.0.1:${port};
    root ${path.join(ROOT, "build/client")};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const proc = spawn(binary, ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  proc.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = exitOf(proc);
  cleanups.push(async () => {
    proc.kill("SIGTERM");
    await exited;
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(
    "nginx",
    async () => {
      if (proc.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      return fetch(`${origin}/`).then((r) => r.ok, () => false);
    },
    10_000,
    100,
  );
  const version = execFileSync(binary, ["-v"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) || "";
  return { origin, version: version.trim() || "nginx" };
}

async function staticPages(settings: Settings): Promise<Section> {
  const env = await environment(settings, "static");
  const nginx = await startNginx(settings.port + 2);
  const durationS = settings.quick ? 3 : 10;
  const rows: (string | number)[][] = [];
  const checks: Check[] = [];
  // As a browser asks: the precompressed copies are sent by both.
  const headers = { "accept-encoding": "br, gzip" };
  const ratios: number[] = [];
  for (const page of ["/", "/about", CITY_PAGE]) {
    const probe = await fetch(env.server.origin + page);
    if (probe.status !== 200) checks.push(check(`${page} answers 200 before the run`, false, `got ${probe.status}`));
    const r = await startLoad<AutocannonSummary>({ kind: "static", url: env.server.origin + page, connections: 50, durationS, headers }).result;
    const n = nginx ? await startLoad<AutocannonSummary>({ kind: "static", url: nginx.origin + page, connections: 50, durationS, headers }).result : null;
    const ratio = n ? r.rps / n.rps : NaN;
    if (n) ratios.push(ratio);
    rows.push([`\`${page}\``, round(r.rps), r.p50, r.p99, n ? round(n.rps) : "—", n ? n.p99 : "—", n ? round(ratio, 2) : "—", r.total, r.non2xx, r.errors + r.timeouts]);
    checks.push(check(`${page}: only 2xx answers, no errors`, r.non2xx === 0 && r.errors === 0 && r.timeouts === 0, `${r.total} requests: status codes ${JSON.stringify(r.statusCodes)}, ${r.errors} errors, ${r.timeouts} timeouts`));
  }
  await env.server.stop();
  const worst = ratios.length ? Math.min(...ratios) : NaN;
  return {
    title: "1. Static pages under load",
    body: [
      `autocannon in a second process, ${durationS} s per page at 50 connections, keep-alive, \`Accept-Encoding: br, gzip\`: the site sends the brotli copies written at build time (\`scripts/precompress.ts\`), and so does the limit, ${nginx ? `${nginx.version} with one worker, \`brotli_static\` and \`gzip_static\`, serving the same \`build/client\` files on loopback` : "nginx (not installed here: `apt-get install nginx-light libnginx-mod-http-brotli-static`)"}.`,
      table(["page", "site requests/s", "site p50 ms", "site p99 ms", "nginx requests/s", "nginx p99 ms", "site ÷ nginx", "requests", "non-2xx", "errors + timeouts"], rows),
      `Goal: the site within ${GOALS.staticVsNginx}× of nginx. Lowest ratio here: ${Number.isNaN(worst) ? "not measured" : `**${round(worst, 2)}** (${worst >= GOALS.staticVsNginx ? "met" : "NOT met"})`}.`,
    ],
    checks,
  };
}

/** Bodies that used to stall the server or answer 500: each must be a 400, quickly. */
async function hostileBodies(origin: string): Promise<{ body: string; status: number; ms: number }[]> {
  const valid = estimateBody("hostile@example.com");
  const bodies = [`${valid}&x[10000000]=1`, `${valid}&x[4294967294]=1`, `${valid}&__intent__=x`, `${valid}&__state__=x`, `${valid}&email=b@example.com`, `${valid}&${Array.from({ length: 1000 }, (_, i) => `f${i}=1`).join("&")}`];
  const results = [];
  for (const body of bodies) {
    const t0 = performance.now();
    const res = await fetch(`${origin}/estimate`, { method: "POST", redirect: "manual", headers: { origin, "content-type": "application/x-www-form-urlencoded" }, body, signal: AbortSignal.timeout(30_000) });
    await res.arrayBuffer();
    results.push({ body: body.replace(valid, "…valid fields…").slice(0, 60), status: res.status, ms: performance.now() - t0 });
  }
  return results;
}

/** SQLite's commit rate on this disk: single-row transactions, WAL, synchronous=FULL, as the server writes. */
function sqliteCommitRate(durationMs: number): number {
  const dir = tempDir("commits");
  const db = new DatabaseSync(path.join(dir, "commits.sqlite"));
  try {
    db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE t (id TEXT PRIMARY KEY, body TEXT NOT NULL)");
    const insert = db.prepare("INSERT INTO t (id, body) VALUES (?, ?)");
    const start = performance.now();
    let commits = 0;
    while (performance.now() - start < durationMs) {
      db.exec("BEGIN");
      insert.run(randomUUID(), "x".repeat(600));
      db.exec("COMMIT");
      commits++;
    }
    return commits / ((performance.now() - start) / 1000);
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function submissionsUnderLoad(settings: Settings): Promise<Section> {
  const amount = settings.quick ? 1000 : 5000;
  const env = await environment(settings, "submit");
  const tag = `load-${randomBytes(4).toString("hex")}`;
  const started = Date.now();
  const commitRate = sqliteCommitRate(3000);
  // Before the burst: afterwards the outbox is busy delivering and every answer waits behind it.
  const hostile = await hostileBodies(env.server.origin);
  const r = await startLoad<SubmitBurstResult>({ kind: "autocannon-submit", url: `${env.server.origin}/estimate`, origin: env.server.origin, connections: 50, amount, tag }).result;
  const loadEnded = Date.now();
  const drainMs = await waitForOutbox(env.database, 10 * 60_000);
  const diagnosis = drainMs === null ? await diagnoseOutbox(env.database, env.server, env.sink) : "";
  const state = await storeState(env.database);
  await env.server.stop();
  const tally = tallyMail(env.sink, state.leads.map((l) => l.id));
  const mailTimes = env.sink.messages.map((m) => m.at);
  const lastMail = mailTimes.length ? Math.max(...mailTimes) : loadEnded;
  return {
    title: "2. Requests under load",
    body: [
      `${amount} valid estimate requests (POST /estimate, no JavaScript: a stored request is answered 303 to its confirmation page, Post/Redirect/Get), each with its own e-mail address and idempotency key, from autocannon in a second process at 50 connections; LEAD_RATE_LIMIT=0. The server is saturated (50 requests waiting at any time), so latency is mostly queueing; the tail varies from run to run on this shared machine. The SMTP sink records every message; each one is matched to its lead by the "Request ID" row.`,
      table(
        ["measure", "value"],
        [
          ["answers", r.total],
          ["status codes", `\`${JSON.stringify(r.statusCodes)}\``],
          ["submissions/s", round(r.rps)],
          ["latency p50 / p90 / p99 / max", `${r.p50} / ${r.p90} / ${r.p99} / ${r.max} ms`],
          ["submission run", seconds(loadEnded - started)],
          ["confirmations (303 to the confirmation page)", r.acked.length],
          ["stored rows", state.leads.length],
          ["messages received", tally.messages],
          ["all mail delivered, from the first request", seconds(lastMail - started)],
          ["outbox drained, after the last answer", drainMs === null ? "not within 10 min" : seconds(drainMs)],
        ],
      ),
      table(
        ["goal", "measured", "limit on this machine", "ratio", "met"],
        [
          [`≥ ${GOALS.submissionsPerSecond} accepted submissions/s`, round(r.rps), `SQLite commits/s (one-row transactions, WAL, synchronous=FULL): ${round(commitRate)}`, `${round(r.rps / commitRate, 2)} of the commit rate`, r.rps >= GOALS.submissionsPerSecond ? "yes" : "**no**"],
          [`p99 ≤ ${GOALS.submitP99Ms} ms`, `${r.p99} ms`, "—", round(r.p99 / GOALS.submitP99Ms, 2), r.p99 <= GOALS.submitP99Ms ? "yes" : "**no**"],
        ],
      ),
      `Hostile bodies (issue 11), each sent alone to the idle server before the burst, answered in (time from request to the last byte of the answer, on loopback):`,
      table(["body", "status", "ms"], hostile.map((h) => [`\`${h.body}\``, h.status, round(h.ms, 1)])),
      ...(diagnosis ? [diagnosis] : []),
      logTable(serverLogSummary(env.server.logFile)),
    ],
    checks: [
      check("hostile bodies: 400, never 500, each within 100 ms", hostile.every((h) => h.status === 400 && h.ms <= 100), hostile.map((h) => `${h.status} in ${round(h.ms)} ms`).join(", ")),
      check(`at least ${amount} submissions answered`, r.total >= amount, `${r.total} answers`),
      check("no 5xx", r.fiveXX === 0 && r.errors === 0 && r.timeouts === 0, `5xx: ${r.fiveXX}; connection errors: ${r.errors}; timeouts: ${r.timeouts}`),
      check("every success answer is the confirmation", r.notAcked200 === 0, `2xx/3xx answers that are not a 303 to the confirmation page nor a page with "${CONFIRMATION}": ${r.notAcked200}`),
      ...storeChecks(state, r.acked),
      ...mailChecks(tally),
    ],
  };
}

interface KillRound {
  afterMs: number;
  sent: number;
  acked: number;
  noAnswer: number;
  fiveXX: number;
  integrity: string;
  stored: number;
  lost: string[];
}

async function killDuringSubmissions(settings: Settings): Promise<Section> {
  const rounds = settings.quick ? 2 : 5;
  const env = await environment(settings, "kill");
  await env.database.close(); // the file is opened directly between rounds
  let server = env.server;
  const acked: string[] = [];
  const allRecords: SubmitRecord[] = [];
  const results: KillRound[] = [];
  for (let i = 1; i <= rounds; i++) {
    if (i > 1) server = await startServer(env.serverOptions);
    const load = submitLoop(server, `kill${i}-${randomBytes(3).toString("hex")}`, 10);
    await Promise.race([load.firstAck, sleep(30_000)]); // the clock starts once submissions are flowing
    const afterMs = Math.round(500 + Math.random() * 1500);
    await sleep(afterMs);
    await server.kill9();
    await sleep(300); // let the requests in flight fail
    load.stop();
    const { records } = await load.result;
    allRecords.push(...records);
    const roundAcked = records.filter((r) => r.acked).map((r) => r.email);
    acked.push(...roundAcked);
    const file = inspectSqliteFile(env.dataDir);
    results.push({
      afterMs,
      sent: records.length,
      acked: roundAcked.length,
      noAnswer: records.filter((r) => r.status === 0).length,
      fiveXX: records.filter((r) => r.status >= 500).length,
      integrity: file.integrity,
      stored: file.leads,
      lost: acked.filter((e) => !file.emails.has(e)),
    });
  }

  // Restart once more and let the outbox deliver everything left pending (leases of killed servers expire after 5 min).
  const restartedAt = Date.now();
  server = await startServer(env.serverOptions);
  const database = await openStore(env.dataDir);
  const drainMs = await waitForOutbox(database, 8 * 60_000);
  const drainedAt = Date.now();
  const diagnosis = drainMs === null ? await diagnoseOutbox(database, server, env.sink) : "";
  const state = await storeState(database);
  await database.close();
  await server.stop();
  const file = inspectSqliteFile(env.dataDir);
  const tally = tallyMail(env.sink, state.leads.map((l) => l.id));
  const storedEmails = new Set(state.leads.map((l) => l.email));
  const storedNotAcked = state.leads.length - acked.filter((e) => storedEmails.has(e)).length;

  return {
    title: "3. kill -9 in the middle of submissions",
    body: [
      `${rounds} rounds on one DATA_DIR (SQLite, WAL, synchronous=FULL): a second process submits continuously at concurrency 10 and records every confirmed request; a random 0.5–2 s after the first confirmation the server gets SIGKILL. With the server dead, the file is opened with node:sqlite (\`PRAGMA integrity_check\`, confirmed requests present); then the server is started again on the same folder. After the last round the server runs until the outbox has no pending job.`,
      table(
        ["round", "killed after", "requests sent", "confirmed", "no answer (killed)", "5xx", "rows after kill", "integrity_check", "confirmed but missing"],
        results.map((r, i) => [i + 1, `${r.afterMs} ms`, r.sent, r.acked, r.noAnswer, r.fiveXX, r.stored, r.integrity, r.lost.length]),
      ),
      table(
        ["after the last restart", "value"],
        [
          ["stored requests", state.leads.length],
          ["of which confirmed to the visitor", state.leads.length - storedNotAcked],
          ["stored but never confirmed (killed between commit and answer)", storedNotAcked],
          ["all pending e-mails sent, after the final start", drainMs === null ? "not within 8 min" : seconds(drainedAt - restartedAt)],
          ["messages received in all", tally.messages],
          ["requests e-mailed twice (kill between SMTP accept and marking the job sent)", `${tally.repeated.length} (${tally.extra} extra messages, ${tally.repeatsWithSameMessageId} with the same Message-ID as the first)`],
          ["messages cut short by a kill (no Request ID)", tally.unreadable],
        ],
      ),
      "A job being delivered when its server is killed keeps its lease (30 s, `OUTBOX_LEASE_SECONDS`; renewed only while its send runs) and is claimed again after it expires. A message the sink accepted before the kill but whose job was not yet marked sent is sent again: the repeat carries the same Message-ID. At most one batch (5 jobs) is in flight per server, so each kill can repeat at most 5 messages.",
      ...(diagnosis ? [diagnosis] : []),
      logTable(serverLogSummary(env.server.logFile)),
    ],
    checks: [
      check("no 5xx during the rounds", results.every((r) => r.fiveXX === 0), `5xx per round: ${results.map((r) => r.fiveXX).join(", ")}`),
      check("the kill landed mid-run (requests were cut off) in every round", results.every((r) => r.acked > 0 && r.noAnswer > 0), `confirmed / cut off per round: ${results.map((r) => `${r.acked}/${r.noAnswer}`).join(", ")}`),
      check("integrity_check = ok after every kill and at the end", results.every((r) => r.integrity === "ok") && file.integrity === "ok", `after kills: ${results.map((r) => r.integrity).join(", ")}; at the end: ${file.integrity}`),
      check("every confirmed request present after every kill", results.every((r) => r.lost.length === 0), `missing per round: ${results.map((r) => r.lost.length).join(", ")}`),
      check("pending e-mails sent after the restart", drainMs !== null, drainMs === null ? "jobs still pending after 8 min" : `drained ${seconds(drainedAt - restartedAt)} after the final start`),
      ...storeChecks(state, acked, allRecords),
      ...mailChecks(tally, { allowRepeats: true }),
      check("repeats at most the sends in flight at the kills (one batch of 5 per kill)", tally.extra <= 5 * rounds, `${tally.extra} extra messages after ${rounds} kills`),
    ],
  };
}

async function smtpOutage(settings: Settings): Promise<Section> {
  const count = 200;
  const outageAfterLoadMs = 5000;
  const env = await environment(settings, "smtp", { refusing: true, env: { OUTBOX_FIRST_RETRY_SECONDS: "1" } });
  const outageStarted = Date.now();
  const { records } = await submitLoop(env.server, `smtp-${randomBytes(3).toString("hex")}`, 10, count).result;
  await sleep(outageAfterLoadMs);
  const duringOutage = { messages: env.sink.messages.length, refused: env.sink.refused, state: await storeState(env.database) };
  env.sink.setRefusing(false);
  const backAt = Date.now();
  const drainMs = await waitForOutbox(env.database, 5 * 60_000);
  const diagnosis = drainMs === null ? await diagnoseOutbox(env.database, env.server, env.sink) : "";
  const state = await storeState(env.database);
  await env.server.stop();
  const acked = records.filter((r) => r.acked).map((r) => r.email);
  const tally = tallyMail(env.sink, state.leads.map((l) => l.id));
  return {
    title: "4. SMTP unreachable for a while, then back",
    body: [
      `The sink answers every connection with 421 while ${count} requests are submitted (concurrency 10) and for ${seconds(outageAfterLoadMs)} after; OUTBOX_FIRST_RETRY_SECONDS=1, so each job is retried with backoff 1 s, 2 s, 4 s … Then the sink accepts again.`,
      table(
        ["measure", "value"],
        [
          ["answers", `\`${JSON.stringify(statusCounts(records))}\``],
          ["outage", seconds(backAt - outageStarted)],
          ["connections refused during the outage", duringOutage.refused],
          ["messages accepted during the outage", duringOutage.messages],
          ["jobs by status at the end of the outage", `\`${JSON.stringify(duringOutage.state.jobs)}\``],
          ["all delivered after the sink came back, within", drainMs === null ? "not within 5 min" : seconds(drainMs)],
          ["jobs that needed more than one attempt", state.retriedJobs],
          ["messages received", tally.messages],
        ],
      ),
      ...(diagnosis ? [diagnosis] : []),
      logTable(serverLogSummary(env.server.logFile)),
    ],
    checks: [
      check(`all ${count} requests confirmed while SMTP is down`, acked.length === count, `answers: ${JSON.stringify(statusCounts(records))}`),
      check("the outage was real: connections refused, nothing delivered, jobs retried", duringOutage.refused > 0 && duringOutage.messages === 0 && duringOutage.state.retriedJobs > 0, `${duringOutage.refused} refused, ${duringOutage.messages} accepted, ${duringOutage.state.retriedJobs} jobs tried more than once`),
      ...storeChecks(state, acked),
      ...mailChecks(tally),
    ],
  };
}

// --- PostgreSQL: a private, throwaway cluster, so that stopping it disturbs no one else's database ---

interface PrivatePostgres {
  url: string;
  stop(): void;
  start(): void;
}

export function postgresBinDir(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, "bin", "pg_ctl")) && existsSync(path.join(base, v, "bin", "initdb")));
  versions.sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(base, versions.at(-1)!, "bin") : null;
}

/** initdb + pg_ctl start on 127.0.0.1:port, trust authentication, in a temp folder; as the postgres user when root. */
export function startPrivatePostgres(bin: string, port: number): PrivatePostgres {
  const dir = tempDir("pg");
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    execFileSync(file, argv, { stdio: ["ignore", "ignore", "pipe"] });
  };
  if (asRoot) chownSync(dir, Number(execFileSync("id", ["-u", "postgres"]).toString().trim()), Number(execFileSync("id", ["-g", "postgres"]).toString().trim()));
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const pg: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run("pg_ctl", ["-D", data, "-l", path.join(dir, "postgres.log"), "-o", `-h 127.0.0.1 -p ${port} -k ${dir}`, "-w", "start"]),
    stop: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
  };
  pg.start();
  cleanups.push(() => {
    try {
      pg.stop();
    } catch {
      // already stopped
    }
    rmSync(dir, { recursive: true, force: true });
  });
  return pg;
}

/** GET pages while the database is down: static and server-rendered ones must still answer 200. */
async function probePages(origin: string): Promise<Record<string, number>> {
  const pages = ["/", "/about", CITY_PAGE, "/estimate", "/estimate?utm_source=bench", "/contact?city=boise", "/healthz"];
  const out: Record<string, number> = {};
  for (const page of pages) out[page] = (await fetch(origin + page, { signal: AbortSignal.timeout(10_000) }).catch(() => ({ status: 0 }))).status;
  return out;
}

interface OutageWindow {
  /** "quiet": the load is held while the database stops; "mid-run": it stops under load. */
  mode: "quiet" | "mid-run";
  /** pg_ctl stop called / returned, pg_ctl start called / returned (epoch ms). */
  stopAt: number;
  stoppedAt: number;
  startAt: number;
  startedAt: number;
  pages: Record<string, number>;
  /** Set when the server process died during this round: its exit and what it printed. */
  crash?: string;
}

const alive = (server: ServerHandle) => server.proc.exitCode === null && server.proc.signalCode === null;

async function postgresOutage(settings: Settings): Promise<Section> {
  const title = "5. PostgreSQL stopped mid-run";
  const bin = postgresBinDir();
  if (!bin) return { title, body: ["Skipped: no PostgreSQL binaries (`/usr/lib/postgresql/*/bin`); `bash scripts/ci-postgres.sh` installs them."], checks: [] };
  const rounds = settings.quick ? 2 : 4;
  const phaseMs = settings.quick ? 2000 : 3000;
  const pg = startPrivatePostgres(bin, settings.port + 99);
  const env = await environment(settings, "postgres", { databaseUrl: pg.url });
  let server = env.server;
  const load = submitLoop(server, `pg-${randomBytes(3).toString("hex")}`, 10);
  const windows: OutageWindow[] = [];
  for (let i = 0; i < rounds; i++) {
    // The first round stops the database between requests, the others in the middle of them.
    const mode = i === 0 ? "quiet" : "mid-run";
    await sleep(phaseMs);
    if (mode === "quiet") await load.pause();
    const stopAt = Date.now();
    pg.stop();
    const stoppedAt = Date.now();
    if (mode === "quiet") load.resume();
    await sleep(500);
    const pages = await probePages(server.origin);
    await sleep(phaseMs);
    const startAt = Date.now();
    pg.start();
    const window: OutageWindow = { mode, stopAt, stoppedAt, startAt, startedAt: Date.now(), pages };
    windows.push(window);
    if (!alive(server)) {
      // Record the crash, then start the server again (the database is back) so the rest can be checked.
      window.crash = `exit ${server.proc.exitCode ?? server.proc.signalCode}: ${crashExcerpt(server.logFile)}`;
      server = await startServer({ ...env.serverOptions, port: settings.port });
      window.startedAt = Date.now();
    }
  }
  await sleep(phaseMs);
  load.stop();
  const { records } = await load.result;
  const drainMs = await waitForOutbox(env.database, 6.5 * 60_000);
  const diagnosis = drainMs === null ? await diagnoseOutbox(env.database, server, env.sink) : "";
  const state = await storeState(env.database);
  await server.stop();

  const inWindow = (r: SubmitRecord, w: OutageWindow) => r.t0 > w.stoppedAt && r.t1 < w.startAt;
  const before = records.filter((r) => r.t1 < windows[0]!.stopAt);
  const during = records.filter((r) => windows.some((w) => inWindow(r, w)));
  const last = windows.at(-1)!;
  const after = records.filter((r) => r.t0 > last.startedAt);
  const errors = records.filter((r) => r.status >= 400);
  const badStatus = records.filter((r) => r.status !== 200 && r.status !== 503);
  const badPages = errors.filter((r) => !r.page!.hasPhone || r.page!.hasStackTrace || r.page!.hasErrorWord || (r.status === 503 && !r.page!.hasStoreMessage));
  const acked = records.filter((r) => r.acked).map((r) => r.email);
  const storedEmails = new Set(state.leads.map((l) => l.email));
  const storedNotAcked = records.filter((r) => !r.acked && storedEmails.has(r.email));
  const lastAfter = after.slice(-20);
  const tally = tallyMail(env.sink, state.leads.map((l) => l.id));
  const sample = errors.find((r) => r.status === 503 && r.page?.sample) ?? errors.find((r) => r.page?.sample);
  const crashes = windows.filter((w) => w.crash);
  const failedPages = windows.flatMap((w, i) => Object.entries(w.pages).filter(([, status]) => status !== 200).map(([page, status]) => `round ${i + 1} ${page}: ${status || "no answer"}`));

  return {
    title,
    body: [
      `A private PostgreSQL cluster (version ${path.basename(path.dirname(bin))}, initdb in a temp folder, 127.0.0.1:${settings.port + 99}), so that stopping it disturbs no one else's database. The server runs with DATABASE_URL; a second process submits continuously at concurrency 10. ${rounds} rounds of: ${seconds(phaseMs)} with the database up, \`pg_ctl stop -m fast\` (in round 1 while the load is held, so between requests; in the others under load), GET pages probed, ${seconds(phaseMs)} with the database down, \`pg_ctl start\`. Then ${seconds(phaseMs)} more and the outbox drains. When the server process dies during a round, the crash is recorded and the server is started again after the database is back, so that the rest can still be checked.`,
      table(
        ["round", "stopped", "stop took", "database down for", "answers while down", "GET pages while down", "server process"],
        windows.map((w, i) => [
          i + 1,
          w.mode === "quiet" ? "between requests" : "under load",
          seconds(w.stoppedAt - w.stopAt),
          seconds(w.startAt - w.stoppedAt),
          `\`${JSON.stringify(statusCounts(records.filter((r) => inWindow(r, w))))}\``,
          `\`${JSON.stringify(w.pages)}\``,
          w.crash ? `**died**: ${w.crash.replace(/\|/g, "\\|")}` : "stayed up",
        ]),
      ),
      table(
        ["measure", "value"],
        [
          ["answers before the first stop", `\`${JSON.stringify(statusCounts(before))}\``],
          ["answers after the last start", `\`${JSON.stringify(statusCounts(after))}\``],
          ["all answers (incl. requests spanning a stop or start)", `\`${JSON.stringify(statusCounts(records))}\``],
          ["stored requests", state.leads.length],
          ["confirmed requests", acked.length],
          ["stored but not confirmed (the commit reached the database, the answer did not)", `${storedNotAcked.length} \`${JSON.stringify(statusCounts(storedNotAcked))}\``],
          ["outbox drained after the run, within", drainMs === null ? "not within 6.5 min" : seconds(drainMs)],
          ["messages received", tally.messages],
          ["requests e-mailed twice (mail accepted, then the database went away before the job was marked sent)", `${tally.repeated.length} (${tally.extra} extra messages, ${tally.repeatsWithSameMessageId} with the same Message-ID as the first)`],
        ],
      ),
      "A job whose message was accepted just as the database went away cannot be marked sent at once: the worker keeps the send's result and retries the mark until the database answers, and does not send that job again even when its lease ran out meanwhile.",
      sample?.page?.sample ? `What the visitor reads on a ${sample.status} answer (text of the page, shortened):\n\n> ${sample.page.sample}` : "No error answer was recorded.",
      ...(diagnosis ? [diagnosis] : []),
      logTable(serverLogSummary(env.server.logFile)),
    ],
    checks: [
      check("the server process stays up when PostgreSQL stops", crashes.length === 0, crashes.length === 0 ? `${rounds} stops, no crash` : `died in ${crashes.length} of ${rounds} rounds; ${crashes[0]!.crash!}`),
      check("while the database is down, every submission gets HTTP 503 (never a 500, never no answer)", during.length > 0 && during.every((r) => r.status === 503) && badStatus.length === 0, `answers while down: ${JSON.stringify(statusCounts(during))}; answers other than 200/503 in the whole run: ${JSON.stringify(statusCounts(badStatus))}`),
      check("every error answer shows the phone number and the message, no stack trace, no \"Error:\"", errors.length > 0 && badPages.length === 0, `${errors.length} error answers, ${badPages.length} without the phone/message or with a stack trace or "Error:"`),
      check("GET pages keep working while the database is down", failedPages.length === 0, `not 200: ${list(failedPages)}`),
      check("submissions work again once the database is back", lastAfter.length >= 10 && lastAfter.every((r) => r.acked), `last ${lastAfter.length} requests after the last start: ${JSON.stringify(statusCounts(lastAfter))}`),
      ...storeChecks(state, acked, records),
      ...mailChecks(tally),
    ],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------------------

function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} CPU cores (${cpus[0]?.model.trim() ?? "unknown"}), ${round(os.totalmem() / 2 ** 30, 1)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}

function report(sections: Section[], command: string, settings: Settings, startedAt: Date, failedToRun: string[]): string {
  const checks = sections.flatMap((s) => s.checks);
  const failed = checks.filter((c) => !c.ok);
  const verdict =
    failed.length === 0 && failedToRun.length === 0 ? `**All ${checks.length} invariants hold.**` : `**${failed.length} of ${checks.length} invariants FAILED${failedToRun.length ? `; scenarios that could not run: ${failedToRun.join(", ")}` : ""}.**`;
  const lines = [
    "# Reliability under load and faults",
    "",
    `Produced by \`${command}\` on ${startedAt.toISOString().slice(0, 16).replace("T", " ")} UTC (took ${seconds(Date.now() - startedAt.getTime())})${settings.quick ? " — QUICK mode: smaller numbers, not the full benchmark" : ""}.`,
    "",
    `Machine: ${machine()}. Everything runs on this one machine over loopback: the server (\`node server.ts\`, production build, LOG_LEVEL=warn), the load generator (a second Node process: autocannon 9 or a fetch pool), the SMTP sink (smtp-server, in the benchmark process) and, for scenario 5, PostgreSQL. The numbers are this machine's; only the invariants are meant to hold everywhere. Source: \`scripts/bench-load.ts\`.`,
    "",
    verdict,
    "",
    ...failed.map((c) => `- FAILED in ${sections.find((s) => s.checks.includes(c))!.title}: ${c.name}`),
    ...(failed.length ? [""] : []),
  ];
  for (const section of sections) {
    lines.push(`## ${section.title}`, "", ...section.body.flatMap((p) => [p, ""]));
    if (section.checks.length) {
      lines.push(table(["invariant", "result", "evidence"], section.checks.map((c) => [c.name, c.ok ? "PASS" : "**FAIL**", c.evidence.replace(/\|/g, "\\|")])), "");
    }
  }
  return lines.join("\n");
}

// ---------------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------------

const scenarioRunners: Record<ScenarioName, (s: Settings) => Promise<Section>> = {
  static: staticPages,
  submit: submissionsUnderLoad,
  kill: killDuringSubmissions,
  smtp: smtpOutage,
  postgres: postgresOutage,
};

async function main() {
  const { values } = parseArgs({ options: { quick: { type: "boolean" }, only: { type: "string" }, port: { type: "string" } } });
  const settings: Settings = { quick: Boolean(values.quick), port: Number(values.port ?? 3500) };
  const only = values.only ? values.only.split(",").map((s) => s.trim()) : [...SCENARIOS];
  const unknown = only.filter((s) => !(SCENARIOS as readonly string[]).includes(s));
  if (unknown.length) throw new Error(`--only: unknown scenario ${unknown.join(", ")}; choose from ${SCENARIOS.join(", ")}`);
  if (!existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("No build found. Run `npm run build` first.");

  const command = ["npm run bench:load", process.argv.length > 2 ? `-- ${process.argv.slice(2).join(" ")}` : ""].join(" ").trim();
  const startedAt = new Date();
  const sections: Section[] = [];
  const failedToRun: string[] = [];
  for (const name of only as ScenarioName[]) {
    console.error(`bench-load: ${name} …`);
    const t = Date.now();
    try {
      sections.push(await scenarioRunners[name](settings));
    } catch (err) {
      failedToRun.push(name);
      sections.push({ title: `${name}: could not run`, body: ["```", err instanceof Error ? (err.stack ?? err.message) : String(err), "```"], checks: [check(`${name} ran to the end`, false, err instanceof Error ? err.message : String(err))] });
    } finally {
      await cleanupAll();
    }
    console.error(`bench-load: ${name} done in ${seconds(Date.now() - t)}`);
  }

  const markdown = report(sections, command, settings, startedAt, failedToRun);
  console.log(markdown);
  const full = !settings.quick && only.length === SCENARIOS.length;
  if (full) {
    // What follows the marker in the old file is written by hand (which test proves what) and is kept.
    const file = path.join(ROOT, "docs/reliability.md");
    const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
    const kept = previous.includes(HAND_WRITTEN) ? previous.slice(previous.indexOf(HAND_WRITTEN)) : "";
    writeFileSync(file, `${markdown}\n${kept ? `\n${kept}` : ""}`);
    console.error("bench-load: wrote docs/reliability.md");
  } else {
    const file = path.join(os.tmpdir(), "bench-load-report.md");
    writeFileSync(file, `${markdown}\n`);
    console.error(`bench-load: partial or quick run, docs/reliability.md left alone; report in ${file}`);
  }
  const ok = sections.every((s) => s.checks.every((c) => c.ok));
  process.exitCode = ok ? 0 : 1;
}

if (!import.meta.main) {
  // imported (e.g. to reuse a helper while investigating): run nothing
} else if (process.argv[2] === "--child") {
  await runChild();
} else {
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      console.error(`bench-load: ${signal}, cleaning up`);
      void cleanupAll().then(() => process.exit(130));
    });
  }
  try {
    await main();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await cleanupAll();
    process.exitCode = 2;
  }
}
