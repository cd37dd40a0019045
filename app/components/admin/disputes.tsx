/**
 * A request's card payments disputed at the customer's bank (the request page, the owner's view of an invoice):
 * what, how much, the bank's reason, where it stands and, while open, when the evidence is due. Every word comes
 * from the server (app/server/features/payments/disputes.server.ts); the owner answers in Stripe's Dashboard.
 */
import { ShieldAlert } from "lucide-react";
import { formatAmount } from "../../lib/money.ts";
import type { DisputeView } from "../../server/features/payments/disputes.server.ts";

export function Disputes({
  disputes,
  headingId = "disputes-heading",
}: {
  disputes: DisputeView[];
  headingId?: string;
}) {
  if (disputes.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h2 id={headingId} className="mb-3 flex items-center gap-2 text-xl font-bold text-brand-900">
        <ShieldAlert className="size-6 text-red-700" aria-hidden="true" />
        {disputes.length === 1 ? "Disputed payment" : "Disputed payments"}
      </h2>
      <ul className="grid gap-3" data-testid="disputes">
        {disputes.map((d) => (
          <li
            key={d.id}
            className={`rounded-lg border-2 p-3 text-slate-900 ${d.open ? "border-red-700 bg-red-50" : "border-slate-300 bg-white"}`}
          >
            <p className="font-semibold">
              {d.about}: {formatAmount(d.amountCents)} disputed
            </p>
            <dl className="mt-2 grid gap-1 sm:grid-cols-[12rem_1fr]">
              <dt className="font-semibold text-slate-700">Status</dt>
              <dd>{d.status}</dd>
              <dt className="font-semibold text-slate-700">Reason</dt>
              <dd>{d.reason}</dd>
              {d.evidenceDue ? (
                <>
                  <dt className="font-semibold text-slate-700">Evidence due</dt>
                  <dd className="font-semibold text-red-900">{d.evidenceDue}</dd>
                </>
              ) : null}
              <dt className="font-semibold text-slate-700">Opened</dt>
              <dd>{d.opened}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
