/**
 * What the Express server hands every loader and action: the database, settings, logger and the
 * outbox worker's wake-up call. The server (app/server/app.server.ts) sets it under the key the server build
 * exports (app/entry.server.tsx): in production the bundle holds one instance of this module, but in
 * development Vite loads the routes again after a change, with a new one.
 */
import type { Logger } from "pino";
import { createContext, type RouterContext, type RouterContextProvider } from "react-router";
import type { Database } from "./db/database.server.ts";
import type { Env } from "./env.server.ts";
import type { LeadJournal } from "./leads.server.ts";
import type { UploadPlace } from "./multipart.server.ts";

export interface AppContext {
  database: Database;
  env: Env;
  logger: Logger;
  /** This instance's journal of requests taken while the database is away (docs/decisions/046-outage-journal.md). */
  journal?: LeadJournal;
  /** Wakes the outbox worker after a commit. */
  notifyOutbox: () => void;
  /** The visitor's address as Express resolved it (TRUST_PROXY aware). */
  clientIp: string;
  /** The browser posted the page itself (no JavaScript, not a fetcher's `.data` request): success answers 303. */
  documentRequest?: boolean;
  /** This response's Content-Security-Policy nonce (server-rendered pages). */
  nonce?: string;
  /** Where a photo body's files go: its photo slot and its folder in the spool (app/server/kit/spool.server.ts). */
  uploads?: UploadPlace;
}

/** The context's key. The server sets it through the server build's own instance (app/entry.server.tsx re-exports it). */
export const appContext: RouterContext<AppContext | null> = createContext<AppContext | null>(null);

export function getApp(context: Readonly<RouterContextProvider>): AppContext {
  const app = context.get(appContext);
  if (!app) throw new Error("The app context is missing: serve the site with server.ts");
  return app;
}
