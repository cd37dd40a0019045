import { LinkPage } from "../components/newsletter-link-page.tsx";
import { business } from "../content/business.ts";
import { seo } from "../lib/seo.ts";
import {
  reminderOptOutAction,
  reminderOptOutLoader,
  type ReminderOptOutState,
} from "../server/features/reminders/link-pages.server.ts";
import type { Route } from "./+types/reminders.opt-out";

/**
 * The opt-out link of a seasonal reminder, and its List-Unsubscribe header. GET shows a button (a mail scanner
 * that follows the link opts no one out); a POST records it, whether the button's or a mail program's RFC 8058
 * one-click POST. No sign-in: the signed token is the authority.
 */
export const loader = ({ request, context }: Route.LoaderArgs) => reminderOptOutLoader(context, request);
export const action = ({ request, context }: Route.ActionArgs) => reminderOptOutAction(context, request);

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Stop seasonal reminders",
    description: "Ask us not to e-mail you when a service is due again.",
    path: "/reminders/opt-out",
    keywords: [],
    noindex: true,
  });

const COPY: Record<ReminderOptOutState, { title: string; text: string; button?: string; done?: boolean }> = {
  reminding: {
    title: "Stop seasonal reminders?",
    text: `${business.name} will not e-mail this address when a service is due again. It takes one click.`,
    button: "Stop these reminders",
  },
  "opted-out": {
    title: "No more reminders",
    text: "We will not e-mail this address when a service is due again. We still answer your requests and send what you book with us.",
    done: true,
  },
  expired: {
    title: "This link has expired",
    text: "Reply to our e-mail or call us and we will stop the reminders by hand.",
  },
  invalid: {
    title: "This link is not valid",
    text: "The link may be incomplete: copy the whole link from the e-mail into the address bar, or call us and we will stop the reminders by hand.",
  },
};

export default function ReminderOptOut({ loaderData, actionData }: Route.ComponentProps) {
  const { state, token } = actionData ?? loaderData;
  return <LinkPage state={state} token={token} copy={COPY[state]} phone={business.phone} />;
}
