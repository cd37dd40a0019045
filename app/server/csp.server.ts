/**
 * The Content-Security-Policy (docs/security.md): nothing is allowed by default; scripts only from this
 * origin plus the page's own inline scripts, named by hash (prerendered pages, hashed at build time) or
 * by a per-request nonce (server-rendered responses). The city map frame is allowed by name.
 */
import { createHash, randomBytes } from "node:crypto";
import { DEFERRED_MODULE_TYPE } from "../lib/early-script.ts";

const MAP_FRAME = "https://www.google.com";

/** SHA-256 sources for the executable inline <script> elements of an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    if (/\bsrc\s*=/i.test(attributes)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    // Data blocks such as ld+json are not scripts; the app's deferred module script runs later, as written.
    if (type && type !== "module" && type !== "text/javascript" && type !== DEFERRED_MODULE_TYPE) continue;
    // An empty script (the hydration scripts' places, scripts/externalize-hydration.ts) is never run, so never
    // checked against the policy: HTML's "prepare the script element" returns before the CSP check when an
    // inline script's text is empty. Its hash would be 54 bytes of every such page's headers for nothing.
    if (!match[2]) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "", "utf8")
        .digest("base64")}'`,
    );
  }
  return [...hashes];
}

export const newNonce = () => randomBytes(16).toString("base64");

export function contentSecurityPolicy({ scriptSources, https }: { scriptSources: string[]; https: boolean }): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'none'"],
    ["script-src", "'self'", ...scriptSources],
    ["style-src", "'self'"],
    // blob: the thumbnails of the photos a visitor chose, shown before anything is sent (app/components/forms/photo-field.tsx).
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'"],
    ["manifest-src", "'self'"],
    ["frame-src", MAP_FRAME],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
    ["base-uri", "'none'"],
    ["object-src", "'none'"],
  ];
  if (https) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}
