/**
 * Two instances of the site (`node server.ts`, production build) on one PostgreSQL database behind Caddy with
 * deploy/Caddyfile.two-servers, as docs/deploy.md sets them up ("Two servers on one PostgreSQL"): each its own
 * port and DATA_DIR, the keys shared, TRUST_PROXY=loopback. An SMTP sink counts every message by the job it
 * carries (its Message-ID names the job, the same on a resend). Visitors send the estimate form through Caddy
 * and send it again as a browser would (the same body, so the same idempotency key) when the answer is a
 * gateway error or no answer at all. Used by tests/e2e/two-servers.spec.ts (short) and scripts/bench-load (at
 * length).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "../../app/server/kit/db/database.server.ts";
import { caddyAddress, postFormFrom, serverFolderFor, startRecipeCaddy, type RecipeCaddy } from "./caddy-recipe.ts";
import { CONFIRMATION, estimateBody, freePort, ROOT, startServer, type ServerHandle } from "./processes.ts";
import { startSmtpSink, type SmtpSink } from "./smtp-sink.ts";

export interface Instance {
  port: number;
  dataDir: string;
  handle: ServerHandle;
}

export interface TwoServers {
  /** The address Caddy serves (HTTPS, its own local CA). */
  origin: string;
  /** The shared database, opened from outside. */
  database: Database;
  instances: [Instance, Instance];
  /** Messages received by the SMTP sink, by the id of the outbox job that sent them. */
  mailByJob: Map<string, number>;
  /** `kill -9` of instance `i`; resolves once it is gone. */
  kill9(i: 0 | 1): Promise<void>;
  /** Starts instance `i` again (same port, same DATA_DIR); resolves once it answers and Caddy has had time to see it. */
  start(i: 0 | 1): Promise<void>;
  /** SIGTERM to instance `i` (a `systemctl restart`), then start(i); resolves with the old one's exit code. */
  restart(i: 0 | 1): Promise<number | null>;
  /** Every instance's log, for a failure's message. */
  logs(): string;
  close(): Promise<void>;
}

/**
 * How long Caddy takes at most to see a started instance answer: two of its health checks' intervals
 * (deploy/Caddyfile.two-servers). The rolling restart of docs/deploy.md waits this long before the next instance.
 */
export function healthCheckSettleMs(): number {
  const caddyfile = readFileSync(path.join(ROOT, "deploy/Caddyfile.two-servers"), "utf8");
  const interval = /^\s*health_interval (\d+)s$/m.exec(caddyfile);
  if (!interval) throw new Error("deploy/Caddyfile.two-servers has no health_interval in seconds");
  return 2 * Number(interval[1]) * 1000;
}

const JOB_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * Starts the two instances on `databaseUrl` (a fresh schema) and Caddy in front; `env` on top of the recipe's
 * settings (e.g. LEAD_RATE_LIMIT). `dir` is removed by close().
 */
