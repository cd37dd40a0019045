/**
 * `npm run test:container`: builds the Containerfile with podman and checks the site in it, as an operator
 * would meet it: run as docs/deploy.md "The container route" runs it (the host's network, 127.0.0.1,
 * TRUST_PROXY=loopback) with Caddy on the host in front (deploy/Caddyfile as it is), two visitors from
 * different addresses are two visitors for the rate limit (one's limit does not hold the other up), pages
 * answer, a request sent through a form is stored in the /data volume and listed by the owner's command line
 * in the container, the HEALTHCHECK passes, the server runs as a non-root user, a stop (SIGTERM) ends it
 * cleanly (exit code 0) in time, and a new container on the same volume still has the request.
 *
 * No registry image is needed: without BASE set, the base image is made from Debian's packages by
 * scripts/container-base.sh (once; cached). The host's npm cache is lent to the build when there is one.
 * Settings: BASE (base image), PODMAN_RUNTIME (default runc). Prints the image's size and the time taken.
 */
import assert from "node:assert/strict";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { homedir, tmpdir } from "node:os";
import path from "node:path";
import { CONFIRMATION, estimateBody, exitOf, freePort, waitFor } from "../tests/support/processes.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const IMAGE = "localhost/gemstate:test";
const BASE = process.env.BASE || "localhost/debian-base:bookworm";
const RUNTIME = ["--runtime", process.env.PODMAN_RUNTIME || "runc"];
/** A stop must end the server (it drains for at most 10 s, server.ts SHUTDOWN_MS) well before podman's SIGKILL. */
const STOP_TIMEOUT_S = 20;
/** Forms per address here (LEAD_RATE_LIMIT): small, so that one visitor reaches it in a few requests. */
const RATE_LIMIT = 2;

const started = Date.now();
const step = (what: string) => console.log(`\n▶ ${what} (${Math.round((Date.now() - started) / 1000)} s)`);

