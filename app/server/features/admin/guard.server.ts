/**
 * The owner's inbox gate: the session cookie and the owner it names, read once by route middleware
 * (app/routes/admin.tsx, app/routes/admin.signed-in.tsx) before any /admin loader or action runs, and the
 * inbox's headers. Without a session nothing is read: the visitor is sent to sign in. (A change's Origin is
 * checked at the HTTP edge, app/server/app.server.ts, before React Router: docs/decisions/018-framework-seam.md.)
 */
import { createContext, type MiddlewareFunction, redirect, type RouterContextProvider } from "react-router";
import { getApp, type AppContext } from "../../kit/context.server.ts";
import { DEVICE_TTL_MS, readSession, SESSION_ABSOLUTE_MS, type OwnerSession } from "./auth.server.ts";

/** Over HTTPS the cookie carries the __Host- prefix: Secure, Path=/, no Domain, so no subdomain can set it. */
export const sessionCookieName = (https: boolean) => (https ? "__Host-gs_owner_session" : "gs_owner_session");
/** The browser's device token (auth.server.ts): kept at sign-out, so the browser stays known. */
export const deviceCookieName = (https: boolean) => (https ? "__Host-gs_owner_device" : "gs_owner_device");

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/** The value of the request's cookie `name`, if it has that shape. */
function cookieValue(request: Request, name: string, shape: RegExp): string | null {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq !== -1 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return shape.test(value) ? value : null;
    }
  }
  return null;
}

export const sessionToken = (request: Request): string | null =>
  cookieValue(request, sessionCookieName(isHttps(request)), /^[A-Za-z0-9_-]{16,128}$/);

export const deviceToken = (request: Request): string | null =>
  cookieValue(request, deviceCookieName(isHttps(request)), /^[A-Za-z0-9_.-]{16,200}$/);

/** The device cookie: read only by the sign-in, so SameSite=Strict; HttpOnly, Secure over HTTPS. */
export function deviceCookie(request: Request, token: string): string {
  const https = isHttps(request);
  return [
    `${deviceCookieName(https)}=${token}`,
    `Max-Age=${DEVICE_TTL_MS / 1000}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    ...(https ? ["Secure"] : []),
  ].join("; ");
}

export function sessionCookie(request: Request, token: string | null): string {
  const https = isHttps(request);
  const attributes = ["Path=/", "HttpOnly", "SameSite=Lax", ...(https ? ["Secure"] : [])];
  return token === null
    ? [`${sessionCookieName(https)}=`, "Max-Age=0", ...attributes].join("; ")
    : [`${sessionCookieName(https)}=${token}`, `Max-Age=${SESSION_ABSOLUTE_MS / 1000}`, ...attributes].join("; ");
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

/**
 * The headers of every /admin response: set by inboxMiddleware below on all React Router answers (pages, data
 * requests, exports, errors, redirects) and by app/server/app.server.ts on what it refuses or redirects first.
 */
export const ADMIN_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } as const;

export interface OwnerContext {
  app: AppContext;
  owner: OwnerSession;
}

/** The owner the request's session names, or null: set by the inbox's middleware for every /admin route. */
export const ownerContext = createContext<OwnerSession | null>(null);

/**
 * The inbox's gate (app/routes/admin.tsx's middleware), run before any /admin loader or action, for pages and
 * `.data` requests alike: the session cookie is read once and its owner put in the context; every response,
 * errors and redirects included, is never stored by a cache nor indexed. (The Origin of a change is checked
 * before React Router sees the request, in app/server/app.server.ts: React Router's own check would answer first.)
 */
export const inboxMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const app = getApp(context);
  const token = sessionToken(request);
  context.set(ownerContext, token ? await readSession(app.database, token) : null);
  const response = await next();
  // A route's own Cache-Control stays when it forbids storing too (a photo's "private, no-store").
  const own = response.headers.get("Cache-Control");
  for (const [name, value] of Object.entries(ADMIN_HEADERS))
    if (!(name === "Cache-Control" && own && /\bno-store\b/.test(own))) response.headers.set(name, value);
  return response;
};

/** The signed-in pages' gate (app/routes/admin.signed-in.tsx): without an owner, to the sign-in page. */
export const signedInMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (!context.get(ownerContext)) {
    const stale = sessionToken(request) !== null;
    throw redirect("/admin/sign-in", {
      status: 303,
      headers: { ...ADMIN_HEADERS, ...(stale ? { "Set-Cookie": sessionCookie(request, null) } : {}) },
    });
  }
  return next();
};

/** The owner of a signed-in page (its layout's middleware has checked there is one), with the app context. */
export function signedIn(context: Readonly<RouterContextProvider>): OwnerContext {
  const owner = context.get(ownerContext);
  if (!owner) throw new Error("signedIn() is for routes under app/routes/admin.signed-in.tsx");
  return { app: getApp(context), owner };
}
