/**
 * After the build: the SHA-256 of every inline script in each prerendered page, so the server can send
 * a strict Content-Security-Policy for static HTML (a per-request nonce cannot be written into a file).
 * Writes build/csp-hashes.json: { "/about": ["'sha256-…'", …], … }.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { inlineScriptHashes } from "../app/server/csp.server.ts";

const clientDir = path.resolve("build/client");
const hashes: Record<string, string[]> = {};

function walk(dir: string, route: string) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== "assets" && entry !== "og" && entry !== "cms") walk(full, `${route}/${entry}`);
    } else if (entry === "index.html") {
      hashes[route || "/"] = inlineScriptHashes(readFileSync(full, "utf8"));
    }
  }
}

walk(clientDir, "");
writeFileSync(path.resolve("build/csp-hashes.json"), JSON.stringify(hashes, null, 2));
const total = Object.values(hashes).reduce((n, list) => n + list.length, 0);
console.log(`csp-hashes: ${Object.keys(hashes).length} pages, ${total} inline scripts hashed (${createHash("sha256").update(JSON.stringify(hashes)).digest("hex").slice(0, 8)})`);
