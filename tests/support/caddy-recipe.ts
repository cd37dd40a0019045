/**
 * Caddy (Debian's package) on loopback in front of servers started by the tests, with a Caddyfile from deploy/
 * used as it is (tests/support/caddy.ts is the plain TLS proxy of tls-proxy.spec.ts instead): a test-only file sets the global options (its own local CA, ports, loopback only, no admin
 * endpoint, no change to the system's trust store) and imports it. Used by tests/e2e/caddy.spec.ts,
 * tests/e2e/two-servers.spec.ts and scripts/bench-load (the two-server scenario).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import { request } from "node:https";
import path from "node:path";
import { exitOf, freePort, ROOT, waitFor } from "./processes.ts";

export const hasCaddy = () => spawnSync("caddy", ["version"]).status === 0;

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request to Caddy from the loopback address `from` (Caddy's local CA is not trusted here). */
export function fetchFrom(
  url: string,
  {
    from = "127.0.0.1",
    method = "GET",
    headers = {},
    body,
    timeoutMs = 30_000,
  }: { from?: string; method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers, localAddress: from, rejectUnauthorized: false, agent: false, timeout: timeoutMs },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer from ${url} in ${timeoutMs} ms`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** A form post as a browser without JavaScript sends it (its Origin is the site's), following the answer's redirect. */
export async function postFormFrom(
  origin: string,
  pathname: string,
  body: string,
  { from = "127.0.0.1", headers = {} }: { from?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const answer = await fetchFrom(`${origin}${pathname}`, {
    from,
    method: "POST",
    headers: { origin, "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
  });
  const location = answer.headers.location;
  if (answer.status !== 303 || typeof location !== "string") return answer;
  return fetchFrom(new URL(location, origin).href, { from });
}

/** Two free ports for Caddy (HTTPS, HTTP) and the address it serves. */
export async function caddyAddress(): Promise<{ origin: string; httpsPort: number; httpPort: number }> {
  const [httpsPort, httpPort] = [await freePort(), await freePort()];
  return { origin: `https://127.0.0.1:${httpsPort}`, httpsPort, httpPort };
}

/**
 * A folder for the server to run in whose build/ is the project's build with a build/site.json naming `origin`
 * (the record a server checks its SITE_URL against), so the server can be the site Caddy serves at `origin`.
 */
export function serverFolderFor(origin: string, serverDir: string): string {
  const buildDir = path.join(serverDir, "build");
  mkdirSync(buildDir, { recursive: true });
  for (const entry of readdirSync(path.join(ROOT, "build")))
    if (entry !== "site.json") symlinkSync(path.join(ROOT, "build", entry), path.join(buildDir, entry));
  writeFileSync(path.join(buildDir, "site.json"), `${JSON.stringify({ siteUrl: origin })}\n`);
  return serverDir;
}

export interface RecipeCaddy {
  log(): string;
  stop(): Promise<void>;
}

/**
 * Caddy with deploy/<caddyfile> on the ports of `address`, its settings (SITE_ADDRESS, the servers' ports) from
 * `env`; resolves once /healthz answers 200 through it.
 */
export async function startRecipeCaddy(
  dir: string,
  caddyfile: string,
  address: { origin: string; httpsPort: number; httpPort: number },
  env: Record<string, string>,
): Promise<RecipeCaddy> {
  const config = path.join(dir, "Caddyfile.test");
  writeFileSync(
    config,
    [
      "{",
      "\tadmin off",
      "\tlocal_certs",
      "\tskip_install_trust",
      "\tdefault_bind 127.0.0.1",
      `\thttp_port ${address.httpPort}`,
      `\thttps_port ${address.httpsPort}`,
      "}",
      `import ${path.join(ROOT, "deploy", caddyfile)}`,
      "",
    ].join("\n"),
  );
  const home = path.join(dir, "caddy-home");
  mkdirSync(home, { recursive: true });
  const caddy: ChildProcess = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: path.join(home, "data"),
      XDG_CONFIG_HOME: path.join(home, "config"),
      SITE_ADDRESS: `127.0.0.1:${address.httpsPort}`,
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let caddyLog = "";
  caddy.stderr!.on("data", (chunk: Buffer) => (caddyLog += chunk.toString()));
  const exited = exitOf(caddy);
  const handle: RecipeCaddy = {
    log: () => caddyLog,
    async stop() {
      if (caddy.exitCode === null && caddy.signalCode === null) caddy.kill("SIGTERM");
      await exited;
      if (process.env.DEBUG_CADDY) writeFileSync(process.env.DEBUG_CADDY, caddyLog);
    },
  };
  try {
    await waitFor(
      "Caddy in front of the server",
      async () => {
        if (caddy.exitCode !== null) throw new Error(`caddy exited with ${caddy.exitCode}:\n${caddyLog.slice(-3000)}`);
        return fetchFrom(`${address.origin}/healthz`).then(
          (r) => r.status === 200,
          () => false,
        );
      },
      30_000,
      200,
    );
  } catch (error) {
    await handle.stop();
    throw error;
  }
  return handle;
}
