/** Security headers for every response (docs/decisions/002-rendering-and-serving.md). */
import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";

const HSTS = "max-age=31536000; includeSubDomains";

/** The headers themselves; HSTS only when asked (SITE_URL is https and the request was sent to it). */
export function securityHeaderValues({ hsts }: { hsts: boolean }): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    ...(hsts ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

/**
 * `hsts`: false, or whether the browser used https, as server.ts decides it (app/server/request-origin.server.ts:
 * SITE_URL's scheme in production), never from a client's own header.
 */
export function securityHeaders({ hsts }: { hsts: false | ((req: IncomingMessage) => boolean) }) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.set(securityHeaderValues({ hsts: hsts !== false && hsts(req) }));
    next();
  };
}
