/**
 * The performance benchmark (docs/performance.md, decision 053) on Lighthouse CI (`@lhci/cli`): builds for
 * production, serves the build with the real server, and has `lhci collect` run Lighthouse (mobile, simulated
 * throttling, the system Chromium of scripts/chromium.ts) on every prerendered page and on the same page with every
 * script stripped (its plain-HTML limit); `lhci assert` judges the budgets (every page's median run: FCP, LCP, TBT,
 * CLS; every run: the four scores 100, JS and CSS bytes, no other host) and `lhci upload` writes every report to a
 * folder. What stays here is what Lighthouse CI does not do: each page against its limit, the low-priority
 * preload's real cost (scripts/bench-preload.ts, collected by LHCI with DevTools throttling), the first taps
 * (scripts/bench-first-tap.ts) and first effects (scripts/bench-first-effect.ts), and the writing of the results.
 * Writes bench/lighthouse.json and bench/lighthouse.md (and docs/performance.md) for a complete run, to bench/runs/
 * otherwise; exits 1 when a budget is missed.
 *
 *   npm run bench                                  everything: every page and its limit, 3 runs each, taps, effects
 *   npm run bench -- --pages /,/pricing --runs 1   a quick look at some pages (/gallery: with the test photos)
 *   npm run bench -- --skip-build                  measure the build already in ./build
 *   npm run bench -- --preload-check               also the preload's real cost (always in a complete run)
 *   npm run bench -- --no-taps --no-photos         without the first taps and effects / the test-photo site
 *   npm run bench -- --port-base 4500              the servers' ports: base to base+5 (default 3400)
 *   npm run bench -- --before FILE                 the "before" figures (default bench/before/performance-2026-11-27.md)
 *
 * Resuming, or a complete run assembled from subsets: every run LHCI collects stays in bench/runs/lhci/.lighthouseci
 * (with the taps and effects in bench/runs/lhci/extra.json) until a run without --add starts afresh. With --add,
 * the bench adds to what is there: each page gets only the runs it still lacks (up to --runs), and its taps and
 * effects if it has none. So after an interrupted run, `npm run bench -- --skip-build --add` finishes it; or
 * measure in parts, `npm run bench -- --pages <some>` then `npm run bench -- --skip-build --add --pages <others>`
 * (same build, same --port-base, --preload-check on one part), and `npm run bench -- --report` asserts, uploads and
 * writes the results from what was collected, measuring nothing. When every page (and /gallery with the test
 * photos) has 3 runs and its limit too, and the preload check is in, docs/performance.md is written.
 *
 * The shipped site has no photos, so /gallery and a city page are measured on a copy of the site with the test
 * gallery's generated photos (tests/support/test-photos.ts), built and served beside it, as "(test photos)".
 *
 * Run it on a quiet machine: simulated throttling multiplies the CPU time Chromium actually took. On a shared 2-core
 * machine, `taskset -c 1 npm run bench` with everything else on core 0 gives it a core.
 * A benchmark, not a test: it is not part of `npm test`, and no test asserts on a timing.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import compression from "compression";
import express from "express";
import { collectionSlugs } from "../app/content/build-time/load.server.ts";
import { sitePaths } from "../app/lib/pages.ts";
import { locationPath } from "../app/lib/paths.ts";
import { contentSecurityPolicy } from "../app/server/csp.server.ts";
import { securityHeaders } from "../app/server/security.server.ts";
import { startServer } from "../tests/support/processes.ts";
import { copyProject } from "../tests/support/project-copy.ts";
import { writeTestGallery } from "../tests/support/test-photos.ts";
import {
  FIRST_EFFECT_BUDGET_MS,
  firstEffectFailures,
  firstEffectMarkdown,
  measureFirstEffects,
  type EffectResult,
} from "./bench-first-effect.ts";
import {
  FIRST_TAP_BUDGET_MS,
  firstTapFailures,
  firstTapMarkdown,
  measureFirstTaps,
  type TapResult,
} from "./bench-first-tap.ts";
import {
  LOW_PRIORITY_SCRIPT_PRELOAD,
  median,
  OTHER_SCRIPT_PRELOAD,
  preloadCost,
  preloadCostFailures,
  preloadCostMarkdown,
  startPreloadProxies,
  type PreloadCost,
} from "./bench-preload.ts";
import { chromiumArgs, findChromium } from "./chromium.ts";

const BUDGET = {
  fcpMs: 1000, // the median run of every page, as the budgets below
  lcpMs: 1500,
  tbtMs: 50,
  cls: 0.01,
  jsKb: 110, // every run: the bytes transferred (compressed, with headers) of the JavaScript and CSS loaded
  cssKb: 20,
  ratioToLimit: 1.1, // the median of a page's runs against the median of its limit's: FCP and LCP
  tbtOverLimitMs: 25, // and TBT
  firstTapMs: FIRST_TAP_BUDGET_MS,
  firstEffectMs: FIRST_EFFECT_BUDGET_MS,
} as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
/** A page that misses against its limit on its first runs' medians is measured this many times more (decision 024). */
const CONFIRM_PASSES = 4;
const PRELOAD_CHECK_RUNS = 3;

