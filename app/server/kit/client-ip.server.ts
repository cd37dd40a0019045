/**
 * The visitor's address as the rate limit counts it. One IPv6 subscriber usually holds a whole /64
 * (and can pick any address in it), so IPv6 clients are counted by their /64; IPv4 (and IPv4-mapped
 * IPv6) by the address.
 */
import { isIPv6 } from "node:net";

export function rateLimitKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const address = ip.replace(/%.*$/, "");
  const [head = "", tail = ""] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = address.includes("::") ? (tail ? tail.split(":") : []) : [];
  // An embedded IPv4 tail (e.g. 64:ff9b::1.2.3.4) only ever sits in the last 32 bits; the /64 is before it.
  const missing = 8 - headGroups.length - tailGroups.length - (tailGroups.at(-1)?.includes(".") ? 1 : 0);
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}
