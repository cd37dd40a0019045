/**
 * Seasonal reminders, by consent (docs/decisions/033-seasonal-reminders.md). A completed job's customer is offered
 * "Remind me when it's due" (an e-mail queued with the status change, and the accepted quote's page); the signed
 * link's page records their consent with its time (a POST: mail scanners open GETs). The reminders are outbox jobs
 * of the request (kind 'seasonal-reminder', ref: the due date, so one per due date), due when the business opens
 * on that date; sending one plans the next. Skipped when the customer asked again since they agreed (a newer
 * request from the same e-mail or phone) or opted out.
 */
import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { ServiceReminder } from "../../../content/schema.ts";
import { services } from "../../../content/services.ts";
import { servicesNeededOptions } from "../../../forms/options.ts";
import { localDateString } from "../../kit/business-time.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB } from "../../kit/db/tables.server.ts";
import type { Fields } from "../../kit/leads.server.ts";
import { countSent, laterStart, outboxJob } from "../../notify/jobs.server.ts";
import { nextDue, sendAt } from "./due-dates.server.ts";
import { REMINDER_JOB_KINDS } from "./job-kinds.ts";

/** A reminder not sent within this long after it fell due (the server was down for weeks) is given up. */
const GIVE_UP_AFTER_MS = 30 * 86_400_000;

/** The services that offer a reminder, by slug, in the order of the site's lists. */
export const reminderRules: ReadonlyMap<string, { title: string; rule: ServiceReminder }> = new Map(
  services.flatMap((s) => (s.reminder ? [[s.slug, { title: s.title, rule: s.reminder }] as const] : [])),
);

/** Where a request says which services it was for: the ticked services, the priced one, the holiday page's form. */
export function servicesOfRequest(fields: Fields): string[] {
  const named = new Set<string>();
  const ticked = Array.isArray(fields.servicesNeeded) ? fields.servicesNeeded : [];
  // Stored as the option's label; a service page's title names the same service.
  const byName = new Map<string, string>([
    ...servicesNeededOptions.flatMap((o) => [[o.label.toLowerCase(), o.value] as const, [o.value, o.value] as const]),
    ...[...reminderRules].map(([slug, { title }]) => [title.toLowerCase(), slug] as const),
  ]);
  for (const label of ticked) {
    const slug = byName.get(label.toLowerCase());
    if (slug) named.add(slug);
  }
  if (typeof fields.priceService === "string") named.add(fields.priceService);
  if (fields.source === "holiday-modal") named.add("holiday-light-installation");
  return [...reminderRules.keys()].filter((slug) => named.has(slug));
}

const isCustomerRequest = (kind: string) => kind === "estimate" || kind === "contact";

/**
 * In the transaction of a status change to "completed": queues the e-mail offering reminders (kind
 * 'reminder-offer', once per request) when the request names a service that has one, due no earlier than
 * `notBefore` (a job completed before its window: the window's start). Whether it did.
 */
export async function queueReminderOffer(
  trx: Transaction<DB>,
  leadId: string,
  now: Date,
  notBefore: Date = now,
): Promise<boolean> {
  const lead = await trx.selectFrom("leads").select(["kind", "fields"]).where("id", "=", leadId).executeTakeFirst();
  if (!lead || !isCustomerRequest(lead.kind)) return false;
  if (servicesOfRequest(JSON.parse(lead.fields) as Fields).length === 0) return false;
  const at = now.toISOString();
  await trx
    .insertInto("outbox_jobs")
    .values(
      outboxJob(REMINDER_JOB_KINDS, {
        lead_id: leadId,
        kind: "reminder-offer",
        ref: "",
        created_at: at,
        ...laterStart(now, notBefore),
      }),
    )
    .onConflict((oc) => oc.columns(["lead_id", "kind", "ref"]).doNothing())
    .execute();
  return true;
}

export interface Consent {
  leadId: string;
  services: string[];
  since: string;
  givenAt: Date;
  optedOut: boolean;
}

export async function getConsent(db: Kysely<DB>, leadId: string): Promise<Consent | null> {
  const row = await db.selectFrom("reminder_consents").selectAll().where("lead_id", "=", leadId).executeTakeFirst();
  return row
    ? {
        leadId: row.lead_id,
        services: JSON.parse(row.services) as string[],
        since: row.since,
        givenAt: new Date(row.given_at),
        optedOut: row.opted_out_at !== null,
      }
    : null;
}

