/** Scenario 4: the SMTP server refuses (421) for a while, then comes back. */
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { environment, logTable, type Settings } from "./environment.ts";
import { statusCounts, submitLoop } from "./load.ts";
import { mailChecks, tallyMail } from "./mail.ts";
import { check, seconds, table, type Section } from "./report.ts";
import { diagnoseOutbox, storeChecks, storeState, waitForOutbox } from "./store.ts";

export async function smtpOutage(settings: Settings): Promise<Section> {
  const count = 200;
  const outageAfterLoadMs = 5000;
  const env = await environment(settings, "smtp", { refusing: true, env: { OUTBOX_FIRST_RETRY_SECONDS: "1" } });
  const outageStarted = Date.now();
  const { records } = await submitLoop(env.server, `smtp-${randomBytes(3).toString("hex")}`, 10, count).result;
  await sleep(outageAfterLoadMs);
  // The outage lasts until the outbox has retried some job (with hundreds of jobs, the first attempts alone can
  // take longer than the fixed pause), so that "jobs retried" is observed, not assumed; at most a minute more.
  const retryDeadline = Date.now() + 60_000;
  let outageState = await storeState(env.database);
  while (outageState.retriedJobs === 0 && Date.now() < retryDeadline) {
    await sleep(250);
    outageState = await storeState(env.database);
  }
  const duringOutage = {
    messages: env.sink.messages.length + env.sink.replies.length,
    refused: env.sink.refused,
    state: outageState,
  };
  env.sink.setRefusing(false);
  const backAt = Date.now();
  const drainMs = await waitForOutbox(env.database, 5 * 60_000);
  const diagnosis = drainMs === null ? await diagnoseOutbox(env.database, env.server, env.sink) : "";
  const state = await storeState(env.database);
  await env.server.stop();
  const acked = records.filter((r) => r.acked).map((r) => r.email);
  const tally = tallyMail(
    env.sink,
    state.leads.map((l) => l.id),
  );
  return {
    title: "4. SMTP unreachable for a while, then back",
    body: [
      `The sink answers every connection with 421 while ${count} requests are submitted (concurrency 10) and for ${seconds(outageAfterLoadMs)} after, longer if no job has been retried yet (at most a minute); OUTBOX_FIRST_RETRY_SECONDS=1, so each job is retried with backoff 1 s, 2 s, 4 s … Then the sink accepts again.`,
      table(
        ["measure", "value"],
        [
          ["answers", `\`${JSON.stringify(statusCounts(records))}\``],
          ["outage", seconds(backAt - outageStarted)],
          ["connections refused during the outage", duringOutage.refused],
          ["messages accepted during the outage", duringOutage.messages],
          ["jobs by status at the end of the outage", `\`${JSON.stringify(duringOutage.state.jobs)}\``],
          ["all delivered after the sink came back, within", drainMs === null ? "not within 5 min" : seconds(drainMs)],
          ["jobs that needed more than one attempt", state.retriedJobs],
          ["messages received: to the owner, replies to visitors", `${tally.messages}, ${tally.replies.messages}`],
        ],
      ),
      ...(diagnosis ? [diagnosis] : []),
      logTable(env.server.logFile),
    ],
    checks: [
      check(
        `all ${count} requests confirmed while SMTP is down`,
        acked.length === count,
        `answers: ${JSON.stringify(statusCounts(records))}`,
      ),
      check(
        "the outage was real: connections refused, nothing delivered, jobs retried",
        duringOutage.refused > 0 && duringOutage.messages === 0 && duringOutage.state.retriedJobs > 0,
        `${duringOutage.refused} refused, ${duringOutage.messages} accepted, ${duringOutage.state.retriedJobs} jobs tried more than once`,
      ),
      ...storeChecks(state, acked),
      ...mailChecks(tally),
    ],
  };
}
