/**
 * Test support: the money rows of issue 41 (deposits, invoices, invoice payments, refunds) inserted directly, as
 * the features that write them would leave them, for the report's and the exports' tests.
 */
import type { Database } from "../../app/server/kit/db/database.server.ts";
import type { InvoicePaymentMethod } from "../../app/server/kit/db/tables.server.ts";
import { leadsRow } from "./storage.ts";

export async function insertLead(database: Database, id: string, name: string, at = "2026-10-01T16:00:00.000Z") {
  await database.db
    .insertInto("leads")
    .values({
      ...leadsRow(id, "estimate", at),
      name,
      attribution: JSON.stringify({ landingPage: null, referrer: null, utm: {}, gclid: null }),
    })
    .execute();
}

export async function insertDeposit(
  database: Database,
  row: { id: string; leadId: string | null; cents: number; paidAt: string; status?: "paid" | "pending" },
) {
  await database.db
    .insertInto("payments")
    .values({
      checkout_session_id: row.id,
      lead_id: row.leadId,
      quote_ref: `Q-${row.id}`,
      quote_version: 1,
      attempt: 1,
      amount_cents: row.cents,
      currency: "usd",
      status: row.status ?? "paid",
      checkout_url: "https://checkout.example/x",
      expires_at: row.paidAt,
      created_at: row.paidAt,
      updated_at: row.paidAt,
      paid_at: row.status === "pending" ? null : row.paidAt,
      payment_intent_id: `pi_${row.id}`,
    })
    .execute();
}

let seq = 0;
export async function insertInvoice(
  database: Database,
  row: {
    id: string;
    leadId: string | null;
    totalCents: number;
    sentAt: string | null;
    status?: "draft" | "sent" | "void";
    createdAt?: string;
  },
) {
  seq++;
  const at = row.createdAt ?? row.sentAt ?? "2026-10-01T16:00:00.000Z";
  await database.db
    .insertInto("invoices")
    .values({
      id: row.id,
      lead_id: row.leadId,
      number: `2026-${String(seq).padStart(4, "0")}`,
      year: 2026,
      seq,
      status: row.status ?? (row.sentAt ? "sent" : "draft"),
      content: "{}",
      total_cents: row.totalCents,
      quote_id: null,
      due_date: null,
      created_at: at,
      updated_at: at,
      sent_at: row.sentAt,
      reminders_paused_at: null,
    })
    .execute();
  return `2026-${String(seq).padStart(4, "0")}`;
}

export async function insertInvoicePayment(
  database: Database,
  row: {
    id: string;
    invoiceId: string;
    leadId: string | null;
    method: InvoicePaymentMethod;
    cents: number;
    tipCents?: number;
    paidAt: string;
    receivedOn?: string;
    reference?: string;
    status?: "paid" | "pending" | "void";
  },
) {
  await database.db
    .insertInto("invoice_payments")
    .values({
      id: row.id,
      invoice_id: row.invoiceId,
      lead_id: row.leadId,
      method: row.method,
      status: row.status ?? "paid",
      amount_cents: row.cents,
      tip_cents: row.tipCents ?? 0,
      checkout_session_id: row.method === "card" ? `cs_${row.id}` : null,
      invoice_version: row.method === "card" ? 1 : null,
      attempt: row.method === "card" ? ++seq : null,
      checkout_url: null,
      expires_at: null,
      payment_intent_id: row.method === "card" ? `pi_${row.id}` : null,
      reference: row.reference ?? null,
      received_on: row.receivedOn ?? null,
      idempotency_key: row.method === "card" ? null : `key-${row.id}`,
      created_at: row.paidAt,
      updated_at: row.paidAt,
      paid_at: row.status && row.status !== "paid" ? null : row.paidAt,
    })
    .execute();
}

export async function insertRefund(
  database: Database,
  row: {
    id: string;
    of: { deposit: string } | { invoicePayment: string };
    leadId: string | null;
    cents: number;
    at: string;
    status?: "succeeded" | "pending" | "failed";
  },
) {
  const deposit = "deposit" in row.of ? row.of.deposit : null;
  const payment = "invoicePayment" in row.of ? row.of.invoicePayment : null;
  await database.db
    .insertInto("refunds")
    .values({
      id: row.id,
      payment_intent_id: `pi_${deposit ?? payment}`,
      checkout_session_id: deposit,
      invoice_payment_id: payment,
      lead_id: row.leadId,
      amount_cents: row.cents,
      currency: "usd",
      status: row.status ?? "succeeded",
      created_at: row.at,
      updated_at: row.at,
    })
    .execute();
}

/** A quote of `options` (label, total) sent to request `leadId`, with option `option` accepted at `answeredAt`. */
export async function insertAcceptedQuote(
  database: Database,
  row: { leadId: string; options: { label: string; cents: number }[]; option: number; answeredAt: string },
) {
  const id = `quote-${row.leadId}`;
  const content = JSON.stringify({
    options: row.options.map((o) => ({ label: o.label, lines: [], totalCents: o.cents })),
  });
  await database.db
    .insertInto("quotes")
    .values({
      id,
      lead_id: row.leadId,
      version: 1,
      status: "accepted",
      content,
      content_hash: "h",
      valid_until: "2030-12-31",
      created_at: row.answeredAt,
      sent_at: row.answeredAt,
      viewed_at: null,
      reminders_stopped_at: null,
    })
    .execute();
  await database.db
    .insertInto("quote_answers")
    .values({
      quote_id: id,
      answer: "accepted",
      option_index: row.option,
      name: "Customer",
      reason: null,
      content_hash: "h",
      ip_hash: "x",
      user_agent: "test",
      answered_at: row.answeredAt,
    })
    .execute();
}
