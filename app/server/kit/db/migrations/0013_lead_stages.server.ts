import { sql, type Kysely } from "kysely";
import type { Dialect } from "../database.server.ts";
import { isEventKind, isStage, stageFrom, type StageEvent } from "../../stages.ts";

// A request's stage from what happened (docs/decisions/035-stages-from-events.md, app/server/kit/stages.ts): the
// events recorded by the features (lead_events: one per kind and ref, such as a quote's id), the stage they give
// and the owner's first real contact kept on the request (leads.stage, leads.first_contact_at: the inbox filters and
// the report read them without a query per request). The stages a status change may name are no longer listed in
// the table (a new stage is a change of app/server/kit/stages.ts only); "won" is now "accepted". Existing requests
// get their events from the rows that recorded them (quotes sent and accepted, deposits paid, windows decided,
// the owner's texts), then the stage the events and the status changes give.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect === "postgres") {
    await sql`alter table lead_status_changes drop constraint lead_status_changes_status_check`.execute(db);
  } else {
    await db.schema
      .createTable("lead_status_changes_0013")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
      .addColumn("status", "text", (c) => c.notNull())
      .addColumn("note", "text", (c) => c.notNull())
      .addColumn("changed_by", "text", (c) => c.notNull())
      .addColumn("changed_at", "text", (c) => c.notNull())
      .execute();
    await sql`insert into lead_status_changes_0013 select id, lead_id, status, note, changed_by, changed_at from lead_status_changes`.execute(
      db,
    );
    await db.schema.dropTable("lead_status_changes").execute();
    await db.schema.alterTable("lead_status_changes_0013").renameTo("lead_status_changes").execute();
    await db.schema
      .createIndex("lead_status_changes_lead")
      .on("lead_status_changes")
      .columns(["lead_id", "changed_at"])
      .execute();
  }
  await sql`update lead_status_changes set status = 'accepted' where status = 'won'`.execute(db);
  await db.schema
    .createTable("lead_events")
    .addColumn("lead_id", "text", (c) => c.notNull().references("leads.id").onDelete("cascade"))
    // app/server/kit/stages.ts EVENTS: quote-sent, quote-accepted, deposit-paid, window-confirmed, …
    .addColumn("kind", "text", (c) => c.notNull())
    // What recorded it: a quote's id, a Checkout Session's id, "<booking id>:<sequence>", a text's id.
    .addColumn("ref", "text", (c) => c.notNull())
    .addColumn("at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("lead_events_pk", ["lead_id", "kind", "ref"])
    .execute();
  await db.schema.createIndex("lead_events_lead_at").on("lead_events").columns(["lead_id", "at"]).execute();
  await sql`alter table leads add column stage text not null default 'new'`.execute(db);
  await sql`alter table leads add column first_contact_at text`.execute(db);
  await db.schema.createIndex("leads_stage_created").on("leads").columns(["stage", "created_at"]).execute();

  await sql`insert into lead_events (lead_id, kind, ref, at)
          select lead_id, 'quote-sent', id, sent_at from quotes where sent_at is not null`.execute(db);
  await sql`insert into lead_events (lead_id, kind, ref, at)
          select q.lead_id, 'quote-accepted', q.id, a.answered_at from quote_answers a join quotes q on q.id = a.quote_id
          where a.answer = 'accepted'`.execute(db);
  await sql`insert into lead_events (lead_id, kind, ref, at)
          select lead_id, 'deposit-paid', checkout_session_id, paid_at from payments
          where status = 'paid' and lead_id is not null and paid_at is not null`.execute(db);
  await sql`insert into lead_events (lead_id, kind, ref, at)
          select lead_id, case when status = 'confirmed' then 'window-confirmed' else 'window-answered' end,
            id || ':' || sequence, updated_at
          from bookings where status in ('confirmed', 'proposed', 'declined')`.execute(db);
  await sql`insert into lead_events (lead_id, kind, ref, at)
          select lead_id, 'owner-text', id, created_at from text_messages
          where direction = 'out' and kind in ('reply', 'on-our-way') and lead_id is not null`.execute(db);

  // At the same instant an event before a stage set by hand, as app/server/kit/leads.server.ts stageEvents reads them.
  const events = await sql<{ lead_id: string; kind: string; stage: string | null; at: string }>`
          select lead_id, kind, null as stage, at, 0 as hand from lead_events
          union all select lead_id, 'set' as kind, status as stage, changed_at as at, 1 as hand from lead_status_changes
          order by lead_id, at, hand`.execute(db);
  const byLead = new Map<string, StageEvent[]>();
  for (const row of events.rows) {
    const at = new Date(row.at);
    const event =
      row.kind === "set" && isStage(row.stage)
        ? { kind: "set" as const, stage: row.stage, at }
        : isEventKind(row.kind)
          ? { kind: row.kind, at }
          : null;
    if (!event) continue;
    const list = byLead.get(row.lead_id) ?? [];
    list.push(event);
    byLead.set(row.lead_id, list);
  }
  for (const [leadId, list] of byLead) {
    const { stage, firstContactAt } = stageFrom(list);
    await sql`update leads set stage = ${stage}, first_contact_at = ${firstContactAt?.toISOString() ?? null}
            where id = ${leadId}`.execute(db);
  }
}
