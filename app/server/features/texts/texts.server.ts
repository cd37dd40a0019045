/**
 * Texts with customers who agreed to them (docs/decisions/034-customer-texts.md): each request's thread, in and
 * out; the numbers that said STOP; queuing a text (a row of the thread and its outbox job, in one transaction);
 * the day-before text of a confirmed window; and what an inbound text does (STOP, START, HELP, C, R or a message).
 *
 * Every outbound text is checked twice: when it is queued (the owner is told at once why not) and by its sender
 * when it is due (./jobs.server.ts): consent, STOP and the quiet hours hold whatever happened in between.
 */
import { randomUUID } from "node:crypto";
import type { Insertable, Selectable, Transaction } from "kysely";
import { business } from "../../../content/business.ts";
import { dayLabel, timesLabel } from "../../kit/arrival-windows.server.ts";
import { localDateString, localTime } from "../../kit/business-time.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB, OutboxJobsTable, TextMessagesTable, TextStatus } from "../../kit/db/tables.server.ts";
import { recordEvent, toLeadRow, type LeadRow } from "../../kit/leads.server.ts";
import { isCompleted } from "../../kit/job-completion.server.ts";
import { signedPath } from "../../kit/signed-links.server.ts";
import { outboxJob } from "../../notify/jobs.server.ts";
import { TEXT_JOB_KINDS } from "./job-kinds.ts";
import { keywordOf, sendableAt, textableNumber, type Keyword } from "./rules.server.ts";

/** The local time the day-before text is due: as the reminder e-mail, 10:00 on the day before. */
export const DAY_BEFORE_TIME = { hour: 10, minute: 0 };
/** How far ahead the upkeep looks for confirmed windows to queue their day-before text. */
const LOOK_AHEAD_MS = 48 * 3_600_000;
/** The longest inbound text kept (Twilio joins a long text into one of up to 1600 characters). */
export const INBOUND_MAX = 1600;

export type OutboundKind =
  | "reminder"
  | "on-our-way"
  | "reply"
  | "reschedule"
  | "confirmed"
  | "help"
  | "completed"
  | "stop-confirmed"
  | "account-link"
  | ChannelKind;
/** The texts that tell a customer what their e-mail tells (./channel.server.ts). */
export type ChannelKind = "quote" | "window" | "invoice" | "invoice-reminder";

/** How long after a stop its confirmation may still go (the FCC's rule: within five minutes of the request). */
export const STOP_CONFIRMATION_MS = 5 * 60_000;
export type Refusal = "no-consent" | "stopped";

/** What the owner reads when a text cannot go. */
export const REFUSAL_TEXT: Record<Refusal, string> = {
  "no-consent": "Not sent: this customer did not agree to text messages on their request. Call or e-mail them instead.",
  stopped:
    "Not sent: this customer asked us to stop texting (they replied STOP), so no text goes to their number any more. Call or e-mail them instead.",
};

export interface TextMessage {
  id: string;
  direction: "in" | "out";
  kind: string;
  body: string;
  status: TextStatus;
  reason: string | null;
  createdAt: Date;
  dueAt: Date;
  sentAt: Date | null;
}

const toMessage = (row: Selectable<TextMessagesTable>): TextMessage => ({
  id: row.id,
  direction: row.direction,
  kind: row.kind,
  body: row.body,
  status: row.status,
  reason: row.reason,
  createdAt: new Date(row.created_at),
  dueAt: new Date(row.due_at),
  sentAt: row.sent_at ? new Date(row.sent_at) : null,
});

type Reader = Pick<Database["db"], "selectFrom"> | Transaction<DB>;

/** Whether `phone` said STOP (and not START since). */
export async function isStopped(db: Reader, phone: string): Promise<boolean> {
  const row = await db.selectFrom("text_opt_outs").select("stopped_at").where("phone", "=", phone).executeTakeFirst();
  return Boolean(row?.stopped_at);
}

/** Why `lead` may not be texted now, or its number. */
export async function textTarget(
  db: Reader,
  lead: Pick<LeadRow, "consent" | "contact" | "fields">,
): Promise<
  | { refused: "no-consent"; phone?: undefined }
  | { refused: "stopped"; phone: string }
  | { refused?: undefined; phone: string }
> {
  const phone = textableNumber(lead);
  if (!phone) return { refused: "no-consent" as const };
  if (await isStopped(db, phone)) return { refused: "stopped" as const, phone };
  return { phone };
}

