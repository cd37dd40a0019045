/**
 * A site of its own for the specs that follow the owner's text messages (sms-alert, quotes, deposits): the
 * production build on a free port with a data folder of its own, e-mails written to DATA_DIR/mail, the owner's
 * texts sent to a local fake of Twilio (fakeTextSettings), failed sends retried after 0.2 s, 0.4 s … One per
 * worker, as the fixture `site`; `prepare` starts what else the spec's site talks to (the fake Stripe) and
 * gives its settings, what the tests read of it, and how to stop it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "../../app/server/kit/db/database.server.ts";
import { test as base } from "../e2e/fixtures.ts";
import { fakeTextSettings, startFakeTwilio, type FakeTwilio } from "./fake-twilio.ts";
import { freePort, startServer, type ServerHandle } from "./processes.ts";

export const SITE_URL = "https://www.gemstateexteriorcleaning.com";

export type TextSite = { server: ServerHandle; database: Database; twilio: FakeTwilio; dataDir: string };

type Prepared = { env?: Record<string, string>; close?: () => Promise<void> };

export function withTextSite<P extends Prepared = Prepared>(
  name: string,
  prepare: () => Promise<P> = async () => ({}) as P,
) {
  return base.extend<object, { site: TextSite & Omit<P, "env" | "close"> }>({
    site: [
      // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const prepared = await prepare();
        const { env = {}, close, ...extra } = prepared;
        const twilio = await startFakeTwilio();
        const dir = mkdtempSync(path.join(tmpdir(), `gs-${name}-`));
        const dataDir = path.join(dir, "data");
        const server = await startServer({
          // A port of its own per worker: each worker that runs a test of the file starts its own site.
          port: await freePort(),
          dataDir,
          env: {
            SITE_URL,
            MAIL_TRANSPORT: "files",
            ...fakeTextSettings(twilio.url),
            OUTBOX_FIRST_RETRY_SECONDS: "0.2",
            LOG_LEVEL: "info",
            ...env,
          },
        });
        const database = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
        await use({ server, database, twilio, dataDir, ...(extra as Omit<P, "env" | "close">) });
        await database.close();
        await server.stop();
        await twilio.close();
        await close?.();
        rmSync(dir, { recursive: true, force: true });
      },
      { scope: "worker" },
    ],
    baseURL: async ({ site }, use) => use(site.server.origin),
  });
}
