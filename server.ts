/**
 * The one Node process of the site: serves the prerendered HTML and hashed assets, runs form actions
 * through React Router, and runs the outbox worker that delivers every request to the owner.
 *   node server.ts        production (serves ./build; run `npm run build` first)
 *   node server.ts --dev  development, with Vite's dev server and hot reload
 */
import { existsSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import pino from "pino";
import {
  createRequestHandler as createReactRouterHandler,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { business } from "./app/content/business.ts";
import type { AppContext } from "./app/server/context.server.ts";
import { holdDataDirLock } from "./app/server/db/backup.server.ts";
import { openDatabase } from "./app/server/db/database.server.ts";
import { type Env, EnvError, parseEnv } from "./app/server/env.server.ts";
import { launchPlaceholders } from "./app/server/launch-check.server.ts";
import { startOutboxWorker } from "./app/server/leads/outbox.server.ts";
import { countUndelivered } from "./app/server/leads/store.server.ts";
import { contentSecurityPolicy, newNonce } from "./app/server/csp.server.ts";
import { securityHeaders } from "./app/server/security.server.ts";
import { cmsHandler } from "./app/server/cms.server.ts";
import { ADMIN_HEADERS, isAdminPath } from "./app/server/admin/guard.server.ts";
import { bodyLimits } from "./app/server/body-limits.server.ts";
import { precompressed } from "./app/server/static-files.server.ts";
import { loadPrerendered, servePrerenderedFast } from "./app/server/prerendered.server.ts";
import { loggedPath } from "./app/server/log-path.server.ts";
import { reactRouterHandler } from "./app/server/react-router-express.server.ts";
import { requestOrigins, type TrustProxy } from "./app/server/request-origin.server.ts";

const dev = process.argv.includes("--dev");

// `npm start` / `npm run serve` pass --quick-start: on a machine with no mail settings, the owner's e-mails
// are written to DATA_DIR/mail (said loudly below). A deployment that runs `node server.ts` must choose.
const quickStart =
  process.argv.includes("--quick-start") && !process.env.SMTP_URL && !process.env.MAIL_TRANSPORT
    ? { MAIL_TRANSPORT: "files" }
    : {};
let env: Env;
try {
  env = parseEnv({ NODE_ENV: dev ? "development" : "production", ...process.env, ...quickStart });
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = pino({ level: env.LOG_LEVEL, base: undefined });
const clientDir = path.resolve("build/client");
const serverBuildPath = path.resolve("build/server/index.js");

if (!dev && !existsSync(serverBuildPath)) {
  console.error("No build found in ./build. Run `npm run build` first (or `npm start`, which builds and serves).");
  process.exit(1);
}
// The build wrote its SITE_URL into every page's links, canonical URLs and the sitemap (react-router.config.ts records it).
if (!dev) {
  const siteFile = path.resolve("build/site.json");
  const built = existsSync(siteFile)
    ? (JSON.parse(readFileSync(siteFile, "utf8")) as { siteUrl?: string }).siteUrl
    : undefined;
  if (built !== env.SITE_URL) {
    console.error(
      built === undefined
        ? "The build in ./build does not say which SITE_URL it was made for (build/site.json). Run `npm run build` again."
        : `SITE_URL is ${env.SITE_URL}, but the build in ./build was made for ${built}. Set SITE_URL=${built}, or build again with this one: SITE_URL=${env.SITE_URL} npm run build`,
    );
    process.exit(1);
  }
}

// While it runs, the server holds DATA_DIR's lock: `npm run leads -- restore` refuses to replace the database under it.
const dataDirLock = env.DATABASE_URL ? undefined : holdDataDirLock(env.DATA_DIR);
const database = await openDatabase(env);
const worker = startOutboxWorker({ database, env, logger });
if (env.MAIL_TRANSPORT === "files") {
  logger.warn(
    { dir: path.join(env.DATA_DIR, "mail") },
    "E-MAILS ARE NOT SENT: requests are written as .eml files to DATA_DIR/mail (MAIL_TRANSPORT=files). Set SMTP_URL to e-mail the owner.",
  );
}
// Placeholders the owner replaces before launch (npm run launch-check lists them with what to do).
for (const placeholder of dev ? [] : launchPlaceholders(process.env)) {
  logger.warn(
    { event: "launch.placeholder", where: placeholder.where },
    `PLACEHOLDER: ${placeholder.what}; to do: ${placeholder.fix}`,
  );
}
/** A notification still undelivered this long after its request makes /healthz/deliveries answer 503. */
const UNDELIVERED_MINUTES = 15;
/** How long a SIGTERM waits for requests in flight and the outbox's sends before the process exits anyway. */
const SHUTDOWN_MS = 10_000;

let stopping = false;
const app = express();
app.disable("x-powered-by");
// During a shutdown, every answer closes its connection, so keep-alive clients do not hold the exit up.
app.use((_req, res, next) => {
  if (stopping) res.set("Connection", "close");
  next();
});
app.set("trust proxy", env.TRUST_PROXY);
// The origin each request was sent to: SITE_URL in production, whatever TRUST_PROXY says (app/server/request-origin.server.ts).
const origins = requestOrigins({ siteUrl: env.SITE_URL, dev, trustProxy: app.get("trust proxy fn") as TrustProxy });
const isHttps = (req: IncomingMessage) => origins.of(req).https;
// Forms work behind a proxy without TRUST_PROXY, but its visitors share one address for the rate limits: said once.
let unnamedProxyWarned = false;
app.use((req, _res, next) => {
  if (!unnamedProxyWarned && origins.viaUnnamedProxy(req)) {
    unnamedProxyWarned = true;
    logger.warn(
      { event: "proxy.not_named" },
      "requests arrive through a proxy that TRUST_PROXY does not name: every visitor shares its address for the rate limits and the sign-in lockout. Set TRUST_PROXY (README settings).",
    );
  }
  next();
});
app.use(compression());
app.use(securityHeaders({ hsts: env.SITE_URL.startsWith("https:") && isHttps }));
// A policy on every response, static files included; pages replace it with their own below.
app.use((req, res, next) => {
  res.set("Content-Security-Policy", contentSecurityPolicy({ scriptSources: [], https: isHttps(req) }));
  next();
});

// Request log: method, path (loggedPath: no query string, a receipt link as its route pattern), status and time.
app.use((req, res, next) => {
  const start = process.hrtime.bigint();
  res.on("finish", () => {
    logger.info(
      {
        method: req.method,
        path: loggedPath(req.originalUrl),
        status: res.statusCode,
        ms: Number(process.hrtime.bigint() - start) / 1e6,
      },
      "request",
    );
  });
  next();
});

// The inbox over plain HTTP moves to SITE_URL's https origin, before any password or session cookie is sent.
app.use((req, res, next) => {
  if (!isAdminPath(req.path) || !origins.isPlainHttp(req)) return next();
  res.set(ADMIN_HEADERS).redirect(308, `${origins.siteOrigin}${req.originalUrl}`);
});

// The one Origin check (CSRF), here because React Router's own check answers a bare 400 before any route
// middleware runs. Forms are only accepted from the site's own pages: a POST from another origin is refused.
// The owner's inbox is stricter: a change without an Origin is refused too (its session and headers are its
// route middleware's: app/routes/admin.tsx). The unsubscribe link is the exception: a mail provider POSTs to it
// from its own origin (RFC 8058 one-click) and the link's signed token is the authority; its Origin is dropped
// so React Router's check passes too.
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  if (req.path === "/newsletter/unsubscribe") {
    delete req.headers.origin;
    return next();
  }
  const origin = req.get("origin");
  const inbox = isAdminPath(req.path);
  if (origin ? origin === origins.of(req).origin || origin === origins.siteOrigin : !inbox) return next();
  if (inbox)
    logger.warn(
      { event: "admin.cross_origin_refused", method: req.method },
      "owner inbox change refused: not from this site",
    );
  res
    .status(403)
    .set({
      "Content-Security-Policy": contentSecurityPolicy({ scriptSources: [], https: false }),
      ...(inbox ? ADMIN_HEADERS : {}),
    })
    .type("html")
    .send(
      errorPage(
        inbox
          ? "Changes to the owner inbox can only be made from its own pages."
          : "This form can only be sent from our own website.",
      ),
    );
});

app.use(
  bodyLimits({
    maxInFlight: env.MAX_BODIES_IN_FLIGHT,
    refuse: (res, status, sentence) => void res.status(status).type("html").send(errorPage(sentence)),
  }),
);

/**
 * Health for a monitor that reads status codes. /healthz: 503 when the database does not answer within a
 * second, 200 otherwise (with the count of owner notifications, e-mail or webhook, still undelivered 15 minutes
 * after their request). /healthz/deliveries: also 503 while that count is above 0 (mail or webhook stuck).
 */
const undeliveredNow = async (): Promise<number | null> => {
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000).unref());
  return Promise.race([
    countUndelivered(database, new Date(Date.now() - UNDELIVERED_MINUTES * 60_000)).catch(() => null),
    timeout,
  ]);
};
app.get(["/healthz", "/healthz/deliveries"], async (req, res) => {
  res.set("Cache-Control", "no-store");
  const undelivered = await undeliveredNow();
  if (undelivered === null) return void res.status(503).json({ ok: false, database: "unreachable" });
  const ok = req.path === "/healthz" || undelivered === 0;
  res.status(ok ? 200 : 503).json({ ok, undeliveredOver15Min: undelivered });
});

