/**
 * The browser editor's local backend as `npm run cms` starts it (and tests/support/decap-server.ts, so the
 * editor's test goes through the same door). decap-server reads and writes the files of a folder and checks
 * no Host, so it gets no port at all: it listens on a private socket (scripts/decap-on-socket.ts) that no
 * browser can reach, and a small guard on 127.0.0.1:PORT forwards to it only the requests sent to the guard's
 * own name (127.0.0.1, localhost or [::1] with its port) from the development site's own pages (an Origin of
 * localhost or 127.0.0.1 on the site's port, or no Origin). Everything else is answered 403 with no body,
 * before decap-server sees it: a page that points its own name at 127.0.0.1 (DNS rebinding) cannot read or
 * write a file. Each refusal and each failure to reach decap-server is logged in one line (method, status,
 * Host, Origin, error code), so a "Login with GitHub" in the editor can be traced. The backend is ready only
 * once decap-server answers on its socket: the editor's first probe never finds it missing.
 * docs/decisions/021-private-dev-tools.md.
 */
import { randomBytes } from "node:crypto";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type Server,
  type ServerResponse,
} from "node:http";
import type net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isOwnHost, isOwnOrigin } from "../app/server/kit/dev-hosts.server.ts";

/** How long decap-server may take to answer its first request before the backend gives up starting. */
const READY_TIMEOUT_MS = 30_000;

/** decap-server's own limit on a request body (its express.json limit): a media upload up to it passes, nothing larger is read. */
export const MAX_BODY_BYTES = 50 * 1024 * 1024;

export interface CmsBackend {
  /** The API address the editor is given (CMS_LOCAL_BACKEND). */
  url: string;
  origin: string;
  decap: ChildProcess;
  guard: Server;
  /** Stops the guard and decap-server. */
  stop(): Promise<void>;
}

export interface CmsBackendOptions {
  /** The folder decap-server reads and writes (GIT_REPO_DIRECTORY). */
  repo: string;
  /** The guard's port on 127.0.0.1 (the editor's address). */
  port: number;
  /** The development site's port: the only origin whose pages may call the backend. */
  sitePort: number;
  /** decap-server's log level (warn in `npm run cms`). */
  logLevel?: string;
  /** Where decap-server's output goes (inherit in `npm run cms`, pipe in tests). */
  stdio?: "inherit" | "pipe";
  /** Where the guard's lines about refused and failed requests go (default: standard error). */
  log?: (line: string) => void;
}

/** A socket path only this user can open (a fresh folder of its own), or a named pipe on Windows; `remove` deletes it. */
function privateSocket(): { path: string; remove(): void } {
  if (process.platform === "win32")
    return { path: `\\\\.\\pipe\\gemstate-decap-${randomBytes(12).toString("hex")}`, remove() {} };
  const dir = mkdtempSync(path.join(tmpdir(), "gs-decap-"));
  return { path: path.join(dir, "decap.sock"), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Headers without those of one connection only (Connection, Keep-Alive), which a proxy does not pass on. */
function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { connection: _connection, "keep-alive": _keepAlive, ...rest } = headers;
  return rest;
}

/** Whether a request may reach decap-server: its own Host, and no Origin or the development site's. */
export function guardAllows(headers: { host?: string; origin?: string }, own: { port: number; sitePort: number }) {
  if (!isOwnHost(headers.host, { port: own.port })) return false;
  return headers.origin === undefined || isOwnOrigin(headers.origin, own.sitePort);
}

/** A header's value as a log shows it: quoted, printable ASCII only, at most 100 characters. */
function shown(value: string | undefined): string {
  if (value === undefined) return "none";
  const printable = value.replace(/[^\x20-\x7e]/g, "?");
  return JSON.stringify(printable.length > 100 ? `${printable.slice(0, 100)}…` : printable);
}

/** The line logged when the guard answers a request itself: what was asked, the answer, and why. */
export function guardLine(req: IncomingMessage, status: number, reason: string): string {
  const method = /^[A-Z]{1,10}$/.test(req.method ?? "") ? req.method : "?";
  return `cms backend: ${method} answered ${status} (${reason}); Host ${shown(req.headers.host)}, Origin ${shown(req.headers.origin)}`;
}

/** The guard in front of decap-server (listening on the socket `target`), on 127.0.0.1:`port`. */
export function startGuard(options: {
  port: number;
  sitePort: number;
  target: string;
  maxBodyBytes?: number;
  log?: (line: string) => void;
}): Promise<Server> {
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const refuse = (req: IncomingMessage, res: ServerResponse, status: number, reason: string) => {
    log(guardLine(req, status, reason));
    res.writeHead(status, { "Content-Length": "0", Connection: "close" });
    res.end();
  };
  const guard = createServer((req, res) => {
    const { port } = guard.address() as net.AddressInfo;
    if (!guardAllows(req.headers, { port, sitePort: options.sitePort }))
      return refuse(req, res, 403, "not this computer's own Host and site Origin");
    const declared = Number(req.headers["content-length"] ?? 0);
    if (!Number.isSafeInteger(declared) || declared > limit) return refuse(req, res, 413, "body over the limit");
    const upstream = request(
      {
        socketPath: options.target,
        // One connection per request (agent: false), so no connection of another request is ever reused; the
        // guard closes it once the answer is through. Keep-alive asks decap-server not to close it first: on a
        // Unix socket, the request's last write after decap-server has answered and closed fails (EPIPE), and
        // a good answer would be lost (the editor then finds no local backend and offers a GitHub login).
        agent: false,
        method: req.method,
        path: req.url,
        headers: { ...endToEnd(req.headers), connection: "keep-alive" },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    // The answer is through, or the browser went away: the connection to decap-server is done with.
    let done = false;
    res.on("close", () => {
      done = true;
      upstream.destroy();
    });
    upstream.on("error", (error: NodeJS.ErrnoException) => {
      if (done) return;
      const reason = `decap-server not reached: ${error.code ?? "error"}`;
      if (!res.headersSent) refuse(req, res, 502, reason);
      else {
        log(guardLine(req, res.statusCode, `${reason}, answer cut off`));
        res.destroy();
      }
    });
    // Streamed, never held: a body that goes on past the limit (chunked, without a length) is cut off.
    let received = 0;
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        upstream.destroy();
        req.unpipe(upstream);
        if (!res.headersSent) refuse(req, res, 413, "body over the limit");
        req.resume();
      }
    });
    req.pipe(upstream);
  });
  guard.headersTimeout = 10_000;
  guard.requestTimeout = 120_000;
  return new Promise((resolve, reject) => {
    guard.once("error", reject);
    guard.listen(options.port, "127.0.0.1", () => resolve(guard));
  });
}

