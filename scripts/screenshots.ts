/**
 * Screenshots of every page at 390×844 (a phone) and 1440×900, full page, the same pixels on every run of the same
 * build: to show that a change which must not change what visitors see did not (compare before and after).
 *
 *   npm run screenshots -- --out DIR                      serves ./build (build first) and shoots every page into DIR
 *   npm run screenshots -- --out DIR --pages /,/about     only these pages
 *   npm run screenshots -- --compare BEFORE_DIR AFTER_DIR compares each pair pixel by pixel; lists the shots that differ,
 *                                                         writes a diff image of each to AFTER_DIR/diff/; exit 1 if any
 *   --port N                                              the server's port (default: a free one)
 *
 * The pages: every canonical page (app/lib/pages.ts), the other prerendered ones (form pages, the gallery while it
 * has no photos), the 404 page, /pricing with a price, /book with and without a ZIP code's windows, and the owner's
 * sign-in page. The build is served by the real server (`node server.ts`, production, an empty temporary DATA_DIR).
 *
 * What would make two runs differ is fixed: the server runs under faketime (Debian's `faketime`) and the browser's
 * clock is fixed at the same moment (SHOT_TIME), so /book lists the same days; motion is reduced and animations are
 * stopped; the caret is hidden; every request to another host is refused; each page has its own browser context
 * (no :visited links, no storage from an earlier page); off-screen sections (content-visibility, app/app.css) are
 * rendered, lazy images loaded and the fonts loaded before the shot. The page is shot as it loads: the app starts
 * only on a visitor's first interaction (app/lib/early-script.ts), and none is made.
 *
 * A tool, not a test: not part of `npm test`.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium, type Browser } from "@playwright/test";
import { collectionSlugs } from "../app/content/build-time/load.server.ts";
import { alwaysPrerendered, sitePaths } from "../app/lib/pages.ts";
import { freePort, startServer, type ServerHandle } from "../tests/support/processes.ts";
import { chromiumArgs, findChromium } from "./chromium.ts";
import { compareFolders, describe } from "./screenshot-compare.ts";

/** The moment the server and the browser believe it is: a Wednesday, 10:00 in Boise (MST), a working day. */
const SHOT_TIME = new Date("2027-03-03T17:00:00Z");

const VIEWPORTS = [
  { name: "390", viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: "1440", viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false },
] as const;

/** Pages beyond the prerendered ones: a state of a page, server-rendered pages, the 404. */
const EXTRA_PAGES = [
  "/pricing?service=house-washing&sqft=2000&stories=2&siding=vinyl&zipcode=83702",
  "/book",
  "/book?service=house-washing&zipcode=83702",
  "/admin/sign-in",
  "/no-such-page",
];

const LIBFAKETIME = [
  "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
].find((file) => existsSync(file));

const { values: args, positionals } = parseArgs({
  options: {
    out: { type: "string" },
    compare: { type: "string" },
    pages: { type: "string" },
    port: { type: "string" },
  },
  allowPositionals: true,
});

function fail(message: string): never {
  console.error(`screenshots: ${message}`);
  process.exit(2);
}

