/** The database, seen from outside the server: its state, the outbox, the SQLite file, and the store checks. */
import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { openDatabase, type Database } from "../../app/server/kit/db/database.server.ts";
import { listLeads } from "../../app/server/features/admin/listing.server.ts";
import { estimateBody, waitFor, type ServerHandle } from "../../tests/support/processes.ts";
import { isConfirmation, type SubmitRecord } from "./child.ts";
import { onCleanup } from "./cleanup.ts";
import { statusCounts } from "./load.ts";
import type { SmtpSink } from "./mail.ts";
import { check, list, round, table, type Check } from "./report.ts";

interface StoreState {
  leads: { id: string; email: string }[];
  jobs: Record<string, number>;
  /** Leads without an e-mail job, and jobs whose lead does not exist: both must be 0. */
  leadsWithoutEmailJob: number;
  jobsWithoutLead: number;
  /** Jobs that needed more than one attempt. */
  retriedJobs: number;
}

export async function storeState(database: Database): Promise<StoreState> {
  const { db } = database;
  const leads = (await listLeads(database, {})).map((l) => ({ id: l.id, email: l.contact.email }));
  const jobs = await db
    .selectFrom("outbox_jobs")
    .select(["status", (eb) => eb.fn.countAll<string>().as("n")])
    .groupBy("status")
    .execute();
  const leadsWithoutEmailJob = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("outbox_jobs")
            .select("outbox_jobs.id")
            .whereRef("outbox_jobs.lead_id", "=", "leads.id")
            .where("outbox_jobs.kind", "=", "email"),
        ),
      ),
    )
    .executeTakeFirstOrThrow();
  const jobsWithoutLead = await db
    .selectFrom("outbox_jobs")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("leads").select("leads.id").whereRef("leads.id", "=", "outbox_jobs.lead_id"))),
    )
    .executeTakeFirstOrThrow();
  const retried = await db
    .selectFrom("outbox_jobs")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("attempts", ">", 1)
    .executeTakeFirstOrThrow();
  return {
    leads,
    jobs: Object.fromEntries(jobs.map((j) => [j.status, Number(j.n)])),
    leadsWithoutEmailJob: Number(leadsWithoutEmailJob.n),
    jobsWithoutLead: Number(jobsWithoutLead.n),
    retriedJobs: Number(retried.n),
  };
}

/** The benchmark's own connection to the server's database; closing it twice is harmless. */
export async function openStore(dataDir: string, databaseUrl?: string): Promise<Database> {
  const database = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl });
  let closing: Promise<void> | undefined;
  const store: Database = { ...database, close: () => (closing ??= database.close()) };
  onCleanup(() => store.close());
  return store;
}

async function pendingJobs(database: Database): Promise<number> {
  const row = await database.db
    .selectFrom("outbox_jobs")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Waits until no job is pending; returns how long that took, or null on timeout. */
export async function waitForOutbox(database: Database, timeoutMs: number): Promise<number | null> {
  try {
    return await waitFor("the outbox to drain", async () => (await pendingJobs(database)) === 0, timeoutMs, 250);
  } catch {
    return null;
  }
}

/** When the outbox does not drain: the jobs left, and whether the server still answers and still sends mail. */
export async function diagnoseOutbox(database: Database, server: ServerHandle, sink: SmtpSink): Promise<string> {
  const now = Date.now();
  const jobs = await database.db
    .selectFrom("outbox_jobs")
    .selectAll()
    .where("status", "=", "pending")
    .limit(20)
    .execute();
  const ago = (iso: string | null) => (iso === null ? "—" : `${round((Date.parse(iso) - now) / 1000)} s`);
  const rows = jobs.map((j) => [
    j.id.slice(0, 8),
    j.attempts,
    ago(j.next_attempt_at),
    ago(j.locked_until),
    j.last_error ?? "—",
    ago(j.created_at),
  ]);
  const before = sink.messages.length;
  const email = `probe-${randomBytes(3).toString("hex")}@example.com`;
  const status = await fetch(`${server.origin}/estimate`, {
    method: "POST",
    headers: { origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
    body: estimateBody(email),
    redirect: "manual",
    signal: AbortSignal.timeout(15_000),
  }).then(
    async (r) =>
      `HTTP ${r.status}${isConfirmation(r.status, await r.text(), r.headers.get("location")) ? " with the confirmation" : ""}`,
    (err: { cause?: { code?: string }; name?: string }) => `no answer (${err.cause?.code ?? err.name})`,
  );
  await sleep(15_000);
  return [
    `**The outbox did not drain.** Pending jobs (times relative to now; a lease is \`locked_until\`):`,
    table(["job", "attempts", "next attempt", "locked until", "last error", "created"], rows),
    `Server process: ${server.proc.exitCode === null && server.proc.signalCode === null ? "running" : `exited (${server.proc.exitCode ?? server.proc.signalCode})`}. A probe request got ${status}; messages received in the 15 s after it: ${sink.messages.length - before}.`,
  ].join("\n\n");
}

/**
 * The store checks shared by every scenario: confirmed ⊆ stored, leads and jobs consistent, nothing left pending.
 * With `records` (faults: an answer can be lost after the commit), rows beyond the confirmations must each be a
 * request that was sent and not confirmed; without them, rows must equal confirmations exactly.
 */
export function storeChecks(state: StoreState, acked: string[], records?: SubmitRecord[]): Check[] {
  const stored = new Set(state.leads.map((l) => l.email));
  const lost = acked.filter((e) => !stored.has(e));
  const checks = [
    check(
      "every confirmed request is stored",
      lost.length === 0,
      `${acked.length} confirmed, ${state.leads.length} stored; confirmed but missing: ${list(lost)}`,
    ),
  ];
  if (!records) {
    checks.push(
      check(
        "stored rows = confirmation answers",
        state.leads.length === acked.length,
        `${state.leads.length} rows, ${acked.length} confirmations`,
      ),
    );
  } else {
    const sent = new Map(records.map((r) => [r.email, r]));
    const ackedSet = new Set(acked);
    const extra = state.leads.filter((l) => !ackedSet.has(l.email));
    const phantom = extra.filter((l) => !sent.has(l.email));
    const twice = state.leads.length - stored.size;
    const answers = statusCounts(extra.flatMap((l) => sent.get(l.email) ?? []));
    checks.push(
      check(
        "stored rows = confirmations + requests cut off after their commit (none invented, none twice)",
        phantom.length === 0 && twice === 0,
        `${state.leads.length} rows = ${acked.length} confirmed + ${extra.length} not confirmed (their answers: ${JSON.stringify(answers)}); rows of no request sent: ${phantom.length}; stored twice: ${twice}`,
      ),
    );
  }
  checks.push(
    check(
      "no half-written request (every lead has its e-mail job, no job without a lead)",
      state.leadsWithoutEmailJob === 0 && state.jobsWithoutLead === 0,
      `leads without an e-mail job: ${state.leadsWithoutEmailJob}; jobs without a lead: ${state.jobsWithoutLead}`,
    ),
    check(
      "outbox drained: every job sent, none pending or dead",
      (state.jobs.pending ?? 0) === 0 && (state.jobs.dead ?? 0) === 0,
      `jobs by status: ${JSON.stringify(state.jobs)}`,
    ),
  );
  return checks;
}
