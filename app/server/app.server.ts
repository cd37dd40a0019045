/**
 * The site's request handler and everything behind it, bundled by Vite with the routes into
 * build/server/index.js (vite.config.ts: the server build's input), as in React Router's node-custom-server
 * template: every module under app/ exists once in the running server, in this bundle. server.ts, run by
 * Node, only loads it (in development through Vite, with hot reload), opens the port and shuts down.
 *
 * The bundle is also the server build React Router's own tools load (its preview server, which prerenders the
 * pages at build time, and tests/support/post-routes.ts): it re-exports the build.
 * docs/decisions/018-framework-seam.md.
 */
import path from "node:path";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import compression from "compression";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { Logger } from "pino";
import {
  createRequestHandler as createReactRouterHandler,
  RouterContextProvider,
  type ServerBuild,
} from "react-router";
import type { ViteDevServer } from "vite";
import * as builtApp from "virtual:react-router/server-build";
import { business } from "../content/business.ts";
import { isDataPath } from "../lib/framework-output.ts";
import { holdDataDirLock } from "./kit/db/backup.server.ts";
import { type Database, openDatabase } from "./kit/db/database.server.ts";
import { checkDataDir, databaseProblem } from "./kit/db/start-problems.server.ts";
import { DEV_HOST, type Env, EnvError, parseEnv } from "./kit/env.server.ts";
import { createLogger, readableLogs } from "./kit/logger.server.ts";
import { launchPlaceholders } from "./launch-check.server.ts";
import { type OutboxWorker, startOutboxWorker } from "./notify/outbox.server.ts";
import { countUndelivered } from "./features/leads/delivery-status.server.ts";
import {
  journalHealth,
  type LeadJournal,
  openLeadJournal,
  type Replayer,
  startReplay,
  warmKeys,
} from "./features/leads/journal.server.ts";
import { stripeWebhook, WEBHOOK_PATH } from "./features/payments/webhook.server.ts";
import { reviewAfterPayment } from "./features/reviews/reviews.server.ts";
import { TWILIO_WEBHOOK_PATH, twilioWebhook } from "./features/texts/webhook.server.ts";
import { outboxWiring } from "./outbox-wiring.server.ts";
import { contentSecurityPolicy, newNonce } from "./csp.server.ts";
import { securityHeaders } from "./security.server.ts";
import { cmsHandler } from "./cms.server.ts";
import { ADMIN_HEADERS, isAdminPath } from "./features/admin/guard.server.ts";
import { bodyLimits, photoSlotOf } from "./kit/body-limits.server.ts";
import type { UploadPlace } from "./kit/multipart.server.ts";
import { PhotoSpool, spoolRoot } from "./kit/spool.server.ts";
import { isLoopbackAddress, isOwnHost, type OwnHosts, ownHostsOnly } from "./kit/dev-hosts.server.ts";
import { precompressed } from "./static-files.server.ts";
import { loadPrerendered, servePrerenderedFast } from "./prerendered.server.ts";
import { loggedPath } from "./log-path.server.ts";
import { methods, requestTargets } from "./methods.server.ts";
import { appContextKey, reactRouterHandler } from "./react-router-express.server.ts";
import { requestOrigins, type TrustProxy } from "./request-origin.server.ts";

export * from "virtual:react-router/server-build";
export { EnvError };
export { answerClientError, answerConnect } from "./methods.server.ts";

/** A notification still undelivered this long after its request makes /healthz/deliveries answer 503. */
const UNDELIVERED_MINUTES = 15;
/** The public pool of form bodies full this long makes /healthz/forms answer 503. */
const FORMS_FULL_SECONDS = 5;

/**
 * The settings, from the environment (README "Settings"); throws EnvError with a message for the owner.
 * `quickStart` (`npm start`, `npm run serve`): on a machine with no mail settings, the owner's e-mails are
 * written to DATA_DIR/mail (said loudly by startServices). A deployment that runs `node server.ts` must choose.
 */
export function settings({ dev, quickStart }: { dev: boolean; quickStart: boolean }): Env {
  const files = quickStart && !process.env.SMTP_URL && !process.env.MAIL_TRANSPORT ? { MAIL_TRANSPORT: "files" } : {};
  // The development server stays on this computer unless HOST says otherwise, whatever NODE_ENV says.
  const host = dev && !process.env.HOST?.trim() ? { HOST: DEV_HOST } : {};
  return parseEnv({ NODE_ENV: dev ? "development" : "production", ...process.env, ...host, ...files });
}

