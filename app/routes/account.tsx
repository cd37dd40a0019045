import { AccountView, LinkPageView } from "../components/account.tsx";
import { business } from "../content/business.ts";
import { seo } from "../lib/seo.ts";
import { accountAction, accountHeaders, accountLoader } from "../server/account.server.ts";
import { getApp } from "../server/kit/context.server.ts";
import { HttpError, readFormData } from "../server/kit/form-body.server.ts";
import type { Route } from "./+types/account";

/**
 * The customer's page (issue 43): /account?t=<account link> from any e-mail or text the site sends a customer, or
 * from "Send me my link"; without a link, the form that sends one. Rendered per request, never prerendered,
 * indexed or stored (app/server/account.server.ts); a preference is changed by a plain form post to this address.
 */
export const loader = ({ request, context }: Route.LoaderArgs) => {
  if (!new URL(request.url).searchParams.has("t")) return { state: "ask" as const };
  return accountLoader(getApp(context), request);
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request).catch((error: unknown) => {
    if (error instanceof HttpError)
      throw new Response(error.message, {
        status: error.status,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    throw error;
  });
  return accountAction(getApp(context), form);
}

export const headers = accountHeaders;

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Your requests",
    description: `Your requests with ${business.name}: quotes, arrival windows, invoices and preferences.`,
    path: "/account",
    keywords: [],
    noindex: true,
  });

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  if (page.state === "open") return <AccountView page={page} phone={business.phone} />;
  return <LinkPageView problem={page.state === "ask" ? null : page.state} phone={business.phone} />;
}
