/**
 * Owner accounts, sign-in with lockout, and server-side sessions (docs/decisions/009-owner-inbox.md,
 * docs/security.md "The owner's inbox").
 *
 * - Accounts exist only through the command line (`npm run leads -- owner add <email>`); there is no default.
 * - A session is a random 256-bit token in an HttpOnly cookie; only its SHA-256 is stored (a random token
 *   needs no key). It ends after
 *   SESSION_IDLE_MS without a request or SESSION_ABSOLUTE_MS after sign-in, whichever comes first.
 * - After LOCKOUT.failures failed sign-ins within LOCKOUT.windowMs from one client address, every attempt
 *   from it (the right password too) is refused for LOCKOUT.lockMs.
 * - Each failure for one account makes the next attempt for it wait longer (ACCOUNT_DELAY: 1 s, 2, 4 … at
 *   most 30 s), from any address, until a sign-in succeeds or LOCKOUT.windowMs pass without a failure.
 *   Guessing from other addresses therefore slows the account down but never locks the owner out: from an
 *   address that is not locked, the right password is accepted once the delay (at most 30 s) has passed.
 * - One password check per wait: before a password is hashed, its attempt claims the account's turn in the
 *   database (one conditional upsert that counts the failure in advance and starts the next wait, and only
 *   succeeds when no wait is running), so a burst of concurrent guesses, on one server process or several
 *   sharing the database, gets one check and the rest are told to wait. The right password then clears the
 *   account's counters. The turn is the account's only refusal and lasts at most ACCOUNT_DELAY.maxMs, so the
 *   owner is never locked out: the address lockout holds only the guessing addresses, and the first attempt
 *   after a wait from any other address is checked.
 * - The address's check is claimed the same way, after the account's turn: counted as a failure before the
 *   hash, so attempts an address makes at once, on different accounts, get no more checks than one by one.
 * - Both checks come before the password is hashed, and only HASHES_AT_ONCE hashes run at once (a sign-in
 *   beyond them is answered "busy", 503): refused attempts cost no hashing, and a flood of sign-ins cannot
 *   hold the server's CPU and memory.
 * - A browser the owner has signed in from is known (a device token, DEVICE_TTL_MS, bound to the account's
 *   e-mail and signed with the link key): its attempts for that account wait on their own counter instead of the
 *   account's, and may use one more hash slot (DEVICE_HASHES). Guessing from elsewhere, however well timed to
 *   each wait's end, then never stands between the owner and the inbox on a browser they have used before; a
 *   known browser's own failures still make it wait longer, and its address's lockout still holds. (Device
 *   cookies, after OWASP's "Slow down online guessing attacks with device cookies".)
 * The counters are in the database, so they hold across server instances, and are kept for unknown
 * accounts exactly as for real ones.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Expression, ExpressionBuilder, OnConflictDatabase, OnConflictTables, SqlBool } from "kysely";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB } from "../../kit/db/tables.server.ts";
import { rateLimitKey } from "../../kit/client-ip.server.ts";
import { keyedHash } from "../../kit/db/site-secrets.server.ts";
import { expiryPart, isExpired, seal, unseal } from "../../kit/signed-links.server.ts";
import { dummyHash, hashPassword, verifyPassword } from "./passwords.server.ts";

export const SESSION_IDLE_MS = 2 * 3_600_000;
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
/** A session's last-seen time is written at most this often (not on every page view). */
const TOUCH_EVERY_MS = 60_000;
export const LOCKOUT = { failures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;
/** The wait before the next attempt for an account after its n-th failure in a row: firstMs · 2^(n−1), at most maxMs. */
export const ACCOUNT_DELAY = { firstMs: 1000, maxMs: 30_000 } as const;
export const accountDelayMs = (failures: number) =>
  Math.min(ACCOUNT_DELAY.maxMs, ACCOUNT_DELAY.firstMs * 2 ** Math.min(30, Math.max(0, failures - 1)));
/** Password hashes (scrypt, about 0.1 s and 32 MiB each) run at once by this process; a sign-in beyond them is "busy". */
export const HASHES_AT_ONCE = 3;
/** Hash slots only a known browser's sign-in may take, once the HASHES_AT_ONCE are all running. */
export const DEVICE_HASHES = 1;
/** How long a browser stays known after the owner signed in from it (each sign-in starts it again). */
export const DEVICE_TTL_MS = 180 * 86_400_000;

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
    .select([
      "owners.email",
      "owners.created_at",
      (eb) => eb.fn.count<number | string | bigint>("owner_sessions.token_hash").as("sessions"),
    ])
    .groupBy(["owners.id", "owners.email", "owners.created_at"])
    .orderBy("owners.email")
    .execute();
  return rows.map((r) => ({ email: r.email, createdAt: new Date(r.created_at), sessions: Number(r.sessions) }));
}

