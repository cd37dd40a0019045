/** Security headers for every response (docs/decisions/002-rendering-and-serving.md). */
import type { NextFunction, Request, Response } from "express";

export function securityHeaders({ hsts }: { hsts: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.set({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
      "Cross-Origin-Opener-Policy": "same-origin",
      "X-Frame-Options": "DENY",
    });
    // req.secure follows "trust proxy": a client's own X-Forwarded-Proto counts for nothing.
    if (hsts && req.secure) {
      res.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
    next();
  };
}
