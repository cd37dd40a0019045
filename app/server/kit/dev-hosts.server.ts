/**
 * Whose requests the development server answers (`npm run dev`, `npm run cms`): it serves the files of this
 * folder, so it answers only a request sent to its own name on this computer. A page elsewhere that points its
 * own name at 127.0.0.1 (DNS rebinding) sends its name as the Host, and is refused.
 * docs/decisions/021-private-dev-tools.md.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

/** The names of this computer that no other site can take: a page on another name never sends them as its Host. */
const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

export interface OwnHosts {
  /** The port the tool listens on: a loopback name must come with it. */
  port: number;
  /**
   * Names the owner chose to serve on too (Vite's `server.allowedHosts` in vite.config.ts; a name with a
   * leading dot allows its subdomains as well), with any port; `true` allows every name.
   */
  names?: readonly string[] | true;
  /** The address the owner opens the site at (SITE_URL): its host and port are allowed as they are. */
  siteUrl?: string;
}

/** A Host header split into its name (lower case, IPv6 in brackets) and port; null when it is not a host. */
function parseHost(host: string): { name: string; port: string } | null {
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(host.trim());
  if (!match) return null;
  return { name: match[1]!.toLowerCase(), port: match[2] ?? "" };
}

/** Whether `host` (a Host header, or an origin's host) names this server: a loopback name with its port, SITE_URL's host or a listed name. */
export function isOwnHost(host: string | undefined, own: OwnHosts): boolean {
  if (!host) return false;
  const parsed = parseHost(host);
  if (!parsed) return false;
  const port = parsed.port || "80";
  if (LOOPBACK_NAMES.has(parsed.name) && port === String(own.port)) return true;
  if (own.siteUrl && URL.canParse(own.siteUrl) && new URL(own.siteUrl).host === host.trim().toLowerCase()) return true;
  if (own.names === true) return true;
  return (own.names ?? []).some((listed) => {
    const name = listed.toLowerCase();
    return name.startsWith(".")
      ? parsed.name === name.slice(1) || parsed.name.endsWith(name)
      : parsed.name === name || parsed.name === `[${name}]`;
  });
}

/** The one answer to a request for another host: 403 and a plain sentence, no file, no page. */
export const OTHER_HOST_SENTENCE =
  "This development server answers only on this computer's own addresses (localhost). To use another name, add it to server.allowedHosts in vite.config.ts.";

/** A middleware (Express or Connect) that answers 403 to every request whose Host is not `own`'s. */
export function ownHostsOnly(own: OwnHosts) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (isOwnHost(req.headers.host, own)) return next();
    res.writeHead(403, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
    res.end(`${OTHER_HOST_SENTENCE}\n`);
  };
}

/** Whether a host (a HOST setting, a URL's hostname) is this computer: a loopback address or name. */
export function isLoopbackAddress(host: string): boolean {
  const h = host.trim().toLowerCase();
  return h === "localhost" || h === "::1" || h === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
