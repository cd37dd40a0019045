/**
 * The owner's development tools stay private (docs/decisions/021-private-dev-tools.md): `npm run cms` (the
 * development server, `node server.ts --dev`, with the browser editor at /cms, which has no server of its
 * own: docs/decisions/029-browser-editor.md) is started in a copy of the project with no HOST and no
 * DATA_DIR, so the server creates its real database in ./data. Then what a stranger on the same network, or a
 * web page that points its own name at 127.0.0.1, would try: another Host, the data folder, `/@fs/…`, `.env`.
 * Nothing but 403/404, no file read; the owner's own requests still work, the editor's page included.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import { networkInterfaces } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { copyProject, type ProjectCopy } from "../support/project-copy.ts";
import { exitOf, freePort, waitFor } from "../support/processes.ts";
import { rawExchange } from "../support/raw-http.ts";

test.skip(({ isMobile }) => isMobile, "server behaviour: checked once, on the desktop project");
// One development server for the file: its tests run in order in one worker (a failure restarts it for the next).
test.describe.configure({ mode: "default", timeout: 180_000 });

/** What the database file starts with: a body that carries it leaked the database. */
const SQLITE_MAGIC = "SQLite format 3";
const ENV_MARKER = "SECRET_FROM_DOT_ENV=not-for-the-browser";

interface Tools {
  copy: ProjectCopy;
  proc: ChildProcess;
  sitePort: number;
  output(): string;
}
let tools: Tools;

test.beforeAll(async () => {
  const copy = copyProject("gs-devtools");
  copy.write(".env", `${ENV_MARKER}\n`);
  const sitePort = await freePort();
  // `npm run cms` is `node scripts/cms.ts`: run as it is, with the settings a fresh clone has (no HOST, no DATA_DIR).
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env))
    if (name.startsWith("PW_") || name.startsWith("PLAYWRIGHT_") || name.startsWith("TEST_")) delete env[name];
  const proc = spawn(process.execPath, ["scripts/cms.ts"], {
    cwd: copy.dir,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...env,
      PORT: String(sitePort),
      HOST: "",
      DATA_DIR: "",
      DATABASE_URL: "",
      SITE_URL: "",
      NODE_ENV: "",
      CONTENT_DIR: "",
      LOG_LEVEL: "info",
      NO_COLOR: "1",
    },
  });
  let out = "";
  proc.stdout!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  proc.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
  tools = { copy, proc, sitePort, output: () => out };
  await waitFor(
    "the development server's home page",
    async () => {
      if (proc.exitCode !== null) throw new Error(`npm run cms exited with ${proc.exitCode}:\n${out.slice(-3000)}`);
      const answer = await fetch(`http://localhost:${sitePort}/`, { signal: AbortSignal.timeout(60_000) }).catch(
        () => null,
      );
      return answer?.status === 200;
    },
    120_000,
    250,
  );
  expect(existsSync(path.join(copy.dir, "data", "leads.sqlite")), "the server keeps its database in ./data").toBe(true);
});

test.afterAll(async () => {
  if (!tools) return;
  const exited = exitOf(tools.proc);
  tools.proc.kill("SIGTERM");
  const timer = setTimeout(() => tools.proc.kill("SIGKILL"), 20_000);
  await exited;
  clearTimeout(timer);
  await tools.copy.remove();
});

/** One request over a raw socket (fetch cannot send another Host): the status and the body. */
async function raw(
  port: number,
  request: { method?: string; path: string; host: string; origin?: string; body?: string },
): Promise<{ status: number; body: string }> {
  const headers = [
    `${request.method ?? "GET"} ${request.path} HTTP/1.1`,
    `Host: ${request.host}`,
    ...(request.origin ? [`Origin: ${request.origin}`] : []),
    ...(request.body !== undefined
      ? ["Content-Type: application/json", `Content-Length: ${Buffer.byteLength(request.body)}`]
      : []),
    "Connection: close",
  ];
  const { received } = rawExchange(`http://127.0.0.1:${port}`, `${headers.join("\r\n")}\r\n\r\n${request.body ?? ""}`);
  const answer = await Promise.race([
    received,
    new Promise<string>((_, reject) => setTimeout(() => reject(new Error(`no answer to ${request.path}`)), 60_000)),
  ]);
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
  return { status, body: answer.slice(answer.indexOf("\r\n\r\n") + 4) };
}

/** This machine's own addresses other than loopback (the ones a neighbour on the network would use). */
const networkAddresses = () =>
  Object.values(networkInterfaces())
    .flat()
    .filter((a) => a !== undefined && !a.internal && !a.address.startsWith("fe80"))
    .map((a) => a!.address);

