import { AdminInput, PreviewAndSend, RequestSubPageHead } from "../components/admin.tsx";
import { InvoiceDocument } from "../components/invoice.tsx";
import {
  DISCOUNT_REASON_MAX,
  INVOICE_LINES,
  INVOICE_NOTE_MAX,
  invoiceLineField,
  LINE_TEXT_MAX,
} from "../forms/invoice-editor.ts";
import { signedIn } from "../server/features/admin/guard.server.ts";
import { notFound } from "../server/features/admin/request-page.server.ts";
import { invoiceEditorAction, invoiceEditorPage } from "../server/features/invoices/editor.server.ts";
import { disputesForLead } from "../server/features/payments/disputes.server.ts";
import { acceptedQuoteOf } from "../server/features/quotes/quotes.server.ts";
import { Disputes } from "../components/admin/disputes.tsx";
import { makeInvoiceNow } from "../server/invoice-source.server.ts";
import { getLead } from "../server/kit/leads.server.ts";
import { visibleDeep } from "../lib/text.ts";
import type { Route } from "./+types/admin.requests.$id.invoice";

/**
 * A request's invoice (issue 41): made as a draft when the job is completed (or here, from the accepted option or
 * with empty lines), edited in a plain form with fixed slots, previewed as the customer's page, sent (e-mail with
 * the PDF, and a text to a customer who agreed to texts) or voided (its number stays used). Changing a sent invoice
 * makes a new version that goes to the customer only when it is sent again.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app } = signedIn(context);
  const lead = await getLead(app.database, params.id);
  if (!lead) throw notFound();
  const accepted = (await acceptedQuoteOf(app.database.db, lead.id)) !== undefined;
  const page = await invoiceEditorPage(app, lead, new URL(request.url), { accepted });
  // The payments feature's disputes of this invoice's card payments, shown above its editor.
  const disputes = (await disputesForLead(app.database, lead.id)).filter(
    (d) => d.invoiceNumber === page.invoice?.number,
  );
  return visibleDeep({ ...page, disputes });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, owner } = signedIn(context);
  const lead = await getLead(app.database, params.id);
  if (!lead) throw notFound();
  return invoiceEditorAction(app, owner, lead, request, makeInvoiceNow);
}

export const meta: Route.MetaFunction = () => [
  { title: "Invoice | Owner inbox" },
  { name: "robots", content: "noindex, nofollow" },
];

const SAVED = {
  made: "Invoice made as a draft. Check its lines, save, then send it.",
  draft: "Invoice saved. Check the preview below, then send it.",
  unchanged: "Nothing changed.",
  sent: "Invoice sent: the customer is e-mailed its link and PDF, and texted if they agreed to texts.",
  void: "Invoice voided. Its number stays used; you may make a new invoice.",
} as const;

function LineSlot({
  n,
  values,
  error,
}: {
  n: number;
  values: Record<string, string>;
  error: (name: string) => string | undefined;
}) {
  const taxable = invoiceLineField(n, "taxable");
  return (
    <div className="grid gap-2 min-[480px]:grid-cols-[minmax(0,1fr)_8rem_auto] min-[480px]:items-end">
      <AdminInput
        id={invoiceLineField(n, "text")}
        name={invoiceLineField(n, "text")}
        label={`Line ${n}: work`}
        maxLength={LINE_TEXT_MAX}
        defaultValue={values[invoiceLineField(n, "text")] ?? ""}
        error={error(invoiceLineField(n, "text"))}
      />
      <AdminInput
        id={invoiceLineField(n, "amount")}
        name={invoiceLineField(n, "amount")}
        label={`Line ${n}: $`}
        inputMode="decimal"
        maxLength={20}
        defaultValue={values[invoiceLineField(n, "amount")] ?? ""}
        error={error(invoiceLineField(n, "amount"))}
      />
      <label htmlFor={taxable} className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800">
        <input
          id={taxable}
          name={taxable}
          type="checkbox"
          value="yes"
          defaultChecked={values[taxable] === "yes"}
          className="size-5"
        />
        Taxable
      </label>
    </div>
  );
}

export default function InvoiceEditor({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const invoice = page.invoice;
  const values =
    actionData?.values && Object.keys(actionData.values).length > 0 ? actionData.values : (invoice?.values ?? {});
  const errors = actionData?.errors ?? {};
  const error = (name: string) => errors[name]?.[0] ?? undefined;
  return (
    <div className="max-w-5xl">
      <RequestSubPageHead
        leadId={page.leadId}
        title={`Invoice for ${page.title} (${page.reference})`}
        saved={page.saved ? SAVED[page.saved] : null}
        message={actionData?.message}
      />
      {page.voided.length > 0 ? <p className="mt-3 text-slate-700">Void: {page.voided.join(", ")}.</p> : null}
      {!invoice ? (
        <form method="post" className="mt-6 grid gap-3">
          <input type="hidden" name="intent" value="make" />
          <p className="text-slate-800">
            {page.accepted
              ? "This request has no invoice yet. Make it from the accepted quote's option; you can change it before sending."
              : "This request has no invoice and no accepted quote. Make one with empty lines to fill in."}
          </p>
          <button type="submit" className="btn-primary w-full sm:w-auto sm:justify-self-start">
            Make the invoice
          </button>
        </form>
      ) : (
        <>
          <p className="mt-3 text-slate-800" data-testid="invoice-status">
            Invoice {invoice.number}: {invoice.statusWords}
            {invoice.version > 1 ? `, version ${invoice.version}` : ""}
            {invoice.sentAt ? `, last sent ${invoice.sentAt.slice(0, 10)}` : ""}. Balance {invoice.view.balance}.
          </p>
          <Disputes disputes={page.disputes} />
          {invoice.changedSinceSent && invoice.status === "sent" ? (
            <p className="mt-2 font-semibold text-amber-900">
              Changed since it was last sent: the customer sees the new version only after you send it again.
            </p>
          ) : null}
          <form method="post" aria-labelledby="editor-heading" className="mt-6 grid gap-4">
            <h2 id="editor-heading" className="text-xl font-bold text-brand-900">
              Edit the invoice
            </h2>
            <p className="text-slate-700">
              Fill an empty line to add it; clear a line&rsquo;s work and amount to remove it.
              {invoice.taxRate > 0
                ? ` Sales tax of ${invoice.taxRate}% applies to the lines marked taxable.`
                : " No sales tax is set (the price book’s Invoices settings); the taxable boxes count only once a rate is set."}
            </p>
            <input type="hidden" name="intent" value="save" />
            <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
              <legend className="px-1 text-lg font-bold text-brand-900">Lines</legend>
              {Array.from({ length: INVOICE_LINES }, (_, i) => i + 1).map((n) => (
                <LineSlot key={n} n={n} values={values} error={error} />
              ))}
            </fieldset>
            <div className="grid gap-3 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <AdminInput
                id="discount"
                name="discount"
                label="Discount $ (optional)"
                inputMode="decimal"
                maxLength={20}
                defaultValue={values.discount ?? ""}
                error={error("discount")}
              />
              <AdminInput
                id="discountReason"
                name="discountReason"
                label="Reason for the discount (the customer reads it)"
                maxLength={DISCOUNT_REASON_MAX}
                defaultValue={values.discountReason ?? ""}
                error={error("discountReason")}
              />
            </div>
            <AdminInput
              id="serviceDate"
              name="serviceDate"
              label="Service date"
              type="date"
              required
              defaultValue={values.serviceDate ?? ""}
              error={error("serviceDate")}
            />
            <div>
              <label htmlFor="note" className="block text-sm font-semibold text-slate-800">
                Note to the customer (optional)
              </label>
              <textarea
                id="note"
                name="note"
                rows={3}
                maxLength={INVOICE_NOTE_MAX}
                defaultValue={values.note ?? ""}
                aria-invalid={error("note") ? true : undefined}
                aria-describedby={error("note") ? "note-error" : undefined}
                className="mt-1 block w-full rounded-md border-2 border-slate-400 px-3 py-2"
              />
              {error("note") ? (
                <p id="note-error" className="mt-1 text-sm font-medium text-red-800">
                  {error("note")}
                </p>
              ) : null}
            </div>
            <button type="submit" className="btn-primary w-full sm:w-auto sm:justify-self-start">
              Save and preview
            </button>
          </form>
          <PreviewAndSend send={invoice.status === "sent" ? "Send again to the customer" : "Send to the customer"}>
            <InvoiceDocument invoice={invoice.view} />
          </PreviewAndSend>
          <form method="post" className="mt-8 border-t border-slate-200 pt-4">
            <input type="hidden" name="intent" value="void" />
            <p className="text-slate-700">
              Voiding keeps the invoice and its number (never reused); the customer&rsquo;s link then says it was
              cancelled.
            </p>
            <button type="submit" className="btn-secondary mt-2 w-full sm:w-auto">
              Void invoice {invoice.number}
            </button>
          </form>
        </>
      )}
    </div>
  );
}
