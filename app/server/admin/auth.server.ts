/**
 * Owner accounts, sign-in with lockout, and server-side sessions (docs/decisions/009-owner-inbox.md,
 * docs/security.md "The owner's inbox").
 *
 * - Accounts exist only through the command line (`npm run leads -- owner add <email>`); there is no default.
 * - A session is a random 256-bit token in an HttpOnly cookie; only its SHA-256 is stored (a random token
 *   needs no key). It ends after
 *   SESSION_IDLE_MS without a request or SESSION_ABSOLUTE_MS after sign-in, whichever comes first.
 * - After LOCKOUT.failures failed sign-ins within LOCKOUT.windowMs for one account, or from one client
 *   address, every attempt for it (the right password too) is refused for LOCKOUT.lockMs. The counters are
 *   in the database, so they hold across server instances, and are kept for unknown accounts exactly as
 *   for real ones.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Database } from "../db/database.server.ts";
import { rateLimitKey } from "../client-ip.server.ts";
import { keyedHash } from "../db/site-secrets.server.ts";
import { dummyHash, hashPassword, verifyPassword } from "./passwords.server.ts";

export const SESSION_IDLE_MS = 2 * 3_600_000;
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
/** A session's last-seen time is written at most this often (not on every page view). */
const TOUCH_EVERY_MS = 60_000;
export const LOCKOUT = { failures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export class OwnerExistsError extends Error {}

export async function addOwner(database: Database, email: string, password: string, now = new Date()): Promise<void> {
  const normalized = normalizeEmail(email);
  const passwordHash = await hashPassword(password);
  const inserted = await database.db
    .insertInto("owners")
    .values({ id: randomUUID(), email: normalized, password_hash: passwordHash, created_at: now.toISOString() })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) throw new OwnerExistsError(`An owner account for ${normalized} exists already.`);
}

export async function listOwners(database: Database): Promise<{ email: string; createdAt: Date; sessions: number }[]> {
  const rows = await database.db
    .selectFrom("owners")
    .leftJoin("owner_sessions", "owner_sessions.owner_id", "owners.id")
    .select(["owners.email", "owners.created_at", (eb) => eb.fn.count<number | string | bigint>("owner_sessions.token_hash").as("sessions")])
    .groupBy(["owners.id", "owners.email", "owners.created_at"])
    .orderBy("owners.email")
    .execute();
  return rows.map((r) => ({ email: r.email, createdAt: new Date(r.created_at), sessions: Number(r.sessions) }));
}

/** Removes the account and ends its sessions; false when there was none. */
export async function removeOwner(database: Database, email: string): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    const owner = await trx.selectFrom("owners").select("id").where("email", "=", normalizeEmail(email)).executeTakeFirst();
    if (!owner) return false;
    await trx.deleteFrom("owner_sessions").where("owner_id", "=", owner.id).execute();
    await trx.deleteFrom("owners").where("id", "=", owner.id).execute();
    return true;
  });
}

/** The lockout's counters: the account's and the client address's keyed hashes. */
const throttleKeys = (database: Database, email: string, address: string) =>
  Promise.all([keyedHash(database, "sign-in", `account:${normalizeEmail(email)}`), keyedHash(database, "sign-in", `address:${rateLimitKey(address)}`)]);

async function lockedUntil(database: Database, keys: string[], now: Date): Promise<Date | null> {
  const rows = await database.db.selectFrom("sign_in_throttle").select("locked_until").where("key", "in", keys).where("locked_until", ">", now.toISOString()).execute();
  const latest = rows
    .map((r) => r.locked_until!)
    .sort()
    .at(-1);
  return latest ? new Date(latest) : null;
}

/** Counts one failure for each key (a window older than LOCKOUT.windowMs starts again at 1); locks at the limit. */
async function recordFailure(database: Database, keys: string[], now: Date): Promise<void> {
  const at = now.toISOString();
  const windowStartedBefore = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  for (const key of keys) {
    const { failures } = await database.db
      .insertInto("sign_in_throttle")
      .values({ key, failures: 1, window_start: at, locked_until: null })
      .onConflict((oc) =>
        oc.column("key").doUpdateSet((eb) => ({
          failures: eb
            .case()
            .when("sign_in_throttle.window_start", "<", windowStartedBefore)
            .then(1)
            .else(eb("sign_in_throttle.failures", "+", 1))
            .end(),
          window_start: eb.case().when("sign_in_throttle.window_start", "<", windowStartedBefore).then(at).else(eb.ref("sign_in_throttle.window_start")).end(),
        })),
      )
      .returning("failures")
      .executeTakeFirstOrThrow();
    if (failures >= LOCKOUT.failures) {
      await database.db
        .updateTable("sign_in_throttle")
        .set({ locked_until: new Date(now.getTime() + LOCKOUT.lockMs).toISOString(), failures: 0, window_start: at })
        .where("key", "=", key)
        .execute();
    }
  }
}