/** A request's thread, oldest first. */
export async function threadOf(database: Database, leadId: string): Promise<TextMessage[]> {
  const rows = await database.db
    .selectFrom("text_messages")
    .selectAll()
    .where("lead_id", "=", leadId)
    .orderBy("created_at")
    // An answer queued at the instant its text came in follows it.
    .orderBy("direction")
    .orderBy("id")
    .execute();
  return rows.map(toMessage);
}

/** The text the owner's own words go out as: the business's name first, so the customer knows who writes. */
export const ownerText = (words: string) => `${business.name}: ${words}`;

export const onOurWayText = (minutes: number) =>
  `${business.name}: our crew is on the way and should arrive in about ${minutes} minutes.`;

export const dayBeforeText = (day: string, times: string) =>
  `${business.name}: we arrive ${dayLabel(day)}, ${timesLabel(times)}. Reply C to confirm, R to reschedule.`;

export const helpText = () =>
  `${business.name}: texts about your request. Questions? Call ${business.phone.display}. Reply STOP to opt out.`;

export const rescheduleText = (link: string) => `${business.name}: choose another window or cancel here: ${link}`;

/** The answer to C or R once the job is completed: it is not changed by text; the phone is the way. */
export const completedText = () =>
  `${business.name}: this job is marked completed, so it can no longer be confirmed, moved or cancelled by text. Questions? Call ${business.phone.display}.`;

export const confirmedText = (day: string, times: string) =>
  `${business.name}: thank you, see you ${dayLabel(day)}, ${timesLabel(times)}.`;

/** The one answer to a stop: ours, whatever the provider does, naming the business and the way back. */
export const stopConfirmedText = () =>
  `${business.name}: you will get no more texts from us. Reply START to get them again.`;

interface Outbound {
  /** The thread row's id (default: a new one). */
  id?: string;
  leadId: string;
  phone: string;
  kind: OutboundKind;
  body: string;
  now: Date;
  /** The earliest it may go (default now), moved out of the quiet hours. */
  due?: Date;
  /** Past this it is not sent (a day-before text: its window's start). */
  notAfter?: Date;
  bookingRef?: string;
  /** Due at once at any hour (the confirmation of a stop, an answer the FCC wants within minutes). */
  anyHour?: boolean;
}

/** The thread's row and the outbox job of one outbound text, due at the first sendable instant. */
function outboundRows(text: Outbound): { message: Insertable<TextMessagesTable>; job: Insertable<OutboxJobsTable> } {
  const id = text.id ?? randomUUID();
  const due = text.anyHour ? (text.due ?? text.now) : sendableAt(text.due ?? text.now);
  const at = text.now.toISOString();
  return {
    message: {
      id,
      lead_id: text.leadId,
      phone: text.phone,
      direction: "out",
      kind: text.kind,
      body: text.body,
      status: "queued",
      booking_ref: text.bookingRef ?? null,
      created_at: at,
      due_at: due.toISOString(),
    },
    job: outboxJob(TEXT_JOB_KINDS, {
      lead_id: text.leadId,
      kind: "customer-text",
      ref: id,
      created_at: at,
      next_attempt_at: due.toISOString(),
      not_after: text.notAfter?.toISOString() ?? null,
    }),
  };
}

/** Queues one outbound text (its thread row and outbox job) in `trx`; the caller checked consent and STOP. */
export async function queueInTransaction(trx: Transaction<DB>, text: Outbound): Promise<TextMessage> {
  const { message, job } = outboundRows(text);
  await trx.insertInto("text_messages").values(message).execute();
  await trx.insertInto("outbox_jobs").values(job).execute();
  return toMessage(
    await trx.selectFrom("text_messages").selectAll().where("id", "=", message.id).executeTakeFirstOrThrow(),
  );
}

export type QueueResult =
  { ok: true; message: TextMessage } | { ok: false; refused: Refusal } | { ok: false; refused: "not-found" };

/**
 * The owner's text to a request's customer ("On our way", or an answer from the thread): refused without consent
 * or after STOP; otherwise queued, due now or, in the quiet hours, at 8 AM.
 */
