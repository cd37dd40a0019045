import { Section } from "../request-job.tsx";

/** The quote of a request: its line (or none yet), the instant range, and the way to the quote's page. */
export function QuoteSection({ r }: { r: { id: string; quote: string | null; price: string | null } }) {
  return (
    <Section id="quote-heading" title="Quote">
      <p className="text-slate-800">
        {r.quote ?? "No quote yet."}
        {r.price ? ` Instant range: ${r.price}.` : ""}
      </p>
      <p className="mt-3">
        <a href={`/admin/requests/${r.id}/quote`} className="btn-secondary">
          {r.quote ? "Open the quote" : "Build a quote"}
        </a>
      </p>
    </Section>
  );
}

/** The invoice of a request: its number, status and balance (or none yet), and the way to its page. */
export function InvoiceSection({
  r,
}: {
  r: { id: string; invoice: { number: string; status: string; paid: boolean; balance: string } | null };
}) {
  return (
    <Section id="invoice-heading" title="Invoice">
      <p className="text-slate-800" data-testid="invoice-summary">
        {r.invoice
          ? `Invoice ${r.invoice.number}: ${r.invoice.status}. ${r.invoice.paid ? "Paid in full." : `Balance ${r.invoice.balance}.`}`
          : "No invoice yet: one is made as a draft when the job is marked Completed."}
      </p>
      <p className="mt-3">
        <a href={`/admin/requests/${r.id}/invoice`} className="btn-secondary">
          {r.invoice ? `Open invoice ${r.invoice.number}` : "Make an invoice"}
        </a>
      </p>
    </Section>
  );
}

/** The way to a request's payments page (invoices, balance, payments by hand). */
export function PaymentsSection({ r }: { r: { id: string } }) {
  return (
    <Section id="payments-heading" title="Payments">
      <p className="text-slate-800">
        Invoices, their balance and payments: record cash, a check, Zelle or Venmo by hand.
      </p>
      <p className="mt-3">
        <a href={`/admin/requests/${r.id}/payments`} className="btn-secondary">
          Open the payments
        </a>
      </p>
    </Section>
  );
}
