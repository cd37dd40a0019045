/**
 * `npm test`: everything, in the order a failure is cheapest to find:
 * typecheck and lint (at once: each keeps one core busy), unit tests and production build (at once: the unit
 * tests leave a core idle while they wait), end-to-end tests in
 * Chromium (the HTML checked by the Nu Html Checker among them, with Java), then the cross-engine tests in
 * Firefox ESR and WebKitGTK. Each step's time is printed when it ends, and all of them at the end
 * (docs/testing.md "How long each part takes").
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { findChromium } from "./chromium.ts";
import { findJava } from "./html-checker.ts";

const started = Date.now();
const times: [string, number][] = [];
const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

function timed(label: string, ms: number) {
  times.push([label, ms]);
  console.log(`\n⏱ ${label}: ${seconds(ms)}`);
}

function failed(label: string, status: number | null): never {
  console.error(`\n✖ ${label} failed`);
  process.exit(status || 1);
}

function run(label: string, command: string, args: string[]) {
  console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const t0 = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) failed(label, result.status);
  timed(label, Date.now() - t0);
}

/**
 * Steps at once: each one's output is printed whole when it ends (not interleaved), and
 * the first failure stops the run after every step has ended.
 */
async function runTogether(steps: { label: string; command: string; args: string[] }[]) {
  for (const { label, command, args } of steps) console.log(`\n▶ ${label}: ${command} ${args.join(" ")}`);
  const results = await Promise.all(
    steps.map(
      ({ label, command, args }) =>
        new Promise<{ label: string; status: number | null }>((resolve) => {
          const t0 = Date.now();
          const child = spawn(command, args, {
            env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? "1" : "0" },
          });
          const output: Buffer[] = [];
          child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
          child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
          child.once("close", (status) => {
            console.log(`\n── ${label} ──`);
            process.stdout.write(Buffer.concat(output));
            if (status === 0) timed(label, Date.now() - t0);
            resolve({ label, status });
          });
        }),
    ),
  );
  const failure = results.find((r) => r.status !== 0);
  if (failure) failed(failure.label, failure.status);
}

