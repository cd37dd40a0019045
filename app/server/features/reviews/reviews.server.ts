/**
 * Review requests (docs/decisions/020-booking.md; the spec's decision: every customer whose job is completed is asked,
 * never only the happy ones): marking a request "completed" queues one e-mail asking its customer for a review at
 * REVIEW_URL, in the same transaction as the status change, due REVIEW_DELAY_HOURS later (never in the same second
 * as "Completed", docs/decisions/042-tips-and-balance-payments.md); an invoice paid in full brings it forward to the
 * payment (reviewAfterPayment), and while a sent invoice is unpaid its sender waits (review-mail.server.ts). Every completed job's customer is asked, whatever the job
 * or the customer's mood; but each address once only, and never one that opted out. An address is known by its keyed
 * hash (review_contacts.email_key), which outlives the request: a customer who opted out stays out after their request
 * is deleted.
 */
import type { Transaction } from "kysely";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB } from "../../kit/db/tables.server.ts";
import { keyedHash } from "../../kit/db/site-secrets.server.ts";
import { changeLeadStatus, type StatusChange } from "../../kit/leads.server.ts";
import { outboxJob } from "../../notify/jobs.server.ts";
import { REVIEW_JOB_KINDS } from "./job-kinds.ts";
import { laterStart } from "../../notify/jobs.server.ts";
import { RETRY_FOR_MS } from "../../notify/outbox.server.ts";
import { priceBook } from "../../../content/price-book.ts";

/** How long after "Completed" the review request goes when no invoice is paid first (content: invoices.reviewDelayHours). */
export const REVIEW_DELAY_HOURS = priceBook.invoices.reviewDelayHours;

/** What became of the review request when a status was saved (null: the status is not "completed"). */
export type ReviewOutcome = "queued" | "already-asked" | "opted-out" | "no-review-url" | "not-a-customer";

/** The key an address is known by here: one per mailbox, whatever its letter case. */
export const reviewKey = (database: Database, email: string) =>
  keyedHash(database, "review", email.trim().toLowerCase());

/**
 * Saves a status (changeLeadStatus) and, when it is "completed" and `reviewUrl` is set, queues the customer's
 * review request (outbox kind 'review', ref '') unless their address was asked before or opted out. Estimate
 * and contact requests only: a job application or a newsletter sign-up is no customer's job.
 */
