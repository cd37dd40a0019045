/**
 * Real processes on loopback for the tests that need their own settings: the site's server (`node
 * server.ts`, production build) with a fresh DATA_DIR, and the reverse proxy. Each is stopped by its pid.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../../app/server/db/database.server.ts";
import { listLeads } from "../../../app/server/leads/store.server.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface Running {
  origin: string;
  proc: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

function run(args: string[], env: Record<string, string>, origin: string, ready: (out: string) => boolean): Promise<Running> {
  const proc = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const exited = new Promise<void>((resolve) => proc.once("exit", () => resolve()));
  const running: Running = {
    origin,
    proc,
    output: () => out,
    stop: async () => {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGKILL");
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready(out)) resolve(running);
    };
    proc.stdout!.on("data", onData);
    proc.stderr!.on("data", onData);
    proc.once("exit", (code) => reject(new Error(`exited with ${code}: ${out}`)));
  });
}

/** The site on a free loopback port with its own DATA_DIR; `env` overrides the defaults. */
export async function startSite(env: Record<string, string> = {}): Promise<Running & { dataDir: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "gs-site-"));
  const site = await run(
    ["server.ts"],
    { NODE_ENV: "production", MAIL_TRANSPORT: "files", PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_LEVEL: "info", SMTP_URL: "", LEAD_WEBHOOK_URL: "", LEAD_WEBHOOK_SECRET: "", LEAD_MIN_FILL_SECONDS: "0", TRUST_PROXY: "", DATABASE_URL: "", ...env },
    `http://127.0.0.1:${port}`,
    (out) => out.includes("serving on"),
  );
  return { ...site, dataDir };
}

/** Starts the server expecting it to refuse to start; resolves with its exit code and output. */
export async function siteRefusesToStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "gs-site-"));
  const proc = spawn(process.execPath, ["server.ts"], { cwd: ROOT, env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  proc.stdout.on("data", (c: Buffer) => (output += c.toString()));
  proc.stderr.on("data", (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => proc.once("exit", (c) => resolve(c)));
  return { code, output };
}

export async function startProxy(target: string): Promise<Running> {
  const port = await freePort();
  return run(["tests/e2e/support/reverse-proxy.ts", String(port), target], {}, `http://127.0.0.1:${port}`, (out) => out.includes("proxy ready"));
}

/** Every request the site stored in `dataDir`. */
export async function storedLeads(dataDir: string) {
  const database = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    return await listLeads(database, {});
  } finally {
    await database.close();
  }
}