const { values: args } = parseArgs({
  options: {
    pages: { type: "string" },
    runs: { type: "string", default: "3" },
    "skip-build": { type: "boolean", default: false },
    "port-base": { type: "string", default: "3400" },
    "no-photos": { type: "boolean", default: false },
    "no-taps": { type: "boolean", default: false },
    "preload-check": { type: "boolean", default: false },
    add: { type: "boolean", default: false },
    report: { type: "boolean", default: false },
    before: { type: "string", default: "bench/before/performance-2026-11-27.md" },
  },
});

const STATE = path.resolve("bench/runs/lhci");
const LHCI = path.resolve("node_modules/@lhci/cli/src/cli.js");
const allPages = sitePaths(collectionSlugs("blog"));
/** Measured on a site copy with the test gallery: the gallery and a city page with photos in its Recent work. */
const PHOTO_PAGES = ["/gallery", locationPath("eagle")];
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) fail("--runs must be a positive whole number");
const requested = args.pages
  ?.split(",")
  .map((p) => p.trim())
  .filter(Boolean);
const photoPages = args["no-photos"] ? [] : PHOTO_PAGES.filter((p) => !requested || requested.includes(p));
const pages = requested ? requested.filter((p) => !photoPages.includes(p) || allPages.includes(p)) : allPages;
const unknown = pages.filter((p) => !allPages.includes(p));
if (unknown.length) fail(`not a prerendered page: ${unknown.join(", ")}`);

// Fixed ports, so that runs added later (--add) name the same targets.
const base = Number(args["port-base"]);
const origins = {
  site: `http://127.0.0.1:${base}`,
  limit: `http://127.0.0.1:${base + 1}`,
  photos: `http://127.0.0.1:${base + 2}`,
  photosLimit: `http://127.0.0.1:${base + 3}`,
  preloadWith: `http://127.0.0.1:${base + 4}`,
  preloadWithout: `http://127.0.0.1:${base + 5}`,
};
const chromePath = findChromium() ?? fail("no Chromium found (set CHROMIUM_PATH)");
const loadAtStart = os.loadavg()[0]!;

// Everything started here is stopped on every way out (including a failure or Ctrl-C).
const cleanups: (() => void)[] = [];
function cleanup() {
  for (const step of cleanups.splice(0).reverse()) {
    try {
      step();
    } catch {
      // keep cleaning up
    }
  }
}
process.on("exit", cleanup);
process.on("SIGINT", () => process.exit(130));
process.on("SIGTERM", () => process.exit(143));

if (!args.add && !args.report) rmSync(STATE, { recursive: true, force: true });
mkdirSync(STATE, { recursive: true });
const stateFile = path.join(STATE, "extra.json");
type Extra = { portBase: number; firstTaps: TapResult[]; firstEffects: EffectResult[]; preloadPages: string[] };
const extra: Extra = existsSync(stateFile)
  ? (JSON.parse(readFileSync(stateFile, "utf8")) as Extra)
  : { portBase: base, firstTaps: [], firstEffects: [], preloadPages: [] };
if (extra.portBase !== base) fail(`${STATE} was collected with --port-base ${extra.portBase}`);
const saveExtra = () => writeFileSync(stateFile, `${JSON.stringify(extra, null, 2)}\n`);
saveExtra();

const settings = {
  // With `headful` (below) LHCI leaves the flags alone: otherwise it appends --headless=new to the same settings
  // object for every run, and from the second run on Chromium is started with "--headless=new,new".
  chromeFlags: chromiumArgs.map((a) => (a === "--headless" ? "--headless=new" : a)).join(" "),
  disableFullPageScreenshot: true,
  // What the budgets do not read is not gathered (the back/forward cache check alone navigates twice).
  skipAudits: ["bf-cache", "screenshot-thumbnails", "final-screenshot"],
};
const rc = writeConfig("lighthouserc.json", settings);
const rcPreload = writeConfig("lighthouserc-preload.json", {
  ...settings,
  throttlingMethod: "devtools",
  onlyCategories: ["performance"],
});

