/** Scenario 1: static pages under load, next to nginx serving the same files. */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { exitOf, ROOT, waitFor } from "../../tests/support/processes.ts";
import type { AutocannonSummary } from "./child.ts";
import { onCleanup, tempDir } from "./cleanup.ts";
import { CITY_PAGE, environment, type Settings } from "./environment.ts";
import { startLoad } from "./load.ts";
import { check, round, table, type Check, type Section } from "./report.ts";

/**
 * The goal for this machine: static pages served at 0.8 of nginx's rate on the same files or more; reported as a
 * ratio to it (not an invariant: it depends on the machine).
 */
const GOALS = { staticVsNginx: 0.8 };

/**
 * nginx serving the same build/client files, with the precompressed copies (gzip_static, brotli_static),
 * one worker (the site is one Node process), as a child process of the benchmark on loopback.
 */
async function startNginx(port: number): Promise<{ origin: string; version: string } | null> {
  let binary: string;
  try {
    binary = execFileSync("sh", ["-c", "command -v nginx || ls /usr/sbin/nginx"], { encoding: "utf8" })
      .trim()
      .split("\n")[0]!;
  } catch {
    return null;
  }
  const dir = tempDir("nginx");
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  const brotli = [
    "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so",
    "/usr/lib64/nginx/modules/ngx_http_brotli_static_module.so",
  ].find((f) => existsSync(f));
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `${brotli ? `load_module ${brotli};\n` : ""}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  gzip_static on;
  ${brotli ? "brotli_static on;" : ""}
  server {
    listen 127.0.0.1:${port};
    root ${path.join(ROOT, "build/client")};
    location / { try_files $uri $uri/index.html =404; }
  }
}
`,
  );
  const proc = spawn(binary, ["-c", conf, "-p", dir], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  proc.stderr!.on("data", (c: Buffer) => (stderr += c.toString()));
  const exited = exitOf(proc);
  onCleanup(async () => {
    proc.kill("SIGTERM");
    await exited;
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(
    "nginx",
    async () => {
      if (proc.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      return fetch(`${origin}/`).then(
        (r) => r.ok,
        () => false,
      );
    },
    10_000,
    100,
  );
  const version = execFileSync(binary, ["-v"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) || "";
  return { origin, version: version.trim() || "nginx" };
}

export async function staticPages(settings: Settings): Promise<Section> {
  const env = await environment(settings, "static");
  const nginx = await startNginx(settings.port + 2);
  const durationS = settings.quick ? 3 : 10;
  const rows: (string | number)[][] = [];
  const checks: Check[] = [];
  // As a browser asks: the precompressed copies are sent by both.
  const headers = { "accept-encoding": "br, gzip" };
  const ratios: number[] = [];
  for (const page of ["/", "/about", CITY_PAGE]) {
    const probe = await fetch(env.server.origin + page);
    if (probe.status !== 200) checks.push(check(`${page} answers 200 before the run`, false, `got ${probe.status}`));
    const r = await startLoad<AutocannonSummary>({
      kind: "static",
      url: env.server.origin + page,
      connections: 50,
      durationS,
      headers,
    }).result;
    const n = nginx
      ? await startLoad<AutocannonSummary>({
          kind: "static",
          url: nginx.origin + page,
          connections: 50,
          durationS,
          headers,
        }).result
      : null;
    const ratio = n ? r.rps / n.rps : NaN;
    if (n) ratios.push(ratio);
    rows.push([
      `\`${page}\``,
      round(r.rps),
      r.p50,
      r.p99,
      n ? round(n.rps) : "—",
      n ? n.p99 : "—",
      n ? round(ratio, 2) : "—",
      r.total,
      r.non2xx,
      r.errors + r.timeouts,
    ]);
    checks.push(
      check(
        `${page}: only 2xx answers, no errors`,
        r.non2xx === 0 && r.errors === 0 && r.timeouts === 0,
        `${r.total} requests: status codes ${JSON.stringify(r.statusCodes)}, ${r.errors} errors, ${r.timeouts} timeouts`,
      ),
    );
  }
  await env.server.stop();
  const worst = ratios.length ? Math.min(...ratios) : NaN;
  return {
    title: "1. Static pages under load",
    body: [
      `autocannon in a second process, ${durationS} s per page at 50 connections, keep-alive, \`Accept-Encoding: br, gzip\`: the site sends the brotli copies written at build time (\`scripts/precompress.ts\`), and so does the limit, ${nginx ? `${nginx.version} with one worker, \`brotli_static\` and \`gzip_static\`, serving the same \`build/client\` files on loopback` : "nginx (not installed here: `apt-get install nginx-light libnginx-mod-http-brotli-static`)"}.`,
      table(
        [
          "page",
          "site requests/s",
          "site p50 ms",
          "site p99 ms",
          "nginx requests/s",
          "nginx p99 ms",
          "site ÷ nginx",
          "requests",
          "non-2xx",
          "errors + timeouts",
        ],
        rows,
      ),
      `Goal: the site within ${GOALS.staticVsNginx}× of nginx. Lowest ratio here: ${Number.isNaN(worst) ? "not measured" : `**${round(worst, 2)}** (${worst >= GOALS.staticVsNginx ? "met" : "NOT met"})`}.`,
    ],
    checks,
  };
}
