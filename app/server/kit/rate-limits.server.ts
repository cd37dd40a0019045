/**
 * The per-IP rate limit of the forms, in the database so that it holds across server instances: a count per
 * keyed hash of the address and 10-minute window.
 */
import type { Database } from "./db/database.server.ts";
import { keyedHash } from "./db/site-secrets.server.ts";

export const RATE_LIMIT_WINDOW_MS = 10 * 60_000;
const bucketOf = (now: Date) => Math.floor(now.getTime() / RATE_LIMIT_WINDOW_MS);

/**
 * Counts one request from `ip` in the current 10-minute window; allowed while the count is at most `limit`.
 * `limit` 0 turns the limit off. Only a keyed hash of the IP is stored here.
 */
export async function checkRateLimit(
  database: Database,
  ip: string,
  limit: number,
  now = new Date(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  if (limit <= 0) return { allowed: true, retryAfterSeconds: 0 };
  const bucket = bucketOf(now);
  const key = await keyedHash(database, "rate-limit", ip);
  const { count } = await database.db
    .insertInto("rate_limits")
    .values({ key, bucket, count: 1 })
    .onConflict((oc) => oc.columns(["key", "bucket"]).doUpdateSet((eb) => ({ count: eb("rate_limits.count", "+", 1) })))
    .returning("count")
    .executeTakeFirstOrThrow();
  if (count <= limit) return { allowed: true, retryAfterSeconds: 0 };
  return { allowed: false, retryAfterSeconds: Math.ceil(((bucket + 1) * RATE_LIMIT_WINDOW_MS - now.getTime()) / 1000) };
}

/** Whether `ip` has used up its limit in the current window, without counting this request (read before a body). */
export async function isRateLimited(
  database: Database,
  ip: string,
  limit: number,
  now = new Date(),
): Promise<{ limited: boolean; retryAfterSeconds: number }> {
  if (limit <= 0) return { limited: false, retryAfterSeconds: 0 };
  const bucket = bucketOf(now);
  const key = await keyedHash(database, "rate-limit", ip);
  const row = await database.db
    .selectFrom("rate_limits")
    .select("count")
    .where("key", "=", key)
    .where("bucket", "=", bucket)
    .executeTakeFirst();
  return {
    limited: (row?.count ?? 0) >= limit,
    retryAfterSeconds: Math.ceil(((bucket + 1) * RATE_LIMIT_WINDOW_MS - now.getTime()) / 1000),
  };
}

/** Deletes the counters of windows that have ended. */
export async function pruneRateLimits(database: Database, now = new Date()): Promise<void> {
  await database.db.deleteFrom("rate_limits").where("bucket", "<", bucketOf(now)).execute();
}
