/**
 * A confirmed job as the crew's view reads it (app/server/features/bookings/crew.server.ts): a request with its
 * street address (or one given with the window), a confirmed window, and optionally an accepted quote and
 * payment rows, made through the stores' own functions (the payment rows as the webhook leaves them).
 */
import { windowsOn } from "../../app/server/kit/arrival-windows.server.ts";
import type { Database } from "../../app/server/kit/db/database.server.ts";
import { referenceOf } from "../../app/server/kit/reference.server.ts";
import { decide, requestWindow } from "../../app/server/features/bookings/bookings.server.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { answerQuote, saveDraft, sendDraft } from "../../app/server/features/quotes/quotes.server.ts";
import type { QuoteOption } from "../../app/forms/quote.ts";
import { sampleLead } from "./storage.ts";

export interface JobSpec {
  day: string;
  /** Which of the day's windows (0: the first). */
  window: number;
  firstName: string;
  /** The street line sent with the request (null: none). */
  address: string | null;
  /** The street line given with the window, when the request had none. */
  bookingAddress?: string;
  accessNote?: string;
  /** The quote's options and the one accepted. */
  quote?: { options: QuoteOption[]; accept: number };
  /** Payment rows of the request: amount and status. */
  payments?: { cents: number; status: "paid" | "pending" | "failed" | "expired" }[];
}

let serial = 0;

export async function confirmedJob(database: Database, spec: JobSpec, now: Date) {
  const lead = sampleLead({ idempotencyKey: `key:crew-${serial++}-${crypto.randomUUID()}` });
  lead.fields = { ...lead.fields, firstName: spec.firstName, address: spec.address };
  lead.contact = { ...lead.contact, name: `${spec.firstName} Doe` };
  const { id } = await recordLead(database, lead, { webhook: false, now });
  await acceptAndPay(database, id, spec, now);
  const window = windowsOn(spec.day)[spec.window];
  if (!window) throw new Error(`${spec.day} has no window ${spec.window}`);
  const asked = await requestWindow(database, id, window, now, {
    ...(spec.bookingAddress ? { address: spec.bookingAddress } : {}),
    ...(spec.accessNote ? { accessNote: spec.accessNote } : {}),
  });
  if (!asked.ok) throw new Error(asked.reason);
  const confirmed = await decide(database, asked.booking.id, { action: "confirm" }, "", now);
  if (!confirmed.ok) throw new Error(confirmed.reason);
  return { leadId: id, bookingId: asked.booking.id, window };
}

/** An accepted quote (sent, then accepted by `name`) and payment rows for request `id`. */
export async function acceptAndPay(
  database: Database,
  id: string,
  spec: Pick<JobSpec, "quote" | "payments"> & { firstName: string },
  now: Date,
) {
  const name = spec.firstName;
  if (spec.quote) {
    const saved = await saveDraft(
      database,
      id,
      {
        service: "House washing",
        city: "Meridian",
        options: spec.quote.options,
        note: "",
        validUntil: "2099-12-31",
        deposit: { kind: "none" },
        terms: "Terms.",
      },
      now,
    );
    if (!("saved" in saved)) throw new Error(saved.refused);
    const sent = await sendDraft(database, saved.saved.id, now);
    if (!("sent" in sent)) throw new Error(sent.refused);
    const answered = await answerQuote(
      database,
      sent.sent.id,
      { answer: "accepted", option: spec.quote.accept, name: `${name} Doe` },
      { ipHash: "a".repeat(64), userAgent: "test", sms: false },
      now,
    );
    if (!("recorded" in answered)) throw new Error(answered.refused);
  }
  for (const [attempt, payment] of (spec.payments ?? []).entries()) {
    const at = now.toISOString();
    await database.db
      .insertInto("payments")
      .values({
        checkout_session_id: `cs_test_${crypto.randomUUID().replace(/-/g, "")}`,
        lead_id: id,
        quote_ref: referenceOf(id),
        quote_version: 1,
        attempt: attempt + 1,
        amount_cents: payment.cents,
        currency: "usd",
        status: payment.status,
        checkout_url: "https://checkout.stripe.com/c/pay/test",
        expires_at: at,
        created_at: at,
        updated_at: at,
        paid_at: payment.status === "paid" ? at : null,
      })
      .execute();
  }
}
