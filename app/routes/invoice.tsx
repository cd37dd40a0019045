import { InvoicePageView } from "../components/invoice.tsx";
import { business } from "../content/business.ts";
import { seo } from "../lib/seo.ts";
import { paymentBeingRecorded } from "../server/features/payments/balance.server.ts";
import { paymentsConfigured } from "../server/features/payments/deposits.server.ts";
import { invoiceHeaders, invoiceLoader } from "../server/features/invoices/invoice-page.server.ts";
import { getApp } from "../server/kit/context.server.ts";
import type { Route } from "./+types/invoice";

/**
 * A customer's invoice (issue 41): /invoice?t=<signed link> from the invoice's e-mail and text. Rendered per
 * request, never prerendered, indexed or stored (app/server/features/invoices/invoice-page.server.ts); the
 * payments feature says whether a card payment is offered, and whether one made is still being confirmed.
 */
export const loader = ({ request, context }: Route.LoaderArgs) => {
  const app = getApp(context);
  return invoiceLoader(context, request, paymentsConfigured(app.env), (id, returned) =>
    paymentBeingRecorded(app, id, returned),
  );
};

export const headers = invoiceHeaders;

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Your invoice",
    description: `Your invoice from ${business.name}: what the job cost, what you paid and what is left.`,
    path: "/invoice",
    keywords: [],
    noindex: true,
  });

export default function Invoice({ loaderData }: Route.ComponentProps) {
  return <InvoicePageView page={loaderData} phone={business.phone} />;
}
