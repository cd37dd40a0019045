/**
 * The browser editor's local backend as `npm run cms` starts it (and tests/support/decap-server.ts, so the
 * editor's test goes through the same door). decap-server reads and writes the files of a folder and checks
 * no Host, so it gets no port at all: it listens on a private socket (scripts/decap-on-socket.ts) that no
 * browser can reach, and a small guard on 127.0.0.1:PORT forwards to it only the requests sent to the guard's
 * own name (127.0.0.1, localhost or [::1] with its port) from the development site's own pages (an Origin of
 * localhost or 127.0.0.1 on the site's port, or no Origin). Everything else is answered 403 with no body,
 * before decap-server sees it: a page that points its own name at 127.0.0.1 (DNS rebinding) cannot read or
 * write a file. docs/decisions/021-private-dev-tools.md.
 */
import { randomBytes } from "node:crypto";
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, request, type Server, type ServerResponse } from "node:http";
import type net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { isOwnHost, isOwnOrigin } from "../app/server/dev-hosts.server.ts";

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

/** The guard in front of decap-server (listening on the socket `target`), on 127.0.0.1:`port`. */
export function startGuard(options: {
  port: number;
  sitePort: number;
  target: string;
  maxBodyBytes?: number;
}): Promise<Server> {
  const limit = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const refuse = (res: ServerResponse, status: number) => {
    res.writeHead(status, { "Content-Length": "0", Connection: "close" });
    res.end();
  };
  const guard = createServer((req, res) => {
    const { port } = guard.address() as net.AddressInfo;
    if (!guardAllows(req.headers, { port, sitePort: options.sitePort })) return refuse(res, 403);
    const declared = Number(req.headers["content-length"] ?? 0);
    if (!Number.isSafeInteger(declared) || declared > limit) return refuse(res, 413);
    const upstream = request(
      // One connection per request (agent: false), so no connection of another request is ever reused.
      { socketPath: options.target, agent: false, method: req.method, path: req.url, headers: endToEnd(req.headers) },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) refuse(res, 502);
      else res.destroy();
    });
    // Streamed, never held: a body that goes on past the limit (chunked, without a length) is cut off.
    let received = 0;
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        upstream.destroy();
        req.unpipe(upstream);
        if (!res.headersSent) refuse(res, 413);
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

/** Starts decap-server (MODE fs: each save writes the file) on a private socket, and the guard on `port`. */
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
    guard = await startGuard({ port: options.port, sitePort: options.sitePort, target: socket.path });
  } catch (error) {
    decap.kill("SIGTERM");
    socket.remove();
    throw error;
  }
  const origin = `http://127.0.0.1:${options.port}`;
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
