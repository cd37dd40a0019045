/**
 * An invoice as the customer sees it (/invoice?t=…) and as the owner previews it (/admin/requests/:id/invoice: the
 * same component, so the preview is the page): the business, the number and status, the job, the lines, discount,
 * tax and total, each credit, the balance and when it is due, the photos of the finished job, and how to pay.
 * Every figure comes formatted from the server (app/server/features/invoices/invoice-view.server.ts).
 */
import { CircleCheck, Clock } from "lucide-react";
import type { InvoicePage } from "../server/features/invoices/invoice-page.server.ts";
import type { InvoiceView } from "../server/features/invoices/invoice-view.server.ts";
import { CallLink, type Phone, ProblemNotice } from "./problem-notice.tsx";

type OpenPage = Extract<InvoicePage, { state: "open" }>;

function Row({ label, value, strong = false }: { label: React.ReactNode; value: string; strong?: boolean }) {
  return (
    <tr className={strong ? "" : "border-b border-slate-100 align-top"}>
      <th
        scope="row"
        className={`py-2 pr-3 text-left ${strong ? "font-bold text-slate-900" : "font-normal text-slate-800"}`}
      >
        {label}
      </th>
      <td
        className={`py-2 text-right whitespace-nowrap ${strong ? "text-lg font-extrabold text-brand-900" : "text-slate-800"}`}
      >
        {value}
      </td>
    </tr>
  );
}

/** The invoice itself: what the job was, its lines and sums, the credits and the balance. */
export function InvoiceDocument({ invoice }: { invoice: InvoiceView }) {
  // The number is the heading's ("Invoice 2026-0001"), not repeated among the facts.
  const facts: [string, string][] = [
    ["From", `${invoice.business.name} · ${invoice.business.phone}`],
    ...(invoice.service ? ([["Service", invoice.service]] as [string, string][]) : []),
    ...(invoice.address || invoice.city
      ? ([["Service address", invoice.address || invoice.city]] as [string, string][])
      : []),
    ["Service date", invoice.serviceDate],
    ...(invoice.quote ? ([["From the quote", invoice.quote]] as [string, string][]) : []),
  ];
  return (
    <article
      aria-labelledby="invoice-heading"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="invoice-heading" className="text-xl font-bold text-brand-900">
        Invoice {invoice.number}
      </h2>
      <dl className="mt-3 grid gap-1 text-slate-800 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="mb-1 sm:mb-0">{value}</dd>
          </div>
        ))}
      </dl>
      <table className="mt-4 w-full">
        <caption className="sr-only">The work done and what it costs</caption>
        <thead className="sr-only">
          <tr>
            <th scope="col">Work</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody data-testid="invoice-lines">
          {invoice.lines.map((line, i) => (
            <Row key={i} label={`${line.text}${line.taxable && invoice.tax ? " (taxable)" : ""}`} value={line.amount} />
          ))}
        </tbody>
        <tbody data-testid="invoice-sums">
          <Row label="Subtotal" value={invoice.subtotal} />
          {invoice.discount ? (
            <Row label={`Discount: ${invoice.discount.reason}`} value={`−${invoice.discount.amount}`} />
          ) : null}
          {invoice.tax ? <Row label={`Sales tax (${invoice.tax.rate})`} value={invoice.tax.amount} /> : null}
          <Row label="Total" value={invoice.total} strong />
        </tbody>
        {invoice.credits.length > 0 ? (
          <tbody data-testid="invoice-credits">
            {invoice.credits.map((credit, i) => (
              <Row
                key={i}
                label={
                  <>
                    {credit.label}
                    {credit.date ? <span className="block text-sm text-slate-600">{credit.date}</span> : null}
                    {credit.tip ? <span className="block text-sm text-slate-600">Tip on top: {credit.tip}</span> : null}
                    {credit.refunded ? (
                      <span className="block text-sm font-semibold text-slate-800">Refunded: {credit.refunded}</span>
                    ) : null}
                  </>
                }
                value={`−${credit.amount}`}
              />
            ))}
          </tbody>
        ) : null}
        <tfoot>
          <tr className="border-t-2 border-slate-300">
            <th scope="row" className="pt-3 text-left text-lg font-bold text-slate-900">
              {invoice.paid ? "Balance: paid in full" : "Balance due"}
            </th>
            <td
              className="pt-3 text-right text-2xl font-extrabold whitespace-nowrap text-brand-900"
              data-testid="balance"
            >
              {invoice.balance}
            </td>
          </tr>
        </tfoot>
      </table>
      {invoice.due && !invoice.paid ? <p className="mt-2 font-semibold text-slate-800">{invoice.due}</p> : null}
      {invoice.note ? <p className="mt-4 whitespace-pre-line text-slate-800">{invoice.note}</p> : null}
    </article>
  );
}

