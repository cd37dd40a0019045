/**
 * Real processes on loopback for the tests that need their own (tests/e2e/faults.spec.ts,
 * tests/e2e/server-limits.spec.ts) and scripts/bench-load.ts: the site's server (`node server.ts`,
 * production build), the silent TCP proxy and the reverse proxy, plus bounded polling (no sleep-and-hope).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import readline from "node:readline";
import { openDatabase } from "../../app/server/kit/db/database.server.ts";
import { listLeads } from "../../app/server/features/admin/listing.server.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");
export const CONFIRMATION = "Thank you! Your request is in.";

/** Polls `condition` every `everyMs` until it holds; throws after `timeoutMs`. Returns the time it took. */
export async function waitFor(
  what: string,
  condition: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 100,
): Promise<number> {
  const start = Date.now();
  for (;;) {
    if (await condition()) return Date.now() - start;
    if (Date.now() - start > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** A loopback port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A valid estimate request as a browser without JavaScript sends it. */
export function estimateBody(email: string): string {
  return new URLSearchParams({
    firstName: "Load",
    lastName: "Test",
    email,
    phone: "2085550199",
    zipcode: "83646",
    agreed: "on",
    _idem: randomUUID(),
  }).toString();
}

export function exitOf(proc: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (proc.exitCode !== null || proc.signalCode !== null)
    return Promise.resolve({ code: proc.exitCode, signal: proc.signalCode });
  return new Promise((resolve) => proc.once("exit", (code, signal) => resolve({ code, signal })));
}

export interface ServerHandle {
  origin: string;
  port: number;
  proc: ChildProcess;
  logFile: string;
  log(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, then waits for the exit. */
  kill9(): Promise<void>;
  /** POSTs an estimate request; the status and whether the answer carries the confirmation. */
  submit(email: string, timeoutMs?: number): Promise<{ status: number; confirmed: boolean; body: string }>;
}

export interface ServerOptions {
  port: number;
  dataDir: string;
  /** Settings on top of the test defaults (production, loopback, no rate limit, LOG_LEVEL=warn). */
  env?: Record<string, string>;
  args?: string[];
  /** The directory the server runs in, whose ./build it serves (default: the project's). */
  cwd?: string;
  /** The server.ts to run (default: the project's; a copy of the project runs its own, tests/support/project-copy.ts). */
  script?: string;
  /** Wait for /healthz (default); false returns at once (for a server expected to refuse to start). */
  waitUntilReady?: boolean;
}

export async function startServer(options: ServerOptions): Promise<ServerHandle> {
  const origin = `http://127.0.0.1:${options.port}`;
  const logFile = path.join(options.dataDir, "..", `server-${options.port}.log`);
  mkdirSync(path.dirname(logFile), { recursive: true });
  const log = openSync(logFile, "a");
  const proc = spawn(process.execPath, [options.script ?? path.join(ROOT, "server.ts"), ...(options.args ?? [])], {
    cwd: options.cwd ?? ROOT,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      MAIL_TRANSPORT: "",
      LEAD_WEBHOOK_URL: "",
      LEAD_RATE_LIMIT: "0",
      LEAD_MIN_FILL_SECONDS: "0",
      TRUST_PROXY: "",
      LOG_LEVEL: "warn",
      ...options.env,
    },
  });
  closeSync(log);
  const exited = exitOf(proc);
  const handle: ServerHandle = {
    origin,
    port: options.port,
    proc,
    logFile,
    exited,
    log: () => readFileSync(logFile, "utf8"),
    async stop(graceMs = 20_000) {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill("SIGTERM");
        const timer = setTimeout(() => proc.kill("SIGKILL"), graceMs);
        await exited;
        clearTimeout(timer);
      }
      return exited;
    },
    async kill9() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
      await exited;
    },
    async submit(email, timeoutMs = 15_000) {
      const response = await fetch(`${origin}/estimate`, {
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: estimateBody(email),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await response.text();
      return { status: response.status, confirmed: body.includes(CONFIRMATION), body };
    },
  };
  if (options.waitUntilReady === false) return handle;
  try {
    await waitFor(
      `the server on ${origin}`,
      async () => {
        if (proc.exitCode !== null)
          throw new Error(`the server exited with ${proc.exitCode}:\n${handle.log().slice(-2000)}`);
        try {
          return (await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) })).ok;
        } catch {
          return false;
        }
      },
      30_000,
    );
  } catch (err) {
    await handle.kill9();
    throw err;
  }
  return handle;
}

