/**
 * The load process: a second Node process (forked by load.ts) that drives the server, so that the load
 * generator does not share a CPU queue with the benchmark's SMTP sink and checks. It receives one task, runs
 * autocannon or a fetch pool that records every answer, and sends back its result.
 */
import { createRequire } from "node:module";
import { setTimeout as sleep } from "node:timers/promises";
import { business } from "../../app/content/business.ts";
import { CONFIRMATION, estimateBody } from "../../tests/support/processes.ts";

/** Without JavaScript a stored request is answered 303 to its confirmation page (Post/Redirect/Get). */
const RECEIPT_PATH = "/request-received/";
export const isConfirmation = (status: number, body: string, location: string | null | undefined) =>
  (status === 303 && Boolean(location?.startsWith(RECEIPT_PATH))) || (status === 200 && body.includes(CONFIRMATION));
/** What the 503 answer says when a request could not be stored (handleLeadSubmission). */
const STORE_FAILED = "We could not save your request just now";
const PHONE = business.phone.display;

/** One answer to a form POST, as the load process saw it. */
export interface SubmitRecord {
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

export interface AutocannonSummary {
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

export type ChildTask =
  | { kind: "static"; url: string; connections: number; durationS: number; headers?: Record<string, string> }
  | { kind: "autocannon-submit"; url: string; origin: string; connections: number; amount: number; tag: string }
  | {
      kind: "submit-loop";
      url: string;
      origin: string;
      concurrency: number;
      tag: string;
      count?: number;
      timeoutMs: number;
    };

export interface SubmitBurstResult extends AutocannonSummary {
  acked: string[];
  notAcked200: number;
  fiveXX: number;
}

/** What a visitor reads on an error answer: the phone number and our message, never a stack trace. */
function inspectErrorPage(body: string): ErrorPageCheck {
  return {
    hasPhone: body.includes(PHONE),
    hasStoreMessage: body.includes(STORE_FAILED),
    hasStackTrace:
      /^\s*at\s+\S.*(?::\d+:\d+\)?|<anonymous>\)?)\s*$/m.test(body) ||
      /\bat (?:async )?\S+ \((?:file:|node:|\/)/.test(body),
    hasErrorWord: body.includes("Error:"),
  };
}

/** Messages from the load process: its result, and a submit loop's progress. */
export type ChildMessage = { kind: "result"; result: unknown } | { kind: "paused" };
export type ParentMessage = { kind: "stop" } | { kind: "pause" } | { kind: "resume" };

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

async function childStatic(
  task: Extract<ChildTask, { kind: "static" }>,
  autocannon: Autocannon,
): Promise<AutocannonSummary> {
  return summarize(
    await autocannon({
      url: task.url,
      connections: task.connections,
      duration: task.durationS,
      timeout: 10,
      headers: task.headers,
    }),
  );
}

/** autocannon with one body per request; each connection's context remembers which e-mail it sent. */
async function childSubmitBurst(
  task: Extract<ChildTask, { kind: "autocannon-submit" }>,
  autocannon: Autocannon,
): Promise<SubmitBurstResult> {
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
async function submitOne(
  task: Extract<ChildTask, { kind: "submit-loop" }>,
  email: string,
  keepSample: (status: number) => boolean,
): Promise<SubmitRecord> {
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
    const record: SubmitRecord = {
      email,
      t0,
      t1: Date.now(),
      status: res.status,
      acked: isConfirmation(res.status, text, res.headers.get("location")),
    };
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
 * A fetch pool that submits until told to stop (or `count` requests), recording every answer. It can be paused
 * (it reports once nothing is in flight).
 */
async function childSubmitLoop(
  task: Extract<ChildTask, { kind: "submit-loop" }>,
): Promise<{ records: SubmitRecord[] }> {
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
    task.kind === "static"
      ? await childStatic(task, autocannon)
      : task.kind === "autocannon-submit"
        ? await childSubmitBurst(task, autocannon)
        : await childSubmitLoop(task);
  process.send!({ kind: "result", result } satisfies ChildMessage, () => process.disconnect());
}

if (import.meta.main) await runChild();
