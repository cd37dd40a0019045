/**
 * `npm run test:container`: builds the Containerfile with podman and checks the site in it, as an operator
 * would meet it: pages answer, a request sent through a form is stored in the /data volume and listed by the
 * owner's command line in the container, the HEALTHCHECK passes, the server runs as a non-root user, a stop
 * (SIGTERM) ends it cleanly (exit code 0) in time, and a new container on the same volume still has the request.
 *
 * No registry image is needed: without BASE set, the base image is made from Debian's packages by
 * scripts/container-base.sh (once; cached). The host's npm cache is lent to the build when there is one.
 * Settings: BASE (base image), PODMAN_RUNTIME (default runc). Prints the image's size and the time taken.
 */
import assert from "node:assert/strict";
import { execFileSync, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import path from "node:path";
import { CONFIRMATION, estimateBody, freePort, waitFor } from "../tests/support/processes.ts";

const ROOT = path.resolve(import.meta.dirname, "..");
const IMAGE = "localhost/gemstate:test";
const BASE = process.env.BASE || "localhost/debian-base:bookworm";
const RUNTIME = ["--runtime", process.env.PODMAN_RUNTIME || "runc"];
/** A stop must end the server (it drains for at most 10 s, server.ts SHUTDOWN_MS) well before podman's SIGKILL. */
const STOP_TIMEOUT_S = 20;

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
const volume = `gemstate-test-data-${suffix}`;
const containers: string[] = [];

async function runContainer(port: number): Promise<{ name: string; origin: string }> {
  const name = `gemstate-test-${suffix}-${containers.length + 1}`;
  containers.push(name);
  const env = {
    PORT: String(port),
    HOST: "127.0.0.1",
    MAIL_TRANSPORT: "files",
    LEAD_MIN_FILL_SECONDS: "0",
    LOG_LEVEL: "info",
  };
  const envArgs = Object.entries(env).flatMap(([key, value]) => ["--env", `${key}=${value}`]);
  podman(["run", "--detach", "--name", name, "--network=host", "--volume", `${volume}:/data`, ...envArgs, IMAGE]);
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

const listedInContainer = (name: string) =>
  podman(["exec", name, "npm", "run", "-s", "leads", "--", "list", "--json"]).out;

async function main() {
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
}
