/**
 * The cross-engine suite (`npm test` runs it after Playwright; alone: `npx node tests/engines/run.ts`, after
 * `npm run build`): the checks of tests/engines/checks.ts in Firefox ESR (WebDriver BiDi) and WebKitGTK
 * (WebKitWebDriver), at 390 and 1440 px, then in the older-Safari profile, against the production build
 * served by the real server on loopback. Prints one line per check and a summary; exits 1 on any failure.
 * `ENGINES=webkit` (or firefox) runs one engine; `ENGINES_ONLY=resize` runs the checks whose name has it.
 * `ENGINES_PARALLEL=1` runs the two engines at the same time, each its checks in order (today, then the
 * older-Safari profile); its gain is not shown yet (decision 049). The resize check, which holds the page
 * to an answer within 2 s, then runs alone (it waits for the other engine's check under way to end, and the other
 * engine waits for it), and the checks that take an arrival window take turns. Not the default yet: under heavy
 * load Firefox's firm-quote check at 1440 px once found no #contact-form right after opening /contact (decision 049).
 * Why this way: docs/decisions/023-three-engines.md.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startServer } from "../support/processes.ts";
import { type Check, type Site, checks, heightFor, resizeCheck } from "./checks.ts";
import { type EngineName, type Profile, type Tab, firefoxTab, webkitTab } from "./driver.ts";

const port = Number(process.env.ENGINES_PORT ?? process.env.E2E_PORT ?? 3210);
const engines = (process.env.ENGINES ?? "firefox,webkit").split(",") as EngineName[];
const only = process.env.ENGINES_ONLY;
const started = Date.now();

const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "gs-engines-")), "data");
const server = await startServer({
  port,
  dataDir,
  env: { MAIL_TRANSPORT: "files", LEAD_RATE_LIMIT: "1000", LEAD_MIN_FILL_SECONDS: "0" },
});
// localhost, as a visitor on this machine types it (the server keeps a loopback visitor's own origin).
const site: Site = { origin: `http://localhost:${port}`, dataDir };

type Result = { engine: EngineName; profile: Profile; width: number; name: string; error?: string; ms: number };
const results: Result[] = [];

/**
 * Checks share the machine; a check that measures a time has it to itself: `alone` waits until no other check
 * runs and keeps new ones waiting until it ends.
 */
const gate = {
  running: 0,
  alone: false,
  /** Checks waiting to run alone: no new check starts before them. */
  queuedAlone: 0,
  waiting: [] as (() => void)[],
  async enter(alone: boolean) {
    if (alone) this.queuedAlone++;
    while (this.alone || (alone ? this.running > 0 : this.queuedAlone > 0))
      await new Promise<void>((wake) => this.waiting.push(wake));
    if (alone) this.queuedAlone--;
    this.running++;
    this.alone = alone;
  },
  leave() {
    this.running--;
    this.alone = false;
    for (const wake of this.waiting.splice(0)) wake();
  },
  /** `work` with the gate held (a browser's start and stop too: they keep a core busy). */
  async through<T>(alone: boolean, work: () => Promise<T>): Promise<T> {
    await this.enter(alone);
    try {
      return await work();
    } finally {
      this.leave();
    }
  },
};

async function runIn(engine: EngineName, profile: Profile) {
  const selected = [...checks, resizeCheck].filter(
    (c) => (profile === "today" || c.olderSafari) && (!only || c.name.includes(only)),
  );
  if (selected.length === 0) return;
  let tab: Tab | undefined;
  try {
    tab = await gate.through(false, () => (engine === "firefox" ? firefoxTab(profile) : webkitTab(profile)));
    for (const check of selected) {
      for (const width of check.widths) await one(tab, check, width);
    }
  } catch (err) {
    results.push({ engine, profile, width: 0, name: "the browser", error: String(err), ms: 0 });
  } finally {
    await gate.through(false, async () => tab?.close()).catch(() => {});
  }
}

/** The checks that request an arrival window, one after another (Check.takesWindow). */
let windowTurn: Promise<unknown> = Promise.resolve();

async function one(tab: Tab, check: Check, width: number) {
  const run = () => gate.through(check === resizeCheck, () => timed(tab, check, width));
  if (!check.takesWindow) return run();
  const turn = windowTurn.then(run);
  windowTurn = turn.catch(() => {});
  await turn;
}

async function timed(tab: Tab, check: Check, width: number) {
  const start = Date.now();
  const result: Result = { engine: tab.engine, profile: tab.profile, width, name: check.name, ms: 0 };
  try {
    await tab.resize(width, heightFor(width));
    await check.run(tab, site, width);
    const errors = await tab.errors();
    if (errors.length) throw new Error(`errors on the page:\n      ${errors.join("\n      ")}`);
  } catch (err) {
    result.error = (err as Error).message;
  }
  result.ms = Date.now() - start;
  results.push(result);
  const mark = result.error ? "✖" : "✔";
  console.log(`${mark} ${tab.engine} ${tab.profile} ${width}px: ${check.name} (${result.ms} ms)`);
  if (result.error) console.log(`    ${result.error}`);
}

const inOrder = async (engine: EngineName) => {
  for (const profile of ["today", "older-safari"] as const) await runIn(engine, profile);
};
try {
  if (process.env.ENGINES_PARALLEL) await Promise.all(engines.map(inOrder));
  else
    for (const profile of ["today", "older-safari"] as const) {
      for (const engine of engines) await runIn(engine, profile);
    }
} finally {
  await server.stop();
}

const failed = results.filter((r) => r.error);
console.log(
  `\nCross-engine suite: ${results.length - failed.length} passed, ${failed.length} failed, in ${Math.round((Date.now() - started) / 1000)} s (${engines.join(", ")}).`,
);
for (const r of failed) console.log(`  ✖ ${r.engine} ${r.profile} ${r.width}px: ${r.name}\n      ${r.error}`);
process.exit(failed.length || results.length === 0 ? 1 : 0);