export async function queueOwnerText(
  database: Database,
  leadId: string,
  text: { kind: "on-our-way" | "reply"; body: string },
  now = new Date(),
): Promise<QueueResult> {
  return database.db.transaction().execute(async (trx): Promise<QueueResult> => {
    const row = await trx.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirst();
    if (!row) return { ok: false, refused: "not-found" };
    const target = await textTarget(trx, toLeadRow(row));
    if (target.refused) return { ok: false, refused: target.refused };
    const message = await queueInTransaction(trx, { leadId, phone: target.phone, ...text, now });
    await recordEvent(trx, leadId, { kind: "owner-text", ref: message.id, at: now });
    return { ok: true, message };
  });
}

/**
 * The customer's page link asked for with this request's number ("Send me my link", issue 43): queued like any
 * customer text (never at night) when the request agreed to texts and the number has not said STOP; false, and
 * nothing queued, otherwise. `body` is given the number it goes to.
 */
export async function queueLinkText(
  database: Database,
  leadId: string,
  body: string,
  now = new Date(),
): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirst();
    if (!row) return false;
    const target = await textTarget(trx, toLeadRow(row));
    if (target.refused) return false;
    await queueInTransaction(trx, { leadId, phone: target.phone, kind: "account-link", body, now });
    return true;
  });
}

/** Records a STOP or a START for `phone` given on the customer's page (as the texted keyword would), without a text back. */
export async function setTextsStopped(database: Database, phone: string, stopped: boolean, now = new Date()) {
  const at = now.toISOString();
  const change = stopped ? { stopped_at: at } : { stopped_at: null, started_at: at };
  await database.db
    .insertInto("text_opt_outs")
    .values({ phone, started_at: null, ...change, updated_at: at })
    .onConflict((oc) => oc.column("phone").doUpdateSet({ ...change, updated_at: at }))
    .execute();
}

/** The instant the day-before text of a window is due, or null when there is no day before left (as the e-mail). */
export function dayBeforeDueAt(day: string, startsAt: Date, now: Date): Date | null {
  const [year = 0, month = 0, date = 0] = day.split("-").map(Number);
  const due = localTime(year, month, date - 1, DAY_BEFORE_TIME.hour, DAY_BEFORE_TIME.minute);
  if (due > now) return due;
  // Confirmed after that hour: still on the day before, at once; never on the day itself.
  return now < startsAt && localDateString(now) === localDateString(localTime(year, month, date - 1, 12)) ? now : null;
}

/**
 * Upkeep: queues the day-before text of every confirmed window starting within LOOK_AHEAD_MS whose request
 * agreed to texts, once per booking and sequence (a window moved since gets its own; the old one is called off
 * when due). A number that said STOP gets a row marked refused instead, so the owner sees why none went.
 */
export async function queueDayBeforeTexts(database: Database, now = new Date()): Promise<number> {
  const bookings = await database.db
    .selectFrom("bookings")
    .innerJoin("leads", "leads.id", "bookings.lead_id")
    .selectAll("leads")
    .select([
      "bookings.id as booking_id",
      "bookings.sequence as booking_sequence",
      "bookings.day as booking_day",
      "bookings.window_times as booking_times",
      "bookings.starts_at as booking_starts_at",
    ])
    .where("bookings.status", "=", "confirmed")
    .where("bookings.starts_at", ">", now.toISOString())
    .where("bookings.starts_at", "<=", new Date(now.getTime() + LOOK_AHEAD_MS).toISOString())
    .where("leads.consent_version", "is not", null)
    .execute();
  let queued = 0;
  for (const row of bookings) {
    const { booking_id, booking_sequence, booking_day, booking_times, booking_starts_at, ...lead } = row;
    const bookingRef = `${booking_id}:${Number(booking_sequence)}`;
    const startsAt = new Date(booking_starts_at);
    const due = dayBeforeDueAt(booking_day, startsAt, now);
    // None that could only go at the window's start or later (confirmed at night for an 8 AM window).
    if (!due || sendableAt(due) >= startsAt) continue;
    await database.db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom("text_messages")
        .select("id")
        .where("booking_ref", "=", bookingRef)
        .executeTakeFirst();
      // A job marked completed before its window needs no day-before text.
      if (taken || (await isCompleted(trx, lead.id))) return;
      const target = await textTarget(trx, toLeadRow(lead));
      if (target.refused === "no-consent") return;
      const text: Outbound = {
        leadId: lead.id,
        phone: target.phone,
        kind: "reminder",
        body: dayBeforeText(booking_day, booking_times),
        now,
        due,
        notAfter: startsAt,
        bookingRef,
      };
      if (target.refused === "stopped") {
        const { message } = outboundRows(text);
        await trx
          .insertInto("text_messages")
          .values({ ...message, status: "refused", reason: "stopped" })
          .execute();
        return;
      }
      await queueInTransaction(trx, text);
      queued += 1;
    });
  }
  return queued;
}

