import { DatabaseSync } from "node:sqlite";
import path from "node:path";
import pino from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../../../tests/support/storage.ts";
import { connectDatabase, type Database } from "../../kit/db/database.server.ts";
import { isDatabaseAway } from "../../kit/db/outage.server.ts";
import { getLead } from "../../kit/leads.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { journalLead, mayJournal, openLeadJournal, startReplay, type LeadJournal } from "./journal.server.ts";
import { recordLead } from "./store.server.ts";

const logger = pino({ level: "silent" });
const jobs = { webhook: false, reply: true, sms: false };
const photo = (n: number) => ({
  filename: `p${n}.jpg`,
  contentType: "image/jpeg",
  width: 4,
  height: 3,
  bytes: new Uint8Array([n, n, n]),
});

describe("isDatabaseAway", () => {
  it("is true for a refused or timed-out connection and a locked SQLite database, false for a constraint", async () => {
    const refused = await connectDatabase({
      DATA_DIR: "/tmp",
      DATABASE_URL: "postgres://x:y@127.0.0.1:1/none",
      HASH_SECRET: undefined,
    })
      .db.selectFrom("leads")
      .select("id")
      .execute()
      .catch((e: unknown) => e);
    expect(isDatabaseAway(refused)).toBe(true);
    expect(isDatabaseAway(new Error("Query read timeout"))).toBe(true);
    expect(
      isDatabaseAway(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" })),
    ).toBe(true);

    const db = new DatabaseSync(":memory:");
    db.exec("create table t (k text primary key); insert into t values ('a')");
    const constraint = (() => {
      try {
        db.exec("insert into t values ('a')");
      } catch (e) {
        return e;
      }
    })();
    expect(isDatabaseAway(constraint)).toBe(false);
    expect(isDatabaseAway(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    const locked = Object.assign(new Error("database is locked"), { code: "ERR_SQLITE_ERROR", errcode: 5 });
    expect(isDatabaseAway(new Error("wrapped", { cause: locked }))).toBe(true);
  });

  it("a request may be journaled only for the two public forms' kinds", () => {
    const away = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(mayJournal(away, { kind: "estimate", attachment: null })).toBe(true);
    expect(mayJournal(away, { kind: "contact" })).toBe(true);
    expect(mayJournal(away, { kind: "application" })).toBe(false);
    expect(mayJournal(new Error("UNIQUE constraint failed"), { kind: "estimate" })).toBe(false);
  });
});

describe.each(backends)("replaying the journal on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let journal: LeadJournal;
  const t0 = new Date("2030-01-02T03:00:00.000Z");

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
    journal = await openLeadJournal(storage.env.DATA_DIR, 1 << 24);
  });
  afterEach(async () => {
    await journal.close();
    await storage.cleanup();
  });

  const lead = (n: number) =>
    sampleLead({
      idempotencyKey: `key:${n}`,
      contact: { ...sampleLead().contact, email: `v${n}@example.com` },
      photos: n === 2 ? [photo(1), photo(2)] : [],
    });
  const replayOnce = async (db: Database, now = () => new Date(t0.getTime() + 60_000)) => {
    const replayer = startReplay({ database: db, journal, logger, notifyOutbox: () => {}, intervalMs: 60_000, now });
    await replayer.replay();
    await replayer.stop();
  };
  const rows = () =>
    database.db.selectFrom("leads").select(["id", "idempotency_key", "created_at"]).orderBy("created_at").execute();
  const jobsOf = (kind: string) => database.db.selectFrom("outbox_jobs").selectAll().where("kind", "=", kind).execute();

  it("stores each kept request once, in order, under the id its reference was given from, with its photos and usual jobs", async () => {
    const kept = [];
    for (const n of [1, 2, 3]) kept.push(await journalLead(journal, lead(n), jobs, new Date(t0.getTime() + n * 1000)));
    // The same request sent again while the database is away is kept once, with the same reference.
    expect(await journalLead(journal, lead(1), jobs, new Date(t0.getTime() + 5000))).toEqual({
      id: kept[0]!.id,
      duplicate: true,
    });

    // The database still away: nothing is lost and nothing is skipped.
    const away = connectDatabase({
      DATA_DIR: storage.env.DATA_DIR,
      DATABASE_URL: "postgres://x:y@127.0.0.1:1/none",
      HASH_SECRET: undefined,
    });
    await replayOnce(away);
    await away.close();
    expect(journal.size).toBe(3);

    await replayOnce(database);
    expect(journal.size).toBe(0);
    const stored = await rows();
    expect(stored.map((r) => r.idempotency_key)).toEqual(["key:1", "key:2", "key:3"]);
    expect(stored.map((r) => r.id)).toEqual(kept.map((k) => k.id));
    expect(stored.map((r) => new Date(r.created_at).getTime())).toEqual(
      [1000, 2000, 3000].map((ms) => t0.getTime() + ms),
    );
    const second = await getLead(database, kept[1]!.id);
    expect(referenceOf(second!.id)).toBe(referenceOf(kept[1]!.id));
    expect(second!.photos.map((p) => p.filename)).toEqual(["p1.jpg", "p2.jpg"]);
    expect((await jobsOf("email")).length).toBe(3);
    expect((await jobsOf("reply")).length).toBe(3);

    // The owner is told once: how many waited and the longest wait (the first, kept at t0 + 1 s, stored at t0 + 60 s).
    const notice = await jobsOf("journal-replayed");
    expect(notice).toHaveLength(1);
    expect(JSON.parse(notice[0]!.payload!)).toMatchObject({ count: 3, longestWaitMs: 59_000 });

    // Replaying again (nothing waits) stores nothing more and tells the owner nothing more.
    await replayOnce(database);
    expect(await rows()).toHaveLength(3);
    expect(await jobsOf("journal-replayed")).toHaveLength(1);
  });

  it("a request stored just before a crash (its record not yet marked done) is not stored twice", async () => {
    const { id } = await journalLead(journal, lead(1), jobs, t0);
    const [entry] = journal.pending();
    await recordLead(database, lead(1), { ...jobs, id, now: entry!.at });
    await journal.close();
    journal = await openLeadJournal(storage.env.DATA_DIR, 1 << 24);
    expect(journal.size).toBe(1);
    await replayOnce(database);
    expect(await rows()).toHaveLength(1);
    expect(await jobsOf("email")).toHaveLength(1);
    expect(journal.size).toBe(0);
  });

  it("a request whose idempotency key was stored before the outage is not stored twice", async () => {
    await recordLead(database, lead(1), { ...jobs, now: t0 });
    await journalLead(journal, lead(1), jobs, t0);
    await replayOnce(database);
    expect(await rows()).toHaveLength(1);
    expect(await jobsOf("email")).toHaveLength(1);
  });

  it("the photos' files are kept in the journal's folder until replayed, then removed", async () => {
    await journalLead(journal, lead(2), jobs, t0);
    const [entry] = journal.pending();
    expect(journal.filePath(entry!.seq, "photo-1").startsWith(path.join(storage.env.DATA_DIR, "journal"))).toBe(true);
    expect([...(await journal.readFile(entry!, 1))]).toEqual([2, 2, 2]);
    await replayOnce(database);
    expect(journal.diskBytes).toBe(0);
  });
});
