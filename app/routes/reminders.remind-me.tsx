import { LinkPage } from "../components/newsletter-link-page.tsx";
import { business } from "../content/business.ts";
import { seo } from "../lib/seo.ts";
import { remindMeAction, remindMeLoader, type RemindMeState } from "../server/features/reminders/link-pages.server.ts";
import type { Route } from "./+types/reminders.remind-me";

/**
 * "Remind me when it's due": the link of the completed job's e-mail and of the accepted quote's page. GET shows
 * what would be reminded and a button (a mail scanner that opens the link agrees to nothing); its POST records the
 * customer's consent with the time, then the page says when the first reminder comes. No sign-in: the signed
 * token names the request.
 */
export const loader = ({ request, context }: Route.LoaderArgs) => remindMeLoader(context, request);
export const action = ({ request, context }: Route.ActionArgs) => remindMeAction(context, request);

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Remind me when it's due",
    description: "One e-mail when a service is due again, only if you ask for it.",
    path: "/reminders/remind-me",
    keywords: [],
    noindex: true,
  });

function copyOf(page: RemindMeState): { title: string; text: string; button?: string; done?: boolean } {
  switch (page.state) {
    case "offer":
      return {
        title: "Remind me when it's due",
        text: `We will send one e-mail to this address when your ${page.services} is due again, with a link to ask us in one tap and a link to stop the reminders. Nothing else.`,
        button: "Yes, remind me",
      };
    case "reminding":
      return {
        title: "We will remind you",
        text: `You will get an e-mail when your ${page.services} is due${page.next ? `: the next one around ${page.next}` : ""}. Each reminder has a link to stop them.`,
        done: true,
      };
    case "expired":
      return { title: "This link has expired", text: "Call us and we will set up the reminder by hand." };
    case "not-found":
      return {
        title: "No reminder for this job",
        text: "This job is no longer on file or none of its services has a reminder. Call us and we will help.",
      };
    default:
      return {
        title: "This link is not valid",
        text: "The link may be incomplete: copy the whole link from the e-mail into the address bar, or call us.",
      };
  }
}

export default function RemindMe({ loaderData, actionData }: Route.ComponentProps) {
  const { page, token } = actionData ?? loaderData;
  return <LinkPage state={page.state} token={token} copy={copyOf(page)} phone={business.phone} />;
}
