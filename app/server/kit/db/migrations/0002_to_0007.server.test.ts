import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { backends, createTestStorage, leadsRow } from "../../../../../tests/support/storage.ts";
import { connectDatabase, migrate, type Database } from "../database.server.ts";
import type { JobKind } from "../tables.server.ts";

// 0002, 0005, 0006 and 0007 rebuilt outbox_jobs on SQLite (a CHECK cannot change there): each keeps a live
// database's rows as they were and takes what it was written for.
describe.each(backends)("the outbox_jobs rebuilds on %s", (dialect) => {
  const now = new Date("2030-01-02T03:04:05.678Z");

  /** A job row of an earlier migration as it reads after 0006: one per kind and request (ref ''), nothing carried, the default deadline. */
  const with0006Columns = <T extends object>(job: T) => ({ ...job, ref: "", payload: null, not_after: null });

  /** Inserts a pending job of `kind` straight into outbox_jobs (what the kinds constraint allows is the question). */
  const insertJob = (db: Database, id: string, leadId: string, kind: string, at: string) =>
    db.db
      .insertInto("outbox_jobs")
      .values({ id, lead_id: leadId, kind: kind as JobKind, next_attempt_at: at, created_at: at })
      .execute();

  /** The names of outbox_jobs' indexes. */
  const jobIndexes = (db: Database) =>
    dialect === "postgres"
      ? sql<{
          name: string;
        }>`select indexname as name from pg_indexes where tablename = 'outbox_jobs' and schemaname = current_schema()`.execute(
          db.db,
        )
      : sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'outbox_jobs'`.execute(
          db.db,
        );

  it("0002 keeps a live 0001 database's requests and jobs, and makes its newsletter sign-ups pending", async () => {
    const other = await createTestStorage(dialect);
    try {
      const old = connectDatabase(other.env);
      await migrate(old, "0001_leads");
      const at = now.toISOString();
      const row = (id: string, kind: "estimate" | "newsletter") => leadsRow(id, kind, at);
      await old.db
        .insertInto("leads")
        .values([row("lead-a", "estimate"), row("lead-b", "newsletter")])
        .execute();
      await old.db
        .insertInto("outbox_jobs")
        .values({
          id: "job-a",
          lead_id: "lead-a",
          kind: "email",
          status: "sent",
          attempts: 2,
          next_attempt_at: at,
          created_at: at,
          sent_at: at,
        })
        .execute();
      await old.close();

      const migrated = await other.open();
      expect(await migrated.db.selectFrom("outbox_jobs").selectAll().execute()).toEqual(
        [
          {
            id: "job-a",
            lead_id: "lead-a",
            kind: "email",
            status: "sent",
            attempts: 2,
            next_attempt_at: at,
            locked_until: null,
            lease_token: null,
            last_error: null,
            created_at: at,
            sent_at: at,
          },
        ].map(with0006Columns),
      );
      expect(await migrated.db.selectFrom("newsletter_subscriptions").select(["lead_id", "status"]).execute()).toEqual([
        { lead_id: "lead-b", status: "pending" },
      ]);
      await insertJob(migrated, "job-b", "lead-a", "reply", at);
      await expect(insertJob(migrated, "job-d", "lead-a", "email", at)).rejects.toThrow();
      await migrated.db.deleteFrom("leads").where("id", "=", "lead-a").execute();
      expect(await migrated.db.selectFrom("outbox_jobs").select("id").execute()).toEqual([]); // still cascades
    } finally {
      await other.cleanup();
    }
  });

  it("0005 keeps a live 0004 database's jobs, pending ones with their lease and retry state, and takes 'sms' jobs", async () => {
    const other = await createTestStorage(dialect);
    try {
      const old = connectDatabase(other.env);
      await migrate(old, "0004_reply_quota_and_keyed_hashes");
      const at = now.toISOString();
      const later = new Date(now.getTime() + 60_000).toISOString();
      const row = (id: string) => leadsRow(id, "estimate", at);
      await old.db
        .insertInto("leads")
        .values([row("lead-a"), row("lead-b")])
        .execute();
      const jobs = [
        {
          id: "job-email",
          lead_id: "lead-a",
          kind: "email" as const,
          status: "pending" as const,
          attempts: 3,
          next_attempt_at: later,
          locked_until: later,
          lease_token: "lease-1",
          last_error: "ECONNREFUSED",
          created_at: at,
          sent_at: null,
        },
        {
          id: "job-webhook",
          lead_id: "lead-a",
          kind: "webhook" as const,
          status: "sent" as const,
          attempts: 1,
          next_attempt_at: at,
          locked_until: null,
          lease_token: null,
          last_error: null,
          created_at: at,
          sent_at: at,
        },
        {
          id: "job-reply",
          lead_id: "lead-b",
          kind: "reply" as const,
          status: "dead" as const,
          attempts: 20,
          next_attempt_at: at,
          locked_until: null,
          lease_token: null,
          last_error: "HTTP_500",
          created_at: at,
          sent_at: null,
        },
      ];
      await old.db.insertInto("outbox_jobs").values(jobs).execute();
      await expect(insertJob(old, "job-early", "lead-b", "sms", at)).rejects.toThrow(); // before 0005 the kind is refused
      await old.close();

      const migrated = await other.open(); // migrates to the latest
      expect(await migrated.db.selectFrom("outbox_jobs").selectAll().orderBy("id").execute()).toEqual(
        [...jobs].sort((a, b) => a.id.localeCompare(b.id)).map(with0006Columns),
      );
      await insertJob(migrated, "job-sms", "lead-a", "sms", at);
      await expect(insertJob(migrated, "job-sms-2", "lead-a", "sms", at)).rejects.toThrow(); // still one job of a kind per lead
      // The due-jobs index is there again, and deleting a lead still deletes its jobs.
      const indexes = await jobIndexes(migrated);
      expect(indexes.rows.map((r) => r.name)).toContain("outbox_jobs_due");
      await migrated.db.deleteFrom("leads").where("id", "=", "lead-a").execute();
      expect((await migrated.db.selectFrom("outbox_jobs").select("id").execute()).map((j) => j.id)).toEqual([
        "job-reply",
      ]);
    } finally {
      await other.cleanup();
    }
  });

  it("0007 keeps a live 0006 database's jobs as they were, and takes a job of a kind the table never listed", async () => {
    const other = await createTestStorage(dialect);
    try {
      const old = connectDatabase(other.env);
      await migrate(old, "0006_bookings");
      const at = now.toISOString();
      const later = new Date(now.getTime() + 86_400_000).toISOString();
      await old.db
        .insertInto("leads")
        .values([leadsRow("lead-a", "estimate", at)])
        .execute();
      const kinds = ["email", "webhook", "reply", "sms", "booking", "reminder", "review"] as const;
      const jobs = kinds.map((kind, i) => ({
        id: `job-${kind}`,
        lead_id: "lead-a",
        kind,
        status: (["pending", "sent", "dead", "cancelled"] as const)[i % 4]!,
        attempts: i,
        next_attempt_at: later,
        locked_until: i === 0 ? later : null,
        lease_token: i === 0 ? "lease-1" : null,
        last_error: i === 2 ? "ECONNREFUSED" : null,
        created_at: at,
        sent_at: i === 1 ? at : null,
        ref: kind === "booking" ? "3:customer" : "",
        payload: kind === "booking" ? '{"to":"customer"}' : null,
        not_after: kind === "reminder" ? later : null,
      }));
      await old.db.insertInto("outbox_jobs").values(jobs).execute();
      await expect(insertJob(old, "job-early", "lead-a", "fax", at)).rejects.toThrow(); // before 0007 the kind is refused
      await old.close();

      const migrated = await other.open(); // migrates to the latest
      expect(await migrated.db.selectFrom("outbox_jobs").selectAll().orderBy("id").execute()).toEqual(
        [...jobs].sort((a, b) => a.id.localeCompare(b.id)),
      );
      await insertJob(migrated, "job-fax", "lead-a", "fax", at);
      await expect(insertJob(migrated, "job-email-2", "lead-a", "email", at)).rejects.toThrow(); // one per kind and ref
      const indexes = await jobIndexes(migrated);
      expect(indexes.rows.map((r) => r.name)).toEqual(expect.arrayContaining(["outbox_jobs_due", "outbox_jobs_lead"]));
      await expect(
        migrated.db
          .updateTable("outbox_jobs")
          .set({ status: "lost" as "dead" })
          .where("id", "=", "job-fax")
          .execute(),
      ).rejects.toThrow(); // the statuses are still checked
      await migrated.db.deleteFrom("leads").where("id", "=", "lead-a").execute();
      expect(await migrated.db.selectFrom("outbox_jobs").select("id").execute()).toEqual([]); // still cascades
    } finally {
      await other.cleanup();
    }
  });

  it("0006 keeps a live 0005 database's jobs and status changes, takes 'completed' and several booking e-mails per request", async () => {
    const other = await createTestStorage(dialect);
    try {
      const old = connectDatabase(other.env);
      await migrate(old, "0005_sms_alert");
      const at = now.toISOString();
      await old.db
        .insertInto("leads")
        .values([leadsRow("lead-a", "estimate", at)])
        .execute();
      const job = {
        id: "job-sms",
        lead_id: "lead-a",
        kind: "sms" as const,
        status: "pending" as const,
        attempts: 2,
        next_attempt_at: at,
        locked_until: at,
        lease_token: "lease-1",
        last_error: "HTTP_500",
        created_at: at,
        sent_at: null,
      };
      await old.db.insertInto("outbox_jobs").values(job).execute();
      const change = {
        id: "change-1",
        lead_id: "lead-a",
        // "won" before 0013_lead_stages, which names it "accepted".
        status: "won" as "accepted",
        note: "Booked",
        changed_by: "owner@example.com",
        changed_at: at,
      };
      await old.db.insertInto("lead_status_changes").values(change).execute();
      await expect(
        old.db
          .insertInto("lead_status_changes")
          .values({ ...change, id: "change-2", status: "completed" })
          .execute(),
      ).rejects.toThrow(); // before 0006 there is no 'completed'
      await old.close();

      const migrated = await other.open();
      expect(await migrated.db.selectFrom("outbox_jobs").selectAll().execute()).toEqual([with0006Columns(job)]);
      expect(await migrated.db.selectFrom("lead_status_changes").selectAll().execute()).toEqual([
        { ...change, status: "accepted" },
      ]);
      await migrated.db
        .insertInto("lead_status_changes")
        .values({ ...change, id: "change-2", status: "completed" })
        .execute();
      const booking = (id: string, ref: string) => ({
        id,
        lead_id: "lead-a",
        kind: "booking" as const,
        ref,
        next_attempt_at: at,
        created_at: at,
      });
      await migrated.db
        .insertInto("outbox_jobs")
        .values([booking("b-1", "1:customer"), booking("b-2", "2:customer")])
        .execute();
      await expect(
        migrated.db.insertInto("outbox_jobs").values(booking("b-3", "2:customer")).execute(),
      ).rejects.toThrow();
      await migrated.db.updateTable("outbox_jobs").set({ status: "cancelled" }).where("id", "=", "b-1").execute();
      // Deleting the request still deletes its jobs and its status history.
      await migrated.db.deleteFrom("leads").where("id", "=", "lead-a").execute();
      expect(await migrated.db.selectFrom("outbox_jobs").select("id").execute()).toEqual([]);
      expect(await migrated.db.selectFrom("lead_status_changes").select("id").execute()).toEqual([]);
    } finally {
      await other.cleanup();
    }
  });
});
