/**
 * Test support: Stripe's webhook alone on a loopback port (app/server/features/payments/webhook.server.ts), as
 * app.server.ts mounts it, for the payments tests: its origin, how often it woke the outbox, what it logged.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import type { Database } from "../../app/server/kit/db/database.server.ts";
import type { Env } from "../../app/server/kit/env.server.ts";
import { stripeWebhook, WEBHOOK_PATH } from "../../app/server/features/payments/webhook.server.ts";

export async function startWebhookSite(database: Database, env: Env) {
  let woken = 0;
  const logs: string[] = [];
  const app = express();
  const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(line) });
  app.all(WEBHOOK_PATH, stripeWebhook({ database, env, logger, notifyOutbox: () => void woken++ }));
  const site = createServer(app);
  await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(site.address() as AddressInfo).port}`,
    woken: () => woken,
    logs,
    close: () => new Promise<void>((resolve) => site.close(() => resolve())),
  };
}