/** Whether a TCP connection to address:port is accepted. */
const accepts = (address: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: address, port, timeout: 5_000 });
    socket.once("connect", () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
    socket.once("timeout", () => (socket.destroy(), resolve(false)));
  });

test("the development server listens on this computer only, and says so", async () => {
  for (const address of networkAddresses())
    expect(await accepts(address, tools.sitePort), `the development server on ${address}`).toBe(false);
  expect(tools.output()).toContain(
    `development server on http://localhost:${tools.sitePort}, for this computer only (HOST=127.0.0.1). To open it to your network, start it with HOST=0.0.0.0`,
  );
});

test("a request for another Host is refused, whatever it asks for", async () => {
  const { copy, sitePort } = tools;
  for (const host of [`192.168.1.5:${sitePort}`, `attacker.example:${sitePort}`, `localhost:${sitePort + 1}`]) {
    for (const target of ["/", "/data/leads.sqlite", `/@fs${copy.dir}/data/leads.sqlite?raw`, "/healthz", "/cms/"]) {
      const { status, body } = await raw(sitePort, { path: target, host });
      expect(status, `${host} ${target}`).toBe(403);
      expect(body).toContain("answers only on this computer's own addresses");
      expect(body).not.toContain(SQLITE_MAGIC);
    }
  }
});

test("the data folder, .env files and the project's other files are never served; the pages are", async () => {
  const { copy, sitePort } = tools;
  const dir = copy.dir;
  const targets = [
    "/data/leads.sqlite",
    "/data/leads.sqlite?raw",
    "/data/leads.sqlite?import",
    "/data/leads.sqlite?url",
    "/data/leads.sqlite?inline",
    "/data/leads.sqlite-wal?raw",
    "/data/server.lock",
    "/%64ata/leads.sqlite",
    "/data%2fleads.sqlite",
    "/app/%2e%2e/data/leads.sqlite?raw",
    "/app/../data/leads.sqlite?raw",
    `/@fs${dir}/data/leads.sqlite`,
    `/@fs${dir}/data/leads.sqlite?raw`,
    `/@fs${dir}/app/../data/leads.sqlite?raw`,
    `/@fs${dir}/app/%2e%2e/data/leads.sqlite?raw`,
    `/@fs${encodeURI(dir).replaceAll("/", "%2F")}/data/leads.sqlite?raw`,
    "/.env",
    "/.env?raw",
    `/@fs${dir}/.env?raw`,
    "/@fs/etc/passwd",
    "/@fs/etc/passwd?raw",
    "/@fs/etc/passwd?import",
    "/package.json?raw",
    "/server.ts",
    "/scripts/cms.ts?raw",
  ];
  for (const target of targets) {
    const { status, body } = await raw(sitePort, { path: target, host: `localhost:${sitePort}` });
    expect([403, 404], target).toContain(status);
    expect(body, target).not.toContain(SQLITE_MAGIC);
    expect(body, target).not.toContain(ENV_MARKER);
    expect(body, target).not.toContain("root:x:0:0");
  }
  for (const host of [`localhost:${sitePort}`, `127.0.0.1:${sitePort}`]) {
    const home = await raw(sitePort, { path: "/", host });
    expect(home.status, host).toBe(200);
    expect(home.body).toContain("Gem State Exterior Cleaning");
  }
});

test("the browser editor's page, script and configuration are served to the owner's own pages, and nothing beside them", async () => {
  const { sitePort } = tools;
  const page = await raw(sitePort, { path: "/cms/", host: `localhost:${sitePort}` });
  expect(page.status).toBe(200);
  expect(page.body).toContain('<script type="module" src="/cms/editor.js"></script>');
  const script = await raw(sitePort, { path: "/cms/editor.js", host: `127.0.0.1:${sitePort}` });
  expect(script.status).toBe(200);
  expect(script.body.length).toBeGreaterThan(100_000);
  const config = await raw(sitePort, { path: "/cms/config.yml", host: `localhost:${sitePort}` });
  expect(config.status).toBe(200);
  expect(config.body).toContain("collections:");
  // Nothing beside the editor's own files: the project's files stay out of reach through /cms too.
  for (const target of ["/cms/../data/leads.sqlite", "/cms/%2e%2e/%2e%2e/data/leads.sqlite", "/cms/.env"]) {
    const { status, body } = await raw(sitePort, { path: target, host: `localhost:${sitePort}` });
    expect([403, 404], target).toContain(status);
    expect(body, target).not.toContain(SQLITE_MAGIC);
  }
});
