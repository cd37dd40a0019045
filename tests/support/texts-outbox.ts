/**
 * Test support (Vitest): texts through the outbox against the fake Twilio API. Registers the hooks that give each
 * test a fresh database on `dialect`, the fake API (one per file, its requests cleared before each test) and an
 * outbox worker that polls only when told (`drain`), on the clock the test moves (`now`), with the senders that
 * `senders` makes; the e-mails, if any, go to files in the test's data directory.
 */
import pino from "pino";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import type { Database } from "../../app/server/kit/db/database.server.ts";
import { parseEnv } from "../../app/server/kit/env.server.ts";
import type { Sender } from "../../app/server/notify/delivery.server.ts";
import type { SenderContext } from "../../app/server/notify/jobs.server.ts";
import { startOutboxWorker, type OutboxWorker } from "../../app/server/notify/outbox.server.ts";
import { fakeTextSettings, startFakeTwilio, type FakeTwilio } from "./fake-twilio.ts";
import { createTestStorage, type TestStorage } from "./storage.ts";

export interface TextsOutbox {
  database: Database;
  fake: FakeTwilio;
  worker: OutboxWorker;
}

export function useTextsOutbox(
  dialect: Parameters<typeof createTestStorage>[0],
  options: {
    now: () => Date;
    senders: (context: SenderContext) => Record<string, Sender>;
    env?: Record<string, string>;
  },
): () => TextsOutbox {
  let storage: TestStorage;
  let fake: FakeTwilio;
  let current: TextsOutbox | undefined;
  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    fake.requests.length = 0;
    storage = await createTestStorage(dialect);
    const database = await storage.open();
    const env = parseEnv({
      NODE_ENV: "test",
      DATA_DIR: storage.env.DATA_DIR,
      ...fakeTextSettings(fake.url),
      ...options.env,
    });
    const worker = startOutboxWorker({
      database,
      env,
      logger: pino({ level: "silent" }),
      pollMs: 3_600_000,
      now: options.now,
      senders: options.senders({ database, env, now: options.now }),
    });
    current = { database, fake, worker };
  });
  afterEach(async () => {
    await current?.worker.stop();
    current = undefined;
    await storage.cleanup();
  });
  return () => {
    if (!current) throw new Error("the texts' outbox is set up for each test only");
    return current;
  };
}