/** The photos of the finished job, each at its own size, lazily after the first. */
function Photos({ photos }: { photos: OpenPage["photos"] }) {
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="photos-heading" className="mt-8">
      <h2 id="photos-heading" className="text-xl font-bold text-brand-900">
        Photos of the finished job
      </h2>
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((photo, i) => (
          <li key={photo.src}>
            <img
              src={photo.src}
              alt={photo.alt}
              width={photo.width}
              height={photo.height}
              loading={i === 0 ? "eager" : "lazy"}
              className="h-auto w-full rounded-lg border border-slate-200"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How to pay what is left: the payment page's link, or the business's words. */
function PayBox({ pay, balance, phone }: { pay: OpenPage["pay"]; balance: string; phone: Phone }) {
  if (!pay) return null;
  if ("href" in pay)
    return (
      <div className="mt-6">
        <a href={pay.href} className="btn-primary w-full text-center text-lg sm:w-auto">
          Pay {balance}
        </a>
        <p className="mt-2 text-sm text-slate-700">
          By card on Stripe&rsquo;s secure page. You may add a tip there. Or pay at the job by cash or check.
        </p>
      </div>
    );
  return (
    <p
      className="mt-6 rounded-md border-2 border-brand-700 bg-brand-50 p-3 text-lg text-slate-800"
      data-testid="pay-offline"
    >
      {pay.offline} Questions? Call us at <CallLink phone={phone} />.
    </p>
  );
}

const PROBLEMS = {
  invalid: {
    title: "This link does not work",
    text: "The invoice link is not complete or was changed. Open it again from our e-mail or text.",
  },
  expired: {
    title: "This invoice link has expired",
    text: "Invoice links work for two years. Call us for a copy of your invoice.",
  },
  "not-found": { title: "There is no such invoice", text: "We could not find this invoice." },
  void: {
    title: "This invoice was cancelled",
    text: "We cancelled this invoice. If we sent you a new one, use its link.",
  },
} as const;

/** The customer's page: the invoice and how to pay it, or why the link leads nowhere. */
export function InvoicePageView({ page, phone }: { page: InvoicePage; phone: Phone }) {
  if (page.state !== "open") return <ProblemNotice state={page.state} phone={phone} {...PROBLEMS[page.state]} />;
  const { invoice } = page;
  return (
    <div className="max-w-3xl" data-state="open">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">
        {page.recording ? (
          "Thank you: your payment is being confirmed"
        ) : invoice.paid ? (
          <span className="flex items-center gap-2">
            <CircleCheck className="size-8 shrink-0 text-green-700" aria-hidden="true" />
            Paid: thank you
          </span>
        ) : (
          `Your invoice: ${invoice.balance} due`
        )}
      </h1>
      {invoice.paid ? (
        <p className="mt-3 text-lg text-slate-700">
          Invoice {invoice.number} is paid in full. Keep this page for your records.
        </p>
      ) : null}
      {page.recording ? (
        <div role="status" className="mt-4 rounded-lg border-2 border-amber-600 bg-amber-50 p-4 text-lg text-slate-800">
          <p className="flex items-start gap-2">
            <Clock className="mt-1 size-5 shrink-0" aria-hidden="true" />
            <span>
              Stripe, our card processor, is confirming your payment of invoice {invoice.number}. This usually takes a
              few seconds. Your receipt will follow by e-mail; there is nothing more to do.
            </span>
          </p>
          <p className="mt-2">
            <a href={page.recording.again} className="font-semibold text-brand-700 underline">
              Check again
            </a>
          </p>
        </div>
      ) : null}
      <PayBox pay={page.pay} balance={invoice.balance} phone={phone} />
      <div className="mt-6">
        <InvoiceDocument invoice={invoice} />
      </div>
      <Photos photos={page.photos} />
      <p className="mt-6 text-slate-700">
        Questions? Call us at <CallLink phone={phone} />.
      </p>
    </div>
  );
}
