import { mkdtempSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { chromiumArgs, findChromium } from "./scripts/chromium.ts";
import { HOOK_PORT, LEADS_TO, MAIL_FROM, REVIEW_URL, SMTP_PORT, WEBHOOK_SECRET } from "./tests/e2e/sinks.ts";
import { smtpUrl } from "./tests/support/smtp-sink.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "gs-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

/** End-to-end tests against the production build served by the real server (run `npm run build` first). */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  fullyParallel: true,
  // At least two, as in CI: Playwright's default (half the cores) was one worker on a two-core machine, and the
  // tests spend much of their time waiting on servers, mail and timers (E2E_WORKERS overrides).
  workers: Number(process.env.E2E_WORKERS) || Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    launchOptions: { executablePath: findChromium(), args: chromiumArgs.filter((a) => a !== "--headless") },
    trace: "off",
  },
  projects: [
    { name: "mobile", use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    { name: "desktop", use: { viewport: { width: 1440, height: 900 } } },
  ],
  webServer: {
    command: "node server.ts",
    url: `http://localhost:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL: "https://www.gemstateexteriorcleaning.com",
      LOG_LEVEL: "warn",
      LEAD_RATE_LIMIT: "1000",
      // Every test's requests come from 127.0.0.1, two workers at once: one address is the whole suite here
      // (the per-client share is asserted by fair-share.spec.ts, on a server of its own).
      MAX_BODIES_PER_CLIENT: "1000",
      // Fill time is asserted in the action tests; here a test fills a form faster than a person would.
      LEAD_MIN_FILL_SECONDS: "0",
      SMTP_URL: smtpUrl(SMTP_PORT),
      MAIL_FROM,
      LEADS_TO,
      LEAD_WEBHOOK_URL: `http://127.0.0.1:${HOOK_PORT}/leads`,
      LEAD_WEBHOOK_SECRET: WEBHOOK_SECRET,
      OUTBOX_FIRST_RETRY_SECONDS: "1",
      // Completed jobs ask for a review here (tests/e2e/booking-admin.spec.ts); no request goes to it.
      REVIEW_URL,
    },
  },
});