/** One `info` request to decap-server on its socket: whether it answered 200. */
function askInfo(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ action: "info" });
    const ask = request(
      {
        socketPath,
        agent: false,
        method: "POST",
        path: "/api/v1",
        headers: { host: "localhost", "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        timeout: 5_000,
      },
      (answer) => {
        answer.resume();
        answer.on("end", () => resolve(answer.statusCode === 200));
        answer.on("error", () => resolve(false));
      },
    );
    ask.on("timeout", () => ask.destroy());
    ask.on("error", () => resolve(false));
    ask.end(body);
  });
}

/** Resolves once decap-server answers `info` on its socket; rejects if it exits first or `timeoutMs` passes. */
async function decapAnswers(socketPath: string, decap: ChildProcess, timeoutMs: number): Promise<void> {
  const start = Date.now();
  for (;;) {
    if (decap.exitCode !== null || decap.signalCode !== null)
      throw new Error(`decap-server exited (${decap.exitCode ?? decap.signalCode}) before it answered`);
    if (await askInfo(socketPath)) return;
    if (Date.now() - start > timeoutMs) throw new Error(`decap-server did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts decap-server (MODE fs: each save writes the file) on a private socket and the guard on `port`, and
 * resolves once decap-server answers on its socket: from then on, the editor's first request is answered.
 */
export async function startCmsBackend(options: CmsBackendOptions): Promise<CmsBackend> {
  const socket = privateSocket();
  const root = path.resolve(import.meta.dirname, "..");
  const decap = spawn(
    process.execPath,
    [
      "--import",
      pathToFileURL(path.join(root, "scripts/decap-on-socket.ts")).href,
      path.join(root, "node_modules/decap-server/dist/index.js"),
    ],
    {
      cwd: options.repo,
      stdio: options.stdio === "pipe" ? ["ignore", "pipe", "pipe"] : "inherit",
      env: {
        ...process.env,
        DECAP_SOCKET: socket.path,
        // What decap-server says it listens on; the preload puts it on the socket whatever these say.
        BIND_HOST: socket.path,
        PORT: "0",
        GIT_REPO_DIRECTORY: options.repo,
        MODE: "fs",
        LOG_LEVEL: options.logLevel ?? "warn",
      },
    },
  );
  let guard: Server;
  try {
    guard = await startGuard({ port: options.port, sitePort: options.sitePort, target: socket.path, log: options.log });
  } catch (error) {
    decap.kill("SIGTERM");
    socket.remove();
    throw error;
  }
  try {
    await decapAnswers(socket.path, decap, READY_TIMEOUT_MS);
  } catch (error) {
    guard.closeAllConnections();
    guard.close();
    decap.kill("SIGTERM");
    socket.remove();
    throw error;
  }
  const origin = `http://127.0.0.1:${(guard.address() as net.AddressInfo).port}`;
  return {
    url: `${origin}/api/v1`,
    origin,
    decap,
    guard,
    async stop() {
      guard.closeAllConnections();
      await new Promise<void>((resolve) => guard.close(() => resolve()));
      if (decap.exitCode === null && decap.signalCode === null) {
        const exited = new Promise<void>((resolve) => decap.once("exit", () => resolve()));
        decap.kill("SIGTERM");
        await exited;
      }
      socket.remove();
    },
  };
}
