/**
 * What the owner receives, captured for the end-to-end tests: a real SMTP server (smtp-server) and a
 * webhook endpoint, started by global-setup.ts in the Playwright runner. Each message or webhook call
 * is written to a file, so tests in any worker can read what arrived. Creating the file SMTP_DOWN in
 * the mail folder makes the SMTP server refuse connections (an outage).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// Next to the site's own port, so that two test runs on one machine (E2E_PORT) do not collide.
const SITE_PORT = Number(process.env.E2E_PORT ?? 3210);
export const SMTP_PORT = SITE_PORT + 1;
export const HOOK_PORT = SITE_PORT + 2;
export const WEBHOOK_SECRET = "e2e-webhook-secret-0123456789";
export const LEADS_TO = "owner@gemstateexteriorcleaning.com";
export const MAIL_FROM = "website@gemstateexteriorcleaning.com";
/** The review link the test server's review requests carry (REVIEW_URL). */
export const REVIEW_URL = "https://g.page/r/gemstate-e2e/review";

export function sinkDirs(dataDir: string) {
  const mail = path.join(dataDir, "received-mail");
  const hooks = path.join(dataDir, "received-hooks");
  mkdirSync(mail, { recursive: true });
  mkdirSync(hooks, { recursive: true });
  return { mail, hooks, smtpDownFlag: path.join(mail, "SMTP_DOWN") };
}

const dirs = () => sinkDirs(process.env.E2E_DATA_DIR!);

export function setSmtpDown(down: boolean) {
  const { smtpDownFlag } = dirs();
  if (down) writeFileSync(smtpDownFlag, "1");
  else if (existsSync(smtpDownFlag)) rmSync(smtpDownFlag);
}

/** Raw messages received so far whose text contains `needle`. */
export function mailsContaining(needle: string): string[] {
  const { mail } = dirs();
  return readdirSync(mail)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => readFileSync(path.join(mail, f), "utf8"))
    .filter((raw) => raw.includes(needle));
}

/** Messages received so far whose To header names `to` and whose text contains `needle`. */
export function mailsTo(to: string, needle: string): string[] {
  return mailsContaining(needle).filter((raw) => {
    const head = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, " ");
    return /^to:(.*)$/im.exec(head)?.[1]?.toLowerCase().includes(to.toLowerCase()) ?? false;
  });
}

export interface HookCall {
  headers: Record<string, string>;
  body: string;
}

export function hooksContaining(needle: string): HookCall[] {
  const { hooks } = dirs();
  return readdirSync(hooks)
    .map((f) => JSON.parse(readFileSync(path.join(hooks, f), "utf8")) as HookCall)
    .filter((call) => call.body.includes(needle));
}
