/**
 * The VPS recipe on loopback: Caddy (Debian's package) with deploy/Caddyfile in front of the production server
 * run as deploy/gemstate.socket and gemstate.service run it (its port held across restarts, TRUST_PROXY=loopback). Caddy serves an IP address with its own local
 * CA, so the clients here accept its certificate. What a visitor and the owner get through it: pages over HTTPS
 * with HSTS, the session cookie marked Secure, the rate limit counted per visitor (clients from different
 * 127.x.y.z addresses; Caddy writes X-Forwarded-For from the connection, not from what the client sent), and
 * a restart of the server during a stream of submissions without one failed request (the held socket; a new
 * connection per request).
 *
 * The production Caddyfile is used as it is: a test-only file sets the global options (local CA, ports,
 * loopback only, no admin endpoint, no change to the system's trust store) and imports it.
 */
import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";
import { CONFIRMATION, estimateBody, exitOf, freePort, ROOT, storedLeads, waitFor } from "../support/processes.ts";
import {
  type Answer,
  caddyAddress,
  fetchFrom,
  hasCaddy,
  postFormFrom,
  serverFolderFor,
  startRecipeCaddy,
} from "../support/caddy-recipe.ts";

test.skip(({ isMobile }) => isMobile, "process-level tests run once, in the desktop project");
test.skip(!hasCaddy(), "Caddy is not installed (Debian: apt-get install caddy)");
test.describe.configure({ timeout: 120_000 });

const undo: (() => Promise<unknown> | unknown)[] = [];
test.afterEach(async () => {
  while (undo.length > 0) await undo.pop()!();
});

/** A visitor without JavaScript sends the estimate form (its Origin is the site's, as a browser sends it) and follows the answer's redirect. */
async function submitFrom(
  origin: string,
  from: string,
  extraHeaders: Record<string, string> = {},
  email = `caddy-${randomUUID()}@example.com`,
): Promise<Answer> {
  return postFormFrom(origin, "/estimate", estimateBody(email), { from, headers: extraHeaders });
}

interface Stack {
  origin: string;
  dataDir: string;
  /** SIGTERM to the server, as `systemctl restart gemstate` does; resolves once the next one answers. */
  restartServer(): Promise<void>;
}

/**
 * The production server as deploy/gemstate.socket and gemstate.service run it (its socket held across restarts,
 * tests/support/socket-holder.ts), and Caddy in front of it, as the recipe sets them up.
 */
async function startStack(env: Record<string, string>): Promise<Stack> {
  const dir = mkdtempSync(path.join(tmpdir(), "gs-caddy-"));
  undo.push(() => rmSync(dir, { recursive: true, force: true }));
  const dataDir = path.join(dir, "data");
  const serverDir = path.join(dir, "server");
  mkdirSync(serverDir);
  const port = await freePort();
  const address = await caddyAddress();
  const { origin } = address;
  // SITE_URL is the address Caddy serves; the server runs in a folder whose build names it.
  serverFolderFor(origin, serverDir);
  const serverEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DATABASE_URL: "",
    SMTP_URL: "",
    MAIL_TRANSPORT: "files",
    LEAD_WEBHOOK_URL: "",
    LOG_LEVEL: "warn",
    SITE_URL: origin,
    // As deploy/env.example has them: the recipe's proxy setting, and keys that outlive a restart.
    TRUST_PROXY: "loopback",
    RECEIPT_SECRET: randomBytes(32).toString("hex"),
    LINK_SECRET: randomBytes(32).toString("hex"),
    ...env,
  };
  const holder = spawn(
    process.execPath,
    [
      path.join(ROOT, "tests/support/socket-holder.ts"),
      String(port),
      serverDir,
      process.execPath,
      path.join(ROOT, "server.ts"),
    ],
    {
      cwd: serverDir,
      env: serverEnv,
      stdio: "ignore",
    },
  );
  const holderExited = exitOf(holder);
  const serverPid = () => Number(readFileSync(path.join(serverDir, "pid"), "utf8").trim());
  const exits = () =>
    existsSync(path.join(serverDir, "exits"))
      ? readFileSync(path.join(serverDir, "exits"), "utf8").trim().split("\n")
      : [];
  undo.push(async () => {
    writeFileSync(path.join(serverDir, "stop"), "");
    if (existsSync(path.join(serverDir, "pid"))) process.kill(serverPid(), "SIGKILL");
    await holderExited;
  });
  const serverAnswers = async () => {
    if (holder.exitCode !== null) throw new Error(`the socket holder exited with ${holder.exitCode}`);
    return fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
  };
  await waitFor("the server", serverAnswers, 30_000);

  const caddy = await startRecipeCaddy(dir, "Caddyfile", address, { PORT: String(port) });
  undo.push(() => caddy.stop());
  return {
    origin,
    dataDir,
    async restartServer() {
      const [pid, stopped] = [serverPid(), exits().length];
      process.kill(pid, "SIGTERM");
      await waitFor("the old server's exit", () => exits().length > stopped, 30_000, 20);
      expect(exits().at(-1), "the server's exit code after SIGTERM").toBe("0");
      await waitFor(
        "the next server",
        async () => existsSync(path.join(serverDir, "pid")) && serverPid() !== pid && (await serverAnswers()),
        30_000,
      );
    },
  };
}