export async function saveStatus(
  database: Database,
  leadId: string,
  change: Omit<StatusChange, "changedAt">,
  {
    reviewUrl,
    now = new Date(),
    notBefore = now,
    whenCompleted,
    reviewDelayHours = REVIEW_DELAY_HOURS,
  }: {
    reviewUrl: string | undefined;
    now?: Date;
    /** The review request goes no earlier (a job completed before its window: the window's start). */
    notBefore?: Date;
    /**
     * What else a completed job sets off or calls off, in the same transaction (the seasonal reminders' offer,
     * the job's pending reminders), with the time the customer may hear of the completion.
     */
    whenCompleted?: (trx: Transaction<DB>, leadId: string, now: Date, notBefore: Date) => Promise<unknown>;
    /** Hours from completion to the review request when no invoice is paid in full before. */
    reviewDelayHours?: number;
  },
): Promise<{ changed: false } | { changed: true; review: ReviewOutcome | null }> {
  if (change.status !== "completed") {
    const changed = await changeLeadStatus(database, leadId, change, now);
    return changed ? { changed, review: null } : { changed };
  }
  const lead = await database.db
    .selectFrom("leads")
    .select(["kind", "email"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  if (!lead) return { changed: false };
  // The key is worked out before the transaction (it may need a query of its own).
  const emailKey = await reviewKey(database, lead.email);
  let review: ReviewOutcome = "no-review-url";
  const changed = await changeLeadStatus(database, leadId, change, now, async (trx) => {
    await whenCompleted?.(trx, leadId, now, notBefore);
    if (!reviewUrl) return;
    if (lead.kind !== "estimate" && lead.kind !== "contact") {
      review = "not-a-customer";
      return;
    }
    const delayed = new Date(now.getTime() + reviewDelayHours * 3_600_000);
    review = await queueReviewRequest(trx, leadId, emailKey, now, delayed > notBefore ? delayed : notBefore);
  });
  return changed ? { changed, review } : { changed };
}

/**
 * Takes the address's one review request (a single conditional upsert: of two completions racing, one wins)
 * and queues its e-mail; else says why not.
 */
async function queueReviewRequest(
  trx: Transaction<DB>,
  leadId: string,
  emailKey: string,
  now: Date,
  notBefore: Date,
): Promise<ReviewOutcome> {
  const at = now.toISOString();
  const taken = await trx
    .insertInto("review_contacts")
    .values({ email_key: emailKey, requested_at: at, opted_out_at: null })
    .onConflict((oc) =>
      oc
        .column("email_key")
        .doUpdateSet({ requested_at: at })
        .where("review_contacts.requested_at", "is", null)
        .where("review_contacts.opted_out_at", "is", null),
    )
    .returning("email_key")
    .executeTakeFirst();
  if (!taken) {
    const row = await trx
      .selectFrom("review_contacts")
      .select("opted_out_at")
      .where("email_key", "=", emailKey)
      .executeTakeFirstOrThrow();
    return row.opted_out_at ? "opted-out" : "already-asked";
  }
  await trx
    .insertInto("outbox_jobs")
    .values(
      outboxJob(REVIEW_JOB_KINDS, {
        lead_id: leadId,
        kind: "review",
        ref: "",
        created_at: at,
        ...laterStart(now, notBefore),
      }),
    )
    .onConflict((oc) => oc.columns(["lead_id", "kind", "ref"]).doNothing())
    .execute();
  return "queued";
}

/**
 * In the transaction of an invoice's payment in full (handed to the payments feature by the server): the request's
 * review request, waiting since completion (or called off while its invoice was unpaid), goes now. Its sender
 * still checks the opt-out and REVIEW_URL.
 */
export async function reviewAfterPayment(trx: Transaction<DB>, leadId: string, now: Date): Promise<void> {
  await trx
    .updateTable("outbox_jobs")
    .set({
      status: "pending",
      next_attempt_at: now.toISOString(),
      not_after: new Date(now.getTime() + RETRY_FOR_MS).toISOString(),
    })
    .where("lead_id", "=", leadId)
    .where("kind", "=", "review")
    .where("status", "in", ["pending", "cancelled"])
    .where("locked_until", "is", null)
    .execute();
}

/** Whether the address of this key opted out of review requests. */
export async function optedOut(database: Database, emailKey: string): Promise<boolean> {
  const row = await database.db
    .selectFrom("review_contacts")
    .select("opted_out_at")
    .where("email_key", "=", emailKey)
    .executeTakeFirst();
  return Boolean(row?.opted_out_at);
}

/** Records that the address of this key wants no review request (idempotent: the first time is kept). */
export async function optOut(database: Database, emailKey: string, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await database.db
    .insertInto("review_contacts")
    .values({ email_key: emailKey, requested_at: null, opted_out_at: at })
    .onConflict((oc) =>
      oc.column("email_key").doUpdateSet({ opted_out_at: at }).where("review_contacts.opted_out_at", "is", null),
    )
    .execute();
}

/** Takes back an opt-out (the customer's page): the address may be asked once again after its next job. */
export async function optBackIn(database: Database, emailKey: string): Promise<void> {
  await database.db
    .updateTable("review_contacts")
    .set({ opted_out_at: null })
    .where("email_key", "=", emailKey)
    .execute();
}

/** What the request page says about the review request after a status was saved. */
export const REVIEW_OUTCOME_TEXT: Record<ReviewOutcome, string> = {
  queued: `Review request queued: the customer gets one e-mail with the review link once the invoice is paid in full, or ${REVIEW_DELAY_HOURS} hours after completion when no invoice was sent.`,
  "already-asked": "No review request: this customer's address was asked once already.",
  "opted-out": "No review request: this customer asked not to receive review requests.",
  "no-review-url": "No review request: REVIEW_URL is not set (see the settings table in README.md).",
  "not-a-customer": "No review request: only estimate and contact requests are customers' jobs.",
};
