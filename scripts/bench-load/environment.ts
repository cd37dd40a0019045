/** The server under test with this benchmark's settings, its log, and the fresh environment each scenario starts from. */
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { startServer as startSharedServer, type ServerHandle } from "../../tests/support/processes.ts";
import { smtpUrl } from "../../tests/support/smtp-sink.ts";
import { onCleanup, tempDir } from "./cleanup.ts";
import { startSmtpSink } from "./mail.ts";
import { table } from "./report.ts";
import { openStore } from "./store.ts";

/** A city page: server-rendered from content, loaded in scenarios 1 and 5. */
export const CITY_PAGE = "/locations/pressure-washing-boise-id";

/** From the command line: --quick and --port (the server; SMTP sink +1, nginx +2, private PostgreSQL +99). */
export interface Settings {
  quick: boolean;
  port: number;
}

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
    env: {
      DATABASE_URL: options.databaseUrl ?? "",
      SMTP_URL: smtpUrl(options.smtpPort),
      LEAD_MIN_FILL_SECONDS: "3",
      // The load generator stands for many visitors from one loopback address (50 connections at once).
      MAX_BODIES_PER_CLIENT: "10000",
      ...options.env,
    },
  });
  onCleanup(() => handle.kill9());
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

/** The server log (warn and above) as a table of messages and line counts. */
/** How many lines of the server's log carry the message `msg`. */
export const serverLogLines = (logFile: string, msg: string): number => serverLogSummary(logFile)[msg] ?? 0;

export function logTable(logFile: string): string {
  const counts = serverLogSummary(logFile);
  return Object.keys(counts).length === 0
    ? "Server log (warn and above): empty."
    : `Server log (warn and above):\n\n${table(
        ["message", "lines"],
        Object.entries(counts).map(([m, n]) => [m.replace(/\|/g, "\\|"), n]),
      )}`;
}

/** What a crashed server printed: the uncaught error's first lines (without the stack frames). */
export function crashExcerpt(logFile: string): string {
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

/** A fresh data folder, SMTP sink and server for one scenario. */
export async function environment(
  settings: Settings,
  name: string,
  options: { env?: Record<string, string>; databaseUrl?: string } = {},
) {
  const dir = tempDir(name);
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const dataDir = path.join(dir, "data");
  const smtpPort = settings.port + 1;
  const sink = await startSmtpSink(smtpPort);
  const serverOptions: ServerOptions = {
    port: settings.port,
    dataDir,
    smtpPort,
    databaseUrl: options.databaseUrl,
    env: options.env,
  };
  const server = await startServer(serverOptions);
  const database = await openStore(dataDir, options.databaseUrl);
  return { dir, dataDir, sink, server, serverOptions, database };
}
