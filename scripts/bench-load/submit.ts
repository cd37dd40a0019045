/** Scenario 2: thousands of requests at 50 connections, hostile bodies, and SQLite's commit rate as the limit. */
import { randomBytes, randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { CONFIRMATION, estimateBody } from "../../tests/support/processes.ts";
import type { SubmitBurstResult } from "./child.ts";
import { tempDir } from "./cleanup.ts";
import { environment, logTable, type Settings } from "./environment.ts";
import { startLoad } from "./load.ts";
import { mailChecks, tallyMail } from "./mail.ts";
import { check, round, seconds, table, type Section } from "./report.ts";
import { diagnoseOutbox, storeChecks, storeState, waitForOutbox } from "./store.ts";

/**
 * The goals for this machine: 400 submissions a second or more, p99 of a submission 150 ms or less; reported as
 * ratios to their limits (not invariants: they depend on the machine).
 */
const GOALS = { submissionsPerSecond: 400, submitP99Ms: 150 };

/** Bodies that used to stall the server or answer 500: each must be a 400, quickly. */
async function hostileBodies(origin: string): Promise<{ body: string; status: number; ms: number }[]> {
  const valid = estimateBody("hostile@example.com");
  const bodies = [
    `${valid}&x[10000000]=1`,
    `${valid}&x[4294967294]=1`,
    `${valid}&__intent__=x`,
    `${valid}&__state__=x`,
    `${valid}&email=b@example.com`,
    `${valid}&${Array.from({ length: 1000 }, (_, i) => `f${i}=1`).join("&")}`,
  ];
  const results = [];
  for (const body of bodies) {
    const t0 = performance.now();
    const res = await fetch(`${origin}/estimate`, {
      method: "POST",
      redirect: "manual",
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      body,
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    results.push({
      body: body.replace(valid, "…valid fields…").slice(0, 60),
      status: res.status,
      ms: performance.now() - t0,
    });
  }
  return results;
}

/** SQLite's commit rate on this disk: single-row transactions, WAL, synchronous=FULL, as the server writes. */
function sqliteCommitRate(durationMs: number): number {
  const dir = tempDir("commits");
  const db = new DatabaseSync(path.join(dir, "commits.sqlite"));
  try {
    db.exec(
      "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE t (id TEXT PRIMARY KEY, body TEXT NOT NULL)",
    );
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

export async function submissionsUnderLoad(settings: Settings): Promise<Section> {
  const amount = settings.quick ? 1000 : 5000;
  const env = await environment(settings, "submit");
  const tag = `load-${randomBytes(4).toString("hex")}`;
  const started = Date.now();
  const commitRate = sqliteCommitRate(3000);
  // Before the burst: afterwards the outbox is busy delivering and every answer waits behind it.
  const hostile = await hostileBodies(env.server.origin);
  const r = await startLoad<SubmitBurstResult>({
    kind: "autocannon-submit",
    url: `${env.server.origin}/estimate`,
    origin: env.server.origin,
    connections: 50,
    amount,
    tag,
  }).result;
  const loadEnded = Date.now();
  const drainMs = await waitForOutbox(env.database, 10 * 60_000);
  const diagnosis = drainMs === null ? await diagnoseOutbox(env.database, env.server, env.sink) : "";
  const state = await storeState(env.database);
  await env.server.stop();
  const tally = tallyMail(
    env.sink,
    state.leads.map((l) => l.id),
  );
  const mailTimes = [...env.sink.messages, ...env.sink.replies].map((m) => m.at);
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
          ["messages received: to the owner, replies to visitors", `${tally.messages}, ${tally.replies.messages}`],
          ["all mail delivered, from the first request", seconds(lastMail - started)],
          ["outbox drained, after the last answer", drainMs === null ? "not within 10 min" : seconds(drainMs)],
        ],
      ),
      table(
        ["goal", "measured", "limit on this machine", "ratio", "met"],
        [
          [
            `≥ ${GOALS.submissionsPerSecond} accepted submissions/s`,
            round(r.rps),
            `SQLite commits/s (one-row transactions, WAL, synchronous=FULL): ${round(commitRate)}`,
            `${round(r.rps / commitRate, 2)} of the commit rate`,
            r.rps >= GOALS.submissionsPerSecond ? "yes" : "**no**",
          ],
          [
            `p99 ≤ ${GOALS.submitP99Ms} ms`,
            `${r.p99} ms`,
            "—",
            round(r.p99 / GOALS.submitP99Ms, 2),
            r.p99 <= GOALS.submitP99Ms ? "yes" : "**no**",
          ],
        ],
      ),
      `Hostile bodies, each sent alone to the idle server before the burst, answered in (time from request to the last byte of the answer, on loopback):`,
      table(
        ["body", "status", "ms"],
        hostile.map((h) => [`\`${h.body}\``, h.status, round(h.ms, 1)]),
      ),
      ...(diagnosis ? [diagnosis] : []),
      logTable(env.server.logFile),
    ],
    checks: [
      check(
        "hostile bodies: 400, never 500, each within 100 ms",
        hostile.every((h) => h.status === 400 && h.ms <= 100),
        hostile.map((h) => `${h.status} in ${round(h.ms)} ms`).join(", "),
      ),
      check(`at least ${amount} submissions answered`, r.total >= amount, `${r.total} answers`),
      check(
        "no 5xx",
        r.fiveXX === 0 && r.errors === 0 && r.timeouts === 0,
        `5xx: ${r.fiveXX}; connection errors: ${r.errors}; timeouts: ${r.timeouts}`,
      ),
      check(
        "every success answer is the confirmation",
        r.notAcked200 === 0,
        `2xx/3xx answers that are not a 303 to the confirmation page nor a page with "${CONFIRMATION}": ${r.notAcked200}`,
      ),
      ...storeChecks(state, r.acked),
      ...mailChecks(tally),
    ],
  };
}
