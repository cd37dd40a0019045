import { DepositPage, NotPaidText } from "../components/deposit-page.tsx";
import { seo } from "../lib/seo.ts";
import { depositPageHeaders } from "../server/features/payments/return-pages.server.ts";
import type { Route } from "./+types/deposit.not-paid";

/** Where Stripe Checkout sends a customer who left the payment page without paying (docs/decisions/032-deposits.md). */
export const headers = depositPageHeaders;

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Deposit not paid",
    description: "You can pay the deposit from the quote page or at the job.",
    path: "/deposit/not-paid",
    keywords: [],
    noindex: true,
  });

export default function DepositNotPaid() {
  return (
    <DepositPage title="Deposit not paid">
      <NotPaidText />
    </DepositPage>
  );
}
