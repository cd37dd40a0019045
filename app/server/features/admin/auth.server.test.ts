import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Database } from "../../kit/db/database.server.ts";
import { backends, createTestStorage, type TestStorage } from "../../../../tests/support/storage.ts";
import {
  ACCOUNT_DELAY,
  accountDelayMs,
  addOwner,
  DEVICE_HASHES,
  DEVICE_TTL_MS,
  endSession,
  HASHES_AT_ONCE,
  listOwners,
  LOCKOUT,
  OwnerExistsError,
  pruneAuth,
  readSession,
  removeOwner,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  signIn,
  withHashSlot,
} from "./auth.server.ts";
import { hashPassword, passwordProblem, verifyPassword } from "./passwords.server.ts";

// Every password check goes through verifyPassword: counted here, still the real scrypt.
vi.mock("./passwords.server.ts", async (original) => {
  const real = await original<typeof import("./passwords.server.ts")>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});
const passwordChecks = () => vi.mocked(verifyPassword).mock.calls.length;

describe("owner passwords", () => {
  it("hashes with scrypt and its parameters, and verifies", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toMatch(/^scrypt\$N=32768,r=8,p=1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("correct horse battery", "plain")).toBe(false);
    expect(await hashPassword("correct horse battery")).not.toBe(hash);
  });
  it("asks for at least 12 characters", () => {
    expect(passwordProblem("elevenchars")).toMatch(/at least 12/);
    expect(passwordProblem("twelve chars")).toBeNull();
  });
});

