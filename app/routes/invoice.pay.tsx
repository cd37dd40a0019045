import { useEffect, useRef, useState } from "react";
import { CallUs, DepositPage } from "../components/deposit-page.tsx";
import { tipChoiceId } from "../forms/payments.ts";
import { parseDollars } from "../forms/quote.ts";
import { formatAmount } from "../lib/money.ts";
import { seo } from "../lib/seo.ts";
import { payAction, payLoader, payPageHeaders } from "../server/features/payments/pay-page.server.ts";
import type { Route } from "./+types/invoice.pay";

/**
 * /invoice/pay?t=…: the balance of an invoice, a tip (none, a percentage or an amount) and "Pay", which goes on to
 * Stripe Checkout (docs/decisions/042-tips-and-balance-payments.md). A plain form: it works without JavaScript, and
 * its button says the sum of the tip chosen with CSS alone (app.css, "The pay page's button"); with JavaScript, also
 * the sum of an amount typed.
 */
export const loader = ({ request, context }: Route.LoaderArgs) => payLoader(context, request);
export const action = ({ request, context }: Route.ActionArgs) => payAction(context, request);
export const headers = payPageHeaders;

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Pay your invoice",
    description: "Pay the balance of your invoice by card.",
    path: "/invoice/pay",
    keywords: [],
    noindex: true,
  });

const BackToInvoice = ({ href }: { href: string | null }) =>
  href ? (
    <p className="mt-4">
      <a href={href} className="font-semibold text-brand-700 underline">
        Back to your invoice
      </a>
    </p>
  ) : null;