// The browser editor at /cms (app/server/cms.server.ts): its own page, headers and Content-Security-Policy.
app.use(cmsHandler({ dev, clientDir, siteUrl: env.SITE_URL, localBackend: env.CMS_LOCAL_BACKEND, isHttps }));

let build: ServerBuild | (() => Promise<ServerBuild>);
// Prerendered pages are answered from memory before Express (app/server/prerendered.server.ts).
let prerendered: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
if (dev) {
  const vite = await import("vite");
  const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
  app.use(viteDevServer.middlewares);
  build = () => viteDevServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
} else {
  const choose = precompressed(clientDir);
  app.use("/assets", serveStatic(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }, choose));
  const staticFiles = serveStatic(clientDir, { maxAge: "10m" }, choose);
  // A prerendered .data file holds the loader data of the URL without a query string; with one
  // (?city=, ?position=, ?category=, ?_routes=) the loaders must run.
  app.use((req, res, next) =>
    req.path.endsWith(".data") && req.originalUrl.includes("?") ? next() : staticFiles(req, res, next),
  );
  const cspHashes = JSON.parse(readFileSync(path.resolve("build/csp-hashes.json"), "utf8")) as Record<string, string[]>;
  prerendered = servePrerenderedFast(loadPrerendered(clientDir, cspHashes), {
    hsts: env.SITE_URL.startsWith("https:"),
    isHttps,
  });
  build = (await import(serverBuildPath)) as ServerBuild;
}

