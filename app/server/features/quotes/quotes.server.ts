/**
 * A request's quote, stored as versions (docs/decisions/031-quotes.md). The owner edits one draft; sending it
 * freezes it (its content hash is set, and the database refuses any later change to what was sent: migration
 * 0009's triggers), marks the earlier sent version "replaced" and queues the customer's e-mail and two reminders.
 * Editing after sending makes a new draft (version + 1). The customer answers a sent version once: accepted (an
 * option, their full name, the hashed address, the user agent, the content hash shown) or declined; the answer is
 * proof and never changes, and a second answer finds the version answered and changes nothing.
 */
import { createHash, randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import { formatCents, type QuoteContent } from "../../../forms/quote.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB, QuoteStatus } from "../../kit/db/tables.server.ts";
import { localDateString } from "../../kit/business-time.server.ts";
import { recordEvent } from "../../kit/leads.server.ts";
import { outboxJob } from "../../notify/jobs.server.ts";
import { QUOTE_JOB_KINDS } from "./job-kinds.ts";

/** The reminders of a sent quote not answered: after 2 and after 7 days, never more. */
export const REMINDER_DAYS = [2, 7] as const;
const DAY_MS = 86_400_000;

export interface Quote {
  id: string;
  leadId: string;
  version: number;
  status: QuoteStatus;
  content: QuoteContent;
  contentHash: string | null;
  validUntil: string;
  createdAt: Date;
  sentAt: Date | null;
  viewedAt: Date | null;
  remindersStopped: boolean;
  answer: QuoteAnswer | null;
}

export interface QuoteAnswer {
  answer: "accepted" | "declined";
  option: number | null;
  name: string | null;
  reason: string | null;
  contentHash: string;
  ipHash: string;
  userAgent: string;
  answeredAt: Date;
}

/** JSON with every object's keys sorted, so the same content always gives the same text (and hash). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** sha256 (hex) of the canonical JSON of what the customer is shown. */
export const contentHash = (content: QuoteContent) => createHash("sha256").update(canonicalJson(content)).digest("hex");

/** Whether a quote whose last day is `validUntil` can no longer be accepted at `now` (a Boise date). */
export const isPastValidity = (validUntil: string, now: Date) => localDateString(now) > validUntil;

const readQuotes = (db: Database["db"] | Transaction<DB>) =>
  db
    .selectFrom("quotes")
    .leftJoin("quote_answers", "quote_answers.quote_id", "quotes.id")
    .select([
      "quotes.id",
      "quotes.lead_id",
      "quotes.version",
      "quotes.status",
      "quotes.content",
      "quotes.content_hash",
      "quotes.valid_until",
      "quotes.created_at",
      "quotes.sent_at",
      "quotes.viewed_at",
      "quotes.reminders_stopped_at",
      "quote_answers.answer",
      "quote_answers.option_index",
      "quote_answers.name",
      "quote_answers.reason",
      "quote_answers.content_hash as answer_hash",
      "quote_answers.ip_hash",
      "quote_answers.user_agent",
      "quote_answers.answered_at",
    ]);

type Row = Awaited<ReturnType<ReturnType<typeof readQuotes>["execute"]>>[number];

function toQuote(row: Row): Quote {
  return {
    id: row.id,
    leadId: row.lead_id,
    version: Number(row.version),
    status: row.status,
    content: JSON.parse(row.content) as QuoteContent,
    contentHash: row.content_hash,
    validUntil: row.valid_until,
    createdAt: new Date(row.created_at),
    sentAt: row.sent_at ? new Date(row.sent_at) : null,
    viewedAt: row.viewed_at ? new Date(row.viewed_at) : null,
    remindersStopped: row.reminders_stopped_at !== null,
    answer: row.answer
      ? {
          answer: row.answer,
          option: row.option_index === null ? null : Number(row.option_index),
          name: row.name,
          reason: row.reason,
          contentHash: row.answer_hash!,
          ipHash: row.ip_hash!,
          userAgent: row.user_agent!,
          answeredAt: new Date(row.answered_at!),
        }
      : null,
  };
}

/** One version, or undefined. */
export async function getQuote(database: Database, id: string): Promise<Quote | undefined> {
  const row = await readQuotes(database.db).where("quotes.id", "=", id).executeTakeFirst();
  return row ? toQuote(row) : undefined;
}

/** Every version of a request's quote, oldest first. */
export async function quotesOfLead(database: Database, leadId: string): Promise<Quote[]> {
  const rows = await readQuotes(database.db).where("quotes.lead_id", "=", leadId).orderBy("quotes.version").execute();
  return rows.map(toQuote);
}

/** The latest version of each of these requests' quotes. */
export async function latestQuotes(database: Database, leadIds: string[]): Promise<Map<string, Quote>> {
  const latest = new Map<string, Quote>();
  if (leadIds.length === 0) return latest;
  const rows = await readQuotes(database.db).where("quotes.lead_id", "in", leadIds).orderBy("quotes.version").execute();
  for (const row of rows) latest.set(row.lead_id, toQuote(row));
  return latest;
}

export type SaveResult = { saved: Quote } | { refused: string };

/**
 * Saves the owner's quote as the request's draft: the draft is updated, or (when the latest version was sent or
 * declined) a new version is made. An accepted quote is the price: it is never followed by another version.
 */
export async function saveDraft(
  database: Database,
  leadId: string,
  content: QuoteContent,
  now = new Date(),
): Promise<SaveResult> {
  const id = await database.db.transaction().execute(async (trx) => {
    const latest = await trx
      .selectFrom("quotes")
      .select(["id", "version", "status"])
      .where("lead_id", "=", leadId)
      .orderBy("version", "desc")
      .executeTakeFirst();
    if (latest?.status === "accepted") return null;
    if (latest?.status === "draft") {
      await trx
        .updateTable("quotes")
        .set({ content: JSON.stringify(content), valid_until: content.validUntil })
        .where("id", "=", latest.id)
        .execute();
      return latest.id;
    }
    const fresh = randomUUID();
    await trx
      .insertInto("quotes")
      .values({
        id: fresh,
        lead_id: leadId,
        version: (latest ? Number(latest.version) : 0) + 1,
        status: "draft",
        content: JSON.stringify(content),
        valid_until: content.validUntil,
        created_at: now.toISOString(),
      })
      .execute();
    return fresh;
  });
  if (id === null) return { refused: "This request's quote was accepted: the accepted quote is the price." };
  return { saved: (await getQuote(database, id))! };
}

/** Calls off every pending reminder of the request's quotes (the job is completed: in that transaction). */
export async function callOffQuoteReminders(trx: Transaction<DB>, leadId: string): Promise<void> {
  await trx
    .updateTable("outbox_jobs")
    .set({ status: "cancelled" })
    .where("lead_id", "=", leadId)
    .where("kind", "=", "quote-reminder")
    .where("status", "=", "pending")
    .execute();
}

/** The pending reminders of these versions are called off. */
async function cancelReminders(trx: Transaction<DB>, quoteIds: string[]) {
  if (quoteIds.length === 0) return;
  await trx
    .updateTable("outbox_jobs")
    .set({ status: "cancelled" })
    .where("kind", "=", "quote-reminder")
    .where("status", "=", "pending")
    .where((eb) => eb.or(quoteIds.map((id) => eb("ref", "like", `${id}:%`))))
    .execute();
}

/**
 * Sends the request's draft: it is frozen (content hash, sent time), the version sent before it is marked
 * replaced (its reminders called off), and the customer's e-mail and the reminders are queued, in one transaction.
 * `depositsOnline`: deposits are taken online, so the e-mails give each option's deposit and balance.
 */
export async function sendDraft(
  database: Database,
  quoteId: string,
  now = new Date(),
  { depositsOnline = false }: { depositsOnline?: boolean } = {},
): Promise<{ sent: Quote } | { refused: string }> {
  const refused = await database.db.transaction().execute(async (trx) => {
    const quote = await trx.selectFrom("quotes").selectAll().where("id", "=", quoteId).executeTakeFirst();
    if (!quote || quote.status !== "draft") return "This quote was already sent: edit it to make a new version.";
    if (isPastValidity(quote.valid_until, now)) return "The quote's last day has passed: choose a later date.";
    const earlier = await trx
      .selectFrom("quotes")
      .select("id")
      .where("lead_id", "=", quote.lead_id)
      .where("status", "=", "sent")
      .execute();
    const earlierIds = earlier.map((q) => q.id);
    if (earlierIds.length > 0)
      await trx
        .updateTable("quotes")
        .set({ status: "replaced" })
        .where("id", "in", earlierIds)
        .where("status", "=", "sent")
        .execute();
    await cancelReminders(trx, earlierIds);
    const hash = contentHash(JSON.parse(quote.content) as QuoteContent);
    await trx
      .updateTable("quotes")
      .set({ status: "sent", sent_at: now.toISOString(), content_hash: hash })
      .where("id", "=", quoteId)
      .execute();
    await recordEvent(trx, quote.lead_id, { kind: "quote-sent", ref: quoteId, at: now });
    const created_at = now.toISOString();
    const payload = JSON.stringify({ quoteId, depositsOnline });
    await trx
      .insertInto("outbox_jobs")
      .values([
        outboxJob(QUOTE_JOB_KINDS, { lead_id: quote.lead_id, kind: "quote", ref: quoteId, payload, created_at }),
        ...REMINDER_DAYS.map((days) => {
          const due = new Date(now.getTime() + days * DAY_MS);
          return outboxJob(QUOTE_JOB_KINDS, {
            lead_id: quote.lead_id,
            kind: "quote-reminder",
            ref: `${quoteId}:${days}d`,
            payload,
            created_at,
            next_attempt_at: due.toISOString(),
            not_after: new Date(due.getTime() + 7 * DAY_MS).toISOString(),
          });
        }),
      ])
      .execute();
    return null;
  });
  if (refused) return { refused };
  return { sent: (await getQuote(database, quoteId))! };
}

/** The owner stops the reminders of a sent version. */
export async function stopReminders(database: Database, quoteId: string, now = new Date()): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    await trx
      .updateTable("quotes")
      .set({ reminders_stopped_at: now.toISOString() })
      .where("id", "=", quoteId)
      .where("reminders_stopped_at", "is", null)
      .execute();
    await cancelReminders(trx, [quoteId]);
  });
}

