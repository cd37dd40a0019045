/**
 * What the Express server hands every loader and action: the database, settings, logger and the
 * outbox worker's wake-up call. The context key lives on globalThis because server.ts (run by Node)
 * and the route modules (bundled by Vite) load this file as two separate module instances.
 */
import type { Logger } from "pino";
import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import type { Database } from "./db/database.server.ts";
import type { Env } from "./env.server.ts";

export interface AppContext {
  database: Database;
  env: Env;
  logger: Logger;
  /** Wakes the outbox worker after a commit. */
  notifyOutbox: () => void;
  /** The visitor's address as Express resolved it (TRUST_PROXY aware). */
  clientIp: string;
  /** The browser posted the page itself (no JavaScript, not a fetcher's `.data` request): success answers 303. */
  documentRequest?: boolean;
  /** This response's Content-Security-Policy nonce (server-rendered pages). */
  nonce?: string;
}

const KEY = Symbol.for("gem-state.app-context");
const registry = globalThis as unknown as Record<symbol, RouterContext<AppContext | null> | undefined>;

export const appContext: RouterContext<AppContext | null> = (registry[KEY] ??= createContext<AppContext | null>(null));

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  const app = context.get(appContext);
  if (!app) throw new Error("The app context is missing: serve the site with server.ts");
  return app;
}
