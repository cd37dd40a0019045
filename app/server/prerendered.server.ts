/**
 * The prerendered pages, served from memory before Express: a GET or HEAD of a page's path without a
 * query string is answered with the HTML written at build time (its brotli or gzip copy when accepted),
 * the page's own Content-Security-Policy (hashes of its inline scripts) and the security headers.
 * Everything else goes on to Express. The site's handler (app/server/app.server.ts) asks this first.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { prerenderedPages } from "../lib/build-files.server.ts";
import { contentSecurityPolicy } from "./csp.server.ts";
import { securityHeaderValues } from "./security.server.ts";
import { acceptedEncodings } from "./static-files.server.ts";

interface Variant {
  body: Buffer;
  etag: string;
}

interface Page {
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
  csp: { http: string; https: string };
}

const variant = (body: Buffer): Variant => ({
  body,
  etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
});

/** Reads every `index.html` under root (with its .br/.gz copies) once, at start. */
export function loadPrerendered(root: string, cspHashes: Record<string, string[]>): Map<string, Page> {
  const pages = new Map<string, Page>();
  for (const { route, file: full } of prerenderedPages(root)) {
    const scriptSources = cspHashes[route] ?? [];
    pages.set(route, {
      identity: variant(readFileSync(full)),
      br: existsSync(`${full}.br`) ? variant(readFileSync(`${full}.br`)) : undefined,
      gzip: existsSync(`${full}.gz`) ? variant(readFileSync(`${full}.gz`)) : undefined,
      csp: {
        http: contentSecurityPolicy({ scriptSources, https: false }),
        https: contentSecurityPolicy({ scriptSources, https: true }),
      },
    });
  }
  return pages;
}

/**
 * Answers the request when it is a prerendered page and returns true; otherwise returns false.
 * `isHttps` must be the rule Express's responses follow (app/server/app.server.ts passes the same function to both).
 */
export function servePrerenderedFast(
  pages: Map<string, Page>,
  options: { hsts: boolean; isHttps: (req: IncomingMessage) => boolean },
) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !req.url || req.url.includes("?")) return false;
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.url);
    } catch {
      return false;
    }
    const key = pathname === "/" ? "/" : pathname.replace(/\/+$/, "");
    const page = pages.get(key);
    if (!page) return false;
    const accepted = acceptedEncodings(req.headers["accept-encoding"]);
    const [encoding, chosen] =
      accepted.has("br") && page.br
        ? (["br", page.br] as const)
        : accepted.has("gzip") && page.gzip
          ? (["gzip", page.gzip] as const)
          : ([null, page.identity] as const);
    const https = options.isHttps(req);
    const headers: Record<string, string> = {
      ...securityHeaderValues({ hsts: options.hsts && https }),
      "Content-Security-Policy": https ? page.csp.https : page.csp.http,
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "public, max-age=300, must-revalidate",
      Vary: "Accept-Encoding",
      ETag: chosen.etag,
    };
    if (encoding) headers["Content-Encoding"] = encoding;
    const inm = req.headers["if-none-match"];
    if (inm && inm.split(",").some((t) => t.trim() === chosen.etag)) {
      res.writeHead(304, headers).end();
      return true;
    }
    headers["Content-Length"] = String(chosen.body.length);
    res.writeHead(200, headers);
    res.end(req.method === "HEAD" ? undefined : chosen.body);
    return true;
  };
}