function podman(args: string[], options: { input?: string; allowFail?: boolean } = {}): { code: number; out: string } {
  const result = spawnSync("podman", [...RUNTIME, ...args], {
    cwd: ROOT,
    input: options.input,
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  const out = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  if (result.status !== 0 && !options.allowFail)
    throw new Error(`podman ${args.join(" ")} exited with ${result.status}:\n${out.slice(-3000)}`);
  return { code: result.status ?? 1, out };
}

const suffix = randomUUID().slice(0, 8);
const tempDir = mkdtempSync(path.join(tmpdir(), "gs-container-"));
const volume = `gemstate-test-data-${suffix}`;
const containers: string[] = [];

/**
 * The container's limits: this machine's own open-files and process limits. podman's defaults (1,048,576 of
 * each) are refused where the runtime may not raise a limit (no CAP_SYS_RESOURCE, as in a sandbox); a process
 * limit above the kernel's number of process ids (pid_max) means nothing, and is refused there too.
 */
function ulimitArgs(): string[] {
  const hard = (flag: string) => spawnSync("sh", ["-c", `ulimit -H${flag}`], { encoding: "utf8" }).stdout.trim();
  const pidMax = Number(readFileSync("/proc/sys/kernel/pid_max", "utf8"));
  const [files, procs] = [hard("n"), hard("u")];
  const args = /^\d+$/.test(files) ? ["--ulimit", `nofile=${files}:${files}`] : [];
  const processes = /^\d+$/.test(procs) ? Math.min(Number(procs), pidMax) : pidMax;
  return [...args, "--ulimit", `nproc=${processes}:${processes}`];
}

/**
 * docs/deploy.md's `podman run` options, less its name, restart policy and volume (the test's own): the host's
 * network, so that Caddy's connections arrive from 127.0.0.1 as TRUST_PROXY=loopback expects (podman's port
 * mapping would hand every one over from its bridge's gateway instead); the settings file; and the two values
 * that must win over the file's empty ones (an empty DATA_DIR would put the database in the read-only /app, an
 * empty HOST would open the port on every interface of the host).
 */
const DOCUMENTED_RUN = [
  "--network=host",
  "--env-file /etc/gemstate/env",
  "--env HOST=127.0.0.1",
  "--env DATA_DIR=/data",
];

/** docs/deploy.md's `podman run` command still has DOCUMENTED_RUN's options (so this test runs what it says). */
function checkDocumentedRun() {
  const doc = readFileSync(path.join(ROOT, "docs/deploy.md"), "utf8");
  const command = /podman run (?:[^\n]*\\\n)*[^\n]*/.exec(doc)?.[0].replace(/\\\n\s*/g, " ") ?? "";
  for (const option of DOCUMENTED_RUN)
    assert.ok(command.includes(option), `docs/deploy.md's podman run has ${option}: ${command}`);
}

/** The settings file as docs/deploy.md has the owner make it: deploy/env.example, with the test's values. */
function settingsFile(dir: string, port: number): string {
  const values: Record<string, string> = {
    PORT: String(port),
    MAIL_TRANSPORT: "files",
    LEAD_MIN_FILL_SECONDS: "0",
    LEAD_RATE_LIMIT: String(RATE_LIMIT),
    LOG_LEVEL: "info",
  };
  const example = readFileSync(path.join(ROOT, "deploy/env.example"), "utf8");
  assert.match(example, /^TRUST_PROXY=loopback$/m, "deploy/env.example sets TRUST_PROXY=loopback");
  const file = path.join(dir, `env-${port}`);
  writeFileSync(
    file,
    example.replace(/^([A-Z_]+)=.*$/gm, (line, key: string) => (key in values ? `${key}=${values[key]}` : line)),
  );
  return file;
}

/** As docs/deploy.md runs it (DOCUMENTED_RUN), on the port `port` of the host's 127.0.0.1. */
async function runContainer(port: number): Promise<{ name: string; origin: string }> {
  const name = `gemstate-test-${suffix}-${containers.length + 1}`;
  containers.push(name);
  const run = DOCUMENTED_RUN.flatMap((option) => option.split(" ")).map((arg) =>
    arg === "/etc/gemstate/env" ? settingsFile(tempDir, port) : arg,
  );
  podman(["run", "--detach", "--name", name, ...ulimitArgs(), "--volume", `${volume}:/data`, ...run, IMAGE]);
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(
    `the site in container ${name}`,
    async () => {
      const state = podman(["inspect", "--format", "{{.State.Status}}", name]).out.trim();
      if (state === "exited")
        throw new Error(`container ${name} exited:\n${podman(["logs", name], { allowFail: true }).out.slice(-3000)}`);
      return fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
        (r) => r.ok,
        () => false,
      );
    },
    60_000,
    250,
  );
  return { name, origin };
}

/**
 * Caddy on the host in front of the container, with deploy/Caddyfile as it is over plain HTTP (a test-only
 * file sets the global options: no admin endpoint, its storage in a temporary folder, and imports it).
 */
async function startCaddy(targetPort: number): Promise<{ origin: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), "gs-container-caddy-"));
  const origin = `http://127.0.0.1:${await freePort()}`;
  const caddyfile = path.join(dir, "Caddyfile");
  writeFileSync(
    caddyfile,
    `{\n\tadmin off\n\tstorage file_system ${path.join(dir, "data")}\n}\nimport ${path.join(ROOT, "deploy/Caddyfile")}\n`,
  );
  const caddy = spawn("caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], {
    env: { PATH: process.env.PATH, HOME: dir, SITE_ADDRESS: origin, PORT: String(targetPort) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  caddy.stderr.on("data", (chunk: Buffer) => (log += chunk.toString()));
  const exited = exitOf(caddy);
  const stop = async () => {
    if (caddy.exitCode === null && caddy.signalCode === null) caddy.kill("SIGTERM");
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(
      "Caddy in front of the container",
      async () => {
        if (caddy.exitCode !== null) throw new Error(`caddy exited with ${caddy.exitCode}:\n${log.slice(-3000)}`);
        return (await sendFrom("127.0.0.1", `${origin}/healthz`).catch(() => ({ status: 0 }))).status === 200;
      },
      30_000,
      200,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}

/** One request from the loopback address `from` (127.0.0.2, 127.0.0.3: a visitor each). */
function sendFrom(
  from: string,
  url: string,
  body?: string,
): Promise<{ status: number; text: string; location?: string }> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { "content-type": "application/x-www-form-urlencoded" };
    const req = request(
      url,
      { method: body === undefined ? "GET" : "POST", headers, localAddress: from, agent: false, timeout: 30_000 },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, location: res.headers.location }));
        res.on("error", reject);
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer from ${url} in 30 s`)));
    req.on("error", reject);
    req.end(body);
  });
}

const listedInContainer = (name: string) =>
  podman(["exec", name, "npm", "run", "-s", "leads", "--", "list", "--json"]).out;

async function main() {
  checkDocumentedRun();
  step(`base image ${BASE}`);
  if (!process.env.BASE)
    execFileSync("bash", [path.join(ROOT, "scripts/container-base.sh"), BASE], { stdio: "inherit" });

  step("podman build");
  const npmCache = path.join(homedir(), ".npm");
  const cacheArgs = existsSync(npmCache) ? ["--volume", `${npmCache}:/root/.npm`] : [];
  // This machine's own CA certificates (a TLS-inspecting proxy's), for the build's downloads.
  const localCas = "/usr/local/share/ca-certificates";
  const extraCa = existsSync(localCas)
    ? readdirSync(localCas, { recursive: true, encoding: "utf8" })
        .filter((f) => f.endsWith(".crt"))
        .map((f) => readFileSync(path.join(localCas, f), "utf8"))
        .join("\n")
    : "";
  const caArgs = extraCa ? ["--build-arg", `EXTRA_CA_CERT=${extraCa}`] : [];
  // npm opens many files at once (about 1,300 packages with the browser editor's): the build's steps get this
  // machine's own open-files limit, not podman's default, which a machine may refuse or cap far lower.
  const openFiles = spawnSync("sh", ["-c", "ulimit -Hn"], { encoding: "utf8" }).stdout.trim();
  const ulimitArgs = /^\d+$/.test(openFiles) ? ["--ulimit", `nofile=${openFiles}:${openFiles}`] : [];
  const build = spawnSync(
    "podman",
    [
      ...RUNTIME,
      "build",
      "--format",
      "docker",
      "--network=host",
      "--build-arg",
      `BASE=${BASE}`,
      ...caArgs,
      ...cacheArgs,
      ...ulimitArgs,
      "--tag",
      IMAGE,
      "--file",
      "Containerfile",
      ".",
    ],
    { cwd: ROOT, stdio: "inherit" },
  );
  assert.equal(build.status, 0, "podman build failed");
  const bytes = Number(podman(["image", "inspect", "--format", "{{.Size}}", IMAGE]).out.trim());
  console.log(`image ${IMAGE}: ${(bytes / 1e6).toFixed(0)} MB`);

  step("run it with a volume for /data");
  podman(["volume", "create", volume]);
  const first = await runContainer(await freePort());
  assert.notEqual(podman(["exec", first.name, "id", "-u"]).out.trim(), "0", "the server must not run as root");

  step("two visitors through Caddy on the host are two addresses");
  const caddy = await startCaddy(Number(new URL(first.origin).port));
  try {
    // A visitor without JavaScript: the form's answer is a redirect to its confirmation, from the same address.
    const sendForm = async (from: string) => {
      const sent = await sendFrom(
        from,
        `${caddy.origin}/estimate`,
        estimateBody(`container-${randomUUID()}@example.com`),
      );
      return sent.location ? sendFrom(from, new URL(sent.location, caddy.origin).href) : sent;
    };
    for (let i = 1; i <= RATE_LIMIT; i++) {
      const sent = await sendForm("127.0.0.2");
      assert.equal(sent.status, 200, `the first visitor's request ${i} of ${RATE_LIMIT} answers ${sent.status}`);
      assert.ok(sent.text.includes(CONFIRMATION), `the first visitor's request ${i} is confirmed`);
    }
    const over = await sendForm("127.0.0.2");
    assert.equal(over.status, 429, `the first visitor's request ${RATE_LIMIT + 1} is over LEAD_RATE_LIMIT`);
    const other = await sendForm("127.0.0.3");
    assert.equal(
      other.status,
      200,
      `another visitor through the same Caddy answers ${other.status}: the site sees every visitor as one address (TRUST_PROXY does not name the address Caddy's connections arrive from)`,
    );
    assert.ok(other.text.includes(CONFIRMATION), "another visitor's request is confirmed");
    assert.doesNotMatch(
      podman(["logs", first.name]).out,
      /"event":"proxy\.not_named"/,
      "the server's log says Caddy is a proxy TRUST_PROXY does not name",
    );
  } finally {
    await caddy.stop();
  }

  step("pages");
  for (const page of ["/", "/estimate", "/pricing", "/robots.txt"]) {
    const answer = await fetch(`${first.origin}${page}`);
    assert.equal(answer.status, 200, `${page} answers ${answer.status}`);
  }
  assert.match(await (await fetch(`${first.origin}/`)).text(), /Gem State Exterior Cleaning/);

  step("a request through the form, stored in the volume");
  const email = `container-${suffix}@example.com`;
  const answer = await fetch(`${first.origin}/estimate`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: estimateBody(email),
  });
  assert.equal(answer.status, 200);
  assert.ok((await answer.text()).includes(CONFIRMATION), "the form's answer confirms the request");
  assert.ok(
    listedInContainer(first.name).includes(email),
    "`npm run -s leads -- list` in the container lists the request",
  );

  step("HEALTHCHECK");
  const health = podman(["healthcheck", "run", first.name], { allowFail: true });
  assert.equal(health.code, 0, `podman healthcheck run: ${health.out}`);

  step("stop (SIGTERM)");
  const stopStart = Date.now();
  podman(["stop", "--time", String(STOP_TIMEOUT_S), first.name]);
  const stopSeconds = (Date.now() - stopStart) / 1000;
  const exitCode = podman(["inspect", "--format", "{{.State.ExitCode}}", first.name]).out.trim();
  assert.equal(exitCode, "0", `the server's exit code after SIGTERM (137 = killed after ${STOP_TIMEOUT_S} s)`);
  assert.ok(stopSeconds < STOP_TIMEOUT_S, `stopped in ${stopSeconds} s`);
  console.log(`stopped cleanly in ${stopSeconds.toFixed(1)} s`);

  step("a new container on the same volume");
  podman(["rm", first.name]);
  const second = await runContainer(await freePort());
  assert.ok(listedInContainer(second.name).includes(email), "the request is still there after the restart");
  podman(["stop", "--time", String(STOP_TIMEOUT_S), second.name]);

  console.log(`\n✔ container checks passed in ${Math.round((Date.now() - started) / 1000)} s`);
}

try {
  await main();
} catch (error) {
  console.error(`\n✖ ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  for (const name of containers) podman(["rm", "--force", name], { allowFail: true });
  podman(["volume", "rm", "--force", volume], { allowFail: true });
  rmSync(tempDir, { recursive: true, force: true });
}