if (!args.report) await measureEverything();
const collected = readRuns();
console.log("bench: lhci assert");
await lhci(["assert", `--config=${rc}`], true);
console.log("bench: lhci upload");
await lhci(["upload", `--config=${rc}`]);
writeResults();

// ---------------------------------------------------------------------------------------------------

async function measureEverything() {
  try {
    await measure();
  } finally {
    cleanup();
  }
}

async function measure() {
  if (!args["skip-build"]) {
    console.log("bench: npm run build");
    const built = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
    if (built.status !== 0) fail("the build failed");
  }
  const clientDir = path.resolve("build/client");
  await startSite(base, process.cwd());
  await startLimitServer(base + 1, pages, clientDir);
  if (photoPages.length) {
    console.log("bench: building a copy of the site with the test gallery's photos");
    const copy = copyProject("gs-bench-copy");
    cleanups.push(() => void copy.remove());
    await writeTestGallery(copy);
    await copy.runOk("npm", ["run", "build"]);
    await startSite(base + 2, copy.dir);
    await startLimitServer(base + 3, photoPages, path.join(copy.dir, "build/client"));
  }
  const pairs = [
    ...pages.map((page) => [origins.site + page, origins.limit + page]),
    ...photoPages.map((page) => [origins.photos + page, origins.photosLimit + page]),
  ];
  // One pass over every page and its limit per run, rather than all runs of a page in a row: a burst of other
  // work spoils one run of several pages, not the median of one, and page and limit meet the same conditions.
  await collectPasses(pairs.flat(), runs, rc);
  // A page that misses against its limit on the medians is measured CONFIRM_PASSES times more, page then limit.
  const runsNow = readRuns();
  const unconfirmed = pairs.filter(([ours, limit]) => {
    const c = compare(runsNow.get(ours!) ?? [], runsNow.get(limit!) ?? []);
    return runs >= 3 && c !== undefined && c.ours.length < runs + CONFIRM_PASSES && limitMisses("", c).length > 0;
  });
  if (unconfirmed.length) {
    console.log(
      `bench: ${unconfirmed.length} page(s) miss against the limit on the medians: ${CONFIRM_PASSES} more runs`,
    );
    await collectPasses(unconfirmed.flat(), runs + CONFIRM_PASSES, rc);
  }
  // What the low-priority preload the limit keeps really costs: the home page and the two largest that carry one.
  const complete = !requested && runs >= 3;
  if (complete || args["preload-check"]) {
    extra.preloadPages = preloadCheckPages(clientDir);
    saveExtra();
    const proxies = await startPreloadProxies(origins.site, [base + 4, base + 5]);
    cleanups.push(proxies.close);
    const urls = extra.preloadPages.flatMap((page) => [proxies.with + page, proxies.without + page]);
    await collectPasses(urls, PRELOAD_CHECK_RUNS, rcPreload);
  }
  if (args["no-taps"]) return;
  // The first tap on each control and the first effect of each interaction, with the server still up; only for
  // pages that have none yet (--add).
  const tapped = new Set(extra.firstTaps.map((t) => t.page));
  const tapPages = pages.filter((p) => !tapped.has(p));
  if (tapPages.length) {
    extra.firstTaps.push(...(await measureFirstTaps(origins.site, chromePath, chromiumArgs, tapPages)));
    saveExtra();
  }
  const effected = new Set(extra.firstEffects.map((e) => e.page.split("?")[0]));
  const effectPages = pages.filter((p) => !effected.has(p));
  if (effectPages.length) {
    extra.firstEffects.push(...(await measureFirstEffects(origins.site, chromePath, chromiumArgs, effectPages)));
    saveExtra();
  }
}

/** `lhci collect`, one run of every URL per pass, until each has `upTo` runs (what is there already counts). */
async function collectPasses(urls: string[], upTo: number, config: string) {
  for (let pass = 1; pass <= upTo; pass++) {
    const have = readRuns();
    const due = urls.filter((url) => (have.get(url)?.length ?? 0) < pass);
    if (!due.length) continue;
    console.log(`bench: lhci collect, run ${pass}/${upTo} of ${due.length} URL(s)`);
    await lhci(["collect", `--config=${config}`, "--additive", "--numberOfRuns=1", ...due.map((u) => `--url=${u}`)]);
  }
}

