/**
 * `npm test`: everything, in the order a failure is cheapest to find:
 * typecheck, lint, unit tests, production build, end-to-end tests in Chromium.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findChromium } from "./chromium.ts";

function run(label: string, command: string, args: string[]) {
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
}

/** On Debian as root (CI), installs a missing tool's Debian package; true when it could. */
function aptInstall(pkg: string): boolean {
  if (!existsSync("/etc/debian_version") || process.getuid?.() !== 0) return false;
  console.log(`${pkg} not found: installing Debian's ${pkg} package…`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", pkg], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  return true;
}

function ensureChromium() {
  if (findChromium()) return;
  if (aptInstall("chromium") && findChromium()) return;
  console.error("No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`)\n" + "or point CHROMIUM_PATH at a Chromium or Chrome binary.");
  process.exit(1);
}

/** Caddy is the TLS proxy of tests/e2e/tls-proxy.spec.ts. */
function ensureCaddy() {
  const found = () => spawnSync("caddy", ["version"]).status === 0;
  if (found()) return;
  if (aptInstall("caddy") && found()) return;
  console.error("No Caddy found for the end-to-end tests (the TLS proxy in front of the site). Install it (Debian/Ubuntu: `sudo apt-get install caddy`).");
  process.exit(1);
}

run("typecheck", "npx", ["react-router", "typegen"]);
run("typecheck", "npx", ["tsc"]);
run("lint", "npm", ["run", "lint"]);
run("unit tests", "npx", ["vitest", "run"]);
ensureChromium();
ensureCaddy();
run("build", "npm", ["run", "build"]);
run("end-to-end tests", "npx", ["playwright", "test"]);
console.log("\n✔ all checks passed");
