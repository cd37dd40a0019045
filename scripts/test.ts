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

function ensureChromium() {
  if (findChromium()) return;
  const isDebian = existsSync("/etc/debian_version");
  const isRoot = process.getuid?.() === 0;
  if (isDebian && isRoot) {
    console.log("Chromium not found: installing Debian's chromium package…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    if (findChromium()) return;
  }
  console.error("No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`)\n" + "or point CHROMIUM_PATH at a Chromium or Chrome binary.");
  process.exit(1);
}

run("typecheck", "npx", ["react-router", "typegen"]);
run("typecheck", "npx", ["tsc"]);
run("lint", "npm", ["run", "lint"]);
run("unit tests", "npx", ["vitest", "run"]);
ensureChromium();
run("build", "npm", ["run", "build"]);
run("end-to-end tests", "npx", ["playwright", "test"]);
console.log("\n✔ all checks passed");