test("pages over HTTPS with HSTS, and the owner's session cookie is Secure", async ({ browser }) => {
  const { origin, dataDir } = await startStack({});
  const home = await fetchFrom(`${origin}/`);
  expect(home.status).toBe(200);
  expect(home.body).toContain("Gem State Exterior Cleaning");
  expect(home.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
  // Compressed once, by the server: one Content-Encoding, and the body decodes (Node decodes nothing itself).
  const compressed = await fetchFrom(`${origin}/`, { headers: { "accept-encoding": "br, gzip" } });
  expect(compressed.headers["content-encoding"]).toMatch(/^(br|gzip)$/);

  const email = uniqueOwner("caddy");
  await addOwnerWithCli(email, dataDir);
  const context = await browser.newContext({ ignoreHTTPSErrors: true, baseURL: origin });
  undo.push(() => context.close());
  const page = await context.newPage();
  await signIn(page, email, { origin });
  const session = (await context.cookies(origin)).filter((cookie) => cookie.httpOnly);
  expect(session.length).toBeGreaterThan(0);
  for (const cookie of session) expect(cookie.secure, `cookie ${cookie.name}`).toBe(true);
});

test("the rate limit counts each visitor behind Caddy, not Caddy itself", async () => {
  const { origin } = await startStack({ LEAD_RATE_LIMIT: "2", LEAD_MIN_FILL_SECONDS: "0" });
  const first = "127.0.0.2";
  for (let i = 0; i < 2; i++) {
    const answer = await submitFrom(origin, first);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(CONFIRMATION);
  }
  const third = await submitFrom(origin, first);
  expect(third.status).toBe(429);
  expect(third.body).toContain("You have sent several requests in a short time");
  // Writing another address into X-Forwarded-For does not make the same visitor someone new.
  const disguised = await submitFrom(origin, first, { "x-forwarded-for": "203.0.113.7" });
  expect(disguised.status).toBe(429);

  // Another visitor, through the same Caddy, is not held up by the first one's limit.
  const other = await submitFrom(origin, "127.0.0.3");
  expect(other.status).toBe(200);
  expect(other.body).toContain(CONFIRMATION);
});

test("a restart of the server during a stream of submissions loses no request", async () => {
  const stack = await startStack({ LEAD_RATE_LIMIT: "0", LEAD_MIN_FILL_SECONDS: "0" });
  const results: { email: string; status: number; confirmed: boolean; error?: string }[] = [];
  let restarted = false;
  // Two visitors sending one request after another, until the restarted server has answered some of them.
  const sender = async () => {
    while (!restarted || results.filter((r) => r.status === 200).length < 40) {
      const email = `stream-${randomUUID()}@example.com`;
      try {
        const answer = await submitFrom(stack.origin, "127.0.0.1", {}, email);
        results.push({ email, status: answer.status, confirmed: answer.body.includes(CONFIRMATION) });
      } catch (error) {
        results.push({ email, status: 0, confirmed: false, error: (error as Error).message });
      }
      if (results.length > 2000) break;
    }
  };
  const senders = [sender(), sender()];
  await waitFor("a few submissions before the restart", () => results.length >= 10, 30_000, 20);
  const before = results.length;
  const restartStart = Date.now();
  await stack.restartServer();
  console.log(`server restarted in ${Date.now() - restartStart} ms`);
  restarted = true;
  await Promise.all(senders);

  expect(results.length).toBeGreaterThan(before);
  expect(results.filter((r) => r.status !== 200 || !r.confirmed)).toEqual([]);
  const stored = new Set((await storedLeads(stack.dataDir)).map((lead) => lead.contact.email));
  expect(results.filter((r) => !stored.has(r.email)).map((r) => r.email)).toEqual([]);
});
