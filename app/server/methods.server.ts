/**
 * Every method and request target a stranger can send is answered plainly, before anything parses it
 * (docs/security.md "Methods and request targets"):
 * - GET and HEAD go on; POST goes on only to a route with an action (the route React Router would run
 *   it on); OPTIONS is answered 204 with `Allow`; every other method (TRACE, PUT, PATCH, DELETE, PROPFIND …)
 *   is answered 405 with `Allow`: GET, HEAD, OPTIONS, and POST where the route has an action.
 * - The target must be a path (origin-form, starting with "/") whose escapes decode; `OPTIONS *` is the one
 *   exception (the site-wide Allow). An absolute-form (`GET http://evil.example/`), authority-form or `*`
 *   target, a bad escape (`/%`), or a local visit's Host that does not make one URL with the path
 *   (`localhost:99999`, `x/y.localhost`) is answered 400.
 * - server.ts hands over what never reaches Express: CONNECT (405 with the site-wide Allow) and a method
 *   Node's parser does not know (TRACK, anything made up: 501 with it).
 * These are refusals, so they are logged at info by the request log, never at error level (error level is
 * for the owner's attention) and never with a stack trace.
 */
import { type IncomingMessage, STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { hasBody } from "./kit/body-limits.server.ts";
import { pagePathOfData } from "../lib/framework-output.ts";

/** Every method the site answers somewhere. */
export const SITE_METHODS = "GET, HEAD, POST, OPTIONS";
const READ_ONLY = "GET, HEAD, OPTIONS";

interface Tree {
  routes: RouteObject[];
  /** The ids of the routes whose module exports an action. */
  withAction: Set<string>;
}

/** The route tree of a server build, as React Router builds it from the manifest. */
const trees = new WeakMap<ServerBuild, Tree>();
function routeTree(build: ServerBuild): Tree {
  const known = trees.get(build);
  if (known) return known;
  const entries = Object.values(build.routes).filter((r) => r !== undefined);
  const childrenOf = (parentId: string | undefined): RouteObject[] =>
    entries
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index
          ? { id: r.id, path: r.path, caseSensitive: r.caseSensitive, index: true }
          : { id: r.id, path: r.path, caseSensitive: r.caseSensitive, children: childrenOf(r.id) },
      );
  const tree = {
    routes: childrenOf(undefined),
    withAction: new Set(
      entries.filter((r) => typeof (r.module as { action?: unknown }).action === "function").map((r) => r.id),
    ),
  };
  trees.set(build, tree);
  return tree;
}

/**
 * Whether a POST to this path reaches a route with an action: the deepest matching route, or its parent
 * when that is an index route and the query has no bare `index` (React Router's own rule). A client
 * navigation's `.data` URL is its page's. The path must decode (requestTargets checks it first).
 */
export function acceptsPost(build: ServerBuild, pathname: string, search: string): boolean {
  const path = pagePathOfData(pathname);
  const { routes, withAction } = routeTree(build);
  const matches = matchRoutes(routes, path);
  if (!matches?.length) return false;
  const leaf = matches[matches.length - 1]!.route;
  const nakedIndex = new URLSearchParams(search).getAll("index").some((v) => v === "");
  const target = leaf.index && !nakedIndex ? matches[matches.length - 2]?.route : leaf;
  return target?.id !== undefined && withAction.has(target.id);
}

interface Refusals {
  /** Headers a refusal carries on this path (the inbox's no-store and noindex). */
  headersFor: (req: Request) => Record<string, string>;
  /** Sends a short page with this status and sentence. */
  refuse: (res: Response, status: number, sentence: string) => void;
}

/**
 * Whether `${origin}${target}` is one URL on that origin (what React Router is given), with a path that
 * decodes (a bad escape such as `/%` names no page, and React Router would print a warning for it).
 */
function isOneUrl(origin: string, target: string): boolean {
  try {
    decodeURIComponent(target.split("?")[0]!);
    return new URL(origin).origin === origin && new URL(`${origin}${target}`).origin === origin;
  } catch {
    return false;
  }
}

