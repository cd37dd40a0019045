/**
 * A route's context as the server (app/server/app.server.ts) builds it, for calling loaders and actions directly
 * in unit tests.
 */
import pino from "pino";
import { RouterContextProvider } from "react-router";
import type { OwnerSession } from "../../app/server/admin/auth.server.ts";
import { ownerContext } from "../../app/server/admin/guard.server.ts";
import { appContext } from "../../app/server/context.server.ts";
import type { Database } from "../../app/server/db/database.server.ts";
import type { Env } from "../../app/server/env.server.ts";

export function routeContext(database: Database, env: Env, owner: OwnerSession | null = null): RouterContextProvider {
  const ctx = new RouterContextProvider();
  ctx.set(appContext, {
    database,
    env,
    logger: pino({ level: "silent" }),
    notifyOutbox: () => {},
    clientIp: "203.0.113.7",
    documentRequest: true,
  });
  ctx.set(ownerContext, owner);
  return ctx;
}
