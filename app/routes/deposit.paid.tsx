import { Link } from "react-router";
import { CircleCheck, Clock } from "lucide-react";
import { CallUs, DepositPage, NotPaidText } from "../components/deposit-page.tsx";
import { formatAmount } from "../lib/money.ts";
import { seo } from "../lib/seo.ts";
import { getApp } from "../server/kit/context.server.ts";
import { depositPageHeaders, depositReturnLoader } from "../server/features/payments/return-pages.server.ts";
import type { Route } from "./+types/deposit.paid";

/**
 * Where Stripe Checkout sends the customer after paying a deposit (docs/decisions/032-deposits.md). What it
 * says comes from Stripe's webhook, not from the URL: until the webhook arrives, "processing".
 */
export const loader = ({ request, context }: Route.LoaderArgs) => depositReturnLoader(getApp(context), request);
export const headers = depositPageHeaders;

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Your deposit",
    description: "Whether your deposit reached us.",
    path: "/deposit/paid",
    keywords: [],
    noindex: true,
  });

export default function DepositPaid({ loaderData }: Route.ComponentProps) {
  if (loaderData.state === "unknown")
    return (
      <DepositPage title="We could not find this payment">
        <p className="mt-4 text-lg text-slate-700">
          The link may be incomplete. If you paid a deposit, its receipt from Stripe is in your e-mail; questions? Call
          us at <CallUs />.
        </p>
      </DepositPage>
    );
  const amount = formatAmount(loaderData.amountCents, loaderData.currency);
  if (loaderData.state === "not-paid")
    return (
      <DepositPage title="Deposit not paid">
        <NotPaidText what={`The deposit of ${amount} for quote ${loaderData.quoteRef} was not paid.`} />
      </DepositPage>
    );
  const paid = loaderData.state === "paid";
  return (
    <DepositPage>
      <div
        role="status"
        className={`rounded-lg border-2 p-4 text-slate-800 ${paid ? "border-green-700 bg-green-50" : "border-amber-600 bg-amber-50"}`}
      >
        <h1 className="flex items-center gap-2 text-2xl font-extrabold text-brand-900">
          {paid ? (
            <CircleCheck className="size-7" aria-hidden="true" />
          ) : (
            <Clock className="size-7" aria-hidden="true" />
          )}
          {paid ? "Deposit received — thank you" : "Your deposit is processing"}
        </h1>
        <p className="mt-2">
          {paid
            ? `We received your deposit of ${amount} for quote ${loaderData.quoteRef}. Stripe e-mails you the receipt.`
            : `Stripe is confirming your deposit of ${amount} for quote ${loaderData.quoteRef}. This usually takes a few seconds; some payment methods take a few days. Stripe e-mails you the receipt.`}
        </p>
        {paid ? null : (
          <p className="mt-2">
            <a href={loaderData.self} className="font-semibold text-brand-700 underline">
              Check again
            </a>
          </p>
        )}
        <p className="mt-2">
          Questions? Call us at <CallUs />.
        </p>
      </div>
      {paid && loaderData.next ? (
        <p className="mt-6">
          <Link to={loaderData.next} className="btn-primary">
            Choose an arrival window
          </Link>
        </p>
      ) : null}
    </DepositPage>
  );
}
