/**
 * @react-router/express's request handler, with one difference: the Request that React Router sees is
 * addressed to `origin(req)` (app/server/request-origin.server.ts), not to req.protocol and the Host header. React
 * Router's own check of an action's Origin, the session cookie's Secure flag and every absolute URL follow
 * it, so behind a TLS proxy they see https://SITE_URL whatever TRUST_PROXY says. The server (app/server/app.server.ts) uses it.
 * Also where the server reads the server build's shape beyond the handler: the entry module's exports
 * (appContextKey). The shape of the output is in app/lib/framework-output.ts.
 */
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContext, type RouterContextProvider, type ServerBuild } from "react-router";
import type { AppContext } from "./kit/context.server.ts";

interface Options {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: "development" | "production";
  /** scheme://host[:port] the request was sent to. */
  origin: (req: Request) => string;
  getLoadContext: (req: Request, res: Response) => RouterContextProvider | Promise<RouterContextProvider>;
}

/**
 * The key each request's context is set under: app/entry.server.tsx exports it, and the server build holds the
 * entry module's exports at `entry.module` (in development, a new instance of the routes after each change).
 */
export function appContextKey(build: ServerBuild): RouterContext<AppContext | null> {
  const key = (build.entry.module as { appContext?: RouterContext<AppContext | null> }).appContext;
  if (!key) throw new Error("The server build exports no appContext (app/entry.server.tsx)");
  return key;
}

export function reactRouterHandler({ build, mode, origin, getLoadContext }: Options) {
  const handle = createRequestHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const response = await handle(toFetchRequest(req, res, origin(req)), await getLoadContext(req, res));
      await send(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function toFetchRequest(req: Request, res: Response, origin: string): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else if (value !== undefined) headers.set(name, value);
  }
  // The request is abandoned when its client goes away before the answer is complete.
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // Concatenated, not resolved: a path such as //other.example/x stays a path on this origin.
  return new Request(`${origin}${req.originalUrl}`, {
    method: req.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: "half" } : {}),
  });
}

/**
 * Headers a route's own value replaces rather than joins: the site's defaults set before React Router (Cache-Control:
 * private, no-store in app.server.ts; Referrer-Policy in security.server.ts), for a route that answers other than a
 * page (an invoice's photo, cached privately and sent with no referrer).
 */
const REPLACED = new Set(["cache-control", "referrer-policy"]);

async function send(res: Response, response: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries())
    if (REPLACED.has(name)) res.set(name, value);
    else res.append(name, value);
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}