/** Removes the account and ends its sessions; false when there was none. */
export async function removeOwner(database: Database, email: string): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    const owner = await trx
      .selectFrom("owners")
      .select("id")
      .where("email", "=", normalizeEmail(email))
      .executeTakeFirst();
    if (!owner) return false;
    await trx.deleteFrom("owner_sessions").where("owner_id", "=", owner.id).execute();
    await trx.deleteFrom("owners").where("id", "=", owner.id).execute();
    return true;
  });
}

/** A device token's signature scope: the account it was given for. */
const deviceScope = (email: string) => `owner-device:${normalizeEmail(email)}`;

/** A new device token for a browser that has just signed in to this account (`<random>.<expiry>.<signature>`). */
export const deviceToken = (email: string, secret: string, now = new Date()): string =>
  seal([randomBytes(16).toString("base64url"), expiryPart(now, DEVICE_TTL_MS)], secret, deviceScope(email));

/** The browser's own id in a device token given for this account and not expired, or null. */
export function knownDevice(token: string, email: string, secret: string, now = new Date()): string | null {
  const parts = unseal(token, 2, secret, deviceScope(email));
  if (!parts) return null;
  const [device = "", expiry = ""] = parts;
  return device && !isExpired(expiry, now) ? device : null;
}

/**
 * The counters: the client address's keyed hash, and the account's (HMAC, HASH_SECRET), or a known browser's
 * own in its place.
 */
const throttleKeys = async (database: Database, email: string, address: string, device: string | null) => {
  const [account, address_] = await Promise.all([
    keyedHash(database, "sign-in", device ? `device:${device}` : `account:${normalizeEmail(email)}`),
    keyedHash(database, "sign-in", `address:${rateLimitKey(address)}`),
  ]);
  return { account, address: address_ };
};
type ThrottleKeys = Awaited<ReturnType<typeof throttleKeys>>;

/** Until when each key is refused (the address's lockout, the account's delay), or null when it is not. */
async function refusedUntil(
  database: Database,
  keys: ThrottleKeys,
  now: Date,
): Promise<{ address: Date | null; account: Date | null }> {
  const rows = await database.db
    .selectFrom("sign_in_throttle")
    .select(["key", "locked_until"])
    .where("key", "in", [keys.address, keys.account])
    .where("locked_until", ">", now.toISOString())
    .execute();
  const until = (key: string) => {
    const row = rows.find((r) => r.key === key);
    return row?.locked_until ? new Date(row.locked_until) : null;
  };
  return { address: until(keys.address), account: until(keys.account) };
}

type ThrottleUpdate = ExpressionBuilder<
  OnConflictDatabase<DB, "sign_in_throttle">,
  OnConflictTables<"sign_in_throttle">
>;
/** A row's failures with one more counted: 1 again when its window is `stale`. */
const countedFailure = (eb: ThrottleUpdate, stale: Expression<SqlBool>) =>
  eb
    .case()
    .when(stale)
    .then(1)
    .else(eb("sign_in_throttle.failures", "+", 1))
    .end();

/**
 * Claims one password check for the client address, counted as a failure in advance (a right password
 * clears the row afterwards): failures within LOCKOUT.windowMs of its first one (an older window starts again
 * at 1); the claim that reaches LOCKOUT.failures locks the address for LOCKOUT.lockMs. One statement, atomic
 * on SQLite and PostgreSQL like takeAccountTurn, so attempts made at once (on different accounts, on any
 * server instance) get no more checks than attempts made one by one. Null when the address is locked.
 */