/** The file name of a page's shot: the width, then the path and query as words ("390-pricing-service-…"). */
function shotName(width: string, page: string): string {
  const words = page === "/" ? "home" : page.replace(/[^a-zA-Z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${width}-${words}.png`;
}

if (args.compare) {
  // A flag takes one value: in `--compare A B`, B is the first positional.
  const [beforeDir, afterDir] = [args.compare, positionals[0]];
  if (!beforeDir || !afterDir) fail("--compare needs two folders: --compare BEFORE_DIR AFTER_DIR");
  for (const dir of [beforeDir, afterDir]) if (!existsSync(dir)) fail(`no folder ${dir}`);
  const started = Date.now();
  const results = await compareFolders(beforeDir, afterDir);
  const changed = results.filter((r) => r.status !== "same");
  for (const r of changed) console.log(describe(r));
  console.log(
    `screenshots: ${results.length - changed.length} of ${results.length} shots identical, ${changed.length} differ (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  process.exit(changed.length ? 1 : 0);
}

const outDir = args.out ?? "screenshots";
if (!existsSync("build/server/index.js") || !existsSync("build/client"))
  fail("no build in ./build: run `npm run build` first");
if (!LIBFAKETIME || spawnSync("faketime", ["-f", "@2030-01-01 00:00:00", "true"]).status !== 0)
  fail("faketime is needed to fix the server's clock (Debian: apt-get install faketime)");

const allPages = [...sitePaths(collectionSlugs("blog")), ...alwaysPrerendered(), ...EXTRA_PAGES];
const pages = args.pages
  ? args.pages
      .split(",")
      .map((p) => p.trim())
      .filter(Boolean)
  : allPages;

const started = Date.now();
mkdirSync(outDir, { recursive: true });
const tempDir = mkdtempSync(path.join(tmpdir(), "gs-shots-"));
let server: ServerHandle | undefined;
let browser: Browser | undefined;
let exitCode = 0;
try {
  server = await startServer({
    port: args.port ? Number(args.port) : await freePort(),
    dataDir: path.join(tempDir, "data"),
    env: {
      MAIL_TRANSPORT: "files",
      TZ: "UTC",
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME: `@${SHOT_TIME.toISOString().slice(0, 19).replace("T", " ")}`,
      FAKETIME_DONT_FAKE_MONOTONIC: "1",
    },
  });
  const origin = server.origin;
  browser = await chromium.launch({
    executablePath: findChromium(),
    args: chromiumArgs.filter((a) => a !== "--headless"),
  });
  let shots = 0;
  for (const { name, ...device } of VIEWPORTS) {
    for (const page of pages) {
      await shoot(browser, origin, page, path.join(outDir, shotName(name, page)), device);
      shots++;
    }
  }
  console.log(
    `screenshots: ${shots} shots (${pages.length} pages × ${VIEWPORTS.length} widths) in ${outDir}, ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
} catch (err) {
  console.error(`screenshots: ${err instanceof Error ? err.message : String(err)}`);
  exitCode = 1;
} finally {
  await browser?.close();
  await server?.stop();
  rmSync(tempDir, { recursive: true, force: true });
}
process.exit(exitCode);

async function shoot(
  browser: Browser,
  origin: string,
  page: string,
  file: string,
  device: Omit<(typeof VIEWPORTS)[number], "name">,
) {
  const context = await browser.newContext({
    ...device,
    reducedMotion: "reduce",
    colorScheme: "light",
    locale: "en-US",
    timezoneId: "America/Boise",
  });
  try {
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort("blockedbyclient"),
    );
    await context.clock.setFixedTime(SHOT_TIME);
    const tab = await context.newPage();
    const response = await tab.goto(origin + page, { waitUntil: "load" });
    if (!response) throw new Error(`no answer for ${page}`);
    // Sections off screen are rendered only near the viewport (content-visibility, app/app.css): a full-page
    // shot would show them empty, so they are all rendered; then every image and font they use is loaded.
    // (Set through the CSSOM, which the page's Content-Security-Policy allows, unlike a style element.)
    await tab.evaluate(async () => {
      for (const section of document.querySelectorAll<HTMLElement>(".render-near-view"))
        section.style.contentVisibility = "visible";
      for (const img of document.images) img.loading = "eager";
      void document.body.offsetHeight;
      await Promise.all(
        [...document.images].map((img) => (img.complete ? undefined : img.decode().catch(() => undefined))),
      );
      await document.fonts.ready;
    });
    await tab.screenshot({ path: file, fullPage: true, animations: "disabled", caret: "hide" });
    console.log(`${file} (${response.status()})`);
  } finally {
    await context.close();
  }
}