export type Services = {
  env: Env;
  logger: Logger;
  database: Database;
  /** The outbox worker: delivers every stored request to the owner, with retries (app/server/notify/outbox.server.ts). */
  worker: OutboxWorker;
  /** Requests taken while the database is away, and their replay into it (features/leads/journal.server.ts). */
  journal: LeadJournal;
  /** Where visitors' photos are written while their requests are read (emptied at start). */
  spool: PhotoSpool;
  /** Stops the worker and closes the database, each within `ms`; releases DATA_DIR's lock. */
  close(ms: number): Promise<void>;
};

/** The logger, the database (with DATA_DIR's lock) and the outbox worker, once per process. */
export async function startServices(env: Env, { dev }: { dev: boolean }): Promise<Services> {
  const logger = createLogger(env.LOG_LEVEL);
  // While it runs, the server holds DATA_DIR's lock: `npm run leads -- restore` refuses to replace the database under it.
  checkDataDir(env.DATA_DIR);
  const dataDirLock = env.DATABASE_URL ? undefined : holdDataDirLock(env.DATA_DIR);
  let database: Database;
  try {
    database = await openDatabase(env);
  } catch (error) {
    dataDirLock?.release();
    throw databaseProblem(error, env);
  }
  let journal: LeadJournal;
  try {
    // The keys a request needs before its transaction, read now so that one can still be journaled later.
    await warmKeys(database, env);
    journal = await openLeadJournal(env.DATA_DIR, Math.round(env.JOURNAL_MAX_MB * 1024 * 1024));
  } catch (error) {
    await database.close().catch(() => undefined);
    dataDirLock?.release();
    if (error instanceof Error && "code" in error && typeof error.code === "string" && error.code.startsWith("E"))
      throw new EnvError(
        `DATA_DIR/journal (${path.join(env.DATA_DIR, "journal")}) cannot be used: ${error.message}. The server keeps requests there while the database is away; give its user write access to DATA_DIR.`,
      );
    throw error;
  }
  if (journal.tornOnOpen > 0)
    logger.warn({ lines: journal.tornOnOpen }, "journal: a record cut short by a crash was ignored (never confirmed)");
  // A killed process's half-read photos are deleted before the first request.
  const spool = new PhotoSpool(spoolRoot(env.DATA_DIR), env.PHOTO_SPOOL_MAX_MB * 1024 * 1024);
  try {
    await spool.clearLeftovers();
  } catch (error) {
    await journal.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    dataDirLock?.release();
    throw error;
  }
  const worker = startOutboxWorker({ database, env, logger, ...outboxWiring(database, env, logger) });
  // Requests left in the journal by the last run are stored now, and any taken while the database is away later.
  const replayer: Replayer = startReplay({ database, journal, logger, notifyOutbox: worker.notify });
  if (env.MAIL_TRANSPORT === "files") {
    logger.warn(
      { dir: path.join(env.DATA_DIR, "mail") },
      "E-MAILS ARE NOT SENT: requests are written as .eml files to DATA_DIR/mail (MAIL_TRANSPORT=files). Set SMTP_URL to e-mail the owner.",
    );
  }
  // Placeholders the owner replaces before launch (npm run launch-check lists them with what to do).
  // At a terminal, one line says how many are left; a log read by machines gets one event per placeholder.
  const placeholders = dev ? [] : launchPlaceholders(process.env);
  if (placeholders.length > 0 && readableLogs())
    logger.warn(
      `${placeholders.length} placeholder${placeholders.length === 1 ? "" : "s"} left to replace before launch (prices, license, phone…): npm run launch-check lists each with what to do.`,
    );
  else
    for (const placeholder of placeholders) {
      logger.warn(
        { event: "launch.placeholder", where: placeholder.where },
        `PLACEHOLDER: ${placeholder.what}; to do: ${placeholder.fix}`,
      );
    }
  const deadline = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
  return {
    env,
    logger,
    database,
    worker,
    journal,
    spool,
    async close(ms) {
      await Promise.race([replayer.stop(), deadline(ms)]);
      await worker.stop(ms);
      await journal.close().catch(() => undefined);
      await Promise.race([database.close().catch(() => undefined), deadline(2_000)]);
      dataDirLock?.release();
    },
  };
}

/**
 * What the server says once its port is open: where to open it and, in development, who else can reach it
 * (HOST unset keeps the development server on this computer; a warning when HOST opens it to the network).
 */
