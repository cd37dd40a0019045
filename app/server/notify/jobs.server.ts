/**
 * The kinds of outbox job and who sends them. Each feature lists the kinds it queues (its job-kinds.ts, a list
 * and nothing else, which its store imports) and, apart, the factory of each kind's sender (declareSenders, in
 * its jobs.server.ts, which imports the mail code): a kind without a sender, or a sender of no kind, is a type
 * error, and the store never imports its senders (no import circle). A job is queued only through the list
 * (outboxJob): a kind not in it is a programming error and throws, so nothing is stored that no sender would
 * deliver. app.server.ts hands the worker the senders of every feature (createSenders). The table keeps no list
 * of kinds, so a new kind needs no migration: list it, and give it its sender, in its feature.
 */
import { randomUUID } from "node:crypto";
import type { Database } from "../kit/db/database.server.ts";
import type { Env } from "../kit/env.server.ts";
import type { Sender } from "./delivery.server.ts";
import { RETRY_FOR_MS } from "./outbox.server.ts";

/** What a sender is made with. `now` is the worker's clock (tests move it). */
export interface SenderContext {
  database: Database;
  env: Env;
  now: () => Date;
}

export type SenderFactories<K extends string = string> = Readonly<Record<K, (context: SenderContext) => Sender>>;

/** A feature's senders: one for each of its kinds (`kinds`, its job-kinds.ts list), and none for another kind. */
export const declareSenders = <K extends string>(
  _kinds: readonly K[],
  factories: SenderFactories<NoInfer<K>>,
): SenderFactories<K> => factories;

/** The senders of every feature, made with one context; two features declaring one kind is an error. */
export function createSenders(context: SenderContext, ...features: SenderFactories[]): Record<string, Sender> {
  const senders: Record<string, Sender> = {};
  for (const factories of features)
    for (const [kind, make] of Object.entries(factories)) {
      if (Object.hasOwn(senders, kind)) throw new Error(`Two features declare the outbox job kind "${kind}"`);
      senders[kind] = make(context);
    }
  return senders;
}

/**
 * A new outbox_jobs row of one of the feature's kinds (`kinds`, its job-kinds.ts list), due at once unless
 * `next_attempt_at` says later. Throws for any other kind.
 */
export function outboxJob<K extends string>(
  kinds: readonly K[],
  values: {
    lead_id: string;
    kind: NoInfer<K>;
    created_at: string;
    next_attempt_at?: string;
    ref?: string;
    payload?: string | null;
    not_after?: string | null;
  },
) {
  if (!kinds.includes(values.kind)) throw new Error(`No sender is declared for the outbox job kind "${values.kind}"`);
  return { id: randomUUID(), ...values, next_attempt_at: values.next_attempt_at ?? values.created_at };
}

/** The due time and give-up time (as long after it as a job due now) of a job that must not go before `notBefore`. */
export const laterStart = (now: Date, notBefore: Date) =>
  notBefore.getTime() > now.getTime()
    ? {
        next_attempt_at: notBefore.toISOString(),
        not_after: new Date(notBefore.getTime() + RETRY_FOR_MS).toISOString(),
      }
    : {};

/** How many jobs of `kind` were sent in [since, until) (the owner's report counts customer e-mails by it). */
export async function countSent(database: Database, kind: string, since: Date, until: Date): Promise<number> {
  const row = await database.db
    .selectFrom("outbox_jobs")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("kind", "=", kind)
    .where("status", "=", "sent")
    .where("sent_at", ">=", since.toISOString())
    .where("sent_at", "<", until.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