/** The first time the customer opens the link. */
export async function markViewed(database: Database, quoteId: string, now = new Date()): Promise<void> {
  await database.db
    .updateTable("quotes")
    .set({ viewed_at: now.toISOString() })
    .where("id", "=", quoteId)
    .where("viewed_at", "is", null)
    .execute();
}

export type CustomerAnswer =
  { answer: "accepted"; option: number; name: string } | { answer: "declined"; reason: string };

/** Why an answer was not recorded: the version's state at that moment. */
export type AnswerRefusal = "accepted" | "declined" | "replaced" | "expired" | "draft" | "not-found" | "bad-option";

/**
 * Records the customer's answer to a sent version, with its proof, once: the version must be the one sent now
 * (not replaced, not answered) and within its last day. Calls off its reminders and queues the owner's e-mail
 * (and text message when `sms`) and, for an acceptance, the customer's copy with its PDF (`depositsOnline`: the
 * deposit is paid online, as the copy says), in the same transaction: each job once, as the answer is.
 */
export async function answerQuote(
  database: Database,
  quoteId: string,
  answer: CustomerAnswer,
  proof: { ipHash: string; userAgent: string; sms: boolean; depositsOnline?: boolean },
  now = new Date(),
): Promise<{ recorded: Quote } | { refused: AnswerRefusal }> {
  const refused = await database.db.transaction().execute(async (trx): Promise<AnswerRefusal | null> => {
    const quote = await trx.selectFrom("quotes").selectAll().where("id", "=", quoteId).executeTakeFirst();
    if (!quote) return "not-found";
    if (quote.status !== "sent") return quote.status;
    if (isPastValidity(quote.valid_until, now)) return "expired";
    const content = JSON.parse(quote.content) as QuoteContent;
    if (answer.answer === "accepted" && !content.options[answer.option]) return "bad-option";
    // The primary key makes a second answer (a replay, two tabs at once) fail here rather than be stored.
    const inserted = await trx
      .insertInto("quote_answers")
      .values({
        quote_id: quoteId,
        answer: answer.answer,
        option_index: answer.answer === "accepted" ? answer.option : null,
        name: answer.answer === "accepted" ? answer.name : null,
        reason: answer.answer === "declined" ? answer.reason || null : null,
        content_hash: quote.content_hash!,
        ip_hash: proof.ipHash,
        user_agent: proof.userAgent,
        answered_at: now.toISOString(),
      })
      .onConflict((oc) => oc.column("quote_id").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return "accepted";
    await trx
      .updateTable("quotes")
      .set({ status: answer.answer })
      .where("id", "=", quoteId)
      .where("status", "=", "sent")
      .execute();
    await cancelReminders(trx, [quoteId]);
    if (answer.answer === "accepted")
      await recordEvent(trx, quote.lead_id, { kind: "quote-accepted", ref: quoteId, at: now });
    const created_at = now.toISOString();
    const payload = JSON.stringify({ quoteId });
    await trx
      .insertInto("outbox_jobs")
      .values([
        outboxJob(QUOTE_JOB_KINDS, { lead_id: quote.lead_id, kind: "quote-answer", ref: quoteId, payload, created_at }),
        ...(proof.sms
          ? [
              outboxJob(QUOTE_JOB_KINDS, {
                lead_id: quote.lead_id,
                kind: "quote-answer-sms",
                ref: quoteId,
                payload,
                created_at,
              }),
            ]
          : []),
        ...(answer.answer === "accepted"
          ? [
              outboxJob(QUOTE_JOB_KINDS, {
                lead_id: quote.lead_id,
                kind: "quote-accepted",
                ref: quoteId,
                payload: JSON.stringify({ quoteId, depositsOnline: proof.depositsOnline === true }),
                created_at,
              }),
            ]
          : []),
      ])
      .execute();
    return null;
  });
  if (refused) return { refused };
  return { recorded: (await getQuote(database, quoteId))! };
}

/** The latest version of the request whose version `quoteId` is (the one a replaced link's page points to). */
export async function newerVersionExists(database: Database, quote: Quote): Promise<boolean> {
  const newer = await database.db
    .selectFrom("quotes")
    .select("id")
    .where("lead_id", "=", quote.leadId)
    .where("version", ">", quote.version)
    .where("status", "!=", "draft")
    .executeTakeFirst();
  return newer !== undefined;
}

/** A request's quote as one line for the inbox and the request's page ("Quote v2 accepted: Better, $450"). */
export function quoteLineOf(quote: Quote): string {
  const head = `Quote v${quote.version}`;
  if (quote.status === "accepted") {
    const option = quote.content.options[quote.answer?.option ?? 0];
    return `${head} accepted: ${option?.label ?? ""}, ${formatCents(option?.totalCents ?? 0)}`;
  }
  if (quote.status === "sent") return `${head} sent${quote.viewedAt ? ", opened" : ""}`;
  return `${head} ${quote.status}`;
}

/** The quote line of each of these requests that has a quote. */
export async function quoteLines(database: Database, leadIds: string[]): Promise<Map<string, string>> {
  const latest = await latestQuotes(database, leadIds);
  return new Map([...latest].map(([leadId, quote]) => [leadId, quoteLineOf(quote)]));
}

/** The option a customer accepted: its name, its lines and its total (integer cents), as the quote showed them. */
export interface AcceptedOption {
  label: string;
  lines: { text: string; cents: number }[];
  totalCents: number;
}

/** The accepted option of each of these requests that has an accepted quote (its latest accepted version). */
export async function acceptedOptions(database: Database, leadIds: string[]): Promise<Map<string, AcceptedOption>> {
  const accepted = new Map<string, AcceptedOption>();
  if (leadIds.length === 0) return accepted;
  const rows = await readQuotes(database.db)
    .where("quotes.lead_id", "in", leadIds)
    .where("quotes.status", "=", "accepted")
    .orderBy("quotes.version")
    .execute();
  for (const quote of rows.map(toQuote)) {
    const option = quote.content.options[quote.answer?.option ?? -1];
    if (option)
      accepted.set(quote.leadId, {
        label: option.label,
        lines: option.lines.map((l) => ({ text: l.text, cents: l.cents })),
        totalCents: option.totalCents,
      });
  }
  return accepted;
}

/**
 * The request's accepted version (its latest), read in a transaction too: what the invoice is made from when the
 * job is completed (app/server/invoice-source.server.ts), or undefined.
 */
export async function acceptedQuoteOf(
  db: Database["db"] | Transaction<DB>,
  leadId: string,
): Promise<Quote | undefined> {
  const row = await readQuotes(db)
    .where("quotes.lead_id", "=", leadId)
    .where("quotes.status", "=", "accepted")
    .orderBy("quotes.version", "desc")
    .executeTakeFirst();
  return row ? toQuote(row) : undefined;
}
