/**
 * How much of a request body the server reads (docs/security.md). Plain module without path aliases:
 * server.ts (run by Node) and the form actions (bundled by Vite) both import it.
 */
import type { NextFunction, Request, Response } from "express";
import { MAX_RESUME_BYTES } from "../forms/options.ts";

/** URL-encoded bodies, on every route. */
export const TEXT_FORM_LIMIT = 64 * 1024;
/** Multipart bodies of the job application (a résumé and the text fields). */
export const UPLOAD_FORM_LIMIT = MAX_RESUME_BYTES + TEXT_FORM_LIMIT;

const hasBody = (req: Request) =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/**
 * Refuses a declared body over its limit (413) before reading it, and answers 503 with Retry-After when
 * `maxInFlight` requests with a body are already being handled. `refuse` writes the answer page.
 */
export function bodyLimits({
  maxInFlight,
  refuse,
}: {
  maxInFlight: number;
  refuse: (res: Response, status: number, sentence: string) => void;
}) {
  let inFlight = 0;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const multipart = /^multipart\//i.test(req.get("content-type") ?? "");
    if (Number(req.headers["content-length"] ?? 0) > (multipart ? UPLOAD_FORM_LIMIT : TEXT_FORM_LIMIT)) {
      res.set("Connection", "close");
      return refuse(res, 413, "This form is too large to send.");
    }
    if (inFlight >= maxInFlight) {
      res.set({ "Retry-After": "5", Connection: "close" });
      return refuse(res, 503, "We are very busy right now. Please try again in a few seconds.");
    }
    inFlight++;
    res.once("close", () => inFlight--);
    next();
  };
}