/** The texts a completed job no longer needs: the day-before text (with its "Reply C"), "On our way", a reschedule link. */
const JOB_TEXTS = ["reminder", "on-our-way", "reschedule"] as const satisfies readonly OutboundKind[];

/**
 * Calls off the request's queued texts about the job (JOB_TEXTS), in the transaction that marks it completed:
 * each thread row reads "called off (the job is completed)" and its outbox job is cancelled. A text a worker holds
 * at this moment is left to its sender.
 */
export async function callOffJobTexts(trx: Transaction<DB>, leadId: string): Promise<number> {
  const queued = await trx
    .selectFrom("text_messages")
    .innerJoin("outbox_jobs", (join) =>
      join.onRef("outbox_jobs.ref", "=", "text_messages.id").on("outbox_jobs.kind", "=", "customer-text"),
    )
    .select("text_messages.id")
    .where("text_messages.lead_id", "=", leadId)
    .where("text_messages.status", "=", "queued")
    .where("text_messages.kind", "in", JOB_TEXTS)
    .where("outbox_jobs.status", "=", "pending")
    .where("outbox_jobs.locked_until", "is", null)
    .execute();
  const ids = queued.map((row) => row.id);
  if (ids.length === 0) return 0;
  await trx
    .updateTable("text_messages")
    .set({ status: "cancelled", reason: "completed" })
    .where("id", "in", ids)
    .execute();
  await trx
    .updateTable("outbox_jobs")
    .set({ status: "cancelled", last_error: "CALLED_OFF" })
    .where("kind", "=", "customer-text")
    .where("ref", "in", ids)
    .execute();
  return ids.length;
}

/** The confirmed-by-text mark of each request whose booking, as it stands, the customer confirmed with C. */
export async function textConfirmations(database: Database, leadIds: readonly string[]): Promise<Map<string, Date>> {
  const found = new Map<string, Date>();
  if (leadIds.length === 0) return found;
  const rows = await database.db
    .selectFrom("text_confirmations")
    .innerJoin("bookings", (join) =>
      join
        .onRef("bookings.id", "=", "text_confirmations.booking_id")
        .onRef("bookings.sequence", "=", "text_confirmations.sequence"),
    )
    .select(["text_confirmations.lead_id", "text_confirmations.confirmed_at"])
    .where("text_confirmations.lead_id", "in", leadIds)
    .where("bookings.status", "=", "confirmed")
    .execute();
  for (const row of rows) found.set(row.lead_id, new Date(row.confirmed_at));
  return found;
}

export interface Inbound {
  sid: string;
  from: string;
  body: string;
}

export type InboundOutcome = "duplicate" | "no-request" | Keyword | "message";

/** The request an inbound text belongs to: the one last texted at that number, else the latest request that gave it. */
async function requestOf(trx: Transaction<DB>, phone: string) {
  const texted = await trx
    .selectFrom("text_messages")
    .select("lead_id")
    .where("phone", "=", phone)
    .where("direction", "=", "out")
    .where("lead_id", "is not", null)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  let query = trx.selectFrom("leads").selectAll();
  query = texted?.lead_id
    ? query.where("id", "=", texted.lead_id)
    : query.where("phone", "=", phone).orderBy("created_at", "desc").limit(1);
  const row = await query.executeTakeFirst();
  return row ? toLeadRow(row) : undefined;
}

/**
 * What an inbound text does, in one transaction with its MessageSid taken (a second delivery of it changes
 * nothing): STOP and START are recorded for the number whatever request it gave; HELP is answered with the
 * business's name and phone; C confirms the request's confirmed window, R answers with its reschedule link;
 * anything else, or C and R without such a window, lands in the request's thread. A text from a number no
 * request gave is not kept, unless it is STOP or START.
 */
