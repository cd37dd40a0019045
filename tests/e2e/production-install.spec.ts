/**
 * A production install as docs/deploy.md makes one: `npm run release DIR` from this built tree, then in DIR
 * `npm ci --omit=dev` and `NODE_ENV=production npm run serve`, on a PATH whose `node` is the system's (older)
 * Node. The site must serve its pages and store a request, and the owner's command line must list it: every
 * module they load is a dependency, and Node 24 comes with the install. Slow (a real install): one test.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { makeRelease } from "../../scripts/release.ts";
import { CONFIRMATION, estimateBody, exitOf, freePort, waitFor } from "../support/processes.ts";

test.skip(({ isMobile }) => isMobile, "process-level tests run once, in the desktop project");

/** The system's directories only: `node` there is whatever the machine has (Node 20 on Debian 12), not this project's. */
const SYSTEM_PATH = "/usr/local/bin:/usr/bin:/bin";
const SITE_URL = "https://www.gemstateexteriorcleaning.com";

/** `npm ci --omit=dev`, or `npm install` when the lockfile lacks another platform's optional package (as .ci/run does). */
export function installProduction(dir: string, env: NodeJS.ProcessEnv): void {
  const flags = ["--omit=dev", "--prefer-offline", "--no-audit", "--no-fund"];
  try {
    execFileSync("npm", ["ci", ...flags], { cwd: dir, env, stdio: "pipe" });
  } catch {
    execFileSync("npm", ["install", "--no-save", ...flags], { cwd: dir, env, stdio: "pipe" });
  }
}

test("a release installed with --omit=dev serves the site and stores a request where the system Node is older", async () => {
  test.setTimeout(300_000);
  const dir = mkdtempSync(path.join(tmpdir(), "gs-release-"));
  const release = path.join(dir, "site");
  const dataDir = path.join(dir, "data");
  const env = { ...process.env, PATH: SYSTEM_PATH, NODE_ENV: "production" };
  let server: ChildProcess | undefined;
  try {
    makeRelease(release);
    installProduction(release, env);
    const systemNode = execFileSync("node", ["--version"], { env, encoding: "utf8" }).trim();
    const installedNode = execFileSync("npm", ["exec", "--", "node", "--version"], {
      cwd: release,
      env,
      encoding: "utf8",
    }).trim();
    expect(installedNode, `the install brings its own Node (the system's is ${systemNode})`).toMatch(/^v24\./);

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const serverEnv = {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SITE_URL,
      MAIL_TRANSPORT: "files",
      LEAD_MIN_FILL_SECONDS: "0",
      LOG_LEVEL: "warn",
    };
    // Its own process group, so the stop below reaches the server under npm.
    server = spawn("npm", ["run", "serve"], {
      cwd: release,
      env: serverEnv,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    server.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = exitOf(server);
    await waitFor(
      "the installed server",
      async () => {
        if (server!.exitCode !== null)
          throw new Error(`the installed server exited with ${server!.exitCode}:\n${output.slice(-2000)}`);
        return fetch(`${origin}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
      },
      60_000,
    );

    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Gem State Exterior Cleaning");

    const email = `release-${Date.now()}@example.com`;
    // As a browser without JavaScript that sends no Origin header (the origin checks are tests/e2e/security.spec.ts's).
    const answer = await fetch(`${origin}/estimate`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: estimateBody(email),
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(CONFIRMATION);

    const listed = execFileSync("npm", ["run", "-s", "leads", "--", "list", "--json"], {
      cwd: release,
      env: { ...serverEnv, LOG_LEVEL: "silent" },
      encoding: "utf8",
    });
    expect(listed).toContain(email);

    // (npm itself ends on the signal; the server's clean stop is tests/e2e/faults.spec.ts's and test:container's.)
    process.kill(-server.pid!, "SIGTERM");
    await exited;
  } finally {
    if (server?.exitCode === null && server.signalCode === null) process.kill(-server.pid!, "SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
});
