/**
 * The signed, expiring tokens of the links in e-mails that act without a sign-in (the newsletter's, booking's and
 * review's): `<code>.<id>.<expiry, base 36 seconds>.<signature>`. The signature is an HMAC of the first three
 * parts under a namespace, so a token made for one family of links never verifies in another, and its code
 * tells apart the purposes within one.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const sign = (namespace: string, secret: string, payload: string) =>
  createHmac("sha256", secret).update(`${namespace}:${payload}`).digest("base64url").slice(0, 32);

export function makeToken(
  namespace: string,
  code: string,
  id: string,
  ttlMs: number,
  secret: string,
  now: Date,
): string {
  const payload = [code, id, Math.ceil((now.getTime() + ttlMs) / 1000).toString(36)].join(".");
  return `${payload}.${sign(namespace, secret, payload)}`;
}

/** The id a token names, or why not: "invalid" (forged, altered, another purpose's or family's) or "expired". */
export function readToken(
  token: string,
  namespace: string,
  code: string,
  secret: string,
  now: Date,
): { id: string } | "invalid" | "expired" {
  if (token.length > 200) return "invalid";
  const parts = token.split(".");
  if (parts.length !== 4) return "invalid";
  const [given = "", id = "", expiry = "", signature = ""] = parts;
  const expected = Buffer.from(sign(namespace, secret, parts.slice(0, 3).join(".")));
  const actual = Buffer.from(signature);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected) || given !== code || !id)
    return "invalid";
  if (Number.parseInt(expiry, 36) * 1000 < now.getTime()) return "expired";
  return { id };
}
