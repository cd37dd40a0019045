/**
 * The terms' rule for a late cancellation, in words (content/availability.yaml `lateCancellation`): how many hours
 * before the arrival window a customer may cancel at no charge, and what happens to a deposit they paid when they
 * cancel later. One wording for the terms of service, the booking page and both e-mails
 * (docs/decisions/039-completion-and-late-cancellation.md); the time rule is app/server/kit/late-cancellation.server.ts.
 */
import { availability } from "../content/availability.ts";
import { formatAmount } from "./money.ts";

export type LateCancellationRule = { hours: number; deposit: "kept" | "credited" };

export const lateCancellationRule = (): LateCancellationRule => availability.lateCancellation;

/** What happens to a paid deposit on a late cancellation, of `amount` ("the deposit you paid" when unknown). */
export function depositOutcome(rule: LateCancellationRule, amountCents: number | null): string {
  const deposit = amountCents === null ? "a deposit you paid" : `the ${formatAmount(amountCents)} deposit you paid`;
  return rule.deposit === "kept" ? `${deposit} is kept` : `${deposit} is credited to a new date`;
}

/** The rule as the terms of service state it. */
export const lateCancellationTerms = (rule: LateCancellationRule = lateCancellationRule()) =>
  `You may cancel at no charge up to ${rule.hours} hours before your arrival window. If you cancel later than that, ${depositOutcome(rule, null)}.`;

/** What a late cancellation records: the rule then, and the deposit paid in cents (null: none). */
export type LateCancellationRecord = LateCancellationRule & { depositCents: number | null };

/** The customer's sentence of their late cancellation (the page before they confirm, their e-mail after). */
export function lateCancellationForCustomer(late: LateCancellationRecord, done: boolean): string {
  const when = `${done ? "You cancelled" : "You are cancelling"} less than ${late.hours} hours before your arrival window`;
  if (late.depositCents === null) return `${when}. No deposit was paid, so nothing is charged.`;
  return `${when}: under our terms, ${depositOutcome(late, late.depositCents)}.`;
}

/** The owner's line of a late cancellation (their e-mail and text). */
export function lateCancellationForOwner(late: LateCancellationRecord): string {
  const rule = `less than ${late.hours} hours before the window`;
  if (late.depositCents === null) return `Cancelled ${rule}; no deposit was paid.`;
  const amount = formatAmount(late.depositCents);
  return `Cancelled ${rule}: under your terms the ${amount} deposit is ${late.deposit === "kept" ? "kept" : "credited to a new date"}.`;
}
