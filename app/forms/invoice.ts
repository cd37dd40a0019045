/**
 * An invoice's content and its sums (docs/decisions/041-invoices-and-balance.md): one pure module read by the
 * server (making, sending, the PDF, the report) and by the pages (the owner's editor, the customer's invoice), so a
 * figure shown anywhere is computed here once. Money is integer cents.
 *
 * The balance is never stored: it is the invoice's total less what the rows say was paid against it (deposits of
 * the quote it was made from, card payments and payments by hand), plus what was refunded of those
 * (`balanceOf`).
 */

export interface InvoiceLine {
  text: string;
  /** The line's amount in cents (a line is one amount, as a quote's line is). */
  cents: number;
  /** Sales tax applies to this line (content: invoices.taxRatePercent; none by default). */
  taxable: boolean;
}

export interface InvoiceContent {
  /** What the job was, and its city ("House washing + driveway cleaning", "Boise"). */
  service: string;
  city: string;
  /** The service address, when known. */
  address?: string;
  /** YYYY-MM-DD (America/Boise): the day the work was done. */
  serviceDate: string;
  lines: InvoiceLine[];
  /** A discount off the lines, with the owner's reason (shown to the customer); 0 for none. */
  discountCents: number;
  discountReason: string;
  /** Sales tax rate in basis points (725 = 7.25 %), frozen from content when the invoice was made; 0 for none. */
  taxRateBasisPoints: number;
  /** The quote it was made from ("Q-…" and its version, and the accepted option's label), if any. */
  quote?: { ref: string; version: number; optionLabel: string };
  /** A note to the customer. */
  note: string;
}

export interface InvoiceTotals {
  /** The lines' sum. */
  subtotalCents: number;
  discountCents: number;
  /** Tax on the taxable lines after their share of the discount, rounded half up to a cent. */
  taxCents: number;
  /** subtotal − discount + tax. */
  totalCents: number;
}

/** The sums of an invoice's content; the discount is at most the subtotal. */
export function invoiceTotals(
  content: Pick<InvoiceContent, "lines" | "discountCents" | "taxRateBasisPoints">,
): InvoiceTotals {
  const subtotalCents = content.lines.reduce((sum, line) => sum + line.cents, 0);
  const discountCents = Math.min(Math.max(0, content.discountCents), subtotalCents);
  const taxable = content.lines.filter((line) => line.taxable).reduce((sum, line) => sum + line.cents, 0);
  // The discount is shared between taxed and untaxed lines in proportion to their amounts.
  const taxableShare = subtotalCents > 0 ? taxable - Math.round((discountCents * taxable) / subtotalCents) : 0;
  const taxCents = Math.round((taxableShare * content.taxRateBasisPoints) / 10_000);
  return { subtotalCents, discountCents, taxCents, totalCents: subtotalCents - discountCents + taxCents };
}

/** One payment as it counts towards an invoice: what went to the balance, the tip on top, and what came back. */
export interface Credit {
  /** Applied to the balance (cents), without the tip. */
  amountCents: number;
  tipCents: number;
  /** Refunded of this payment so far (succeeded refunds; cents): it comes off the tip last. */
  refundedCents: number;
}

export interface Balance {
  totalCents: number;
  /** Paid towards the invoice (deposits and payments, less what was refunded of their non-tip part). */
  paidCents: number;
  tipCents: number;
  refundedCents: number;
  /** total − paid; never below 0 (an overpayment shows as 0 due). */
  balanceCents: number;
}

/**
 * What is left to pay: the total less every credit's amount, where a refund comes off the amount first (a
 * refunded deposit is owed again) and off the tip only beyond it.
 */
export function balanceOf(totalCents: number, credits: readonly Credit[]): Balance {
  let paidCents = 0;
  let tipCents = 0;
  let refundedCents = 0;
  for (const credit of credits) {
    const refunded = Math.min(credit.refundedCents, credit.amountCents + credit.tipCents);
    const offAmount = Math.min(refunded, credit.amountCents);
    paidCents += credit.amountCents - offAmount;
    tipCents += credit.tipCents - (refunded - offAmount);
    refundedCents += refunded;
  }
  return { totalCents, paidCents, tipCents, refundedCents, balanceCents: Math.max(0, totalCents - paidCents) };
}

/** The invoice number as people read it: 2026-0001 (four digits at least, more past 9999). */
export const invoiceNumber = (year: number, seq: number): string => `${year}-${String(seq).padStart(4, "0")}`;

/** The tip choices on the invoice page, in percent of the balance; "none" and an amount are offered beside them. */
export const TIP_PERCENTS = [10, 15, 20] as const;

/** A tip of `percent` on `balanceCents`, rounded half up to a cent. */
export const tipOf = (balanceCents: number, percent: number): number => Math.round((balanceCents * percent) / 100);