/** Runs an LHCI command in STATE, asynchronously: the limit servers answer from this process meanwhile. */
async function lhci(lhciArgs: string[], mayFail = false) {
  const child = spawn(process.execPath, [LHCI, ...lhciArgs], { cwd: STATE, stdio: "inherit" });
  cleanups.push(() => child.kill());
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0 && !mayFail) fail(`lhci ${lhciArgs[0]} failed`);
}

/** The LHCI configuration: collect with these settings, assert the budgets on the site's pages, upload to a folder. */
function writeConfig(name: string, collectSettings: object) {
  const every = (key: "minScore" | "maxNumericValue", value: number) =>
    ["error", { [key]: value, aggregationMethod: "pessimistic" }] as const;
  const median = (value: number) => ["error", { maxNumericValue: value, aggregationMethod: "median" }] as const;
  const config = {
    ci: {
      collect: { chromePath, headful: true, settings: collectSettings },
      assert: {
        // The site and its test-photo copy; a limit and the preload check's proxies have no budgets of their own.
        assertMatrix: [
          {
            matchingUrlPattern: `^(${escape(origins.site)}|${escape(origins.photos)})/`,
            assertions: {
              ...Object.fromEntries(CATEGORIES.map((c) => [`categories:${c}`, every("minScore", 1)])),
              "first-contentful-paint": median(BUDGET.fcpMs),
              "largest-contentful-paint": median(BUDGET.lcpMs),
              "total-blocking-time": median(BUDGET.tbtMs),
              "cumulative-layout-shift": median(BUDGET.cls),
              "resource-summary:script:size": every("maxNumericValue", BUDGET.jsKb * 1024),
              "resource-summary:stylesheet:size": every("maxNumericValue", BUDGET.cssKb * 1024),
              "resource-summary:third-party:count": every("maxNumericValue", 0),
            },
          },
        ],
      },
      upload: { target: "filesystem", outputDir: path.join(STATE, "reports") },
    },
  };
  const file = path.join(STATE, name);
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  return file;
}

function escape(s: string) {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// ---------------------------------------------------------------------------------------------------

type Run = ReturnType<typeof summarize>;

/** Every run LHCI has collected, by URL, in the order measured. */
function readRuns(): Map<string, Run[]> {
  const dir = path.join(STATE, ".lighthouseci");
  const lhrs = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^lhr-.*\.json$/.test(f))
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), "utf8")) as Lhr)
    : [];
  const byUrl = new Map<string, Run[]>();
  for (const run of lhrs.map(summarize).sort((a, b) => a.fetchTime.localeCompare(b.fetchTime)))
    byUrl.set(run.url, [...(byUrl.get(run.url) ?? []), run]);
  return byUrl;
}

type Lhr = import("lighthouse").Result;
type SummaryItem = { resourceType: string; requestCount: number; transferSize: number };

function summarize(lhr: Lhr) {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (lhr.audits["resource-summary"]?.details as { items?: SummaryItem[] } | undefined)?.items ?? [];
  const of = (type: string) => items.find((i) => i.resourceType === type);
  const kb = (type: string) => round((of(type)?.transferSize ?? 0) / 1024, 1);
  return {
    url: lhr.requestedUrl ?? lhr.finalDisplayedUrl,
    fetchTime: lhr.fetchTime,
    lighthouseVersion: lhr.lighthouseVersion,
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? null])) as Record<
      (typeof CATEGORIES)[number],
      number | null
    >,
    fcpMs: Math.round(numeric("first-contentful-paint")),
    lcpMs: Math.round(numeric("largest-contentful-paint")),
    tbtMs: Math.round(numeric("total-blocking-time")),
    cls: round(numeric("cumulative-layout-shift"), 3),
    kb: { html: kb("document"), css: kb("stylesheet"), js: kb("script"), images: kb("image"), fonts: kb("font") },
    requests: of("total")?.requestCount ?? 0,
  };
}

/** A page's runs against its limit's runs, median against median (decision 024). */
function compare(ours: Run[], limit: Run[]) {
  if (!ours.length || !limit.length) return undefined;
  const of = (key: "fcpMs" | "lcpMs" | "tbtMs") => {
    const o = ours.map((r) => r[key]);
    const l = limit.map((r) => r[key]);
    return { ours: o, limit: l, oursMedian: median(o), limitMedian: median(l) };
  };
  const [fcp, lcp, tbt] = [of("fcpMs"), of("lcpMs"), of("tbtMs")];
  return {
    ours,
    fcp: { ...fcp, ratio: round(fcp.oursMedian / fcp.limitMedian, 2) },
    lcp: { ...lcp, ratio: round(lcp.oursMedian / lcp.limitMedian, 2) },
    tbt: { ...tbt, overLimit: tbt.oursMedian - tbt.limitMedian },
  };
}

