import { QuotePageView } from "../components/quote.tsx";
import { business } from "../content/business.ts";
import { seo } from "../lib/seo.ts";
import { quoteAction, quoteHeaders, quoteLoader } from "../server/features/quotes/quote-page.server.ts";
import { getApp } from "../server/kit/context.server.ts";
import { remindMeLinkOf } from "../server/features/reminders/link-pages.server.ts";
import { quoteDeposits } from "../server/quote-deposits.server.ts";
import type { Route } from "./+types/quote";

/**
 * A firm quote sent from the owner's inbox (docs/decisions/031-quotes.md): /quote?t=<signed token>, one version of
 * one quote; its POST accepts or declines it. Rendered per request, never prerendered or indexed
 * (app/server/features/quotes/quote-page.server.ts).
 */
/** The seasonal reminders' "Remind me when it's due", offered once the quote is accepted. */
const remindMe = (context: Route.LoaderArgs["context"]) => {
  const { database, env } = getApp(context);
  return (leadId: string) => remindMeLinkOf(database, env, leadId);
};

export const loader = ({ request, context }: Route.LoaderArgs) =>
  quoteLoader(context, request, quoteDeposits(getApp(context)), remindMe(context));
export const action = ({ request, context }: Route.ActionArgs) =>
  quoteAction(context, request, quoteDeposits(getApp(context)), remindMe(context));

export const headers = quoteHeaders;

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Your quote",
    description: `Your firm quote from ${business.name}: choose an option and accept it online.`,
    path: "/quote",
    keywords: [],
    noindex: true,
  });

export default function Quote({ loaderData, actionData }: Route.ComponentProps) {
  return <QuotePageView page={actionData ?? loaderData} phone={business.phone} />;
}