export async function startTwoServers(databaseUrl: string, env: Record<string, string> = {}): Promise<TwoServers> {
  const dir = mkdtempSync(path.join(tmpdir(), "gs-two-"));
  const closers: (() => Promise<unknown> | unknown)[] = [() => rmSync(dir, { recursive: true, force: true })];
  const close = async () => {
    while (closers.length > 0) await closers.pop()!();
  };
  try {
    const mailByJob = new Map<string, number>();
    const sink: SmtpSink = await startSmtpSink({
      onMessage: (raw) => {
        const head = raw.toString("utf8", 0, raw.indexOf("\r\n\r\n"));
        const id = /^message-id:\s*<([^>]*)>/im.exec(head)?.[1]?.match(JOB_ID)?.[0] ?? `no job id ${randomUUID()}`;
        mailByJob.set(id, (mailByJob.get(id) ?? 0) + 1);
      },
    });
    closers.push(() => sink.close());

    const address = await caddyAddress();
    const serverDir = serverFolderFor(address.origin, path.join(dir, "server"));
    // What docs/deploy.md says the two share (the database, the keys) and what each has of its own (port, DATA_DIR).
    const shared = {
      DATABASE_URL: databaseUrl,
      SITE_URL: address.origin,
      TRUST_PROXY: "loopback",
      SMTP_URL: sink.url,
      RECEIPT_SECRET: randomBytes(32).toString("hex"),
      LINK_SECRET: randomBytes(32).toString("hex"),
      HASH_SECRET: randomBytes(32).toString("hex"),
      // A killed instance's claimed jobs are sent by the other after this lease (30 s in production).
      OUTBOX_LEASE_SECONDS: "5",
      OUTBOX_FIRST_RETRY_SECONDS: "0.2",
      ...env,
    };
    const instances = [] as unknown as [Instance, Instance];
    const launch = async (i: 0 | 1, port: number) => {
      const dataDir = path.join(dir, `data-${i + 1}`);
      mkdirSync(dataDir, { recursive: true });
      const handle = await startServer({ port, dataDir, cwd: serverDir, env: shared });
      instances[i] = { port, dataDir, handle };
    };
    closers.push(() => Promise.all(instances.map((instance) => instance?.handle.kill9())));
    // Both at once, as two units enabled together start: both run the migrations' check on one database.
    await Promise.all([launch(0, await freePort()), launch(1, await freePort())]);

    const caddy: RecipeCaddy = await startRecipeCaddy(dir, "Caddyfile.two-servers", address, {
      PORT_A: String(instances[0].port),
      PORT_B: String(instances[1].port),
    });
    closers.push(() => caddy.stop());

    const start = async (i: 0 | 1) => {
      await launch(i, instances[i].port);
      await new Promise((resolve) => setTimeout(resolve, healthCheckSettleMs()));
    };
    const database = await openDatabase({ DATA_DIR: path.join(dir, "outside"), DATABASE_URL: databaseUrl });
    closers.push(() => database.close());

    return {
      origin: address.origin,
      database,
      instances,
      mailByJob,
      kill9: (i) => instances[i].handle.kill9(),
      start,
      async restart(i) {
        const { code } = await instances[i].handle.stop();
        await start(i);
        return code;
      },
      logs: () => instances.map((instance, i) => `--- instance ${i + 1}\n${instance.handle.log()}`).join("\n"),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export interface Submission {
  email: string;
  /** Sends of the same form (1 when the first was answered). */
  attempts: number;
  /** The last answer's status (0: no answer), and whether it was the confirmation. */
  status: number;
  confirmed: boolean;
  /** No answer: why; an answer other than the confirmation: who gave it (Caddy's has no page title) and its title. */
  error?: string;
}

/**
 * Visitors sending the estimate form through Caddy, one after another each, until stop(); each from a loopback
 * address of its own (`127.1.<visitor>.<n>`), so the form's rate limit never refuses one. A visitor whose send
 * gets a gateway error (502, 503, 504), a page cut short or no answer sends the same form again (its idempotency key with it),
 * as a browser's re-send does, up to `maxAttempts` times.
 */
export function submissionStream(origin: string, { visitors = 4, maxAttempts = 4 } = {}) {
  const sent: Submission[] = [];
  let stopping = false;
  const visitor = async (v: number) => {
    for (let n = 0; !stopping; n++) {
      const email = `two-${v}-${n}-${randomUUID().slice(0, 8)}@example.com`;
      const body = estimateBody(email);
      const from = `127.1.${v}.${(n % 250) + 1}`;
      const submission: Submission = { email, attempts: 0, status: 0, confirmed: false };
      while (submission.attempts < maxAttempts) {
        submission.attempts += 1;
        try {
          const answer = await postFormFrom(origin, "/estimate", body, { from });
          submission.status = answer.status;
          submission.confirmed = answer.status === 200 && answer.body.includes(CONFIRMATION);
          if (submission.confirmed) delete submission.error;
          else {
            const heading = /<h1[^>]*>(.*?)<\/h1>/s.exec(answer.body)?.[1]?.replace(/<[^>]*>/g, "");
            submission.error = heading ?? `(no page: ${answer.body.slice(0, 80)})`;
          }
          // A page cut short (its server killed while sending it) is reloaded, as a person would.
          const cutShort = !answer.body.trimEnd().endsWith("</html>") && answer.status === 200;
          if (cutShort) submission.error = "the page was cut short";
          if (![502, 503, 504].includes(answer.status) && !cutShort) break;
        } catch (error) {
          submission.status = 0;
          submission.error = (error as Error).message;
        }
        // A person presses "send" again after a moment, not at once.
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      sent.push(submission);
    }
  };
  const running = Array.from({ length: visitors }, (_, v) => visitor(v + 1));
  return {
    sent,
    /** Ends the stream once every visitor's current form is answered. */
    async stop() {
      stopping = true;
      await Promise.all(running);
    },
  };
}

export interface Outcome {
  /** Submissions not answered with the confirmation, even after the re-sends. */
  unconfirmed: Submission[];
  /** Confirmed submissions whose request is not stored. */
  lost: string[];
  /** E-mail addresses stored more than once. */
  storedTwice: string[];
  /** Outbox jobs not sent (yet), and jobs whose message the sink received more than once. */
  unsent: number;
  sentTwice: string[];
  jobs: number;
  retried: number;
}

/** What the stream's visitors and the owner got: every answer, every stored request, every job's messages. */
export async function outcome(stack: TwoServers, sent: Submission[]): Promise<Outcome> {
  const rows = await stack.database.db
    .selectFrom("leads")
    .select(["email", (eb) => eb.fn.countAll<number | string>().as("n")])
    .groupBy("email")
    .execute();
  const stored = new Map(rows.map((row) => [row.email, Number(row.n)]));
  const jobs = await stack.database.db.selectFrom("outbox_jobs").select(["id", "status"]).execute();
  return {
    unconfirmed: sent.filter((s) => !s.confirmed),
    lost: sent.filter((s) => s.confirmed && !stored.has(s.email)).map((s) => s.email),
    storedTwice: [...stored].filter(([, n]) => n > 1).map(([email]) => email),
    unsent: jobs.filter((job) => job.status !== "sent" || !stack.mailByJob.has(job.id)).length,
    sentTwice: jobs.filter((job) => (stack.mailByJob.get(job.id) ?? 0) > 1).map((job) => job.id),
    jobs: jobs.length,
    retried: sent.filter((s) => s.attempts > 1).length,
  };
}