function limitMisses(page: string, c: NonNullable<ReturnType<typeof compare>>): string[] {
  return [
    ...(["fcp", "lcp"] as const)
      .filter((m) => c[m].ratio > BUDGET.ratioToLimit)
      .map(
        (m) =>
          `${page}: median ${m.toUpperCase()} ${c[m].oursMedian} ms is ${c[m].ratio}× the plain-HTML limit's ${c[m].limitMedian} ms over ${c.ours.length} runs (budget ${BUDGET.ratioToLimit}×)`,
      ),
    ...(c.tbt.overLimit > BUDGET.tbtOverLimitMs
      ? [
          `${page}: median TBT ${c.tbt.oursMedian} ms is ${c.tbt.overLimit} ms over the limit's (budget +${BUDGET.tbtOverLimitMs} ms)`,
        ]
      : []),
  ];
}

/** The home page first, then the largest by bytes, of the pages that carry a low-priority script preload. */
function preloadCheckPages(clientDir: string): string[] {
  return pages
    .map((page) => ({ page, html: readFileSync(path.join(clientDir, page, "index.html"), "utf8") }))
    .filter(({ html }) => html.match(LOW_PRIORITY_SCRIPT_PRELOAD))
    .sort((a, b) => Number(b.page === "/") - Number(a.page === "/") || b.html.length - a.html.length)
    .slice(0, 3)
    .map(({ page }) => page);
}

type AssertionResult = {
  url: string;
  auditId?: string;
  auditProperty?: string;
  name: string;
  actual: number;
  expected: number;
  passed: boolean;
  level: string;
};

/** The results: LHCI's assertions and the comparisons made here, as bench/lighthouse.{json,md} and docs/performance.md. */
function writeResults() {
  const assertionsFile = path.join(STATE, ".lighthouseci", "assertion-results.json");
  const assertions = existsSync(assertionsFile)
    ? (JSON.parse(readFileSync(assertionsFile, "utf8")) as AssertionResult[]).filter((a) => !a.passed)
    : [];
  const measured = [
    ...allPages.map((page) => ({ page, ours: origins.site + page, limit: origins.limit + page })),
    ...PHOTO_PAGES.map((page) => ({
      page: `${page} (test photos)`,
      ours: origins.photos + page,
      limit: origins.photosLimit + page,
    })),
  ].filter(({ ours }) => collected.has(ours));
  const rows = measured.map(({ page, ours, limit }) => {
    const all = collected.get(ours)!;
    const c = compare(all, collected.get(limit) ?? []);
    const missed = assertions.filter((a) => a.url === ours).map((a) => `${page}: ${assertionText(a)}`);
    return {
      page,
      runs: all,
      limit: c && { ...c, confirmed: all.length > runs },
      missed: [...missed, ...(c ? limitMisses(page, c) : [])],
    };
  });
  const preloadCosts: PreloadCost[] = extra.preloadPages
    .map((page) => {
      const side = (origin: string) => {
        const all = collected.get(origin + page) ?? [];
        return { fcp: all.map((r) => r.fcpMs), lcp: all.map((r) => r.lcpMs) };
      };
      return preloadCost(page, side(origins.preloadWith), side(origins.preloadWithout));
    })
    .filter((c) => c.with.lcp.length);
  const failures = [
    ...rows.flatMap((r) => r.missed),
    ...preloadCostFailures(preloadCosts, BUDGET.ratioToLimit),
    ...firstTapFailures(extra.firstTaps),
    ...firstEffectFailures(extra.firstEffects),
  ];
  const first = rows[0]?.runs[0];
  const complete =
    [...allPages, ...(args["no-photos"] ? [] : PHOTO_PAGES.map((p) => `${p} (test photos)`))].every((page) => {
      const row = rows.find((r) => r.page === page);
      return row && row.runs.length >= 3 && (row.limit?.fcp.limit.length ?? 0) >= 3;
    }) && preloadCosts.length > 0;
  const report = {
    date: new Date().toISOString(),
    lighthouse: first?.lighthouseVersion,
    chromium: spawnSync(chromePath, ["--version"], { encoding: "utf8" }).stdout.split(" built")[0]!.trim(),
    cpuAffinity: /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? "all",
    loadAverage: {
      atStart: round(loadAtStart, 2),
      atEnd: round(os.loadavg()[0]!, 2),
      cores: os.availableParallelism(),
    },
    budgets: BUDGET,
    pages: rows.map(({ page, runs: all, limit, missed }) => ({
      page,
      runs: all.map(({ scores, fcpMs, lcpMs, tbtMs, cls, kb }) => ({ scores, fcpMs, lcpMs, tbtMs, cls, kb })),
      limit: limit && { fcp: limit.fcp.limit, lcp: limit.lcp.limit, tbt: limit.tbt.limit, confirmed: limit.confirmed },
      missed,
    })),
    preloadCosts,
    firstTaps: extra.firstTaps,
    firstEffects: extra.firstEffects,
    failures,
  };
  const outDir = complete ? "bench" : "bench/runs";
  const markdown = toMarkdown(report, rows);
  writeFileSync(path.join(outDir, "lighthouse.json"), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(outDir, "lighthouse.md"), markdown);
  console.log(`\n${markdown}`);
  console.log(`bench: wrote ${outDir}/lighthouse.json and ${outDir}/lighthouse.md; LHCI's reports in ${STATE}/reports`);
  if (complete) {
    writeFileSync("docs/performance.md", performanceDoc(markdown));
    console.log("bench: wrote docs/performance.md");
  }
  if (failures.length) {
    console.error(`bench: ${failures.length} budget(s) missed`);
    process.exit(1);
  }
  console.log("bench: every budget met");
  process.exit(0);
}

