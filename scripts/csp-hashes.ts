/**
 * A post-build step (scripts/post-build.ts): the SHA-256 of every inline script in each prerendered page, so the server can send
 * a strict Content-Security-Policy for static HTML (a per-request nonce cannot be written into a file).
 * Writes build/csp-hashes.json: { "/about": ["'sha256-…'", …], … }.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { prerenderedPages } from "../app/lib/build-files.server.ts";
import { inlineScriptHashes } from "../app/server/csp.server.ts";

export function writeCspHashes(buildDir: string): string {
  const hashes: Record<string, string[]> = {};
  for (const { route, file } of prerenderedPages(path.join(buildDir, "client")))
    hashes[route] = inlineScriptHashes(readFileSync(file, "utf8"));
  writeFileSync(path.join(buildDir, "csp-hashes.json"), JSON.stringify(hashes, null, 2));
  const total = Object.values(hashes).reduce((n, list) => n + list.length, 0);
  return `csp-hashes: ${Object.keys(hashes).length} pages, ${total} inline scripts hashed (${createHash("sha256").update(JSON.stringify(hashes)).digest("hex").slice(0, 8)})`;
}

if (import.meta.main) console.log(writeCspHashes(path.resolve("build")));
