import { formatAmount } from "./money.ts";

/**
 * What became of a paid amount once Stripe refunded some of it (docs/decisions/043-refunds-and-disputes.md), the
 * same words on the customer's quote page and the owner's request page: "refunded" (all of it), "partly refunded
 * ($50.00 of $150.00)", or null when nothing was refunded. `format` writes an amount in cents as the page does.
 */
export function refundedWords(paidCents: number, refundedCents: number, format = formatAmount): string | null {
  if (refundedCents <= 0) return null;
  if (refundedCents >= paidCents) return "refunded";
  return `partly refunded (${format(refundedCents)} of ${format(paidCents)})`;
}
