/**
 * Load and fault benchmark (its report: docs/reliability.md): proves on this machine that the site keeps working
 * and loses nothing. Every scenario starts the real server (`node server.ts`, production build) on loopback
 * with a fresh DATA_DIR, an SMTP sink in this process that records every message, and drives it from a
 * SECOND Node process (scripts/bench-load/child.ts: autocannon, or a fetch pool that records every answer).
 *
 *   npm run bench:load                 full run; writes docs/reliability.md
 *   npm run bench:load -- --quick      shorter, smaller run for trying things out (prints only)
 *   npm run bench:load -- --only static,owner   a subset: static, submit, postgres, photos, owner, two (prints only)
 *   npm run bench:load -- --port 3500  base port: server +0, SMTP sink +1, private PostgreSQL +99
 *
 * Scenarios:
 *   static    /, /about and a city page, 10 s each at 50 connections: requests/s, p99, non-2xx
 *   submit    5,000 estimate requests at 50 connections: no 5xx, stored rows = confirmations, each e-mailed once
 *   postgres  a private PostgreSQL cluster (needs the PostgreSQL binaries and root or the postgres user) is
 *             stopped mid-run, 4 rounds: every request kept in the outage journal and confirmed, stored and
 *             e-mailed once when it answers, the owner told; never a 500 or a stack trace, nothing half-written
 *   photos    text-only sends of the multipart estimate form at 9, 12 and 50 at once: none turned away; eight
 *             uploads of six 9 MB JPEGs at once: every one stored, the server's peak RSS under 512 MB, the p99
 *             of a page fetched meanwhile within 200 ms
 *   owner     20,000 requests stored: the inbox, a search, the report, the CSV and .xlsx exports (median of 3 each,
 *             the exports' peak memory)
 *   two       two servers on one PostgreSQL (TEST_DATABASE_URL) behind Caddy: kill -9 of either, several times, then
 *             a rolling restart: every form confirmed (after a re-send), stored once, every job sent once
 *
 * The kill -9 and SMTP outage scenarios, and the outage without the journal, were removed on 2026-12-02:
 * tests/e2e/faults.spec.ts asserts each of their invariants (docs/reliability.md, "History").
 * Exits 1 when an invariant fails. Timings belong here, never in tests. Needs a build (`npm run build`).
 *
 * This file parses the arguments, runs the chosen scenarios and writes the report; the rest is in
 * scripts/bench-load/: one module per scenario (static.ts, submit.ts, postgres.ts, photos.ts, owner.ts, two.ts), and what
 * they share: environment.ts (the server under test, its log, a fresh environment per scenario), mail.ts (the
 * SMTP sink and the mail checks), store.ts (the database seen from outside, the store checks), load.ts and
 * child.ts (the load process, both sides), report.ts (checks, tables, the markdown), cleanup.ts (what to undo).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { ROOT } from "../tests/support/processes.ts";
import { cleanupAll } from "./bench-load/cleanup.ts";
import type { Settings } from "./bench-load/environment.ts";
import { photoUploads } from "./bench-load/photos.ts";
import { ownerPages } from "./bench-load/owner.ts";
import { postgresOutage } from "./bench-load/postgres.ts";
import { check, report, seconds, type Section } from "./bench-load/report.ts";
import { staticPages } from "./bench-load/static.ts";
import { submissionsUnderLoad } from "./bench-load/submit.ts";
import { twoServers } from "./bench-load/two.ts";

/** docs/reliability.md: from this line on, the text is written by hand and a new report keeps it. */
const HAND_WRITTEN = "<!-- written by hand below this line; npm run bench:load keeps it -->";
const SCENARIOS = ["static", "submit", "postgres", "photos", "owner", "two"] as const;
type ScenarioName = (typeof SCENARIOS)[number];

const scenarioRunners: Record<ScenarioName, (s: Settings) => Promise<Section>> = {
  static: staticPages,
  submit: submissionsUnderLoad,
  postgres: postgresOutage,
  photos: photoUploads,
  owner: ownerPages,
  two: twoServers,
};

async function main() {
  const { values } = parseArgs({
    options: { quick: { type: "boolean" }, only: { type: "string" }, port: { type: "string" } },
  });
  const settings: Settings = { quick: Boolean(values.quick), port: Number(values.port ?? 3500) };
  const only = values.only ? values.only.split(",").map((s) => s.trim()) : [...SCENARIOS];
  const unknown = only.filter((s) => !(SCENARIOS as readonly string[]).includes(s));
  if (unknown.length)
    throw new Error(`--only: unknown scenario ${unknown.join(", ")}; choose from ${SCENARIOS.join(", ")}`);
  if (!existsSync(path.join(ROOT, "build/server/index.js")))
    throw new Error("No build found. Run `npm run build` first.");

  const command = ["npm run bench:load", process.argv.length > 2 ? `-- ${process.argv.slice(2).join(" ")}` : ""]
    .join(" ")
    .trim();
  const startedAt = new Date();
  const sections: Section[] = [];
  const failedToRun: string[] = [];
  for (const name of only as ScenarioName[]) {
    console.error(`bench-load: ${name} …`);
    const t = Date.now();
    try {
      sections.push(await scenarioRunners[name](settings));
    } catch (err) {
      failedToRun.push(name);
      sections.push({
        title: `${name}: could not run`,
        body: ["```", err instanceof Error ? (err.stack ?? err.message) : String(err), "```"],
        checks: [check(`${name} ran to the end`, false, err instanceof Error ? err.message : String(err))],
      });
    } finally {
      await cleanupAll();
    }
    console.error(`bench-load: ${name} done in ${seconds(Date.now() - t)}`);
  }

  const markdown = report(sections, command, settings, startedAt, failedToRun);
  console.log(markdown);
  const full = !settings.quick && only.length === SCENARIOS.length;
  if (full) {
    // What follows the marker in the old file is written by hand (which test proves what) and is kept.
    const file = path.join(ROOT, "docs/reliability.md");
    const previous = existsSync(file) ? readFileSync(file, "utf8") : "";
    const kept = previous.includes(HAND_WRITTEN) ? previous.slice(previous.indexOf(HAND_WRITTEN)) : "";
    writeFileSync(file, `${markdown}\n${kept ? `\n${kept}` : ""}`);
    console.error("bench-load: wrote docs/reliability.md");
  } else {
    const file = path.join(os.tmpdir(), "bench-load-report.md");
    writeFileSync(file, `${markdown}\n`);
    console.error(`bench-load: partial or quick run, docs/reliability.md left alone; report in ${file}`);
  }
  const ok = sections.every((s) => s.checks.every((c) => c.ok));
  process.exitCode = ok ? 0 : 1;
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`bench-load: ${signal}, cleaning up`);
    void cleanupAll().then(() => process.exit(130));
  });
}
try {
  await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  await cleanupAll();
  process.exitCode = 2;
}