describe.each(backends)("owner accounts and sessions on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  const t0 = new Date("2030-03-04T17:00:00.000Z");
  const at = (ms: number) => new Date(t0.getTime() + ms);
  const PASSWORD = "a long enough password";

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
    await addOwner(database, " Owner@Example.com ", PASSWORD, t0);
  });
  afterEach(() => storage.cleanup());

  const LINK_KEY = "the site's link key";
  const attempt = (
    password: string,
    {
      email = "owner@example.com",
      address = "203.0.113.9",
      now = t0,
      previousToken = null as string | null,
      device = null as string | null,
    } = {},
  ) => signIn(database, { email, password, address, previousToken, device: { token: device, secret: LINK_KEY } }, now);

  it("adds, lists and removes owners; one account per e-mail", async () => {
    await expect(addOwner(database, "owner@example.COM", PASSWORD)).rejects.toBeInstanceOf(OwnerExistsError);
    expect((await listOwners(database)).map((o) => [o.email, o.sessions])).toEqual([["owner@example.com", 0]]);
    const signedIn = await attempt(PASSWORD);
    expect(signedIn.ok).toBe(true);
    expect((await listOwners(database))[0]?.sessions).toBe(1);
    expect(await removeOwner(database, "OWNER@example.com")).toBe(true);
    expect(await removeOwner(database, "owner@example.com")).toBe(false);
    expect(await readSession(database, (signedIn as { token: string }).token, t0)).toBeNull();
  });

  it("signs in with the right password and keeps only a hash of the token", async () => {
    const result = await attempt(PASSWORD, { email: "OWNER@example.com" });
    if (!result.ok) throw new Error("sign-in failed");
    expect(await readSession(database, result.token, at(1000))).toMatchObject({ email: "owner@example.com" });
    const stored = await database.db.selectFrom("owner_sessions").select("token_hash").execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(result.token);
    expect(await readSession(database, "not-a-real-token-at-all", t0)).toBeNull();
  });

  it("answers a wrong password and an unknown account the same way", async () => {
    expect(await attempt("wrong password here")).toEqual({ ok: false, reason: "invalid" });
    expect(await attempt(PASSWORD, { email: "nobody@example.com", address: "198.51.100.1" })).toEqual({
      ok: false,
      reason: "invalid",
    });
  });

  it("after failures, makes the account wait longer before each next try (1 s, 2, 4 … at most 30 s), from any address", async () => {
    expect(await attempt("wrong", { address: "192.0.2.1" })).toEqual({ ok: false, reason: "invalid" });
    expect(await attempt(PASSWORD, { address: "192.0.2.2", now: at(500) })).toEqual({
      ok: false,
      reason: "wait",
      until: at(1000),
    });
    expect(await attempt("wrong", { address: "192.0.2.3", now: at(1000) })).toEqual({ ok: false, reason: "invalid" });
    expect(await attempt("wrong", { address: "192.0.2.4", now: at(2500) })).toMatchObject({
      reason: "wait",
      until: at(3000),
    });
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(accountDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("guessing from many addresses never locks the owner out: the right password gets in once the delay has passed", async () => {
    // Each guess comes from a new address, as soon as the account's delay allows it.
    let now = 0;
    for (let i = 0; i < 10; i++) {
      const result = await attempt("wrong", { address: `198.51.100.${i}`, now: at(now) });
      if (result.ok === false && result.reason === "wait") {
        now = result.until.getTime() - t0.getTime();
        expect(await attempt("wrong", { address: `198.51.100.${i}`, now: at(now) })).toEqual({
          ok: false,
          reason: "invalid",
        });
      }
    }
    now += 1;
    const refused = await attempt(PASSWORD, { address: "203.0.113.200", now: at(now) });
    expect(refused).toMatchObject({ ok: false, reason: "wait" });
    const until = (refused as { until: Date }).until.getTime() - t0.getTime();
    expect(until - now).toBeLessThanOrEqual(ACCOUNT_DELAY.maxMs);
    expect((await attempt(PASSWORD, { address: "203.0.113.200", now: at(until) })).ok).toBe(true);
    // Success forgets the failures: the next mistake waits 1 s again.
    await attempt("wrong", { address: "203.0.113.200", now: at(until + 1) });
    expect(await attempt(PASSWORD, { address: "203.0.113.200", now: at(until + 2) })).toEqual({
      ok: false,
      reason: "wait",
      until: at(until + 1 + ACCOUNT_DELAY.firstMs),
    });
  });

  it("checks the lockout and the delay before hashing the password", async () => {
    for (let i = 0; i < LOCKOUT.failures; i++)
      await attempt("wrong", { email: `guess${i}@example.com`, address: "192.0.2.66", now: at(i * 60_000) });
    await attempt("wrong", { address: "192.0.2.67", now: at(LOCKOUT.failures * 60_000) });
    // With every hash slot taken, a sign-in that needed a hash would be "busy": these are answered without one.
    const release: (() => void)[] = [];
    const held = Array.from({ length: HASHES_AT_ONCE }, () =>
      withHashSlot(() => new Promise<void>((resolve) => release.push(resolve))),
    );
    expect(await attempt(PASSWORD, { address: "192.0.2.66", now: at(LOCKOUT.failures * 60_000 + 10) })).toMatchObject({
      ok: false,
      reason: "locked",
    });
    expect(await attempt(PASSWORD, { address: "192.0.2.68", now: at(LOCKOUT.failures * 60_000 + 10) })).toMatchObject({
      ok: false,
      reason: "wait",
    });
    for (const r of release) r();
    await Promise.all(held);
  });

  it("lets a burst of concurrent guesses for one account, on two server instances, through one password check per wait", async () => {
    const instances = [database, await storage.open()];
    let address = 0;
    /** Ten guesses at once from ten new addresses, alternately on each instance; the checks they got. */
    const burst = async (ms: number) => {
      const before = passwordChecks();
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          signIn(
            instances[i % 2]!,
            {
              email: "owner@example.com",
              password: "a wrong guess",
              address: `198.51.100.${++address}`,
              device: { token: null, secret: LINK_KEY },
            },
            at(ms),
          ),
        ),
      );
      const checked = answers.filter((a) => !a.ok && a.reason === "invalid").length;
      expect(passwordChecks() - before, "password checks").toBe(checked);
      // The others were not checked: told to wait (or busy, a hash slot being taken), never locked.
      for (const a of answers) expect(["invalid", "wait", "busy"]).toContain(a.ok ? "ok" : a.reason);
      return checked;
    };
    // Each wait (1 s, 2, 4 … from the last check) lets exactly one guess through, whenever the burst comes.
    let ms = 0;
    for (let failures = 1; failures <= 7; failures++) {
      expect(await burst(ms), `the burst when wait ${failures} ends`).toBe(1);
      expect(await burst(ms + 1), `a burst during wait ${failures}`).toBe(0);
      ms += accountDelayMs(failures);
      expect(await burst(ms - 1), `a burst just before wait ${failures} ends`).toBe(0);
    }
    // The owner, from yet another address, once the wait has passed.
    expect((await attempt(PASSWORD, { address: "203.0.113.77", now: at(ms) })).ok).toBe(true);
  });

  /**
   * Guesses for the owner's account from new addresses, each the moment the account's wait ends, from `fromMs`
   * until `untilMs`; returns the time of the last guess checked (so a wait is running then).
   */
  const guessAtEveryWaitEnd = async (untilMs: number, fromMs = 0) => {
    let now = fromMs;
    for (let i = 1; ; i++) {
      const result = await attempt("wrong", { address: `198.51.100.${i % 250}`, now: at(now) });
      if (!result.ok && result.reason === "wait") now = result.until.getTime() - t0.getTime();
      else if (now >= untilMs) return now;
    }
  };

  it("lets the owner in at once from a browser they signed in from before, however the guessing from elsewhere is timed", async () => {
    const first = await attempt(PASSWORD, { address: "203.0.113.50" });
    if (!first.ok) throw new Error("first sign-in failed");
    // A stranger keeps the account's wait running, taking each check the moment the wait ends.
    const now = await guessAtEveryWaitEnd(5 * 60_000);
    // A new browser meets the account's wait, as before …
    expect(await attempt(PASSWORD, { address: "203.0.113.50", now: at(now) })).toMatchObject({ reason: "wait" });
    // … the known one is checked at once, and its success leaves the stranger's waits as they were.
    const known = await attempt(PASSWORD, { address: "203.0.113.50", now: at(now), device: first.deviceToken });
    expect(known.ok).toBe(true);
    expect(await attempt("wrong", { address: "198.51.100.250", now: at(now + 1) })).toMatchObject({ reason: "wait" });
    // A device token is renewed at each sign-in and works for the account it was given for, in any letter case.
    if (!known.ok) return;
    expect(known.deviceToken).not.toBe(first.deviceToken);
    expect(
      (await attempt(PASSWORD, { email: "OWNER@example.com", now: at(now + 2), device: known.deviceToken })).ok,
    ).toBe(true);
  });

  it("does not take a device token that is forged, expired, or given for another account", async () => {
    await addOwner(database, "partner@example.com", PASSWORD, t0);
    const partner = await attempt(PASSWORD, { email: "partner@example.com", address: "203.0.113.51" });
    const own = await attempt(PASSWORD, { address: "203.0.113.51" });
    if (!partner.ok || !own.ok) throw new Error("sign-in failed");
    const now = await guessAtEveryWaitEnd(60_000);
    const [device = "", expiry = "", signature = ""] = own.deviceToken.split(".");
    const refusedWith = async (token: string, when = now) =>
      expect(await attempt(PASSWORD, { address: "203.0.113.51", now: at(when), device: token })).toMatchObject({
        reason: "wait",
      });
    await refusedWith(partner.deviceToken);
    await refusedWith(`${device}x.${expiry}.${signature}`);
    await refusedWith(`${device}.${(Number.parseInt(expiry, 36) + 1).toString(36)}.${signature}`);
    await refusedWith(own.deviceToken.slice(0, -1));
    // Past its lifetime (the stranger still at it), the browser is a new one again.
    const later = await guessAtEveryWaitEnd(DEVICE_TTL_MS + 60_000, DEVICE_TTL_MS);
    await refusedWith(own.deviceToken, later);
  });

  it("makes a known browser's own failures wait longer, without touching the account's waits", async () => {
    const first = await attempt(PASSWORD, { address: "203.0.113.52" });
    if (!first.ok) throw new Error("sign-in failed");
    const device = first.deviceToken;
    expect(await attempt("wrong", { address: "203.0.113.52", now: at(10), device })).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(await attempt(PASSWORD, { address: "203.0.113.52", now: at(20), device })).toEqual({
      ok: false,
      reason: "wait",
      until: at(10 + ACCOUNT_DELAY.firstMs),
    });
    // The account itself has no failure: a new browser is checked at once.
    expect((await attempt(PASSWORD, { address: "203.0.113.53", now: at(30) })).ok).toBe(true);
  });

  it(`keeps ${DEVICE_HASHES} hash slot for a known browser when the ${HASHES_AT_ONCE} others are running`, async () => {
    const first = await attempt(PASSWORD);
    if (!first.ok) throw new Error("sign-in failed");
    const release: (() => void)[] = [];
    const held = Array.from({ length: HASHES_AT_ONCE }, () =>
      withHashSlot(() => new Promise<void>((resolve) => release.push(resolve))),
    );
    expect(await attempt(PASSWORD, { now: at(10) })).toEqual({ ok: false, reason: "busy" });
    expect((await attempt(PASSWORD, { now: at(20), device: first.deviceToken })).ok).toBe(true);
    for (const r of release) r();
    await Promise.all(held);
  });

  it(`runs at most ${HASHES_AT_ONCE} password hashes at once; a sign-in beyond them is answered "busy" without hashing`, async () => {
    const release: (() => void)[] = [];
    const held = Array.from({ length: HASHES_AT_ONCE }, () =>
      withHashSlot(() => new Promise<void>((resolve) => release.push(resolve))),
    );
    expect(await attempt(PASSWORD)).toEqual({ ok: false, reason: "busy" });
    for (const r of release) r();
    await Promise.all(held);
    expect((await attempt(PASSWORD)).ok).toBe(true);
  });

  it("locks an address for 15 minutes after 5 failures, whichever accounts it tried, existing or not", async () => {
    for (let i = 0; i < LOCKOUT.failures; i++)
      await attempt("wrong", { email: `guess${i}@example.com`, address: "2001:db8:1:2::7" });
    // Another address in the same IPv6 /64 is the same client.
    expect(await attempt(PASSWORD, { address: "2001:db8:1:2::8" })).toMatchObject({ ok: false, reason: "locked" });
    expect(await attempt(PASSWORD, { address: "2001:db8:1:2::8", now: at(LOCKOUT.lockMs - 1000) })).toMatchObject({
      ok: false,
      reason: "locked",
    });
    expect((await attempt(PASSWORD, { address: "2001:db8:1:3::8" })).ok).toBe(true);
  });

  it("an address guessing different accounts at once, on two server instances, gets no more checks than one by one", async () => {
    const instances = [database, await storage.open()];
    for (let i = 0; i < LOCKOUT.failures - 1; i++)
      await attempt("wrong", { email: `before${i}@example.com`, address: "198.51.100.200" });
    const before = passwordChecks();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signIn(
          instances[i % 2]!,
          {
            email: `burst${i}@example.com`,
            password: "wrong",
            address: "198.51.100.200",
            device: { token: null, secret: LINK_KEY },
          },
          at(10),
        ),
      ),
    );
    const checked = answers.filter((a) => !a.ok && a.reason === "invalid").length;
    // The last check the window allows: the attempt that took it was told the address is now locked.
    expect(passwordChecks() - before, "password checks in the burst").toBe(1);
    expect(checked).toBe(0);
    for (const a of answers) expect(["locked", "busy"]).toContain(a.ok ? "ok" : a.reason);
    expect(await attempt(PASSWORD, { address: "198.51.100.200", now: at(20) })).toMatchObject({
      ok: false,
      reason: "locked",
    });
  });

  it("an unknown account waits after failures exactly like a real one", async () => {
    await attempt("wrong", { email: "ghost@example.com", address: "192.0.2.1" });
    await attempt("wrong", { address: "192.0.2.2" });
    expect(await attempt("wrong", { email: "ghost@example.com", address: "192.0.2.3", now: at(10) })).toEqual({
      ok: false,
      reason: "wait",
      until: at(1000),
    });
    expect(await attempt("wrong", { address: "192.0.2.3", now: at(10) })).toEqual({
      ok: false,
      reason: "wait",
      until: at(1000),
    });
  });

  it("keeps the lockout's counters as keyed hashes of the account and the address (HMAC with the site's hash key)", async () => {
    await attempt("wrong", { email: "Ghost@Example.com", address: "192.0.2.7" });
    const { value } = await database.db
      .selectFrom("site_secrets")
      .select("value")
      .where("name", "=", "hashes")
      .executeTakeFirstOrThrow();
    const keys = (await database.db.selectFrom("sign_in_throttle").select("key").execute()).map((r) => r.key).sort();
    const hmac = (text: string) => createHmac("sha256", value).update(`sign-in:${text}`).digest("hex");
    expect(keys).toEqual([hmac("account:ghost@example.com"), hmac("address:192.0.2.7")].sort());
  });

  it("forgets failures older than the window", async () => {
    for (let i = 0; i < LOCKOUT.failures - 1; i++) await attempt("wrong", { now: at(i * 60_000) });
    const later = (LOCKOUT.failures - 2) * 60_000 + LOCKOUT.windowMs + 1000;
    expect(await attempt("wrong", { now: at(later) })).toEqual({ ok: false, reason: "invalid" });
    // Counted from 1 again: the next try waits the first delay only.
    expect(await attempt(PASSWORD, { now: at(later + 10) })).toEqual({
      ok: false,
      reason: "wait",
      until: at(later + ACCOUNT_DELAY.firstMs),
    });
    expect((await attempt(PASSWORD, { now: at(later + ACCOUNT_DELAY.firstMs) })).ok).toBe(true);
  });

  it("ends a session after 2 idle hours or 12 hours in all, and at sign-out", async () => {
    const first = await attempt(PASSWORD);
    if (!first.ok) throw new Error("sign-in failed");
    expect(await readSession(database, first.token, at(SESSION_IDLE_MS - 60_000))).not.toBeNull();
    // Seen just now: idle time starts again.
    expect(await readSession(database, first.token, at(2 * SESSION_IDLE_MS - 120_000))).not.toBeNull();
    expect(await readSession(database, first.token, at(4 * SESSION_IDLE_MS))).toBeNull();

    const second = await attempt(PASSWORD);
    if (!second.ok) throw new Error("sign-in failed");
    for (let h = 1; h < 12; h++) expect(await readSession(database, second.token, at(h * 3_600_000))).not.toBeNull();
    expect(await readSession(database, second.token, at(SESSION_ABSOLUTE_MS + 1000))).toBeNull();

    const third = await attempt(PASSWORD);
    if (!third.ok) throw new Error("sign-in failed");
    await endSession(database, third.token);
    expect(await readSession(database, third.token, t0)).toBeNull();
  });

  it("rotates the session at sign-in: the browser's previous token stops working", async () => {
    const first = await attempt(PASSWORD);
    if (!first.ok) throw new Error("sign-in failed");
    const second = await attempt(PASSWORD, { previousToken: first.token });
    if (!second.ok) throw new Error("sign-in failed");
    expect(second.token).not.toBe(first.token);
    expect(await readSession(database, first.token, t0)).toBeNull();
    expect(await readSession(database, second.token, t0)).not.toBeNull();
  });

  it("prunes expired sessions and old counters", async () => {
    await attempt(PASSWORD);
    await attempt("wrong");
    await pruneAuth(database, at(SESSION_ABSOLUTE_MS + 1000));
    expect(await database.db.selectFrom("owner_sessions").selectAll().execute()).toEqual([]);
    expect(await database.db.selectFrom("sign_in_throttle").selectAll().execute()).toEqual([]);
  });
});
