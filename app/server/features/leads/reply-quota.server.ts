/** The cap on replies to one address (the visitor's reply and the newsletter's confirmation e-mail). */
import type { Transaction } from "kysely";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB } from "../../kit/db/tables.server.ts";
import { keyedHash } from "../../kit/db/site-secrets.server.ts";

/**
 * The visitor's reply goes to whatever address the form names, so it is capped per address, whoever sends
 * the requests and from wherever: at most `count` replies in any `windowMs`. The owner's e-mail is not capped.
 */
export const REPLY_LIMIT = { count: 3, windowMs: 24 * 60 * 60_000 } as const;

/**
 * The key the reply cap counts an address by: one mailbox however it is spelled (letter case, a "+tag",
 * and the dots Gmail ignores), as a keyed hash.
 */
export function replyKey(database: Database, email: string): Promise<string> {
  const [local = "", domain = ""] = email
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const gmail = domain === "gmail.com" || domain === "googlemail.com";
  const mailbox = local.replace(/\+.*$/, "");
  return keyedHash(
    database,
    "reply-to",
    `${gmail ? mailbox.replaceAll(".", "") : mailbox}@${gmail ? "gmail.com" : domain}`,
  );
}

/**
 * Takes one of the address's REPLY_LIMIT.count slots: a slot never used, or one last used before the window.
 * False when all are in use. Each try is a single atomic upsert, so concurrent transactions (several server
 * instances, SQLite's batches) never take the same slot twice; a transaction that rolls back gives its slot
 * back. It runs where the reply job is created, once per job: retries of the job's send do not count again.
 */
export async function reserveReply(trx: Transaction<DB>, key: string, at: Date): Promise<boolean> {
  const usedAt = at.toISOString();
  const freeBefore = new Date(at.getTime() - REPLY_LIMIT.windowMs).toISOString();
  for (let slot = 0; slot < REPLY_LIMIT.count; slot++) {
    const taken = await trx
      .insertInto("reply_quota")
      .values({ key, slot, used_at: usedAt })
      .onConflict((oc) =>
        oc.columns(["key", "slot"]).doUpdateSet({ used_at: usedAt }).where("reply_quota.used_at", "<=", freeBefore),
      )
      .returning("slot")
      .executeTakeFirst();
    if (taken) return true;
  }
  return false;
}

/** Deletes reply slots unused for a whole REPLY_LIMIT window. */
export async function pruneReplyQuota(database: Database, now = new Date()): Promise<void> {
  await database.db
    .deleteFrom("reply_quota")
    .where("used_at", "<=", new Date(now.getTime() - REPLY_LIMIT.windowMs).toISOString())
    .execute();
}
