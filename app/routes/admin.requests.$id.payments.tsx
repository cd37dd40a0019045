import { Link } from "react-router";
import { AdminInput, AdminSelect } from "../components/admin.tsx";
import { HAND_METHODS, METHOD_LABELS, REFERENCE_MAX } from "../forms/payments.ts";
import { formatAmount } from "../lib/money.ts";
import { signedIn } from "../server/features/admin/guard.server.ts";
import { notFound } from "../server/features/admin/request-page.server.ts";
import type { InvoiceLedgerView } from "../server/features/payments/by-hand.server.ts";
import { paymentsAction, paymentsPage, type PaymentsAnswer } from "../server/features/payments/payments-page.server.ts";
import { reviewAfterPayment } from "../server/features/reviews/reviews.server.ts";
import { getLead } from "../server/kit/leads.server.ts";
import { referenceOf } from "../server/kit/reference.server.ts";
import type { Route } from "./+types/admin.requests.$id.payments";

/**
 * A request's invoices and their payments (docs/decisions/042-tips-and-balance-payments.md): record cash, a check,
 * Zelle, Venmo or another payment by hand (partial allowed), or void one recorded in error. An invoice paid in full
 * makes the request Paid and sends its review request (handed to the payments feature here).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app } = signedIn(context);
  const lead = await getLead(app.database, params.id);
  if (!lead) throw notFound();
  return { id: lead.id, reference: referenceOf(lead.id), ...(await paymentsPage(app, lead.id, new URL(request.url))) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, owner } = signedIn(context);
  const lead = await getLead(app.database, params.id);
  if (!lead) throw notFound();
  return paymentsAction(app, owner, lead.id, request, reviewAfterPayment);
}

export const meta: Route.MetaFunction = () => [
  { title: "Payments | Owner inbox" },
  { name: "robots", content: "noindex, nofollow" },
];

const SAVED = {
  recorded: "Payment recorded. The customer is e-mailed a receipt.",
  again: "This form was sent before: the payment was recorded once.",
  voided: "Payment voided: it no longer counts towards the balance.",
} as const;

export default function RequestPayments({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  return (
    <>
      <p>
        <Link to={`/admin/requests/${page.id}`} className="font-semibold text-brand-700 underline">
          Back to request {page.reference}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-extrabold text-brand-900">Payments of {page.reference}</h1>
      {page.saved ? (
        <p role="status" className="mt-4 rounded-lg border-2 border-emerald-700 bg-emerald-50 p-3">
          {SAVED[page.saved]}
        </p>
      ) : null}
      {actionData?.message ? (
        <p role="alert" className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {actionData.message}
        </p>
      ) : null}
      {page.invoices.length === 0 ? (
        <p className="mt-4">This request has no invoice yet.</p>
      ) : (
        page.invoices.map((invoice) => (
          <InvoicePayments
            key={invoice.id}
            invoice={invoice}
            formKey={page.key}
            today={page.today}
            answer={actionData && actionData.values.invoice === invoice.id ? actionData : null}
          />
        ))
      )}
    </>
  );
}

function InvoicePayments({
  invoice,
  formKey,
  today,
  answer,
}: {
  invoice: InvoiceLedgerView;
  formKey: string;
  today: string;
  answer: PaymentsAnswer | null;
}) {
  const headingId = `invoice-${invoice.id}-heading`;
  const errors = answer?.errors ?? {};
  const values = answer?.values ?? {};
  const field = (name: string) => `${invoice.id}-${name}`;
  return (
    <section aria-labelledby={headingId} className="mt-6 rounded-lg border border-slate-200 p-4">
      <h2 id={headingId} className="text-xl font-bold text-brand-900">
        Invoice {invoice.number}
        {invoice.status === "void" ? " (void)" : ""}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>Total</dt>
        <dd>{formatAmount(invoice.totalCents)}</dd>
        {invoice.depositCents > 0 ? (
          <>
            <dt>Deposit</dt>
            <dd>{formatAmount(invoice.depositCents)}</dd>
          </>
        ) : null}
        <dt>Paid</dt>
        <dd>{formatAmount(invoice.paidCents)}</dd>
        <dt>Tips</dt>
        <dd>{formatAmount(invoice.tipCents)}</dd>
        <dt className="font-bold">Balance</dt>
        <dd className="font-bold" data-testid="invoice-balance">
          {formatAmount(invoice.balanceCents)}
        </dd>
      </dl>
      {invoice.payments.length > 0 ? (
        <table className="mt-4 w-full text-left">
          <caption className="text-left font-semibold">Payments of invoice {invoice.number}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">How</th>
              <th scope="col">Amount</th>
              <th scope="col">Tip</th>
              <th scope="col">
                <span className="sr-only">Void</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.payments.map((p) => (
              <tr key={p.id} className={p.status === "void" ? "text-slate-500 line-through" : undefined}>
                <td>{(p.paidOn ?? p.createdAt).slice(0, 10)}</td>
                <td>
                  {METHOD_LABELS[p.method]}
                  {p.reference ? ` (${p.reference})` : ""}
                  {p.status === "void" ? " (void)" : ""}
                </td>
                <td>{formatAmount(p.amountCents)}</td>
                <td>{p.tipCents > 0 ? formatAmount(p.tipCents) : "None"}</td>
                <td>
                  {p.method !== "card" && p.status === "paid" ? (
                    <form method="post">
                      <input type="hidden" name="intent" value="void" />
                      <input type="hidden" name="payment" value={p.id} />
                      <button type="submit" className="btn-secondary">
                        Void<span className="sr-only"> the payment of {formatAmount(p.amountCents)}</span>
                      </button>
                    </form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="mt-4">No payment yet.</p>
      )}
      {invoice.status !== "void" ? (
        <form
          method="post"
          aria-label={`Record a payment of invoice ${invoice.number}`}
          className="mt-4 grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
        >
          <h3 className="text-lg font-bold text-brand-900 sm:col-span-2">Record a payment by hand</h3>
          <input type="hidden" name="intent" value="record" />
          <input type="hidden" name="invoice" value={invoice.id} />
          <input type="hidden" name="key" value={values.key || formKey} />
          <AdminSelect
            id={field("method")}
            label="How it was paid"
            name="method"
            options={HAND_METHODS}
            defaultValue={values.method || "check"}
            error={errors.method?.[0]}
          />
          <AdminInput
            id={field("reference")}
            label="Check number, or how it was paid (Other)"
            name="reference"
            type="text"
            maxLength={REFERENCE_MAX}
            defaultValue={values.reference ?? ""}
            error={errors.reference?.[0]}
          />
          <AdminInput
            id={field("amount")}
            label="Amount ($)"
            name="amount"
            type="text"
            inputMode="decimal"
            required
            maxLength={20}
            defaultValue={values.amount ?? ""}
            error={errors.amount?.[0]}
          />
          <AdminInput
            id={field("tip")}
            label="Tip ($, optional)"
            name="tip"
            type="text"
            inputMode="decimal"
            maxLength={20}
            defaultValue={values.tip ?? ""}
            error={errors.tip?.[0]}
          />
          <AdminInput
            id={field("receivedOn")}
            label="Day received"
            name="receivedOn"
            type="date"
            required
            max={today}
            defaultValue={values.receivedOn || today}
            error={errors.receivedOn?.[0]}
          />
          <div className="flex items-center gap-2 self-end">
            <input
              id={field("overpay")}
              type="checkbox"
              name="overpay"
              value="yes"
              defaultChecked={values.overpay === "yes"}
              className="size-5"
            />
            <label htmlFor={field("overpay")}>More than the balance ({formatAmount(invoice.balanceCents)})</label>
          </div>
          <p className="sm:col-span-2">
            <button type="submit" className="btn-primary">
              Record the payment
            </button>
          </p>
        </form>
      ) : null}
    </section>
  );
}
