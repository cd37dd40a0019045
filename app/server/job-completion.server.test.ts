/**
 * Completing a job (docs/decisions/039-completion-and-late-cancellation.md), on SQLite and PostgreSQL: refused
 * before its window without the owner's confirmation; once confirmed, the job's pending reminder e-mail, day-before
 * text, "On our way" and quote reminder are called off in the status change's transaction, the review request waits
 * for the window; the customer's links and texts no longer change it.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, sampleLead, type TestStorage } from "../../tests/support/storage.ts";
import type { Database } from "./kit/db/database.server.ts";
import { completionCheck, isCompleted } from "./kit/job-completion.server.ts";
import { windowsOn, windowLabel } from "./kit/arrival-windows.server.ts";
import { recordLead } from "./features/leads/store.server.ts";
import { decide, requestWindow } from "./features/bookings/bookings.server.ts";
import { requestPage } from "./features/bookings/booking-page.server.ts";
import { REVIEW_DELAY_HOURS, saveStatus } from "./features/reviews/reviews.server.ts";
import { queueDayBeforeTexts, queueOwnerText, receiveText } from "./features/texts/texts.server.ts";
import { outboxJob } from "./notify/jobs.server.ts";
import { QUOTE_JOB_KINDS } from "./features/quotes/job-kinds.ts";
import { whenJobCompleted } from "./job-completion.server.ts";

describe.each(backends)("completing a job on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  // Wednesday 2030-01-02, 10:00 in Boise; the window is two days later, on Friday.
  const now = new Date("2030-01-02T17:00:00.000Z");
  const day = "2030-01-04";
  const window = windowsOn(day)[0]!;

  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
  });
  afterEach(() => storage.cleanup());

  /** A request with a confirmed window on Friday, its reminder e-mail, day-before text, "On our way" and quote reminder pending. */
  async function bookedJob() {
    const leadId = (await recordLead(database, sampleLead({ idempotencyKey: "key:complete" }), { webhook: false, now }))
      .id;
    const asked = await requestWindow(database, leadId, window, now);
    if (!asked.ok) throw new Error("the window was not taken");
    await decide(database, asked.booking.id, { action: "confirm" }, "Leave the side gate unlocked", now);
    expect(await queueDayBeforeTexts(database, now)).toBe(1);
    expect((await queueOwnerText(database, leadId, { kind: "on-our-way", body: "On our way" }, now)).ok).toBe(true);
    await database.db
      .insertInto("outbox_jobs")
      .values(
        outboxJob(QUOTE_JOB_KINDS, {
          lead_id: leadId,
          kind: "quote-reminder",
          ref: "q:1",
          created_at: now.toISOString(),
          next_attempt_at: new Date(now.getTime() + 86_400_000).toISOString(),
        }),
      )
      .execute();
    return { leadId, bookingId: asked.booking.id };
  }

  const jobs = async (leadId: string) =>
    database.db
      .selectFrom("outbox_jobs")
      .select(["kind", "status", "next_attempt_at"])
      .where("lead_id", "=", leadId)
      .where("kind", "in", ["reminder", "customer-text", "quote-reminder", "review", "reminder-offer"])
      .orderBy("kind")
      .execute();

  const complete = (leadId: string, notBefore: Date) =>
    saveStatus(
      database,
      leadId,
      { status: "completed", note: "", changedBy: "owner@example.com" },
      {
        reviewUrl: "https://g.page/r/example/review",
        now,
        notBefore,
        whenCompleted: (trx, id, at, from) => whenJobCompleted(trx, id, at, from),
      },
    );

  it("before its window: refused without the confirmation; confirmed, it calls off the job's reminders in the same change", async () => {
    const { leadId, bookingId } = await bookedJob();
    expect((await jobs(leadId)).filter((j) => j.status === "pending").map((j) => j.kind)).toEqual([
      "customer-text",
      "customer-text",
      "quote-reminder",
      "reminder",
    ]);

    const refused = await completionCheck(database.db, leadId, now, false);
    expect(refused).toEqual({ ok: false, window: windowLabel(day, window.times) });
    const allowed = await completionCheck(database.db, leadId, now, true);
    expect(allowed).toEqual({ ok: true, notBefore: window.startsAt });
    if (!allowed.ok) return;

    expect(await complete(leadId, allowed.notBefore)).toMatchObject({ changed: true, review: "queued" });
    expect(await isCompleted(database.db, leadId)).toBe(true);
    const after = await jobs(leadId);
    for (const kind of ["reminder", "customer-text", "quote-reminder"])
      expect(after.filter((j) => j.kind === kind).map((j) => j.status)).toEqual(
        after.filter((j) => j.kind === kind).map(() => "cancelled"),
      );
    // The seasonal offer, when queued, goes no earlier than the window's start; the review request no earlier than
    // that either, nor than REVIEW_DELAY_HOURS after the completion.
    const later = after.filter((j) => j.kind === "review" || j.kind === "reminder-offer");
    expect(later.map((j) => j.kind)).toContain("review");
    const reviewDue = Math.max(window.startsAt.getTime(), now.getTime() + REVIEW_DELAY_HOURS * 3_600_000);
    for (const job of later)
      expect(new Date(job.next_attempt_at).getTime()).toBe(
        job.kind === "review" ? reviewDue : window.startsAt.getTime(),
      );
    // The thread says why the texts did not go.
    const texts = await database.db
      .selectFrom("text_messages")
      .select(["kind", "status", "reason"])
      .where("lead_id", "=", leadId)
      .orderBy("kind")
      .execute();
    expect(texts).toEqual([
      { kind: "on-our-way", status: "cancelled", reason: "completed" },
      { kind: "reminder", status: "cancelled", reason: "completed" },
    ]);

    // The upkeep queues no new day-before text for it.
    expect(await queueDayBeforeTexts(database, now)).toBe(0);

    // The customer's link no longer cancels, moves or accepts it.
    const booking = await database.db.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirst();
    const lead = sampleLead();
    const page = await requestPage(
      database,
      { id: leadId, kind: lead.kind, fields: lead.fields, contact: lead.contact },
      booking && {
        id: booking.id,
        leadId,
        status: booking.status,
        day: booking.day,
        times: booking.window_times,
        startsAt: new Date(booking.starts_at),
        endsAt: new Date(booking.ends_at),
        sequence: Number(booking.sequence),
        invited: true,
        ownerNote: booking.owner_note,
        address: booking.address,
        accessNote: booking.access_note,
        createdAt: now,
        updatedAt: now,
        lateCancellation: null,
      },
      now,
    );
    expect(page).toMatchObject({ canCancel: false, canChoose: false, canAccept: false, cancelTerms: null });
    expect(page.booking?.completed).toBe(true);

    // C and R texted about it are answered plainly, with no confirmation recorded.
    const links = { secret: "a-link-secret-of-at-least-32-characters!!", siteUrl: "https://www.example.com" };
    for (const [sid, body] of [
      ["SM-c", "C"],
      ["SM-r", "r"],
    ] as const)
      await receiveText(database, { sid, from: lead.contact.phone!, body }, links, now);
    const answers = await database.db
      .selectFrom("text_messages")
      .select(["kind", "body"])
      .where("lead_id", "=", leadId)
      .where("direction", "=", "out")
      .where("kind", "in", ["completed", "confirmed", "reschedule"])
      .execute();
    expect(answers.map((a) => a.kind)).toEqual(["completed", "completed"]);
    for (const answer of answers) expect(answer.body).not.toContain("/book/manage");
    expect(await database.db.selectFrom("text_confirmations").selectAll().execute()).toEqual([]);
  });

  it("one transaction: when the change fails, nothing is called off and the status stays", async () => {
    const { leadId } = await bookedJob();
    const before = await jobs(leadId);
    const stageNow = () =>
      database.db.selectFrom("leads").select("stage").where("id", "=", leadId).executeTakeFirstOrThrow();
    const stageBefore = await stageNow();
    expect(stageBefore.stage).not.toBe("completed");
    await expect(
      saveStatus(
        database,
        leadId,
        { status: "completed", note: "", changedBy: "owner@example.com" },
        {
          reviewUrl: undefined,
          now,
          whenCompleted: async (trx, id, at, from) => {
            await whenJobCompleted(trx, id, at, from);
            throw new Error("the database went away");
          },
        },
      ),
    ).rejects.toThrow("the database went away");
    expect(await jobs(leadId)).toEqual(before);
    expect(await stageNow()).toEqual(stageBefore);
  });

  it("once its window has begun, or with no window: completed at once, the review request due REVIEW_DELAY_HOURS later", async () => {
    const { leadId } = await bookedJob();
    const begun = new Date(window.startsAt.getTime() + 60_000);
    expect(await completionCheck(database.db, leadId, begun, false)).toEqual({ ok: true, notBefore: begun });
    const noWindow = (
      await recordLead(database, sampleLead({ idempotencyKey: "key:no-window" }), { webhook: false, now })
    ).id;
    const check = await completionCheck(database.db, noWindow, now, false);
    expect(check).toEqual({ ok: true, notBefore: now });
    expect(await complete(noWindow, now)).toMatchObject({ changed: true });
    const review = (await jobs(noWindow)).find((j) => j.kind === "review");
    expect(review && new Date(review.next_attempt_at).getTime()).toBe(now.getTime() + REVIEW_DELAY_HOURS * 3_600_000);
  });
});