function assertionText(a: AssertionResult) {
  const what = a.auditProperty ? `${a.auditId} ${a.auditProperty}` : (a.auditId ?? a.name);
  return `${what}: ${round(a.actual, 3)} against ${a.expected} (${a.name})`;
}

type Row = {
  page: string;
  runs: Run[];
  limit?: (NonNullable<ReturnType<typeof compare>> & { confirmed: boolean }) | undefined;
  missed: string[];
};

function toMarkdown(
  r: {
    date: string;
    lighthouse?: string;
    chromium?: string;
    cpuAffinity: string;
    loadAverage: { atStart: number; atEnd: number; cores: number };
    preloadCosts: PreloadCost[];
    firstTaps: TapResult[];
    firstEffects: EffectResult[];
    failures: string[];
  },
  rows: Row[],
) {
  const b = BUDGET;
  const med = (all: Run[], key: "fcpMs" | "lcpMs" | "tbtMs" | "cls") => median(all.map((x) => x[key]));
  const worst = (all: Run[], key: "fcpMs" | "lcpMs" | "tbtMs" | "cls") => Math.max(...all.map((x) => x[key]));
  const score = (all: Run[], c: (typeof CATEGORIES)[number]) => pct(Math.min(...all.map((x) => x.scores[c] ?? 0)));
  const maxKb = (all: Run[], key: "html" | "css" | "js" | "images") => Math.max(...all.map((x) => x.kb[key]));
  const lines = [
    "# Lighthouse benchmark",
    "",
    `${r.date.slice(0, 10)} · Lighthouse ${r.lighthouse} through Lighthouse CI 0.14.0 · ${r.chromium} · mobile form factor, simulated throttling (150 ms RTT, 1.6 Mbps, 4× CPU) · ${runs} run(s) per page · CPUs ${r.cpuAffinity} · load average ${r.loadAverage.atStart} → ${r.loadAverage.atEnd} on ${r.loadAverage.cores} cores.`,
    "",
    `Budgets (\`lhci assert\`): the median of every page's runs FCP ≤ ${b.fcpMs} ms · LCP ≤ ${b.lcpMs} ms · TBT ≤ ${b.tbtMs} ms · CLS ≤ ${b.cls}; every run: the four scores 100 · JS ≤ ${b.jsKb} KB · CSS ≤ ${b.cssKb} KB transferred · no other host. Against the plain-HTML limit, median against median: FCP and LCP ≤ ${b.ratioToLimit}×, TBT ≤ +${b.tbtOverLimitMs} ms. First tap ≤ ${b.firstTapMs} ms, first effect ≤ ${b.firstEffectMs} ms.`,
    "Scores: the lowest run. FCP, LCP, TBT and CLS: the median run (the worst in brackets). Bytes: KB transferred (compressed, with headers); ✗ marks a missed budget.",
    "",
    "| Page | Perf | A11y | BP | SEO | FCP ms | LCP ms | TBT ms | CLS | HTML | CSS | JS | Img | Req | |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|",
    ...rows.map(
      ({ page, runs: all, missed }) =>
        `| ${page} | ${CATEGORIES.map((c) => score(all, c)).join(" | ")} | ${(["fcpMs", "lcpMs", "tbtMs", "cls"] as const).map((k) => `${med(all, k)} (${worst(all, k)})`).join(" | ")} | ${(["html", "css", "js", "images"] as const).map((k) => maxKb(all, k)).join(" | ")} | ${all[0]!.requests} | ${missed.length ? "✗" : "✓"} |`,
    ),
    "",
    "## Against the plain-HTML limit",
    "",
    'The same prerendered HTML with every `<script>`, `<link rel="modulepreload">` and script preload removed, served with the same CSS and assets and collected by LHCI in the same passes, right after the page. A `<link rel="preload" as="script" fetchpriority="low">` stays: a browser paints without waiting for it, but Lighthouse\'s simulation counts any request that ended before the largest paint, so its real cost is measured below instead.',
    "",
    `The median of a page's runs against the median of its limit's runs: FCP and LCP ≤ ${b.ratioToLimit}×, TBT ≤ +${b.tbtOverLimitMs} ms. A page that misses on the medians of its first ${runs} runs is measured ${CONFIRM_PASSES} times more, page then limit, and judged on all its runs (marked ⟳) (decision 024).`,
    "",
    "| Page | FCP ours (runs) | FCP limit | median ratio | LCP ours (runs) | LCP limit | median ratio | TBT ours (runs) | TBT limit | median over limit |",
    "|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|",
    ...rows.flatMap(({ page, limit: c }) =>
      c
        ? [
            `| ${page}${c.confirmed ? " ⟳" : ""} | ${c.fcp.ours.join(" / ")} | ${c.fcp.limit.join(" / ")} | ${c.fcp.ratio} | ${c.lcp.ours.join(" / ")} | ${c.lcp.limit.join(" / ")} | ${c.lcp.ratio} | ${c.tbt.ours.join(" / ")} | ${c.tbt.limit.join(" / ")} | ${c.tbt.overLimit} |`,
          ]
        : [],
    ),
    "",
  ];
  if (r.preloadCosts.length)
    lines.push(
      "## What the low-priority preload costs",
      "",
      `Collected by LHCI with DevTools throttling (each request delayed 562.5 ms, 1.6 Mbps, 4× CPU: what a phone meets, not a simulation), the page as built against the same page with only its low-priority script preload removed, alternately, in ms. Budget: median LCP with it ≤ ${b.ratioToLimit}× without it.`,
      "",
      preloadCostMarkdown(r.preloadCosts),
      "",
    );
  if (r.firstTaps.length)
    lines.push(
      "## First tap",
      "",
      "Chromium throttled like Lighthouse's mobile profile (4× CPU, 150 ms RTT, 1.6 Mbps), a new visitor per tap.",
      "",
      firstTapMarkdown(r.firstTaps),
      "",
    );
  if (r.firstEffects.length)
    lines.push(
      "## First effect",
      "",
      "What the visitor's interaction changes on the page, on the same throttled profile, a new visitor per effect (scripts/bench-first-effect.ts, docs/decisions/024-first-effect.md).",
      "",
      firstEffectMarkdown(r.firstEffects),
      "",
    );
  lines.push(
    r.failures.length
      ? `## Missed budgets (${r.failures.length})\n\n${r.failures.map((f) => `- ${f}`).join("\n")}\n`
      : "Every budget met.\n",
    ...beforeAndAfter(rows),
  );
  return lines.join("\n");
}