export type SignInResult = { ok: true; token: string; ownerId: string } | { ok: false; reason: "invalid" | "locked"; lockedUntil?: Date };

/**
 * Checks the e-mail and password. The password is always hashed (against a dummy hash for an unknown
 * account), and the lockout is checked for the account and the address alike, so the answer and its
 * timing say nothing about whether an account exists. On success the presented session, if any, is ended
 * and a new one made (rotation).
 */
export async function signIn(
  database: Database,
  { email, password, address, previousToken }: { email: string; password: string; address: string; previousToken?: string | null },
  now = new Date(),
): Promise<SignInResult> {
  const keys = await throttleKeys(database, email, address);
  const owner = await database.db.selectFrom("owners").select(["id", "password_hash"]).where("email", "=", normalizeEmail(email)).executeTakeFirst();
  const matches = await verifyPassword(password, owner?.password_hash ?? (await dummyHash()));
  const locked = await lockedUntil(database, keys, now);
  if (locked) return { ok: false, reason: "locked", lockedUntil: locked };
  if (!owner || !matches) {
    await recordFailure(database, keys, now);
    const nowLocked = await lockedUntil(database, keys, now);
    return nowLocked ? { ok: false, reason: "locked", lockedUntil: nowLocked } : { ok: false, reason: "invalid" };
  }
  await database.db.deleteFrom("sign_in_throttle").where("key", "in", keys).execute();
  if (previousToken) await endSession(database, previousToken);
  const token = randomBytes(32).toString("base64url");
  const at = now.toISOString();
  await database.db
    .insertInto("owner_sessions")
    .values({ token_hash: sha256(token), owner_id: owner.id, created_at: at, last_seen_at: at })
    .execute();
  return { ok: true, token, ownerId: owner.id };
}

export interface OwnerSession {
  ownerId: string;
  email: string;
}

/** The owner signed in with this token, or null (unknown, idle too long, or too old: then it is deleted). */
export async function readSession(database: Database, token: string, now = new Date()): Promise<OwnerSession | null> {
  const tokenHash = sha256(token);
  const row = await database.db
    .selectFrom("owner_sessions")
    .innerJoin("owners", "owners.id", "owner_sessions.owner_id")
    .select(["owner_sessions.owner_id", "owner_sessions.created_at", "owner_sessions.last_seen_at", "owners.email"])
    .where("owner_sessions.token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  const t = now.getTime();
  if (t - Date.parse(row.last_seen_at) > SESSION_IDLE_MS || t - Date.parse(row.created_at) > SESSION_ABSOLUTE_MS) {
    await database.db.deleteFrom("owner_sessions").where("token_hash", "=", tokenHash).execute();
    return null;
  }
  if (t - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
    await database.db.updateTable("owner_sessions").set({ last_seen_at: now.toISOString() }).where("token_hash", "=", tokenHash).execute();
  }
  return { ownerId: row.owner_id, email: row.email };
}

export async function endSession(database: Database, token: string): Promise<void> {
  await database.db.deleteFrom("owner_sessions").where("token_hash", "=", sha256(token)).execute();
}

/** Deletes expired sessions and lockout counters that no longer matter. */
export async function pruneAuth(database: Database, now = new Date()): Promise<void> {
  const t = now.getTime();
  await database.db
    .deleteFrom("owner_sessions")
    .where((eb) => eb.or([eb("last_seen_at", "<", new Date(t - SESSION_IDLE_MS).toISOString()), eb("created_at", "<", new Date(t - SESSION_ABSOLUTE_MS).toISOString())]))
    .execute();
  const windowStartedBefore = new Date(t - LOCKOUT.windowMs).toISOString();
  await database.db
    .deleteFrom("sign_in_throttle")
    .where("window_start", "<", windowStartedBefore)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now.toISOString())]))
    .execute();
}