// Everything React Router renders gets a fresh nonce for its inline scripts (app/entry.server.tsx).
// (Not in development: Vite's hot-reload client injects scripts of its own.)
app.use((req, res, next) => {
  res.locals.nonce = newNonce();
  // A nonce is for one response only: never stored by a cache, shared or private.
  if (!isAdminPath(req.path)) res.set("Cache-Control", "private, no-store");
  if (!dev)
    res.set(
      "Content-Security-Policy",
      contentSecurityPolicy({ scriptSources: [`'nonce-${res.locals.nonce}'`], https: isHttps(req) }),
    );
  next();
});

// The context is set under the server build's own key (app/entry.server.tsx exports it): the route modules
// read that instance. In development the build is loaded again after a change, with a new key.
const contextKeyOf = (serverBuild: ServerBuild) => {
  const key = (serverBuild.entry.module as { appContext?: RouterContext<AppContext | null> }).appContext;
  if (!key) throw new Error("The server build exports no appContext (app/entry.server.tsx)");
  return key;
};
const builtKey = typeof build === "function" ? undefined : contextKeyOf(build);
const loadContext = async (clientIp: string, documentRequest: boolean, nonce: string) => {
  const context = new RouterContextProvider();
  const key = builtKey ?? contextKeyOf(await (build as () => Promise<ServerBuild>)());
  context.set(key, { database, env, logger, notifyOutbox: worker.notify, clientIp, documentRequest, nonce });
  return context;
};
app.use(
  reactRouterHandler({
    build,
    mode: dev ? "development" : "production",
    origin: (req) => origins.of(req).origin,
    getLoadContext: (req, res) => loadContext(req.ip ?? "", !req.path.endsWith(".data"), res.locals.nonce as string),
  }),
);
if (!dev) await warmUp(build as ServerBuild);

// Last resort: a plain page with the phone number, never a stack trace.
app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
  logger.error(
    { err: error instanceof Error ? { name: error.name, message: error.message } : String(error) },
    "unhandled error",
  );
  if (res.headersSent) return;
  res.status(500).type("html").send(errorPage());
});