async function claimAddressCheck(database: Database, key: string, now: Date): Promise<{ failures: number } | null> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  const lockedUntil = new Date(now.getTime() + LOCKOUT.lockMs).toISOString();
  const claimed = await database.db
    .insertInto("sign_in_throttle")
    .values({ key, failures: 1, window_start: at, locked_until: null })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet((eb) => {
          // A window older than LOCKOUT.windowMs, or one that ended in a lockout now over, starts again.
          const stale = eb.or([
            eb("sign_in_throttle.window_start", "<", cutoff),
            eb("sign_in_throttle.locked_until", "is not", null),
          ]);
          const reachesLimit = eb.and([eb.not(stale), eb("sign_in_throttle.failures", ">=", LOCKOUT.failures - 1)]);
          return {
            failures: countedFailure(eb, stale),
            window_start: eb.case().when(stale).then(at).else(eb.ref("sign_in_throttle.window_start")).end(),
            locked_until: eb.case().when(reachesLimit).then(lockedUntil).else(null).end(),
          };
        })
        .where((eb) =>
          eb.or([eb("sign_in_throttle.locked_until", "is", null), eb("sign_in_throttle.locked_until", "<=", at)]),
        ),
    )
    .returning("failures")
    .executeTakeFirst();
  return claimed ?? null;
}

/**
 * Takes the account's turn for one password check, or says until when another attempt holds it. One
 * statement, atomic on SQLite and PostgreSQL (the conflicting row is locked and its condition read again):
 * when no wait is running it counts a failure in advance (failures since the last quiet LOCKOUT.windowMs)
 * and starts the wait after it, accountDelayMs(failures), so concurrent attempts on any server instance find
 * the turn taken. A right password clears the row afterwards.
 */
async function takeAccountTurn(database: Database, key: string, now: Date): Promise<{ until: Date } | null> {
  const at = now.toISOString();
  const cutoff = new Date(now.getTime() - LOCKOUT.windowMs).toISOString();
  const waitAfter = (failures: number) => new Date(now.getTime() + accountDelayMs(failures)).toISOString();
  const taken = await database.db
    .insertInto("sign_in_throttle")
    .values({ key, failures: 1, window_start: at, locked_until: waitAfter(1) })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet((eb) => {
          const stale = eb("sign_in_throttle.window_start", "<", cutoff);
          // The wait after this failure, from the count before it (the delays stop growing at maxMs).
          let wait = eb.case().when(stale).then(waitAfter(1));
          for (let n = 1; accountDelayMs(n + 1) < ACCOUNT_DELAY.maxMs; n++)
            wait = wait.when("sign_in_throttle.failures", "<=", n).then(waitAfter(n + 1));
          return {
            failures: countedFailure(eb, stale),
            window_start: at,
            locked_until: wait.else(new Date(now.getTime() + ACCOUNT_DELAY.maxMs).toISOString()).end(),
          };
        })
        .where((eb) =>
          eb.or([eb("sign_in_throttle.locked_until", "is", null), eb("sign_in_throttle.locked_until", "<=", at)]),
        ),
    )
    .returning("key")
    .executeTakeFirst();
  if (taken) return null;
  const row = await database.db
    .selectFrom("sign_in_throttle")
    .select("locked_until")
    .where("key", "=", key)
    .executeTakeFirst();
  // The holder may have finished (and cleared the row) in between: ask for a retry in a moment.
  const until = row?.locked_until ? new Date(row.locked_until) : now;
  return { until: until > now ? until : new Date(now.getTime() + ACCOUNT_DELAY.firstMs) };
}

let hashesRunning = 0;
let deviceHashesRunning = 0;
/**
 * Takes one of the HASHES_AT_ONCE hash slots at once (a known browser's sign-in, one of DEVICE_HASHES when they
 * are all taken) and returns its release, or null when none is free.
 */
function takeHashSlot(knownBrowser = false): (() => void) | null {
  const shared = hashesRunning < HASHES_AT_ONCE;
  if (!shared && !(knownBrowser && deviceHashesRunning < DEVICE_HASHES)) return null;
  if (shared) hashesRunning++;
  else deviceHashesRunning++;
  let released = false;
  return () => {
    if (!released) {
      if (shared) hashesRunning--;
      else deviceHashesRunning--;
    }
    released = true;
  };
}
/** Runs `hash` if fewer than HASHES_AT_ONCE are running; otherwise null at once. */
export async function withHashSlot<T>(hash: () => Promise<T>): Promise<T | null> {
  const release = takeHashSlot();
  if (!release) return null;
  try {
    return await hash();
  } finally {
    release();
  }
}

