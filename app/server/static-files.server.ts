/**
 * Build files sent as the build wrote them: when a brotli or gzip copy sits beside a file
 * (scripts/precompress.ts) and the browser accepts it, the copy is sent with Content-Encoding and
 * `Vary: Accept-Encoding`, and the `compression` middleware leaves it alone. Used by app/server/app.server.ts for
 * build/client and by the prerendered pages (./prerendered.server.ts).
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import type { Request, Response } from "express";

export const COMPRESSIBLE = /\.(?:html|js|mjs|css|xml|svg|txt|json|data|webmanifest)$/;

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".data": "text/x-script",
  ".webmanifest": "application/manifest+json",
};

/** Which encodings the client accepts, by preference (q=0 excluded). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name) accepted.add(name.trim());
  }
  return accepted;
}

export function precompressed(root: string) {
  const variants = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const full = path.join(dir, entry);
      if (statSync(full).isDirectory()) walk(full);
      else if (entry.endsWith(".br") || entry.endsWith(".gz")) variants.add(full);
    }
  };
  walk(root);

  /**
   * The file to send for `file` (an absolute path under root): its .br or .gz copy when there is one the
   * client accepts, with the headers set; otherwise `file` itself.
   */
  return function choose(req: Request, res: Response, file: string): string {
    const br = `${file}.br`;
    const gz = `${file}.gz`;
    if (!variants.has(br) && !variants.has(gz)) return file;
    res.vary("Accept-Encoding");
    const accepted = acceptedEncodings(req.get("accept-encoding"));
    const pick =
      accepted.has("br") && variants.has(br)
        ? ["br", br]
        : accepted.has("gzip") && variants.has(gz)
          ? ["gzip", gz]
          : null;
    if (!pick) return file;
    res.set({ "Content-Encoding": pick[0], "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    return pick[1]!;
  };
}