const server = createServer(
  {
    headersTimeout: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: env.HTTP_KEEP_ALIVE_SECONDS * 1000,
    connectionsCheckingInterval: Math.min(1000, env.HTTP_HEADERS_TIMEOUT_SECONDS * 500),
  },
  (req, res) => {
    if (!prerendered?.(req, res)) return void app(req, res);
    if (logger.isLevelEnabled("info"))
      logger.info({ method: req.method, path: loggedPath(req.url ?? ""), status: res.statusCode, ms: 0 }, "request");
  },
);
// Under systemd socket activation (deploy/gemstate.socket) the listening socket is handed over as fd 3 and
// outlives the process: during a restart, connections wait in its queue for the next server instead of
// being refused. Otherwise the server opens PORT on HOST itself.
const inheritedSocket = process.env.LISTEN_FDS === "1" && Number(process.env.LISTEN_PID) === process.pid;
if (inheritedSocket)
  server.listen({ fd: 3 }, () =>
    logger.info({ dialect: database.dialect }, "serving on the socket from systemd (socket activation)"),
  );
else
  server.listen(env.PORT, env.HOST, () =>
    logger.info({ port: env.PORT, dialect: database.dialect }, `serving on http://localhost:${env.PORT}`),
  );

/**
 * SIGTERM/SIGINT: stop accepting connections, let every request in flight finish (and be stored), close
 * keep-alive connections as their answers go out, stop the outbox worker; each step within SHUTDOWN_MS.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  const deadline = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await Promise.race([closed, deadline(SHUTDOWN_MS)]);
  server.closeAllConnections();
  await worker.stop(SHUTDOWN_MS);
  await Promise.race([database.close().catch(() => undefined), deadline(2_000)]);
  dataDirLock?.release();
  logger.info({ signal }, "stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

/**
 * Before the port opens, each form is sent twice in the process (a body with a field name the forms refuse,
 * and an empty one): both are refused before anything is stored or counted, and the first visitor's
 * answer no longer waits while V8 compiles the code of validation and rendering (about 100 ms more on
 * the first request of each kind). A failure here only leaves that code cold.
 */
async function warmUp(serverBuild: ServerBuild) {
  const handle = createReactRouterHandler(serverBuild, "production");
  const origin = `http://localhost:${env.PORT}`;
  const paths = ["/estimate", "/contact", "/careers/apply", "/newsletter"];
  for (const body of ["__intent__=x", ""]) {
    for (const pathname of paths) {
      const request = new Request(`${origin}${pathname}`, {
        method: "POST",
        body,
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        signal: AbortSignal.timeout(5_000),
      });
      await handle(request, await loadContext("", true, newNonce()))
        .then((response) => response.arrayBuffer())
        .catch(() => undefined);
    }
  }
}

/** The request's path, decoded; null when it cannot name a file under the root. */
function decodedPath(req: Request): string | null {
  try {
    const pathname = decodeURIComponent(req.path);
    return pathname.includes("\0") || pathname.includes("..") ? null : pathname;
  } catch {
    return null;
  }
}

/** express.static, except that a file with a precompressed copy the client accepts is sent as that copy. */
function serveStatic(
  root: string,
  options: { maxAge: string; immutable?: boolean },
  choose: ReturnType<typeof precompressed>,
) {
  const plain = express.static(root, { ...options, index: false, redirect: false });
  return (req: Request, res: Response, next: NextFunction) => {
    const pathname = req.method === "GET" || req.method === "HEAD" ? decodedPath(req) : null;
    const file = pathname === null ? "" : path.join(root, pathname);
    const chosen = file.startsWith(root + path.sep) ? choose(req, res, file) : file;
    if (chosen === file) return plain(req, res, next);
    res.sendFile(chosen, { ...options, dotfiles: "deny" }, (error) => {
      if (error && !res.headersSent) next();
    });
  };
}

function errorPage(sentence = "Sorry, something went wrong on our side. Please try again in a moment.") {
  const { phone } = business;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong | ${business.name}</title></head><body><h1>Unexpected Application Error!</h1><p>${sentence} You can also call us at <a href="${phone.href}">${phone.display}</a>.</p><p><a href="/">Return to Home</a></p></body></html>`;
}
