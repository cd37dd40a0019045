/**
 * Scenario 6: two servers on one PostgreSQL behind Caddy (deploy/Caddyfile.two-servers, docs/deploy.md), several
 * `kill -9`s of either one in the middle of a stream of forms, each followed by its restart, then a rolling
 * restart of both. Every form answered with the confirmation (after re-sends at most), stored once, every
 * outbox job sent once. The short version is tests/e2e/two-servers.spec.ts; the stack is
 * tests/support/two-servers.ts. Needs TEST_DATABASE_URL (a fresh schema is made in it) and Caddy.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { createTestStorage } from "../../tests/support/storage.ts";
import { hasCaddy } from "../../tests/support/caddy-recipe.ts";
import { waitFor } from "../../tests/support/processes.ts";
import { outcome, startTwoServers, submissionStream } from "../../tests/support/two-servers.ts";
import { onCleanup } from "./cleanup.ts";
import type { Settings } from "./environment.ts";
import { check, list, seconds, table, type Section } from "./report.ts";

interface Step {
  what: string;
  /** Forms confirmed during the step, and the time it took (to the other server's first confirmation after a kill). */
  confirmed: number;
  ms: number;
}

export async function twoServers(settings: Settings): Promise<Section> {
  if (!process.env.TEST_DATABASE_URL)
    throw new Error("TEST_DATABASE_URL is not set: this scenario makes a schema of its own in that database");
  if (!hasCaddy()) throw new Error("Caddy is not installed (Debian: apt-get install caddy)");
  const kills = settings.quick ? 2 : 6;
  const visitors = settings.quick ? 4 : 8;
  const between = settings.quick ? 30 : 150; // forms confirmed between two faults

  const storage = await createTestStorage("postgres");
  onCleanup(() => storage.cleanup());
  const stack = await startTwoServers(storage.env.DATABASE_URL!);
  onCleanup(() => stack.close());

  const stream = submissionStream(stack.origin, { visitors });
  const confirmed = () => stream.sent.filter((s) => s.confirmed).length;
  const steps: Step[] = [];
  const step = async (what: string, fault: () => Promise<unknown>) => {
    const [start, before] = [Date.now(), confirmed()];
    await fault();
    await waitFor(`${between} forms after: ${what}`, () => confirmed() >= before + between, 120_000, 20);
    steps.push({ what, confirmed: confirmed() - before, ms: Date.now() - start });
  };
  const started = Date.now();
  await waitFor("the first forms", () => confirmed() >= between, 120_000, 20);
  for (let k = 0; k < kills; k++) {
    const i = (k % 2) as 0 | 1;
    // A random moment, so the kill lands mid-request and mid-send.
    await sleep(Math.round(200 + Math.random() * 800));
    await step(`kill -9 of server ${i + 1}`, () => stack.kill9(i));
    await step(`server ${i + 1} started again`, () => stack.start(i));
  }
  const exits: (number | null)[] = [];
  for (const i of [0, 1] as const)
    await step(`rolling restart: server ${i + 1} (SIGTERM, then started again)`, async () =>
      exits.push(await stack.restart(i)),
    );
  await stream.stop();
  const streamMs = Date.now() - started;

  const drainStart = Date.now();
  const drained = await waitFor(
    "every job sent",
    async () => (await outcome(stack, stream.sent)).unsent === 0,
    120_000,
    250,
  )
    .then(() => Date.now() - drainStart)
    .catch(() => null);
  const result = await outcome(stack, stream.sent);

  return {
    title: "8. Two servers on one PostgreSQL: kill -9 and a rolling restart",
    body: [
      `Two servers (\`node server.ts\`, each with its own port and DATA_DIR, the keys shared) on one PostgreSQL database, behind Caddy with \`deploy/Caddyfile.two-servers\` (round robin, health checks on \`/healthz/live\`, \`lb_try_duration 30s\`), as docs/deploy.md sets them up. ${visitors} visitors send the estimate form through Caddy one after another, each from its own loopback address; a visitor whose answer is a gateway error, a page cut short or nothing sends the same form again (its idempotency key with it) after 250 ms, as a browser's re-send does. ${kills} times one server gets SIGKILL at a random moment and is started again (the two in turn), then both are restarted one after the other with SIGTERM (a rolling deploy). ${between} forms are confirmed between two steps. Outbox leases: 5 s (OUTBOX_LEASE_SECONDS; 30 s by default), so a killed server's claimed jobs go out soon.`,
      table(
        ["step", "forms confirmed", "took"],
        steps.map((s) => [s.what, s.confirmed, seconds(s.ms)]),
      ),
      table(
        ["in all", "value"],
        [
          ["forms sent", stream.sent.length],
          ["confirmed at the first send", stream.sent.length - result.retried],
          ["confirmed after a re-send (a server killed under it)", result.retried - result.unconfirmed.length],
          ["never confirmed", result.unconfirmed.length],
          ["stored requests missing", result.lost.length],
          ["requests stored twice", result.storedTwice.length],
          ["outbox jobs", result.jobs],
          ["jobs sent twice (in flight at a kill; same Message-ID)", result.sentTwice.length],
          ["every job sent, after the stream", drained === null ? "not within 2 min" : seconds(drained)],
          ["stream", seconds(streamMs)],
        ],
      ),
    ],
    checks: [
      check(
        "every form confirmed (after re-sends at most)",
        result.unconfirmed.length === 0,
        `${result.unconfirmed.length} of ${stream.sent.length} not confirmed: ${list(result.unconfirmed.map((s) => `${s.status}${s.error ? ` ${s.error}` : ""}`))}`,
      ),
      check("every confirmed form stored", result.lost.length === 0, `missing: ${list(result.lost)}`),
      check("no request stored twice", result.storedTwice.length === 0, `twice: ${list(result.storedTwice)}`),
      check(
        "every outbox job sent",
        result.unsent === 0,
        `${result.unsent} of ${result.jobs} not sent${drained === null ? "" : `; all sent ${seconds(drained)} after the stream`}`,
      ),
      check(
        "jobs sent twice: at most the sends in flight at the kills (one batch of 5 per kill)",
        result.sentTwice.length <= 5 * kills,
        `${result.sentTwice.length} after ${kills} kills`,
      ),
      check(
        "the rolling restart's servers exit 0",
        exits.every((code) => code === 0),
        `exit codes: ${exits.join(", ")}`,
      ),
    ],
  };
}
