/** Security headers for every response (docs/decisions/002-rendering-and-serving.md). */
import type { NextFunction, Request, Response } from "express";

const HSTS = "max-age=31536000; includeSubDomains";

/** The headers themselves; HSTS only when asked (the request came over HTTPS and SITE_URL is https). */
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

export function securityHeaders({ hsts }: { hsts: boolean }) {
  // req.secure follows "trust proxy": a client's own X-Forwarded-Proto counts for nothing.
  return (req: Request, res: Response, next: NextFunction) => {
    res.set(securityHeaderValues({ hsts: hsts && req.secure }));
    next();
  };
}