/** The services of a consent still offering a reminder in content, with the next date each is due after `after`. */
function nextDates(consent: Pick<Consent, "services" | "since">, after: string) {
  return consent.services.flatMap((slug) => {
    const service = reminderRules.get(slug);
    return service ? [{ slug, due: nextDue(service.rule, consent.since, after) }] : [];
  });
}

/**
 * Plans the consent's next reminder after `after` (a date): one job for the earliest date any of its services is
 * due, naming the services due that day. A job already planned for that date is kept (never two for one date).
 * The date planned, or null when none of its services offers a reminder any more.
 */
export async function planNext(
  db: Kysely<DB>,
  consent: Pick<Consent, "leadId" | "services" | "since">,
  after: string,
  now: Date,
): Promise<string | null> {
  const dates = nextDates(consent, after);
  const due = dates.map((d) => d.due).sort()[0];
  if (!due) return null;
  const at = sendAt(due);
  await db
    .insertInto("outbox_jobs")
    .values(
      outboxJob(REMINDER_JOB_KINDS, {
        lead_id: consent.leadId,
        kind: "seasonal-reminder",
        ref: due,
        created_at: now.toISOString(),
        next_attempt_at: at.toISOString(),
        not_after: new Date(at.getTime() + GIVE_UP_AFTER_MS).toISOString(),
        payload: JSON.stringify({ services: dates.filter((d) => d.due === due).map((d) => d.slug) }),
      }),
    )
    .onConflict((oc) => oc.columns(["lead_id", "kind", "ref"]).doNothing())
    .execute();
  return due;
}

/** What a "Remind me" link's page shows: the services offered and whether the customer already agreed. */
export type OfferState =
  | { state: "offer"; services: string[] }
  | { state: "reminding"; services: string[]; next: string | null }
  | { state: "not-found" };

const titles = (slugs: readonly string[]) => slugs.flatMap((slug) => reminderRules.get(slug)?.title ?? []);

/** The next reminder planned for a request (its due date), if any. */
async function plannedDate(db: Kysely<DB>, leadId: string): Promise<string | null> {
  const row = await db
    .selectFrom("outbox_jobs")
    .select("ref")
    .where("lead_id", "=", leadId)
    .where("kind", "=", "seasonal-reminder")
    .where("status", "=", "pending")
    .orderBy("ref")
    .executeTakeFirst();
  return row?.ref ?? null;
}

export async function offerState(database: Database, leadId: string): Promise<OfferState> {
  const consent = await getConsent(database.db, leadId);
  if (consent && !consent.optedOut)
    return { state: "reminding", services: titles(consent.services), next: await plannedDate(database.db, leadId) };
  const lead = await database.db
    .selectFrom("leads")
    .select(["kind", "fields"])
    .where("id", "=", leadId)
    .executeTakeFirst();
  const offered = lead && isCustomerRequest(lead.kind) ? servicesOfRequest(JSON.parse(lead.fields) as Fields) : [];
  return offered.length > 0 ? { state: "offer", services: titles(offered) } : { state: "not-found" };
}

/**
 * Records the customer's consent (its time and where it was given) and plans the first reminder, counted from the
 * day the job was marked completed (or today, when it is not yet: an accepted quote). Agreeing again after an
 * opt-out agrees anew; agreeing twice changes nothing. False when the request offers no reminder.
 */
export async function recordConsent(
  database: Database,
  leadId: string,
  via: "completed-email" | "quote-page",
  now = new Date(),
): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select(["kind", "fields"]).where("id", "=", leadId).executeTakeFirst();
    if (!lead || !isCustomerRequest(lead.kind)) return false;
    const offered = servicesOfRequest(JSON.parse(lead.fields) as Fields);
    if (offered.length === 0) return false;
    const completed = await trx
      .selectFrom("lead_status_changes")
      .select("changed_at")
      .where("lead_id", "=", leadId)
      .where("status", "=", "completed")
      .orderBy("changed_at", "desc")
      .executeTakeFirst();
    const since = localDateString(completed ? new Date(completed.changed_at) : now);
    const at = now.toISOString();
    const taken = await trx
      .insertInto("reminder_consents")
      .values({ lead_id: leadId, services: JSON.stringify(offered), since, given_at: at, given_via: via })
      .onConflict((oc) =>
        oc
          .column("lead_id")
          .doUpdateSet({ services: JSON.stringify(offered), since, given_at: at, given_via: via, opted_out_at: null })
          .where("reminder_consents.opted_out_at", "is not", null),
      )
      .returning("lead_id")
      .executeTakeFirst();
    if (taken) {
      // After an opt-out, the reminders called off then stay so; plan afresh from today.
      await planNext(
        trx,
        { leadId, services: offered, since },
        localDateString(now) > since ? localDateString(now) : since,
        now,
      );
    }
    return true;
  });
}

