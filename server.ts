/**
 * The one Node process of the site. It loads the site, which Vite bundles with the routes into
 * build/server/index.js (app/server/app.server.ts: the prerendered pages, static files, form actions through
 * React Router, the outbox worker that delivers every request to the owner), opens the port and shuts down.
 * It imports nothing from app/ itself, so that every module of the site exists once in the process.
 *   node server.ts        production (serves ./build; run `npm run build` first)
 *   node server.ts --dev  development, with Vite's dev server and hot reload
 */
import { existsSync, readFileSync } from "node:fs";
import { EventEmitter } from "node:events";
import { createServer, type Server } from "node:http";
import path from "node:path";
import type { Env } from "./app/server/kit/env.server.ts";

type SiteModule = typeof import("./app/server/app.server.ts");

const dev = process.argv.includes("--dev");
/** How long a SIGTERM waits for requests in flight and the outbox's sends before the process exits anyway. */
const SHUTDOWN_MS = 10_000;

const buildDir = path.resolve("build");
const bundlePath = path.join(buildDir, "server/index.js");
let site: SiteModule;
let vite: import("vite").ViteDevServer | undefined;
// Vite's hot-reload connections (WebSocket upgrades) come through this server's port, on HOST, and only for
// a Host the site accepts; without a server of its own to use, Vite would open another port on every interface.
const upgrades = new EventEmitter();
if (dev) {
  vite = await (
    await import("vite")
  ).createServer({
    server: { middlewareMode: true, ws: { server: upgrades as unknown as Server } },
  });
  site = (await vite.ssrLoadModule("./app/server/app.server.ts")) as SiteModule;
} else {
  if (!existsSync(bundlePath)) {
    console.error("No build found in ./build. Run `npm run build` first (or `npm start`, which builds and serves).");
    process.exit(1);
  }
  site = (await import(bundlePath)) as SiteModule;
}

// `npm start` / `npm run serve` pass --quick-start (app/server/app.server.ts, settings).
let env: Env;
try {
  env = site.settings({ dev, quickStart: process.argv.includes("--quick-start") });
} catch (error) {
  if (error instanceof site.EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

// The build wrote its SITE_URL into every page's links, canonical URLs and the sitemap (react-router.config.ts records it).
if (!dev) {
  const siteFile = path.join(buildDir, "site.json");
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
  // `npm start` makes the social images and compressed copies after the server answers (scripts/start.ts).
  if (existsSync(path.join(buildDir, "unfinished")) && !process.argv.includes("--quick-start")) {
    console.error(
      "The build in ./build is unfinished: `npm start` stopped before it had made the social images and compressed copies. Run `npm run build`.",
    );
    process.exit(1);
  }
}

// A data folder or database the server cannot use is said in a sentence (an EnvError), not a stack trace.
let services: Awaited<ReturnType<SiteModule["startServices"]>>;
try {
  services = await site.startServices(env, { dev });
} catch (error) {
  if (error instanceof site.EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const { logger } = services;
const handler = site.createSite(services, { buildDir, vite });
if (!dev) await handler.warmUp(env.PORT);

const server = createServer(
  {
    headersTimeout: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
    requestTimeout: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
    keepAliveTimeout: env.HTTP_KEEP_ALIVE_SECONDS * 1000,
    connectionsCheckingInterval: Math.min(1000, env.HTTP_HEADERS_TIMEOUT_SECONDS * 500),
  },
  handler.handle,
);
if (dev)
  server.on("upgrade", (req, socket, head) => {
    if (handler.acceptsHost(req)) upgrades.emit("upgrade", req, socket, head);
    else socket.destroy();
  });
// CONNECT and methods Node's parser does not know are answered with Allow, never just closed (app/server/methods.server.ts).
server.on("connect", site.answerConnect);
server.on("clientError", site.answerClientError);
// Under systemd socket activation (deploy/gemstate.socket) the listening socket is handed over as fd 3 and
// outlives the process: during a restart, connections wait in its queue for the next server instead of
// being refused. Otherwise the server opens PORT on HOST itself.
const inheritedSocket = process.env.LISTEN_FDS === "1" && Number(process.env.LISTEN_PID) === process.pid;
if (inheritedSocket)
  server.listen({ fd: 3 }, () =>
    logger.info({ dialect: services.database.dialect }, "serving on the socket from systemd (socket activation)"),
  );
else
  server.listen(env.PORT, env.HOST, () => {
    const { level, message } = site.listeningMessage(env, dev);
    logger[level]({ port: env.PORT, host: env.HOST, dialect: services.database.dialect }, message);
    process.send?.("listening");
  });
// Started by `npm start` (scripts/start.ts): told when the rest of the build is written, to read it.
process.on("message", (message) => {
  if (message === "build finished") handler.reloadBuildFiles();
});

/**
 * SIGTERM/SIGINT: stop accepting connections, let every request in flight finish (and be stored), close
 * keep-alive connections as their answers go out, stop the outbox worker; each step within SHUTDOWN_MS.
 */
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  handler.beginShutdown();
  logger.info({ signal }, "shutting down");
  const deadline = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await Promise.race([closed, deadline(SHUTDOWN_MS)]);
  server.closeAllConnections();
  await services.close(SHUTDOWN_MS);
  await vite?.close();
  logger.info({ signal }, "stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
