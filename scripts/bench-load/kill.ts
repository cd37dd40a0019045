/** Scenario 3: kill -9 of the server in the middle of submissions, round after round on one DATA_DIR. */
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { SubmitRecord } from "./child.ts";
import { environment, logTable, startServer, type Settings } from "./environment.ts";
import { submitLoop } from "./load.ts";
import { mailChecks, tallyMail } from "./mail.ts";
import { check, seconds, table, type Section } from "./report.ts";
import { diagnoseOutbox, inspectSqliteFile, openStore, storeChecks, storeState, waitForOutbox } from "./store.ts";

interface KillRound {
  afterMs: number;
  sent: number;
  acked: number;
  noAnswer: number;
  fiveXX: number;
  integrity: string;
  stored: number;
  lost: string[];
}

export async function killDuringSubmissions(settings: Settings): Promise<Section> {
  const rounds = settings.quick ? 2 : 5;
  const env = await environment(settings, "kill");
  await env.database.close(); // the file is opened directly between rounds
  let server = env.server;
  const acked: string[] = [];
  const allRecords: SubmitRecord[] = [];
  const results: KillRound[] = [];
  for (let i = 1; i <= rounds; i++) {
    if (i > 1) server = await startServer(env.serverOptions);
    const load = submitLoop(server, `kill${i}-${randomBytes(3).toString("hex")}`, 10);
    await Promise.race([load.firstAck, sleep(30_000)]); // the clock starts once submissions are flowing
    const afterMs = Math.round(500 + Math.random() * 1500);
    await sleep(afterMs);
    await server.kill9();
    await sleep(300); // let the requests in flight fail
    load.stop();
    const { records } = await load.result;
    allRecords.push(...records);
    const roundAcked = records.filter((r) => r.acked).map((r) => r.email);
    acked.push(...roundAcked);
    const file = inspectSqliteFile(env.dataDir);
    results.push({
      afterMs,
      sent: records.length,
      acked: roundAcked.length,
      noAnswer: records.filter((r) => r.status === 0).length,
      fiveXX: records.filter((r) => r.status >= 500).length,
      integrity: file.integrity,
      stored: file.leads,
      lost: acked.filter((e) => !file.emails.has(e)),
    });
  }

  // Restart once more and let the outbox deliver everything left pending (leases of killed servers expire after 5 min).
  const restartedAt = Date.now();
  server = await startServer(env.serverOptions);
  const database = await openStore(env.dataDir);
  const drainMs = await waitForOutbox(database, 8 * 60_000);
  const drainedAt = Date.now();
  const diagnosis = drainMs === null ? await diagnoseOutbox(database, server, env.sink) : "";
  const state = await storeState(database);
  await database.close();
  await server.stop();
  const file = inspectSqliteFile(env.dataDir);
  const tally = tallyMail(
    env.sink,
    state.leads.map((l) => l.id),
  );
  const storedEmails = new Set(state.leads.map((l) => l.email));
  const storedNotAcked = state.leads.length - acked.filter((e) => storedEmails.has(e)).length;

  return {
    title: "3. kill -9 in the middle of submissions",
    body: [
      `${rounds} rounds on one DATA_DIR (SQLite, WAL, synchronous=FULL): a second process submits continuously at concurrency 10 and records every confirmed request; a random 0.5–2 s after the first confirmation the server gets SIGKILL. With the server dead, the file is opened with node:sqlite (\`PRAGMA integrity_check\`, confirmed requests present); then the server is started again on the same folder. After the last round the server runs until the outbox has no pending job.`,
      table(
        [
          "round",
          "killed after",
          "requests sent",
          "confirmed",
          "no answer (killed)",
          "5xx",
          "rows after kill",
          "integrity_check",
          "confirmed but missing",
        ],
        results.map((r, i) => [
          i + 1,
          `${r.afterMs} ms`,
          r.sent,
          r.acked,
          r.noAnswer,
          r.fiveXX,
          r.stored,
          r.integrity,
          r.lost.length,
        ]),
      ),
      table(
        ["after the last restart", "value"],
        [
          ["stored requests", state.leads.length],
          ["of which confirmed to the visitor", state.leads.length - storedNotAcked],
          ["stored but never confirmed (killed between commit and answer)", storedNotAcked],
          [
            "all pending e-mails sent, after the final start",
            drainMs === null ? "not within 8 min" : seconds(drainedAt - restartedAt),
          ],
          [
            "messages received in all: to the owner, replies to visitors",
            `${tally.messages}, ${tally.replies.messages}`,
          ],
          [
            "requests e-mailed twice (kill between SMTP accept and marking the job sent)",
            `${tally.repeated.length} (${tally.extra} extra messages, ${tally.repeatsWithSameMessageId} with the same Message-ID as the first)`,
          ],
          ["messages cut short by a kill (no Request ID)", tally.unreadable],
        ],
      ),
      "A job being delivered when its server is killed keeps its lease (30 s, `OUTBOX_LEASE_SECONDS`; renewed only while its send runs) and is claimed again after it expires. A message the sink accepted before the kill but whose job was not yet marked sent is sent again: the repeat carries the same Message-ID. At most one batch (5 jobs) is in flight per server, so each kill can repeat at most 5 messages.",
      ...(diagnosis ? [diagnosis] : []),
      logTable(env.server.logFile),
    ],
    checks: [
      check(
        "no 5xx during the rounds",
        results.every((r) => r.fiveXX === 0),
        `5xx per round: ${results.map((r) => r.fiveXX).join(", ")}`,
      ),
      check(
        "the kill landed mid-run (requests were cut off) in every round",
        results.every((r) => r.acked > 0 && r.noAnswer > 0),
        `confirmed / cut off per round: ${results.map((r) => `${r.acked}/${r.noAnswer}`).join(", ")}`,
      ),
      check(
        "integrity_check = ok after every kill and at the end",
        results.every((r) => r.integrity === "ok") && file.integrity === "ok",
        `after kills: ${results.map((r) => r.integrity).join(", ")}; at the end: ${file.integrity}`,
      ),
      check(
        "every confirmed request present after every kill",
        results.every((r) => r.lost.length === 0),
        `missing per round: ${results.map((r) => r.lost.length).join(", ")}`,
      ),
      check(
        "pending e-mails sent after the restart",
        drainMs !== null,
        drainMs === null
          ? "jobs still pending after 8 min"
          : `drained ${seconds(drainedAt - restartedAt)} after the final start`,
      ),
      ...storeChecks(state, acked, allRecords),
      ...mailChecks(tally, { allowRepeats: true }),
      check(
        "repeats at most the sends in flight at the kills (one batch of 5 per kill)",
        tally.extra + tally.replies.extra <= 5 * rounds,
        `${tally.extra} extra messages and ${tally.replies.extra} extra replies after ${rounds} kills`,
      ),
    ],
  };
}