/**
 * Today's figures beside the last ones measured before Lighthouse CI (the "Results" and "Against the plain-HTML
 * limit" tables of docs/performance.md of 2026-11-27, kept in bench/before/): each page's median and worst run.
 */
function beforeAndAfter(rows: Row[]): string[] {
  if (!args.before || !existsSync(args.before)) return [];
  const text = readFileSync(args.before, "utf8");
  const cells = (line: string) =>
    line
      .split("|")
      .slice(1, -1)
      .map((c) => c.trim());
  /** The page rows of the table under `heading` (up to the next heading). */
  const tableAfter = (heading: string) =>
    text
      .slice(text.indexOf(heading), text.indexOf("\n## ", text.indexOf(heading) + heading.length))
      .split("\n")
      .filter((l) => /^\| \//.test(l))
      .map(cells);
  const worstBefore = new Map(tableAfter("## Results").map((c) => [c[0]!, c]));
  const runsBefore = new Map(tableAfter("## Against the plain-HTML limit").map((c) => [c[0]!.replace(" ⟳", ""), c]));
  const medianOf = (cell: string | undefined) => (cell ? median(cell.split(" / ").map(Number)) : undefined);
  const line = ({ page, runs: all }: Row) => {
    const w = worstBefore.get(page);
    const m = runsBefore.get(page);
    const cell = (before: number | undefined, beforeWorst: string | undefined, key: "fcpMs" | "lcpMs" | "tbtMs") =>
      `${before ?? "–"} (${beforeWorst ?? "–"}) → ${median(all.map((x) => x[key]))} (${Math.max(...all.map((x) => x[key]))})`;
    return `| ${page} | ${w?.[1] ?? "–"} → ${pct(Math.min(...all.map((x) => x.scores.performance ?? 0)))} | ${cell(medianOf(m?.[1]), w?.[5], "fcpMs")} | ${cell(medianOf(m?.[4]), w?.[6], "lcpMs")} | ${cell(medianOf(m?.[7]), w?.[7], "tbtMs")} |`;
  };
  return [
    "## Before and after",
    "",
    `Before: the complete run of 2026-11-27 (session 14, Lighthouse 12.8.2 called by the bench itself, ${args.before}). After: this run, Lighthouse 12.8.2 through LHCI, same settings. Median run (worst in brackets), in ms; performance score of the lowest run.`,
    "",
    "| Page | Performance | FCP ms | LCP ms | TBT ms |",
    "|---|--:|--:|--:|--:|",
    ...rows.map(line),
    "",
  ];
}

/** docs/performance.md: everything above its "## Results" is written by hand and kept; the results replace the rest. */
function performanceDoc(results: string): string {
  const old = readFileSync("docs/performance.md", "utf8");
  const head = old.includes("\n## Results\n") ? old.slice(0, old.indexOf("\n## Results\n") + 1) : "# Performance\n\n";
  return `${head}## Results\n\n${results.replace(/^# Lighthouse benchmark\n\n/, "")}`;
}

// ---------------------------------------------------------------------------------------------------

/** The real server (tests/support/processes.ts: production, loopback, no mail server, its log in a file). */
async function startSite(port: number, cwd: string) {
  const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "gs-bench-")), "data");
  cleanups.push(() => rmSync(path.dirname(dataDir), { recursive: true, force: true }));
  const site = await startServer({
    port,
    dataDir,
    cwd,
    script: path.join(cwd, "server.ts"),
    env: { MAIL_TRANSPORT: "files" },
  });
  cleanups.push(() => void site.kill9());
}