export interface SilentProxy {
  port: number;
  /** Hold every connection open and forward nothing, until resume(). */
  silent(): Promise<void>;
  resume(): Promise<void>;
  /** Forward new connections again; the old ones stay silent for good. */
  resumeNewOnly(): Promise<void>;
  close(): Promise<void>;
}

/** Starts tests/support/silent-proxy.ts as its own process in front of `targetPort` on loopback. */
export async function startSilentProxy(targetPort: number, targetHost = "127.0.0.1"): Promise<SilentProxy> {
  const proc = spawn(
    process.execPath,
    [path.join(ROOT, "tests/support/silent-proxy.ts"), String(targetPort), targetHost],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const exited = exitOf(proc);
  const lines: string[] = [];
  readline.createInterface({ input: proc.stdout! }).on("line", (line) => lines.push(line));
  const answer = async (prefix: string) => {
    await waitFor(`the proxy to say "${prefix}"`, () => lines.some((l) => l.startsWith(prefix)), 10_000, 20);
    const line = lines.find((l) => l.startsWith(prefix))!;
    lines.splice(lines.indexOf(line), 1);
    return line;
  };
  const port = Number((await answer("port ")).slice(5));
  const command = async (name: string) => {
    proc.stdin!.write(`${name}\n`);
    await answer(`ok ${name}`);
  };
  return {
    port,
    silent: () => command("silent"),
    resume: () => command("resume"),
    resumeNewOnly: () => command("resume-new"),
    async close() {
      proc.stdin!.end();
      const timer = setTimeout(() => proc.kill("SIGKILL"), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The site on a free loopback port (or `port`) with a DATA_DIR of its own (files for e-mail, LOG_LEVEL=info); `env` on top. */
const tempDataDir = () => path.join(mkdtempSync(path.join(tmpdir(), "gs-site-")), "data");

export async function startSite(
  env: Record<string, string> = {},
  { cwd, script, port }: { cwd?: string; script?: string; port?: number } = {},
): Promise<ServerHandle & { dataDir: string }> {
  const dataDir = tempDataDir();
  const handle = await startServer({
    port: port ?? (await freePort()),
    dataDir,
    cwd,
    script,
    env: { MAIL_TRANSPORT: "files", LOG_LEVEL: "info", ...env },
  });
  return { ...handle, dataDir };
}

/** Starts the server expecting it to refuse to start: its exit code and what it printed. */
export async function siteRefusesToStart(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const handle = await startServer({ port: await freePort(), dataDir: tempDataDir(), env, waitUntilReady: false });
  const { code } = await handle.exited;
  return { code, output: handle.log() };
}

/** The reverse proxy of tests/support/reverse-proxy.ts in front of `target`; stop() ends it. */
export async function startReverseProxy(target: string): Promise<{ origin: string; stop(): Promise<void> }> {
  const port = await freePort();
  const proc = spawn(process.execPath, [path.join(ROOT, "tests/support/reverse-proxy.ts"), String(port), target], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = exitOf(proc);
  let out = "";
  proc.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  await waitFor(
    "the reverse proxy",
    () => {
      if (proc.exitCode !== null) throw new Error(`the reverse proxy exited with ${proc.exitCode}`);
      return out.includes("proxy ready");
    },
    10_000,
    20,
  );
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
      await exited;
    },
  };
}

/** Every request the site stored in `dataDir` (SQLite). */
export async function storedLeads(dataDir: string) {
  const database = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    return await listLeads(database, {});
  } finally {
    await database.close();
  }
}
