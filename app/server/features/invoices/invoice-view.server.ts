/**
 * An invoice as every copy of it shows it (the customer's page, the owner's preview, the e-mail, the PDF and the
 * text): its lines and sums from invoiceTotals, its credits and balance from invoiceBalance (the rows), in words
 * and formatted money. Made once here, so no copy computes a figure of its own.
 */
import { business } from "../../../content/business.ts";
import { invoiceTotals } from "../../../forms/invoice.ts";
import { dayText } from "../../../forms/quote.ts";
import { formatCents } from "../../../lib/money.ts";
import { localDateString } from "../../kit/business-time.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB } from "../../kit/db/tables.server.ts";
import { invoiceBalance, type InvoiceCredit } from "../../kit/invoice-ledger.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import type { Transaction } from "kysely";
import type { Invoice } from "./invoices.server.ts";

/** How each credit reads ("Deposit paid by card", "Paid by check no. 1042"). */
const CREDIT_WORDS: Record<InvoiceCredit["source"], string> = {
  deposit: "Deposit paid by card",
  card: "Paid by card",
  cash: "Paid in cash",
  check: "Paid by check",
  zelle: "Paid by Zelle",
  venmo: "Paid by Venmo",
  other: "Paid",
};

export interface CreditView {
  label: string;
  /** "Tuesday, December 1, 2026" (Boise), or "" when unknown. */
  date: string;
  amount: string;
  /** What was refunded of it, or null. */
  refunded: string | null;
  /** The tip paid on top of it, or null. */
  tip: string | null;
}

export interface InvoiceView {
  number: string;
  status: Invoice["status"];
  version: number;
  business: { name: string; phone: string; email: string };
  /** The request's reference (GS-…). */
  reference: string;
  service: string;
  city: string;
  address: string;
  serviceDate: string;
  quote: string | null;
  lines: { text: string; amount: string; taxable: boolean }[];
  subtotal: string;
  discount: { amount: string; reason: string } | null;
  tax: { rate: string; amount: string } | null;
  total: string;
  credits: CreditView[];
  balanceCents: number;
  balance: string;
  /** Paid in full: a total was due and nothing is left. */
  paid: boolean;
  /** "Due on receipt" or "Due Tuesday, December 8, 2026"; null before it is sent. */
  due: string | null;
  note: string;
}

const dateOf = (iso: string) => (iso ? dayText(localDateString(new Date(iso))) : "");

/** The due date in words: "on receipt" when it is the day it was sent. */
export function dueWords(invoice: Pick<Invoice, "dueDate" | "sentAt">): string | null {
  if (!invoice.dueDate) return null;
  if (invoice.sentAt && localDateString(invoice.sentAt) >= invoice.dueDate) return "Due on receipt";
  return `Due ${dayText(invoice.dueDate)}`;
}

/** The invoice as it is shown, with its credits and balance read from the rows. */
export async function invoiceView(db: Database["db"] | Transaction<DB>, invoice: Invoice): Promise<InvoiceView> {
  const content = invoice.content;
  const totals = invoiceTotals(content);
  const balance = (await invoiceBalance(db, invoice.id)) ?? {
    balanceCents: totals.totalCents,
    paidCents: 0,
    credits: [],
  };
  const percent = content.taxRateBasisPoints / 100;
  return {
    number: invoice.number,
    status: invoice.status,
    version: invoice.version,
    business: { name: business.name, phone: business.phone.display, email: business.email },
    reference: invoice.leadId ? referenceOf(invoice.leadId) : "",
    service: content.service,
    city: content.city,
    address: content.address ?? "",
    serviceDate: dayText(content.serviceDate),
    quote: content.quote
      ? `Quote ${content.quote.ref}, version ${content.quote.version}: ${content.quote.optionLabel}`
      : null,
    lines: content.lines.map((line) => ({ text: line.text, amount: formatCents(line.cents), taxable: line.taxable })),
    subtotal: formatCents(totals.subtotalCents),
    discount:
      totals.discountCents > 0 ? { amount: formatCents(totals.discountCents), reason: content.discountReason } : null,
    tax:
      content.taxRateBasisPoints > 0
        ? {
            rate: `${percent.toLocaleString("en-US", { maximumFractionDigits: 2 })}%`,
            amount: formatCents(totals.taxCents),
          }
        : null,
    total: formatCents(totals.totalCents),
    credits: balance.credits.map((credit) => ({
      label:
        credit.source === "check" && credit.reference
          ? `${CREDIT_WORDS.check} no. ${credit.reference}`
          : CREDIT_WORDS[credit.source],
      date: dateOf(credit.paidAt),
      amount: formatCents(credit.amountCents),
      refunded: credit.refundedCents > 0 ? formatCents(credit.refundedCents) : null,
      tip: credit.tipCents > 0 ? formatCents(credit.tipCents) : null,
    })),
    balanceCents: balance.balanceCents,
    balance: formatCents(balance.balanceCents),
    paid: totals.totalCents > 0 && balance.balanceCents === 0,
    due: dueWords(invoice),
    note: content.note,
  };
}
