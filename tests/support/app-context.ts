/**
 * A route's context as the server (app/server/app.server.ts) builds it, for calling loaders and actions directly
 * in unit tests.
 */
import pino from "pino";
import { RouterContextProvider } from "react-router";
import type { OwnerSession } from "../../app/server/features/admin/auth.server.ts";
import { ownerContext } from "../../app/server/features/admin/guard.server.ts";
import { appContext } from "../../app/server/kit/context.server.ts";
import type { Database } from "../../app/server/kit/db/database.server.ts";
import type { Env } from "../../app/server/kit/env.server.ts";

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
