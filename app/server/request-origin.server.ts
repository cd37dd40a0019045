/**
 * Which origin a request was sent to, as the browser saw it (docs/security.md "Behind a TLS proxy").
 * In production that is SITE_URL, whatever the connection looks like: the TLS proxy in front terminates
 * HTTPS and talks plain HTTP to this server, and TRUST_PROXY only decides whose address a request has. Two
 * exceptions take the connection's own origin: development (`--dev`), and a local visit (the request names
 * this machine, http://localhost:3000, and not SITE_URL's host).
 * Plain module working on node:http requests: server.ts uses it in Express and in the prerendered fast path.
 */
import type { IncomingMessage } from "node:http";
import { BlockList, isIPv4 } from "node:net";

/** Express's compiled "trust proxy" function: whether the hop at `address` is a proxy of ours. */
export type TrustProxy = (address: string | undefined, hop: number) => boolean;

export interface RequestOrigin {
  /** scheme://host[:port], as in the browser's Origin header. */
  origin: string;
  https: boolean;
}

/** The headers a proxy adds; a request with none of them came straight from its client. */
const FORWARDING_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-proto",
  "x-forwarded-host",
  "x-real-ip",
  "via",
];

const isLoopbackHost = (host: string) => {
  const hostname = host.replace(/:\d+$/, "").toLowerCase();
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
};

/** Where a proxy of the hosting sits: this machine or a private network. */
const privateNetworks = new BlockList();
for (const [network, prefix] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
] as const)
  privateNetworks.addSubnet(network, prefix, "ipv4");
privateNetworks.addAddress("::1", "ipv6");
privateNetworks.addSubnet("fc00::", 7, "ipv6");
const isPrivateAddress = (address: string) => {
  const v4 = address.replace(/^::ffff:/i, "");
  return isIPv4(v4) ? privateNetworks.check(v4, "ipv4") : privateNetworks.check(address, "ipv6");
};

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(",")[0]?.trim().toLowerCase();

export function requestOrigins({
  siteUrl,
  dev,
  trustProxy,
}: {
  siteUrl: string;
  dev: boolean;
  trustProxy: TrustProxy;
}) {
  const site = new URL(siteUrl);
  const siteOrigin: RequestOrigin = { origin: site.origin, https: site.protocol === "https:" };
  const encrypted = (req: IncomingMessage) => Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const fromTrustedProxy = (req: IncomingMessage) => trustProxy(req.socket.remoteAddress, 0);

  /** Express's req.protocol and req.host: X-Forwarded-Proto and -Host count only from the hops TRUST_PROXY names. */
  const asConnected = (req: IncomingMessage): RequestOrigin & { host: string } => {
    const trusted = fromTrustedProxy(req);
    const proto = encrypted(req) ? "https" : trusted ? (first(req.headers["x-forwarded-proto"]) ?? "http") : "http";
    const host =
      (trusted ? first(req.headers["x-forwarded-host"]) : undefined) ?? req.headers.host?.trim().toLowerCase() ?? "";
    return { origin: `${proto}://${host || "localhost"}`, https: proto === "https", host };
  };

  /** The origin the browser used: SITE_URL in production, except for a local visit (and in development). */
  const of = (req: IncomingMessage): RequestOrigin => {
    const { host, ...connected } = asConnected(req);
    if (dev || (isLoopbackHost(host) && host !== site.host)) return connected;
    return siteOrigin;
  };

  /**
   * Whether a request for SITE_URL (https) reached us over plain HTTP, told without trusting the client to
   * lower anything: X-Forwarded-Proto says http (from anyone: it can only earn its sender a redirect), or the
   * connection is direct (no forwarding header, not from a trusted proxy) and not TLS. A proxy that forwards
   * without any forwarding header cannot be told from a direct client: it must send one (X-Forwarded-Proto).
   */
  const isPlainHttp = (req: IncomingMessage): boolean => {
    const origin = of(req);
    if (origin !== siteOrigin || !origin.https || encrypted(req)) return false;
    const proto = first(req.headers["x-forwarded-proto"]);
    if (proto) return proto === "http";
    return !fromTrustedProxy(req) && !FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);
  };

  /**
   * A request that a proxy TRUST_PROXY does not name forwarded (forwarding headers, from this machine or a
   * private network): its visitors all share the proxy's address for the rate limits and the sign-in lockout.
   */
  const viaUnnamedProxy = (req: IncomingMessage): boolean =>
    !fromTrustedProxy(req) &&
    isPrivateAddress(req.socket.remoteAddress ?? "") &&
    FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined);

  return { of, isPlainHttp, viaUnnamedProxy, siteOrigin: site.origin };
}
