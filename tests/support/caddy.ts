/**
 * Caddy as the TLS proxy a deployment puts in front of the site (tests/e2e/tls-proxy.spec.ts): HTTPS on
 * 127.0.0.1 with a certificate from its own local CA (`tls internal`), and a plain-HTTP listener, both
 * forwarding to the server with Caddy's default headers (the visitor's Host, X-Forwarded-For, -Proto, -Host).
 * `caddy` must be installed (Debian: `apt-get install caddy`; `npm test` installs it when it can).
 */
import { spawn, spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { exitOf, freePort, waitFor } from "./processes.ts";

export interface Caddy {
  /** https://127.0.0.1:<port> */
  httpsOrigin: string;
  /** http://127.0.0.1:<port>, forwarded as if it were the HTTPS site's own name on port 80. */
  httpOrigin: string;
  stop(): Promise<void>;
}

/** The HTTPS port is chosen first, so that the site's SITE_URL can name it before either starts. */
export async function caddyPorts(): Promise<{ https: number; http: number }> {
  return { https: await freePort(), http: await freePort() };
}

export async function startCaddy(ports: { https: number; http: number }, targetPort: number): Promise<Caddy> {
  if (spawnSync("caddy", ["version"]).status !== 0)
    throw new Error(
      "Caddy is not installed: `apt-get install caddy` (npm test installs it on Debian when run as root).",
    );
  const dir = mkdtempSync(path.join(tmpdir(), "gs-caddy-"));
  const site = `127.0.0.1:${ports.https}`;
  const caddyfile = `{
	admin off
	auto_https disable_redirects
	skip_install_trust
	storage file_system ${path.join(dir, "data")}
	servers {
		protocols h1 h2
	}
}
https://${site} {
	tls internal
	reverse_proxy 127.0.0.1:${targetPort}
}
# Port 80 and 443 share the site's name in production; here they differ by port, so the Host is the HTTPS one.
http://127.0.0.1:${ports.http} {
	reverse_proxy 127.0.0.1:${targetPort} {
		header_up Host ${site}
	}
}
`;
  writeFileSync(path.join(dir, "Caddyfile"), caddyfile);
  const logFile = path.join(dir, "caddy.log");
  const log = () => readFileSync(logFile, "utf8");
  const fd = openSync(logFile, "a");
  const proc = spawn("caddy", ["run", "--adapter", "caddyfile", "--config", path.join(dir, "Caddyfile")], {
    stdio: ["ignore", fd, fd],
    env: { ...process.env, HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
  });
  closeSync(fd);
  const exited = exitOf(proc);
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill("SIGTERM");
    const timer = setTimeout(() => proc.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    // Ready once its log says the HTTPS site has its certificate and it serves.
    await waitFor(
      "Caddy to serve",
      () => {
        if (proc.exitCode !== null) throw new Error(`caddy exited with ${proc.exitCode}:\n${log().slice(-2000)}`);
        return log().includes("serving initial configuration") && log().includes("certificate obtained successfully");
      },
      20_000,
      50,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { httpsOrigin: `https://${site}`, httpOrigin: `http://127.0.0.1:${ports.http}`, stop };
}