export type SignInResult =
  /** `deviceToken`: the browser's device token from now on (new, or renewed). */
  | { ok: true; token: string; ownerId: string; deviceToken: string }
  | { ok: false; reason: "invalid" }
  /** The address is locked out until `until`. */
  | { ok: false; reason: "locked"; until: Date }
  /** The account's delay after failures: the next attempt is checked from `until`. */
  | { ok: false; reason: "wait"; until: Date }
  /** HASHES_AT_ONCE sign-ins are being checked already; try again in a moment. */
  | { ok: false; reason: "busy" };

/**
 * Checks the e-mail and password. The address's lockout and the account's delay are checked first, without
 * hashing; then a hash slot and the account's turn are taken (takeAccountTurn: an attempt that finds the turn
 * taken waits like one during the delay). Then the password is always hashed (against a dummy hash for an unknown account), so the answer
 * and its timing say nothing about whether an account exists. On success the failures counted for the
 * account and the address are forgotten, the presented session, if any, is ended and a new one made (rotation).
 * `device`: the browser's device token, if it sent one, and the key devices are signed with.
 */
export async function signIn(
  database: Database,
  {
    email,
    password,
    address,
    previousToken,
    device,
  }: {
    email: string;
    password: string;
    address: string;
    previousToken?: string | null;
    device: { token: string | null; secret: string };
  },
  now = new Date(),
): Promise<SignInResult> {
  const knownBrowser = device.token ? knownDevice(device.token, email, device.secret, now) : null;
  const keys = await throttleKeys(database, email, address, knownBrowser);
  const refused = await refusedUntil(database, keys, now);
  if (refused.address) return { ok: false, reason: "locked", until: refused.address };
  if (refused.account) return { ok: false, reason: "wait", until: refused.account };
  // The slot first (no await between the test and the taking), so a busy answer never uses up the account's turn.
  const releaseHashSlot = takeHashSlot(knownBrowser !== null);
  if (!releaseHashSlot) return { ok: false, reason: "busy" };
  let owner: { id: string; password_hash: string } | undefined;
  let matches: boolean;
  try {
    const taken = await takeAccountTurn(database, keys.account, now);
    if (taken) return { ok: false, reason: "wait", until: taken.until };
    // The address's check after the account's turn: an attempt told to wait never counts against the address.
    if (!(await claimAddressCheck(database, keys.address, now))) {
      const locked = await refusedUntil(database, keys, now);
      return { ok: false, reason: "locked", until: locked.address ?? new Date(now.getTime() + LOCKOUT.lockMs) };
    }
    owner = await database.db
      .selectFrom("owners")
      .select(["id", "password_hash"])
      .where("email", "=", normalizeEmail(email))
      .executeTakeFirst();
    matches = await verifyPassword(password, owner?.password_hash ?? (await dummyHash()));
  } finally {
    releaseHashSlot();
  }
  if (!owner || !matches) {
    const after = await refusedUntil(database, keys, now);
    return after.address ? { ok: false, reason: "locked", until: after.address } : { ok: false, reason: "invalid" };
  }
  // A known browser's success clears its own counter, not the account's: guessing from elsewhere keeps its waits.
  await database.db.deleteFrom("sign_in_throttle").where("key", "in", [keys.account, keys.address]).execute();
  if (previousToken) await endSession(database, previousToken);
  const token = randomBytes(32).toString("base64url");
  const at = now.toISOString();
  await database.db
    .insertInto("owner_sessions")
    .values({ token_hash: sha256(token), owner_id: owner.id, created_at: at, last_seen_at: at })
    .execute();
  return { ok: true, token, ownerId: owner.id, deviceToken: deviceToken(email, device.secret, now) };
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
    await database.db
      .updateTable("owner_sessions")
      .set({ last_seen_at: now.toISOString() })
      .where("token_hash", "=", tokenHash)
      .execute();
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
    .where((eb) =>
      eb.or([
        eb("last_seen_at", "<", new Date(t - SESSION_IDLE_MS).toISOString()),
        eb("created_at", "<", new Date(t - SESSION_ABSOLUTE_MS).toISOString()),
      ]),
    )
    .execute();
  const windowStartedBefore = new Date(t - LOCKOUT.windowMs).toISOString();
  await database.db
    .deleteFrom("sign_in_throttle")
    .where("window_start", "<", windowStartedBefore)
    .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", now.toISOString())]))
    .execute();
}