/**
 * Records the opt-out: no more reminders about this request, nor about any other of the same e-mail address, and
 * the ones planned are called off. Idempotent.
 */
export async function optOutOfReminders(database: Database, leadId: string, now = new Date()): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const lead = await trx.selectFrom("leads").select("email").where("id", "=", leadId).executeTakeFirst();
    if (!lead) return;
    const sameAddress = trx
      .selectFrom("leads")
      .select("id")
      .where(sql<string>`lower(email)`, "=", lead.email.trim().toLowerCase());
    await trx
      .updateTable("reminder_consents")
      .set({ opted_out_at: now.toISOString() })
      .where("lead_id", "in", sameAddress)
      .where("opted_out_at", "is", null)
      .execute();
    await trx
      .updateTable("outbox_jobs")
      .set({ status: "cancelled", last_error: "OPTED_OUT" })
      .where("kind", "=", "seasonal-reminder")
      .where("status", "=", "pending")
      .where("lead_id", "in", sameAddress)
      .execute();
  });
}

/** Whether the request's reminders are stopped (opted out) or were never agreed to. */
export async function remindersStopped(database: Database, leadId: string): Promise<boolean> {
  const consent = await getConsent(database.db, leadId);
  return !consent || consent.optedOut;
}

/** Whether the customer of a request has sent another request (same e-mail or phone) since `since`. */
export async function askedAgainSince(
  db: Kysely<DB>,
  lead: { id: string; email: string; phone: string | null },
  since: Date,
): Promise<boolean> {
  const email = lead.email.trim().toLowerCase();
  const row = await db
    .selectFrom("leads")
    .select("id")
    .where("id", "<>", lead.id)
    .where("kind", "in", ["estimate", "contact"])
    .where("created_at", ">", since.toISOString())
    .where((eb) =>
      lead.phone
        ? eb.or([eb(sql<string>`lower(email)`, "=", email), eb("phone", "=", lead.phone)])
        : eb(sql<string>`lower(email)`, "=", email),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** The reference a reminder goes by (on the request it brought, and in the owner's inbox): from its job's id. */
export function reminderReference(jobId: string): string {
  const hex = jobId.replace(/-/g, "").slice(0, 8).toUpperCase();
  return `RM-${hex.slice(0, 4)}-${hex.slice(4, 8)}`;
}

/** The sent reminder a job id names, with its request's id and the services it was about. */
export async function sentReminder(
  database: Database,
  jobId: string,
): Promise<{ leadId: string; services: string[] } | null> {
  const job = await database.db
    .selectFrom("outbox_jobs")
    .select(["lead_id", "payload", "status"])
    .where("id", "=", jobId)
    .where("kind", "=", "seasonal-reminder")
    .executeTakeFirst();
  if (!job || job.status !== "sent") return null;
  const payload = JSON.parse(job.payload ?? "{}") as { services?: string[] };
  return { leadId: job.lead_id, services: payload.services ?? [] };
}

/** The report's figures for [since, until): reminders sent, and requests sent from a reminder's link. */
export async function reminderFigures(
  database: Database,
  since: Date,
  until: Date,
): Promise<{ sent: number; brought: number }> {
  const sent = await countSent(database, "seasonal-reminder", since, until);
  // The stored field is set only by the server, from a reminder's verified link (ask-again.server.ts).
  const brought = await database.db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("n"))
    .where("fields", "like", '%"askedAgainFrom":"RM-%')
    .where("created_at", ">=", since.toISOString())
    .where("created_at", "<", until.toISOString())
    .executeTakeFirstOrThrow();
  return { sent, brought: Number(brought.n) };
}
