/** Scenario 5: a private PostgreSQL cluster, stopped mid-run, so that stopping it disturbs no one else's database. */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { ServerHandle } from "../../tests/support/processes.ts";
import type { SubmitRecord } from "./child.ts";
import { onCleanup, tempDir } from "./cleanup.ts";
import {
  CITY_PAGE,
  crashExcerpt,
  environment,
  logTable,
  serverLogLines,
  startServer,
  type Settings,
} from "./environment.ts";
import { statusCounts, submitLoop } from "./load.ts";
import { mailChecks, tallyMail } from "./mail.ts";
import { check, list, seconds, table, type Section } from "./report.ts";
import { diagnoseOutbox, storeChecks, storeState, waitForOutbox } from "./store.ts";

interface PrivatePostgres {
  url: string;
  stop(): void;
  start(): void;
}

function postgresBinDir(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter(
    (v) => existsSync(path.join(base, v, "bin", "pg_ctl")) && existsSync(path.join(base, v, "bin", "initdb")),
  );
  versions.sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(base, versions.at(-1)!, "bin") : null;
}

/** initdb + pg_ctl start on 127.0.0.1:port, trust authentication, in a temp folder; as the postgres user when root. */
function startPrivatePostgres(bin: string, port: number): PrivatePostgres {
  const dir = tempDir("pg");
  const data = path.join(dir, "data");
  const asRoot = process.getuid?.() === 0;
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args]]
      : [path.join(bin, cmd), args];
    execFileSync(file, argv, { stdio: ["ignore", "ignore", "pipe"] });
  };
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync("id", ["-u", "postgres"]).toString().trim()),
      Number(execFileSync("id", ["-g", "postgres"]).toString().trim()),
    );
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const pg: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () =>
      run("pg_ctl", [
        "-D",
        data,
        "-l",
        path.join(dir, "postgres.log"),
        "-o",
        `-h 127.0.0.1 -p ${port} -k ${dir}`,
        "-w",
        "start",
      ]),
    stop: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]),
  };
  pg.start();
  onCleanup(() => {
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
  const pages = ["/", "/about", CITY_PAGE, "/estimate", "/estimate?utm_source=bench", "/contact?city=boise"];
  const out: Record<string, number> = {};
  for (const page of pages)
    out[page] = (
      await fetch(origin + page, { signal: AbortSignal.timeout(10_000) }).catch(() => ({ status: 0 }))
    ).status;
  return out;
}

/** /healthz while the database is down: its status (503: the database does not answer) and whether it says degraded. */
async function probeHealth(origin: string): Promise<string> {
  const response = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
  if (!response) return "no answer";
  const body = (await response.json().catch(() => ({}))) as { degraded?: boolean; journal?: { waiting?: number } };
  return `${response.status}${body.degraded ? `, degraded (${body.journal?.waiting ?? "?"} waiting)` : ""}`;
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
  /** /healthz while down: its status and whether it said degraded (requests waiting in the journal). */
  health: string;
  /** Set when the server process died during this round: its exit and what it printed. */
  crash?: string;
}

const alive = (server: ServerHandle) => server.proc.exitCode === null && server.proc.signalCode === null;

export async function postgresOutage(settings: Settings): Promise<Section> {
  const title = "5. PostgreSQL stopped mid-run";
  const bin = postgresBinDir();
  if (!bin)
    return {
      title,
      body: [
        "Skipped: no PostgreSQL binaries (`/usr/lib/postgresql/*/bin`); `bash scripts/ci-postgres.sh` installs them.",
      ],
      checks: [],
    };
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
    const health = await probeHealth(server.origin);
    await sleep(phaseMs);
    const startAt = Date.now();
    pg.start();
    const window: OutageWindow = { mode, stopAt, stoppedAt, startAt, startedAt: Date.now(), pages, health };
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
  // Requests kept in the journal while the database was away (decision 046), from the server's log, and the
  // owner's notices once each outage's journal was replayed ("Requests kept meanwhile: N", "Longest wait: …").
  const journaled = serverLogLines(server.logFile, "database away: request kept in the journal");
  const notices = env.sink.notices.map((n) => ({
    count: Number(/^Requests kept meanwhile: (\d+)/m.exec(n.text)?.[1] ?? NaN),
    longest: /^Longest wait: (.+)$/m.exec(n.text)?.[1]?.trim() ?? "?",
  }));
  const noticed = notices.reduce((sum, n) => sum + n.count, 0);
  const badStatus = records.filter((r) => !r.acked && r.status !== 200 && r.status !== 503);
  const badPages = errors.filter(
    (r) =>
      !r.page!.hasPhone ||
      r.page!.hasStackTrace ||
      r.page!.hasErrorWord ||
      (r.status === 503 && !r.page!.hasStoreMessage),
  );
  const acked = records.filter((r) => r.acked).map((r) => r.email);
  const storedEmails = new Set(state.leads.map((l) => l.email));
  const storedNotAcked = records.filter((r) => !r.acked && storedEmails.has(r.email));
  const lastAfter = after.slice(-20);
  const tally = tallyMail(
    env.sink,
    state.leads.map((l) => l.id),
  );
  const sample = errors.find((r) => r.status === 503 && r.page?.sample) ?? errors.find((r) => r.page?.sample);
  const crashes = windows.filter((w) => w.crash);
  const failedPages = windows.flatMap((w, i) =>
    Object.entries(w.pages)
      .filter(([, status]) => status !== 200)
      .map(([page, status]) => `round ${i + 1} ${page}: ${status || "no answer"}`),
  );

  return {
    title,
    body: [
      `Estimate requests that arrive while the database is away are kept in the server's journal (\`DATA_DIR/journal\`, decision 046) and confirmed; they are stored and e-mailed once it answers. A private PostgreSQL cluster (version ${path.basename(path.dirname(bin))}, initdb in a temp folder, 127.0.0.1:${settings.port + 99}), so that stopping it disturbs no one else's database. The server runs with DATABASE_URL; a second process submits continuously at concurrency 10. ${rounds} rounds of: ${seconds(phaseMs)} with the database up, \`pg_ctl stop -m fast\` (in round 1 while the load is held, so between requests; in the others under load), GET pages probed, ${seconds(phaseMs)} with the database down, \`pg_ctl start\`. Then ${seconds(phaseMs)} more and the outbox drains. When the server process dies during a round, the crash is recorded and the server is started again after the database is back, so that the rest can still be checked.`,
      table(
        [
          "round",
          "stopped",
          "stop took",
          "database down for",
          "answers while down",
          "GET pages while down",
          "/healthz while down",
          "server process",
        ],
        windows.map((w, i) => [
          i + 1,
          w.mode === "quiet" ? "between requests" : "under load",
          seconds(w.stoppedAt - w.stopAt),
          seconds(w.startAt - w.stoppedAt),
          `\`${JSON.stringify(statusCounts(records.filter((r) => inWindow(r, w))))}\``,
          `\`${JSON.stringify(w.pages)}\``,
          w.health,
          w.crash ? `**died**: ${w.crash.replace(/\|/g, "\\|")}` : "stayed up",
        ]),
      ),
      table(
        ["measure", "value"],
        [
          ["answers before the first stop", `\`${JSON.stringify(statusCounts(before))}\``],
          ["answers after the last start", `\`${JSON.stringify(statusCounts(after))}\``],
          ["all answers (incl. requests spanning a stop or start)", `\`${JSON.stringify(statusCounts(records))}\``],
          ["requests kept in the journal while the database was away", journaled],
          [
            "the owner's notices after each outage: requests kept (longest wait)",
            notices.map((n) => `${n.count} (${n.longest})`).join(", ") || "none",
          ],
          ["stored requests", state.leads.length],
          ["confirmed requests", acked.length],
          [
            "stored but not confirmed (the commit reached the database, the answer did not)",
            `${storedNotAcked.length} \`${JSON.stringify(statusCounts(storedNotAcked))}\``,
          ],
          ["outbox drained after the run, within", drainMs === null ? "not within 6.5 min" : seconds(drainMs)],
          ["messages received: to the owner, replies to visitors", `${tally.messages}, ${tally.replies.messages}`],
          [
            "requests e-mailed twice (mail accepted, then the database went away before the job was marked sent)",
            `${tally.repeated.length} (${tally.extra} extra messages, ${tally.repeatsWithSameMessageId} with the same Message-ID as the first)`,
          ],
        ],
      ),
      "A job whose message was accepted just as the database went away cannot be marked sent at once: the worker keeps the send's result and retries the mark until the database answers, and does not send that job again even when its lease ran out meanwhile.",
      sample?.page?.sample
        ? `What the visitor reads on a ${sample.status} answer (text of the page, shortened):\n\n> ${sample.page.sample}`
        : "No error answer was recorded.",
      ...(diagnosis ? [diagnosis] : []),
      logTable(env.server.logFile),
    ],
    checks: [
      check(
        "the server process stays up when PostgreSQL stops",
        crashes.length === 0,
        crashes.length === 0
          ? `${rounds} stops, no crash`
          : `died in ${crashes.length} of ${rounds} rounds; ${crashes[0]!.crash!}`,
      ),
      check(
        "while the database is down, every submission is confirmed (kept in the journal): 0 visitors turned away",
        during.length > 0 && during.every((r) => r.acked) && errors.length === 0 && badStatus.length === 0,
        `answers while down: ${JSON.stringify(statusCounts(during))}; error answers in the whole run: ${errors.length}; answers other than a confirmation (303), 200 or 503: ${JSON.stringify(statusCounts(badStatus))}`,
      ),
      check(
        "the journal was used: at least every request answered while the database was down was kept in it",
        journaled >= during.length && during.length > 0,
        `${journaled} kept in the journal; ${during.length} answered entirely within a stop`,
      ),
      check(
        'any error answer shows the phone number and the message, no stack trace, no "Error:"',
        badPages.length === 0,
        `${errors.length} error answers, ${badPages.length} without the phone/message or with a stack trace or "Error:"`,
      ),
      check(
        "the owner is told after each outage how many requests waited, and the notices count every journaled request",
        notices.length >= 1 && noticed === journaled,
        `${notices.length} notices counting ${noticed} requests; ${journaled} kept in the journal`,
      ),
      check(
        "/healthz says degraded while requests wait in the journal (503: the database does not answer)",
        windows.every((w) => w.health.startsWith("503, degraded")),
        windows.map((w, i) => `round ${i + 1}: ${w.health}`).join("; "),
      ),
      check(
        "GET pages keep working while the database is down",
        failedPages.length === 0,
        `not 200: ${list(failedPages)}`,
      ),
      check(
        "submissions work again once the database is back",
        lastAfter.length >= 10 && lastAfter.every((r) => r.acked),
        `last ${lastAfter.length} requests after the last start: ${JSON.stringify(statusCounts(lastAfter))}`,
      ),
      ...storeChecks(state, acked, records),
      ...mailChecks(tally),
    ],
  };
}
