import { formatAmount } from "../lib/money.ts";
import { refundedWords } from "../lib/refunds.ts";

/** A deposit as the inbox shows it (app/server/features/payments/deposits.server.ts depositsForLead). */
export interface DepositLine {
  quoteRef: string;
  quoteVersion: number;
  amountCents: number;
  currency: string;
  status: "pending" | "paid" | "failed" | "expired";
  /** When it was paid, as the owner reads it (formatTime), or null. */
  paid: string | null;
  /** What Stripe refunded of it, in cents (0: nothing). */
  refundedCents: number;
}

const STATUS_TEXT: Record<DepositLine["status"], string> = {
  paid: "Paid",
  pending: "Pending: waiting for the customer or for Stripe",
  failed: "Failed: the payment did not go through",
  expired: "Not paid: the payment page expired",
};

const STATUS_CLASS: Record<DepositLine["status"], string> = {
  paid: "border-green-700 bg-green-50 text-green-900",
  pending: "border-amber-600 bg-amber-50 text-amber-900",
  failed: "border-red-700 bg-red-50 text-red-900",
  expired: "border-slate-400 bg-slate-50 text-slate-800",
};

/** A paid deposit refunded (all or part) no longer reads "Paid" (docs/decisions/043-refunds-and-disputes.md). */
const statusText = (d: DepositLine) => {
  const refunded = d.status === "paid" ? refundedWords(d.amountCents, d.refundedCents) : null;
  return refunded ? `${refunded.charAt(0).toUpperCase()}${refunded.slice(1)}` : STATUS_TEXT[d.status];
};
const statusClass = (d: DepositLine) =>
  d.status === "paid" && d.refundedCents > 0 ? STATUS_CLASS.expired : STATUS_CLASS[d.status];

/** The deposits of a request (newest first): amount, quote, and paid / refunded / pending / failed / expired, in words. */
export function DepositStatus({ deposits, headingId = "deposits" }: { deposits: DepositLine[]; headingId?: string }) {
  if (deposits.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-3 text-xl font-bold text-brand-900">
        Deposit
      </h2>
      <ul className="space-y-2">
        {deposits.map((d, i) => (
          <li key={`${d.quoteRef}-${d.quoteVersion}-${i}`} className={`rounded-lg border-2 p-3 ${statusClass(d)}`}>
            <p className="font-semibold">
              {formatAmount(d.amountCents, d.currency)} · {statusText(d)}
            </p>
            <p className="text-sm">
              Quote {d.quoteRef}, version {d.quoteVersion}
              {d.paid ? `, paid ${d.paid}` : ""}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
