import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, type TestStorage } from "../../../../../tests/support/storage.ts";
import { connectDatabase, migrate, type Database } from "../database.server.ts";

describe.each(backends)("0013_lead_stages on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  beforeEach(async () => {
    storage = await createTestStorage(dialect);
    database = connectDatabase({ ...storage.env, HASH_SECRET: undefined });
  });
  afterEach(async () => {
    await database.close();
    await storage.cleanup();
  });

  it("gives existing requests the stage and first contact of the rows that recorded what happened", async () => {
    await migrate(database, "0012_customer_texts");
    const { db } = database;
    const lead = (id: string) =>
      db
        .insertInto("leads")
        .values({
          id,
          kind: "estimate",
          fields: "{}",
          name: "Ann",
          email: `${id}@example.com`,
          phone: "+12085550111",
          zip: "83702",
          in_service_area: 1,
          page: "/estimate",
          ip: "203.0.113.1",
          user_agent: "test",
          consent_version: null,
          consent_text: null,
          consent_at: null,
          attribution: "{}",
          idempotency_key: id,
          created_at: "2030-01-08T15:00:00.000Z",
          delivery_status: "notified",
        })
        .execute();
    // 'booked': quoted, accepted, deposit paid, window confirmed. 'talked': texted, then "won" set by hand. 'quiet': nothing.
    for (const id of ["booked", "talked", "quiet"]) await lead(id);
    await db
      .insertInto("quotes")
      .values({
        id: "q1",
        lead_id: "booked",
        version: 1,
        status: "accepted",
        content: "{}",
        content_hash: "h",
        valid_until: "2030-02-01",
        created_at: "2030-01-08T15:30:00.000Z",
        sent_at: "2030-01-08T16:00:00.000Z",
        viewed_at: null,
        reminders_stopped_at: null,
      })
      .execute();
    await db
      .insertInto("quote_answers")
      .values({
        quote_id: "q1",
        answer: "accepted",
        option_index: 0,
        name: "Ann",
        reason: null,
        content_hash: "h",
        ip_hash: "x",
        user_agent: "test",
        answered_at: "2030-01-09T09:00:00.000Z",
      })
      .execute();
    await db
      .insertInto("payments")
      .values({
        checkout_session_id: "cs_1",
        lead_id: "booked",
        quote_ref: "q1",
        quote_version: 1,
        attempt: 1,
        amount_cents: 5000,
        currency: "usd",
        status: "paid",
        checkout_url: "https://checkout.test/cs_1",
        expires_at: "2030-01-10T09:00:00.000Z",
        created_at: "2030-01-09T09:01:00.000Z",
        updated_at: "2030-01-09T09:05:00.000Z",
        paid_at: "2030-01-09T09:05:00.000Z",
      })
      .execute();
    await db
      .insertInto("bookings")
      .values({
        id: "b1",
        lead_id: "booked",
        status: "confirmed",
        day: "2030-01-15",
        window_times: "08:00-10:00",
        starts_at: "2030-01-15T15:00:00.000Z",
        ends_at: "2030-01-15T17:00:00.000Z",
        sequence: 2,
        created_at: "2030-01-08T15:00:00.000Z",
        updated_at: "2030-01-09T10:00:00.000Z",
      })
      .execute();
    await db
      .insertInto("text_messages")
      .values({
        id: "t1",
        lead_id: "talked",
        phone: "+12085550111",
        direction: "out",
        kind: "reply",
        body: "Hi",
        status: "sent",
        booking_ref: null,
        provider_sid: null,
        reason: null,
        created_at: "2030-01-08T15:20:00.000Z",
        due_at: "2030-01-08T15:20:00.000Z",
        sent_at: "2030-01-08T15:20:01.000Z",
      })
      .execute();
    await sql`insert into lead_status_changes (id, lead_id, status, note, changed_by, changed_at)
      values ('s1', 'talked', 'won', '', 'owner@example.com', '2030-01-09T12:00:00.000Z')`.execute(db);

    await migrate(database);
    const leads = await db.selectFrom("leads").select(["id", "stage", "first_contact_at"]).orderBy("id").execute();
    expect(leads).toEqual([
      { id: "booked", stage: "scheduled", first_contact_at: "2030-01-08T16:00:00.000Z" },
      { id: "quiet", stage: "new", first_contact_at: null },
      { id: "talked", stage: "accepted", first_contact_at: "2030-01-08T15:20:00.000Z" },
    ]);
    const events = await db.selectFrom("lead_events").select(["lead_id", "kind", "ref"]).orderBy("at").execute();
    expect(events).toEqual([
      { lead_id: "talked", kind: "owner-text", ref: "t1" },
      { lead_id: "booked", kind: "quote-sent", ref: "q1" },
      { lead_id: "booked", kind: "quote-accepted", ref: "q1" },
      { lead_id: "booked", kind: "deposit-paid", ref: "cs_1" },
      { lead_id: "booked", kind: "window-confirmed", ref: "b1:2" },
    ]);
    // "won" is "accepted" now, and a stage the first list did not have may be set by hand.
    const hand = await db.selectFrom("lead_status_changes").select("status").execute();
    expect(hand.map((h) => h.status)).toEqual(["accepted"]);
    await sql`insert into lead_status_changes (id, lead_id, status, note, changed_by, changed_at)
      values ('s2', 'quiet', 'deposit-paid', '', 'owner@example.com', '2030-01-10T12:00:00.000Z')`.execute(db);
  });
});