export default function InvoicePay({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  if (page.state === "invalid" || page.state === "expired")
    return (
      <DepositPage title={page.state === "expired" ? "This link has expired" : "This link is not valid"}>
        <p className="mt-4 text-lg text-slate-700">
          Copy the whole link from our e-mail or text into the address bar, or call us at <CallUs /> and we will send it
          again.
        </p>
      </DepositPage>
    );
  if (page.state === "nothing")
    return (
      <DepositPage title="Nothing to pay">
        <p className="mt-4 text-lg text-slate-700">
          This invoice has no balance to pay online: it is paid, or it was replaced. Questions? Call us at <CallUs />.
        </p>
        <BackToInvoice href={page.invoicePath} />
      </DepositPage>
    );
  if (page.state === "offline")
    return (
      <DepositPage title="Pay at the job">
        <p className="mt-4 text-lg text-slate-700">
          Card payments online are not available right now. You can pay by cash, check, Zelle or Venmo; call us at{" "}
          <CallUs />.
        </p>
        <BackToInvoice href={page.invoicePath} />
      </DepositPage>
    );
  if (page.state === "ready")
    return (
      <DepositPage title={`Pay invoice ${page.number}`}>
        <p role="status" className="mt-4 text-lg text-slate-700">
          Your secure payment page is ready. You pay {formatAmount(page.totalCents)} on Stripe&rsquo;s page; we never
          see your card.
        </p>
        <p className="mt-6">
          <a href={page.checkoutUrl} className="btn-primary text-lg">
            Pay {formatAmount(page.totalCents)} on the secure page
          </a>
        </p>
        <BackToInvoice href={page.invoicePath} />
      </DepositPage>
    );
  if (page.state !== "pay") return null;
  return <PayForm page={page} />;
}

function PayForm({ page }: { page: Extract<Route.ComponentProps["loaderData"], { state: "pay" }> }) {
  const [typed, setTyped] = useState(page.values.tipAmount);
  const form = useRef<HTMLFormElement>(null);
  // The app starts on the first interaction: an amount typed before it did is read from the form itself.
  useEffect(() => {
    const amount = form.current ? new FormData(form.current).get("tipAmount") : null;
    if (typeof amount === "string") setTyped(amount);
  }, []);
  // The button names the sum of each choice; app.css shows the checked one's, before and without JavaScript.
  const typedCents = parseDollars(typed);
  const withTyped = typedCents === undefined ? null : page.balanceCents + typedCents;
  const sums: { tip: string; label: string }[] = [
    { tip: "none", label: `Pay ${formatAmount(page.balanceCents)}` },
    ...page.tips.map((t) => ({ tip: String(t.percent), label: `Pay ${formatAmount(page.balanceCents + t.cents)}` })),
    { tip: "amount", label: withTyped === null ? "Pay by card" : `Pay ${formatAmount(withTyped)}` },
  ];
  const tipError = page.errors.tip?.[0] ?? null;
  const amountError = page.errors.tipAmount?.[0] ?? null;
  return (
    <DepositPage title={`Pay invoice ${page.number}`}>
      <p className="mt-4 text-lg text-slate-700">
        Balance due: <strong className="text-brand-900">{formatAmount(page.balanceCents)}</strong>
      </p>
      {page.message ? (
        <p role="alert" className="mt-4 rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-900">
          {page.message}
        </p>
      ) : null}
      <form ref={form} method="post" className="pay-form mt-6 grid gap-5" noValidate>
        <fieldset aria-describedby={tipError ? "tip-error" : undefined}>
          <legend className="text-lg font-bold text-brand-900">Add a tip for the crew? (optional)</legend>
          <p className="text-slate-700">The tip goes to the crew, on top of the balance.</p>
          {tipError ? (
            <p id="tip-error" className="mt-1 font-semibold text-red-800">
              {tipError}
            </p>
          ) : null}
          <div className="mt-3 grid gap-2">
            <Choice value="none" label="No tip" first={page.values.tip} />
            {page.tips.map((t) => (
              <Choice
                key={t.percent}
                value={String(t.percent)}
                label={`${t.percent}% tip: ${formatAmount(t.cents)} (you pay ${formatAmount(page.balanceCents + t.cents)})`}
                first={page.values.tip}
              />
            ))}
            <Choice value="amount" label="Another amount" first={page.values.tip} />
          </div>
          <div className="mt-3 grid gap-1">
            <label htmlFor="tip-amount" className="font-semibold">
              Tip amount in dollars (with &ldquo;Another amount&rdquo;)
            </label>
            <input
              id="tip-amount"
              name="tipAmount"
              type="text"
              inputMode="decimal"
              autoComplete="off"
              maxLength={20}
              defaultValue={page.values.tipAmount}
              onChange={(e) => {
                setTyped(e.target.value);
                const other = form.current?.querySelector<HTMLInputElement>(`#${tipChoiceId("amount")}`);
                if (e.target.value && other) other.checked = true;
              }}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={amountError ? "tip-amount-error" : undefined}
              className="w-40 rounded-md border border-slate-400 px-3 py-2 text-lg"
            />
            {amountError ? (
              <p id="tip-amount-error" className="font-semibold text-red-800">
                {amountError}
              </p>
            ) : null}
          </div>
        </fieldset>
        <p>
          <button type="submit" className="btn-primary text-lg">
            {sums.map(({ tip, label }) => (
              <span key={tip} className="pay-sum" data-tip={tip}>
                {label}
              </span>
            ))}
            <span className="pay-any">Pay by card</span>
          </button>
        </p>
        <p className="text-sm text-slate-700">
          The card payment is taken on Stripe&rsquo;s secure page; we never see your card. You get a receipt by e-mail.
        </p>
      </form>
      <BackToInvoice href={page.invoicePath} />
    </DepositPage>
  );
}

function Choice({
  value,
  label,
  first,
}: {
  value: string;
  label: string;
  /** The choice the page opened with (the radios are the form's own: the app may start after a choice). */
  first: string;
}) {
  const id = tipChoiceId(value);
  return (
    <div className="flex items-center gap-3">
      <input type="radio" id={id} name="tip" value={value} defaultChecked={first === value} className="size-6" />
      <label htmlFor={id} className="text-lg">
        {label}
      </label>
    </div>
  );
}