/**
 * The request target: first in the pipeline after the request log and the security headers, before
 * anything reads the path. `originOf`: scheme://host[:port] the request was sent to
 * (app/server/request-origin.server.ts).
 */
export function requestTargets({ originOf, headersFor, refuse }: Refusals & { originOf: (req: Request) => string }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "OPTIONS" && req.url === "*") return void res.status(204).set("Allow", SITE_METHODS).end();
    if (req.url.startsWith("/") && isOneUrl(originOf(req), req.url)) return next();
    if (hasBody(req)) res.set("Connection", "close");
    refuse(res.set(headersFor(req)), 400, "This address could not be read.");
  };
}

/**
 * The method: after the Origin check (a POST from another site is refused there first) and the body limits
 * (an oversized body is 413 wherever it is sent), before static files and routes. `routes`: the server build React Router serves (in development reloaded after a change).
 */
export function methods({
  routes,
  headersFor,
  refuse,
}: Refusals & { routes: () => ServerBuild | Promise<ServerBuild> }) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const query = req.url.indexOf("?");
    let post: boolean;
    try {
      post = acceptsPost(await routes(), req.path, query === -1 ? "" : req.url.slice(query));
    } catch (error) {
      return next(error);
    }
    if (req.method === "POST" && post) return next();
    res.set(headersFor(req)).set("Allow", post ? SITE_METHODS : READ_ONLY);
    afterSmallBody(req, res, () => {
      if (req.method === "OPTIONS") return void res.status(204).end();
      refuse(res, 405, "This address does not accept that kind of request.");
    });
  };
}

/** The largest body of a refused request that is read (and dropped) before the answer. */
const DROPPED_BODY_MAX = 64 * 1024;
/** How long such a body may take to arrive; then the answer goes anyway. */
const DROPPED_BODY_MS = 2000;

/**
 * Answers a refused request once its small body has arrived, read and dropped: answered and closed while the client
 * is still sending, a connection can be reset before the client reads the answer (it then sees no answer at all). A
 * larger body, or one of unknown length, is not read: the connection closes after the answer.
 */
function afterSmallBody(req: Request, res: Response, answer: () => void) {
  if (!hasBody(req) || req.readableEnded) return answer();
  const length = Number(req.headers["content-length"]);
  if (!(length <= DROPPED_BODY_MAX)) {
    res.set("Connection", "close");
    return answer();
  }
  let answered = false;
  const once = (close: boolean) => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    if (close) res.set("Connection", "close");
    answer();
  };
  const timer = setTimeout(() => once(true), DROPPED_BODY_MS);
  req.once("end", () => once(false));
  req.once("error", () => once(true));
  req.resume();
}

/**
 * What Node answers before Express: a CONNECT request (server "connect" event), 405 with the site-wide
 * Allow, and a method its parser does not know (server "clientError" with HPE_INVALID_METHOD), 501 with
 * it. Any other client error is answered exactly as Node does without a listener (431, 413, 408 or 400),
 * then the connection is closed.
 */
export function answerConnect(_req: IncomingMessage, socket: Duplex): void {
  socket.on("error", () => {});
  socket.end(
    `HTTP/1.1 405 ${STATUS_CODES[405]}\r\nAllow: ${SITE_METHODS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
  );
}

/** Node's own answers to a request it could not parse (node:_http_server's socketOnError). */
const NODE_ANSWERS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const inFlight = (socket as { _httpMessage?: { _headerSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?._headerSent) {
    if (error.code === "HPE_INVALID_METHOD")
      socket.write(
        `HTTP/1.1 501 ${STATUS_CODES[501]}\r\nAllow: ${SITE_METHODS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
      );
    else {
      const status = NODE_ANSWERS[error.code ?? ""] ?? 400;
      socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n\r\n`);
    }
  }
  socket.destroy();
}