/** Installs Debian's `pkg` when `found()` says it is missing (as root on Debian), or stops with `help`. */
function ensureDebianPackage(what: string, pkg: string, found: () => unknown, help: string) {
  if (found()) return;
  const isDebian = existsSync("/etc/debian_version");
  const isRoot = process.getuid?.() === 0;
  if (isDebian && isRoot) {
    console.log(`${what} not found: installing Debian's ${pkg} package…`);
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    execFileSync("apt-get", ["install", "-y", "-qq", pkg], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (found()) return;
  }
  console.error(help);
  process.exit(1);
}

const ensureChromium = () =>
  ensureDebianPackage(
    "Chromium",
    "chromium",
    findChromium,
    "No Chromium found for the end-to-end tests. Install one (Debian/Ubuntu: `sudo apt-get install chromium`)\n" +
      "or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );

// The Nu Html Checker (tests/e2e/html-validity.spec.ts) is a Java program.
const ensureJava = () =>
  ensureDebianPackage(
    "Java",
    "default-jre-headless",
    findJava,
    "No Java found for the Nu Html Checker. Install one (Debian/Ubuntu: `sudo apt-get install default-jre-headless`)\n" +
      "or set JAVA_HOME.",
  );

// Caddy is the TLS proxy of tests/e2e/tls-proxy.spec.ts.
const ensureCaddy = () =>
  ensureDebianPackage(
    "Caddy",
    "caddy",
    () => spawnSync("caddy", ["version"]).status === 0,
    "No Caddy found for the end-to-end tests (the TLS proxy in front of the site). Install it (Debian/Ubuntu: `sudo apt-get install caddy`).",
  );

// faketime starts the server at another time in tests/e2e/booking-reminder.spec.ts (the day before a window).
const ensureFaketime = () =>
  ensureDebianPackage(
    "faketime",
    "faketime",
    () => spawnSync("faketime", ["-f", "@2030-01-01 00:00:00", "true"]).status === 0,
    "No faketime found for the booking reminder's end-to-end test. Install it (Debian/Ubuntu: `sudo apt-get install faketime`).",
  );

// The spreadsheet exports are read by real readers (app/server/features/admin/export.server.test.ts): LibreOffice
// headless for the CSV and the workbook, and Debian's python3 with openpyxl for the workbook's cell types.
const ensureSpreadsheetReaders = () => {
  ensureDebianPackage(
    "LibreOffice",
    "libreoffice-calc-nogui",
    () => spawnSync("soffice", ["--version"], { timeout: 60_000 }).status === 0,
    "No LibreOffice found for the spreadsheet export tests. Install it (Debian/Ubuntu: `sudo apt-get install libreoffice-calc-nogui`).",
  );
  ensureDebianPackage(
    "openpyxl",
    "python3-openpyxl",
    () => ["python3", "/usr/bin/python3"].some((python) => spawnSync(python, ["-c", "import openpyxl"]).status === 0),
    "No python3 with openpyxl found for the spreadsheet export tests. Install it (Debian/Ubuntu: `sudo apt-get install python3-openpyxl`).",
  );
};

// The cross-engine suite (tests/engines/run.ts): Firefox ESR through WebDriver BiDi, and WebKitGTK through
// WebKitWebDriver in a window of its own (PyGObject) on a virtual X display.
const ensureEngines = () => {
  const has = (file: string) => () => existsSync(file);
  ensureDebianPackage(
    "Firefox ESR",
    "firefox-esr",
    has(process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr"),
    "No Firefox ESR found for the cross-engine tests. Install it (Debian: `sudo apt-get install firefox-esr`) or set FIREFOX_PATH.",
  );
  ensureDebianPackage(
    "WebKitWebDriver",
    "webkit2gtk-driver",
    () => spawnSync("WebKitWebDriver", ["--help"]).status === 0,
    "No WebKitWebDriver found for the cross-engine tests. Install it (Debian: `sudo apt-get install webkit2gtk-driver`).",
  );
  ensureDebianPackage(
    "Xvfb",
    "xvfb",
    () => spawnSync("Xvfb", ["-help"]).status !== null,
    "No Xvfb found for the cross-engine tests. Install it (Debian: `sudo apt-get install xvfb`).",
  );
  const python = (code: string) => () => spawnSync("/usr/bin/python3", ["-c", code]).status === 0;
  const help =
    "The cross-engine tests' WebKit window needs PyGObject and WebKitGTK 4.1 for Python (Debian: `sudo apt-get install python3-gi gir1.2-webkit2-4.1`).";
  ensureDebianPackage("PyGObject", "python3-gi", python("import gi"), help);
  ensureDebianPackage(
    "WebKitGTK 4.1 for Python",
    "gir1.2-webkit2-4.1",
    python("import gi; gi.require_version('WebKit2', '4.1'); from gi.repository import WebKit2"),
    help,
  );
};

// The route types first: tsc reads what typegen writes.
run("route types", "npx", ["react-router", "typegen"]);
await runTogether([
  { label: "typecheck", command: "npx", args: ["tsc"] },
  { label: "lint", command: "npm", args: ["run", "lint"] },
]);
ensureSpreadsheetReaders();
ensureChromium();
ensureCaddy();
ensureFaketime();
ensureJava();
ensureEngines();
// The unit tests wait on PostgreSQL, LibreOffice and timers much of their time: the build uses those moments.
await runTogether([
  { label: "unit tests", command: "npx", args: ["vitest", "run"] },
  { label: "build", command: "npm", args: ["run", "build"] },
]);
run("end-to-end tests", "npx", ["playwright", "test"]);
run("cross-engine tests", "npx", ["node", "tests/engines/run.ts"]);
console.log(`\n✔ all checks passed in ${seconds(Date.now() - started)}`);
for (const [label, ms] of times) console.log(`  ${label.padEnd(20)} ${seconds(ms).padStart(7)}`);