export function listeningMessage(env: Env, dev: boolean): { level: "info" | "warn"; message: string } {
  const local = `http://localhost:${env.PORT}`;
  if (!dev) return { level: "info", message: `serving on ${local}` };
  if (isLoopbackAddress(env.HOST))
    return {
      level: "info",
      message: `development server on ${local}, for this computer only (HOST=${env.HOST}). To open it to your network, start it with HOST=0.0.0.0; it then answers only to localhost, SITE_URL's host and the names in server.allowedHosts (vite.config.ts).`,
    };
  return {
    level: "warn",
    message: `DEVELOPMENT SERVER OPEN TO THE NETWORK: listening on ${env.HOST}:${env.PORT} (HOST), so other devices can reach it; it answers only to localhost, SITE_URL's host and the names in server.allowedHosts (vite.config.ts). Unset HOST to keep it on this computer (${local}).`,
  };
}

export type Site = {
  /** Answers one request: a prerendered page from memory, or the Express app. */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /** Sends each form twice in the process before the port opens (see warmUp below). */
  warmUp(port: number): Promise<void>;
  /** Whether a request was sent to a name this server answers (in development its own names only; every name in production). */
  acceptsHost(req: IncomingMessage): boolean;
  /** From now on every answer closes its connection, so keep-alive clients do not hold a shutdown up. */
  beginShutdown(): void;
  /** Reads the build's pages and compressed copies again: `npm start` makes the copies after the port opens (scripts/start.ts). */
  reloadBuildFiles(): void;
};

/**
 * The request handler. Production serves `buildDir` (build/: client files, prerendered pages and their
 * csp-hashes.json) with the routes of this bundle; development (`vite`) serves through Vite's dev server and
 * loads the routes from it on every request, so a change is picked up.
 */
