import { LinkPageView } from "../components/account.tsx";
import { business } from "../content/business.ts";
import { seo } from "../lib/seo.ts";
import { accountHeaders, linkAskAction } from "../server/account.server.ts";
import { getApp } from "../server/kit/context.server.ts";
import type { Route } from "./+types/account.link";

/**
 * "Send me my link" (issue 43): one field, an e-mail address or a mobile number; the same answer whatever is
 * typed (app/server/features/account/link-request.server.ts). Never indexed or stored.
 */
export const loader = ({ request }: Route.LoaderArgs) => ({
  sent: new URL(request.url).searchParams.get("sent") === "1",
  error: null,
  value: "",
});

export const action = ({ request, context }: Route.ActionArgs) => linkAskAction(getApp(context), request);

export const headers = accountHeaders;

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Send me my link",
    description: `The link to your requests with ${business.name}, sent to the e-mail address or mobile number you gave us.`,
    path: "/account/link",
    keywords: [],
    noindex: true,
  });

export default function AccountLink({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  return <LinkPageView sent={page.sent} error={page.error} value={page.value} phone={business.phone} />;
}