export async function receiveText(
  database: Database,
  text: Inbound,
  links: { secret: string; siteUrl: string },
  now = new Date(),
): Promise<InboundOutcome> {
  return database.db.transaction().execute(async (trx): Promise<InboundOutcome> => {
    const taken = await trx
      .selectFrom("text_messages")
      .select("id")
      .where("provider_sid", "=", text.sid)
      .executeTakeFirst();
    if (taken) return "duplicate";
    const at = now.toISOString();
    const wasStopped = await isStopped(trx, text.from);
    const said = keywordOf(text.body);
    // START, UNSTOP or YES from a number that did not stop is an answer like any other ("Yes, Tuesday works").
    const keyword = said === "start" && !wasStopped ? null : said;
    const lead = await requestOf(trx, text.from);
    if (!lead && keyword !== "stop" && keyword !== "start") return "no-request";
    const booking = lead
      ? await trx
          .selectFrom("bookings")
          .selectAll()
          .where("lead_id", "=", lead.id)
          .where("starts_at", ">", at)
          .executeTakeFirst()
      : undefined;
    const confirmable = booking?.status === "confirmed";
    const reschedulable = booking && ["requested", "proposed", "confirmed"].includes(booking.status);
    // C or R about a completed job is answered plainly: it is not changed by text (the owner's phone is the way).
    const done =
      lead !== undefined && (keyword === "confirm" || keyword === "reschedule") && (await isCompleted(trx, lead.id));
    const kind: InboundOutcome = done
      ? keyword!
      : keyword === "confirm" && !confirmable
        ? "message"
        : keyword === "reschedule" && !reschedulable
          ? "message"
          : (keyword ?? "message");
    await trx
      .insertInto("text_messages")
      .values({
        id: randomUUID(),
        lead_id: lead?.id ?? null,
        phone: text.from,
        direction: "in",
        kind,
        body: text.body.slice(0, INBOUND_MAX),
        status: "received",
        provider_sid: text.sid,
        created_at: at,
        due_at: at,
        sent_at: at,
      })
      .execute();
    if (kind === "stop" || kind === "start") {
      const change = kind === "stop" ? { stopped_at: at } : { stopped_at: null, started_at: at };
      await trx
        .insertInto("text_opt_outs")
        .values({ phone: text.from, started_at: null, ...change, updated_at: at })
        .onConflict((oc) => oc.column("phone").doUpdateSet({ ...change, updated_at: at }))
        .execute();
      // The first stop of a number a request gave is confirmed, once and at once (a second STOP, or the same one
      // delivered again, is not), and the owner is told who asked, as of any text.
      if (kind === "stop" && !wasStopped && lead) {
        await queueInTransaction(trx, {
          leadId: lead.id,
          phone: text.from,
          kind: "stop-confirmed",
          body: stopConfirmedText(),
          now,
          notAfter: new Date(now.getTime() + STOP_CONFIRMATION_MS),
          anyHour: true,
        });
        await trx
          .insertInto("outbox_jobs")
          .values(outboxJob(TEXT_JOB_KINDS, { lead_id: lead.id, kind: "text-alert", ref: text.sid, created_at: at }))
          .execute();
      }
      return kind;
    }
    if (!lead) return kind;
    if (kind === "message") {
      // The owner is told a customer wrote (who, and where to read it); the words stay in the thread.
      await trx
        .insertInto("outbox_jobs")
        .values(outboxJob(TEXT_JOB_KINDS, { lead_id: lead.id, kind: "text-alert", ref: text.sid, created_at: at }))
        .execute();
      return kind;
    }
    // HELP, C and R are answered, as any text: only with consent and never after STOP (checked again when due).
    const target = await textTarget(trx, lead);
    if (kind === "confirm" && booking && !done) {
      await trx
        .insertInto("text_confirmations")
        .values({ booking_id: booking.id, sequence: Number(booking.sequence), lead_id: lead.id, confirmed_at: at })
        .onConflict((oc) => oc.columns(["booking_id", "sequence"]).doNothing())
        .execute();
    }
    if (target.refused) return kind;
    const answer = done
      ? completedText()
      : kind === "help"
        ? helpText()
        : kind === "confirm"
          ? confirmedText(booking!.day, booking!.window_times)
          : rescheduleText(`${new URL(links.siteUrl).origin}${signedPath("manage", booking!.id, links.secret, now)}`);
    await queueInTransaction(trx, {
      leadId: lead.id,
      phone: target.phone,
      kind: done ? "completed" : kind === "confirm" ? "confirmed" : kind,
      body: answer,
      now,
    });
    return kind;
  });
}