export function createSite(services: Services, options: { buildDir: string; vite?: ViteDevServer }): Site {
  const { env, logger, database, worker, journal } = services;
  const { vite } = options;
  const dev = vite !== undefined;
  const clientDir = path.join(options.buildDir, "client");
  let stopping = false;

  const app = express();
  app.disable("x-powered-by");
  // In development, before anything else: only requests sent to this server's own name are answered (a page
  // that points its own name at this computer is refused), whichever interface HOST opens.
  const ownHosts: OwnHosts | undefined = vite
    ? { port: env.PORT, siteUrl: env.SITE_URL, names: vite.config.server.allowedHosts }
    : undefined;
  if (ownHosts) app.use(ownHostsOnly(ownHosts));
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

  // A target that is not a path on this origin: 400 (app/server/methods.server.ts, as the methods below).
  const refusals = {
    headersFor: (req: Request) => (isAdminPath(req.path) ? ADMIN_HEADERS : {}),
    refuse: (res: Response, status: number, sentence: string) =>
      void res.status(status).type("html").send(errorPage(sentence)),
  };
  app.use(requestTargets({ ...refusals, originOf: (req) => origins.of(req).origin }));

  // The inbox over plain HTTP moves to SITE_URL's https origin, before any password or session cookie is sent.
  app.use((req, res, next) => {
    if (!isAdminPath(req.path) || !origins.isPlainHttp(req)) return next();
    res.set(ADMIN_HEADERS).redirect(308, `${origins.siteOrigin}${req.originalUrl}`);
  });

  // The one Origin check (CSRF), here because React Router's own check answers a bare 400 before any route
  // middleware runs. Forms are only accepted from the site's own pages: a POST from another origin is refused
  // (every other method but GET and HEAD is refused with 405 by `methods`, below).
  // The owner's inbox is stricter: a change without an Origin is refused too (its session and headers are its
  // route middleware's: app/routes/admin.tsx). The unsubscribe links (the newsletter's, the review request's
  // and the seasonal reminders' opt-outs) are the exception: a mail provider POSTs to them from its own origin (RFC 8058 one-click) and the
  // link's signed token is the authority; its Origin is dropped so React Router's check passes too. So is
  // Stripe's webhook and the text provider's: each posts from its servers, and its signature is the authority.
  app.use((req, res, next) => {
    if (req.method !== "POST") return next();
    if (
      req.path === "/newsletter/unsubscribe" ||
      req.path === "/reviews/opt-out" ||
      req.path === "/reminders/opt-out" ||
      req.path === WEBHOOK_PATH ||
      req.path === TWILIO_WEBHOOK_PATH
    ) {
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

  // Bodies in flight: in all, per client address, the owner's own slots, and a minimum rate (docs/decisions/022-fair-share.md).
  const bodies = bodyLimits({
    maxInFlight: env.MAX_BODIES_IN_FLIGHT,
    maxPerClient: env.MAX_BODIES_PER_CLIENT,
    isOwnerPath: isAdminPath,
    refuse: (res, status, sentence) => void res.status(status).type("html").send(errorPage(sentence)),
  });
  app.use(bodies);

  // Stripe's webhook about deposits (app/server/features/payments/webhook.server.ts): its body is read raw,
  // for the signature, before anything else reads it; every method but POST: 405.
  // An invoice paid in full through it sends the review request (features/reviews), handed in here.
  app.all(
    WEBHOOK_PATH,
    stripeWebhook({ database, env, logger, notifyOutbox: worker.notify, whenPaidInFull: reviewAfterPayment }),
  );
  // The customers' texts (app/server/features/texts/webhook.server.ts): form-encoded, signed, read raw; else as above.
  app.all(TWILIO_WEBHOOK_PATH, twilioWebhook({ database, env, logger, notifyOutbox: worker.notify }));

  /**
   * Health for a monitor that reads status codes. /healthz: 503 when the database does not answer within a
   * second, 200 otherwise (with the count of owner notifications, e-mail or webhook, still undelivered 15 minutes
   * after their request). /healthz/deliveries: also 503 while that count is above 0 (mail or webhook stuck).
   * /healthz/forms: 503 while every public slot for a form's body has been taken for over FORMS_FULL_SECONDS
   * (visitors' forms are refused); /healthz stays 200 then, so a HEALTHCHECK restart never drops the requests
   * in flight because of a flood.
   */
  // /healthz/live: 200 while the process answers, whatever the database does; a load balancer's health check
  // (deploy/Caddyfile.two-servers), which must not take every instance out while the database is away.
  app.get("/healthz/live", (_req, res) => void res.set("Cache-Control", "no-store").json({ ok: true }));
  app.get("/healthz/forms", (_req, res) => {
    const fullForSeconds = Math.floor(bodies.publicPoolFullForMs() / 1000);
    const ok = fullForSeconds < FORMS_FULL_SECONDS;
    res
      .set("Cache-Control", "no-store")
      .status(ok ? 200 : 503)
      .json({ ok, formsFullForSeconds: fullForSeconds });
  });
  const undeliveredNow = async (): Promise<number | null> => {
    const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), 1000).unref());
    return Promise.race([
      countUndelivered(database, new Date(Date.now() - UNDELIVERED_MINUTES * 60_000)).catch(() => null),
      timeout,
    ]);
  };
  // While requests wait in the journal (the database away, or not all stored yet), the answer also says
  // "degraded", with how many wait and how long the oldest has; the status code still says whether the database answers.
  app.get(["/healthz", "/healthz/deliveries"], async (req, res) => {
    res.set("Cache-Control", "no-store");
    const undelivered = await undeliveredNow();
    const waiting = journal.size > 0 ? { degraded: true, journal: journalHealth(journal) } : {};
    if (undelivered === null) return void res.status(503).json({ ok: false, database: "unreachable", ...waiting });
    const ok = req.path === "/healthz" || undelivered === 0;
    res.status(ok ? 200 : 503).json({ ok, undeliveredOver15Min: undelivered, ...waiting });
  });

  // The browser editor at /cms (app/server/cms.server.ts): its own page, headers and Content-Security-Policy.
  app.use(cmsHandler({ dev, clientDir, siteUrl: env.SITE_URL, isHttps }));

  // Every method but GET, HEAD and a route's POST: 405 (OPTIONS 204) with Allow, before static files and routes.
  app.use(methods({ ...refusals, routes: () => (typeof build === "function" ? build() : build) }));

  // Prerendered pages are answered from memory before Express (app/server/prerendered.server.ts).
  let reloadBuildFiles = () => {};
  let prerendered: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;
  const build: ServerBuild | (() => Promise<ServerBuild>) = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : builtApp;
  if (vite) {
    app.use(vite.middlewares);
  } else {
    let chooseNow = precompressed(clientDir);
    const choose: typeof chooseNow = (req, res, file) => chooseNow(req, res, file);
    app.use("/assets", serveStatic(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }, choose));
    const staticFiles = serveStatic(clientDir, { maxAge: "10m" }, choose);
    // A prerendered .data file holds the loader data of the URL without a query string; with one
    // (?city=, ?position=, ?category=, ?_routes=) the loaders must run.
    app.use((req, res, next) =>
      isDataPath(req.path) && req.originalUrl.includes("?") ? next() : staticFiles(req, res, next),
    );
    const hashesFile = path.join(options.buildDir, "csp-hashes.json");
    if (!existsSync(hashesFile)) throw new Error(`${hashesFile} is missing: the build did not finish. Build again.`);
    const cspHashes = JSON.parse(readFileSync(hashesFile, "utf8")) as Record<string, string[]>;
    const pages = loadPrerendered(clientDir, cspHashes);
    prerendered = servePrerenderedFast(pages, { hsts: env.SITE_URL.startsWith("https:"), isHttps });
    reloadBuildFiles = () => {
      chooseNow = precompressed(clientDir);
      for (const [route, page] of loadPrerendered(clientDir, cspHashes)) pages.set(route, page);
    };
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

  // The context is set under the key of the route modules' own instance of app/server/kit/context.server.ts,
  // which the build's entry exports (app/entry.server.tsx): in development the routes are loaded again after a
  // change, with a new key.
  const builtKey = typeof build === "function" ? undefined : appContextKey(build);
  const loadContext = async (clientIp: string, documentRequest: boolean, nonce: string, uploads?: UploadPlace) => {
    const context = new RouterContextProvider();
    const key = builtKey ?? appContextKey(await (build as () => Promise<ServerBuild>)());
    context.set(key, {
      database,
      env,
      logger,
      journal,
      notifyOutbox: worker.notify,
      clientIp,
      documentRequest,
      nonce,
      uploads,
    });
    return context;
  };
  /** A photo body's folder in the spool lives until its answer is complete or its connection closes. */
  const uploadsOf = (res: Response): UploadPlace => {
    const spool = services.spool.forRequest();
    res.once("close", () => void spool.remove());
    return { takeSlot: photoSlotOf(res), spool };
  };
  app.use(
    reactRouterHandler({
      build,
      mode: dev ? "development" : "production",
      origin: (req) => origins.of(req).origin,
      // Only a request with a body can carry photos: a page view makes no spool and adds no listener.
      getLoadContext: (req, res) =>
        loadContext(
          req.ip ?? "",
          !isDataPath(req.path),
          res.locals.nonce as string,
          req.method === "GET" || req.method === "HEAD" ? undefined : uploadsOf(res),
        ),
    }),
  );

  // Last resort: a plain page with the phone number, never a stack trace. An error that carries a client-error
  // status (a request Express's parts could not read: a bad escape in a file's path) is that refusal, logged
  // at info; anything else is the site's fault, the one case logged at error level, for the owner.
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const err = error instanceof Error ? { name: error.name, message: error.message } : String(error);
    const status =
      (error as { status?: unknown; statusCode?: unknown } | null)?.status ??
      (error as { statusCode?: unknown } | null)?.statusCode;
    const refusal = typeof status === "number" && status >= 400 && status < 500;
    if (refusal) logger.info({ err, method: req.method, path: loggedPath(req.originalUrl), status }, "request refused");
    else logger.error({ err }, "unhandled error");
    if (res.headersSent) return;
    res
      .status(refusal ? status : 500)
      .type("html")
      .send(refusal ? errorPage("This request could not be read.") : errorPage());
  });

  return {
    handle(req, res) {
      if (!prerendered?.(req, res)) return void app(req, res);
      if (logger.isLevelEnabled("info"))
        logger.info({ method: req.method, path: loggedPath(req.url ?? ""), status: res.statusCode, ms: 0 }, "request");
    },
    acceptsHost: (req) => !ownHosts || isOwnHost(req.headers.host, ownHosts),
    beginShutdown() {
      stopping = true;
    },
    reloadBuildFiles: () => reloadBuildFiles(),
    /**
     * Before the port opens, each form is sent twice in the process (a body with a field name the forms
     * refuse, and an empty one): both are refused before anything is stored or counted, and the first
     * visitor's answer no longer waits while V8 compiles the code of validation and rendering (about 100 ms
     * more on the first request of each kind). A failure here only leaves that code cold.
     */
    async warmUp(port) {
      if (typeof build === "function") return;
      const handle = createReactRouterHandler(build, "production");
      const origin = `http://localhost:${port}`;
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
    },
  };
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
): RequestHandler {
  const plain = express.static(root, { ...options, index: false, redirect: false });
  return (req, res, next) => {
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
