/**
 * What every /admin loader and action starts with: the session cookie, the owner it names, and for
 * state changes the site's own Origin. Without a session nothing is read: the visitor is sent to sign in.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getApp, type AppContext } from "../context.ts";
import { readSession, SESSION_ABSOLUTE_MS, type OwnerSession } from "./auth.server.ts";

/** Over HTTPS the cookie carries the __Host- prefix: Secure, Path=/, no Domain, so no subdomain can set it. */
export const sessionCookieName = (https: boolean) => (https ? "__Host-gs_owner_session" : "gs_owner_session");

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

export function sessionToken(request: Request): string | null {
  const name = sessionCookieName(isHttps(request));
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function sessionCookie(request: Request, token: string | null): string {
  const https = isHttps(request);
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", ...(https ? ["Secure"] : [])];
  return token === null
    ? [`${sessionCookieName(https)}=`, "Max-Age=0", ...attributes].join("; ")
    : [`${sessionCookieName(https)}=${token}`, `Max-Age=${SESSION_ABSOLUTE_MS / 1000}`, ...attributes].join("; ");
}

/** Whether the request's Origin is this site's (the address it was sent to, or SITE_URL). A missing Origin is refused. */
export function isOwnOrigin(request: Request, siteUrl: string): boolean {
  const origin = request.headers.get("origin");
  return origin !== null && (origin === new URL(request.url).origin || origin === new URL(siteUrl).origin);
}

/**
 * Whether a request path is the inbox's as routing sees it: /admin, everything under it, and its
 * client-navigation data requests (/admin.data), after resolving dot segments and percent-escapes and in
 * any letter case (React Router matches /Admin/sign-in and /%61dmin/sign-in to the same routes).
 */
export function isAdminPath(rawPath: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(`http://x${rawPath.startsWith("/") ? "" : "/"}${rawPath}`).pathname;
  } catch {
    return true;
  }
  // Escapes of ASCII characters only (every letter of "admin"); others cannot change the match.
  pathname = pathname
    .replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\/{2,}/g, "/")
    .toLowerCase();
  return pathname === "/admin" || pathname.startsWith("/admin/") || pathname.startsWith("/admin.");
}

/** The headers of every /admin response, set by server.ts for the whole path (pages, data requests, exports, errors). */
export const ADMIN_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

export interface OwnerContext {
  app: AppContext;
  owner: OwnerSession;
}

/** The signed-in owner; otherwise a redirect to the sign-in page (thrown). With `write`, also the Origin check. */
export async function requireOwner(request: Request, context: Readonly<RouterContextProvider>, opts: { write?: boolean } = {}): Promise<OwnerContext> {
  const app = getApp(context);
  if (opts.write && !isOwnOrigin(request, app.env.SITE_URL)) {
    throw data({ message: "This change can only be made from the inbox's own pages." }, { status: 403 });
  }
  const token = sessionToken(request);
  const owner = token ? await readSession(app.database, token) : null;
  if (!owner) throw redirect("/admin/sign-in", { status: 303, headers: { ...(token ? { "Set-Cookie": sessionCookie(request, null) } : {}) } });
  return { app, owner };
}
