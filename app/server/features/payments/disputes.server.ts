/**
 * A request's disputes as the owner reads them (docs/decisions/043-refunds-and-disputes.md): on the request page and
 * the owner's view of the invoice, beside the e-mail and text that alerted them. Each row is kept once by Stripe's
 * id and moved only forward by charge.dispute.* events (refunds.server.ts); here it is put in the owner's words: what
 * was disputed (a deposit's quote or an invoice), the amount, the bank's reason, where it stands, and the day the
 * evidence is due (Stripe's deadline, as its latest event said it: it may give more time).
 */
import type { Database } from "../../kit/db/database.server.ts";
import { formatTime } from "../../notify/labels.server.ts";
import { disputeReasonWords } from "./refund-mail.server.ts";

export interface DisputeView {
  id: string;
  amountCents: number;
  /** The bank's reason, in the owner's words. */
  reason: string;
  /** Where it stands, in the owner's words. */
  status: string;
  /** Still the owner's to answer (needs a response). */
  open: boolean;
  /** When the evidence is due (Mountain time), while it is open; null when Stripe gave no deadline. */
  evidenceDue: string | null;
  /** When the bank opened it. */
  opened: string;
  /** What was disputed: "Invoice 2026-0001" or "Deposit for quote Q-…". */
  about: string;
  /** The number of the invoice whose payment is disputed, or null for a deposit. */
  invoiceNumber: string | null;
}

/** Stripe's dispute statuses in the owner's words. */
const STATUS_WORDS: Record<string, string> = {
  warning_needs_response: "Inquiry from the bank: answer it in Stripe's Dashboard",
  needs_response: "Open: answer it in Stripe's Dashboard",
  warning_under_review: "Inquiry under review by the bank",
  under_review: "Under review by the bank",
  warning_closed: "Inquiry closed",
  won: "Won: the payment stays with you",
  lost: "Lost: the bank returned the money to the customer",
  prevented: "Closed before it became a dispute",
};
const OPEN = new Set(["warning_needs_response", "needs_response"]);

/** The disputes of request `leadId`, newest first (at most 20). */
export async function disputesForLead(database: Database, leadId: string): Promise<DisputeView[]> {
  const { db } = database;
  const rows = await db
    .selectFrom("disputes")
    .leftJoin("invoice_payments", "invoice_payments.payment_intent_id", "disputes.payment_intent_id")
    .leftJoin("invoices", "invoices.id", "invoice_payments.invoice_id")
    .leftJoin("payments", "payments.payment_intent_id", "disputes.payment_intent_id")
    .select([
      "disputes.id",
      "disputes.amount_cents",
      "disputes.reason",
      "disputes.status",
      "disputes.created_at",
      "disputes.evidence_due_at",
      "invoices.number as invoice_number",
      "payments.quote_ref",
    ])
    .where("disputes.lead_id", "=", leadId)
    .orderBy("disputes.created_at", "desc")
    .limit(20)
    .execute();
  const seen = new Set<string>();
  return rows
    .filter((row) => !seen.has(row.id) && seen.add(row.id))
    .map((row) => {
      const open = OPEN.has(row.status);
      const dueBy = open ? row.evidence_due_at : null;
      return {
        id: row.id,
        amountCents: Number(row.amount_cents),
        reason: disputeReasonWords(row.reason),
        status: STATUS_WORDS[row.status] ?? "Closed",
        open,
        evidenceDue: dueBy ? formatTime(new Date(dueBy)) : null,
        opened: formatTime(new Date(row.created_at)),
        about: row.invoice_number
          ? `Invoice ${row.invoice_number}`
          : row.quote_ref
            ? `Deposit for quote ${row.quote_ref}`
            : "A card payment",
        invoiceNumber: row.invoice_number,
      };
    });
}