/**
 * The physical limit: each page's prerendered HTML without any script or script preload (but a low-priority one,
 * whose real cost scripts/bench-preload.ts measures), served as app/server/app.server.ts serves the real one
 * (compression, the same security headers with a policy that allows no inline script, the same assets and caching).
 */
async function startLimitServer(listenPort: number, limitPaths: string[], clientDir: string) {
  const dir = mkdtempSync(path.join(tmpdir(), "gs-bench-limit-"));
  for (const page of limitPaths) {
    const html = readFileSync(path.join(clientDir, page, "index.html"), "utf8")
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
      .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/gi, "")
      .replace(OTHER_SCRIPT_PRELOAD, "");
    mkdirSync(path.join(dir, page), { recursive: true });
    writeFileSync(path.join(dir, page, "index.html"), html);
  }
  const app = express();
  app.disable("x-powered-by");
  app.use(compression());
  app.use(securityHeaders({ hsts: false }));
  app.use((_req, res, next) => {
    res.set("Content-Security-Policy", contentSecurityPolicy({ scriptSources: [], https: false }));
    next();
  });
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, redirect: false }),
  );
  app.use((req, res, next) => {
    if (!limitPaths.includes(req.path)) return next();
    res.set("Cache-Control", "public, max-age=300, must-revalidate");
    res.sendFile(path.join(dir, req.path, "index.html"));
  });
  app.use(express.static(clientDir, { maxAge: "10m", index: false, redirect: false }));
  const listener = await new Promise<import("node:http").Server>((resolve, reject) => {
    const s = app.listen(listenPort, "127.0.0.1", () => resolve(s)).once("error", reject);
  });
  cleanups.push(() => {
    listener.close();
    listener.closeAllConnections();
    rmSync(dir, { recursive: true, force: true });
  });
}

function pct(score: number | null | undefined) {
  return score == null ? "–" : String(Math.round(score * 100));
}

function round(n: number, digits: number) {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}
