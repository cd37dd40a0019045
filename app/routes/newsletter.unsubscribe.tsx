import { NewsletterLinkPage } from "../components/newsletter-link-page.tsx";
import { business } from "../content/business.ts";
import { seo } from "../lib/seo.ts";
import { linkAction, linkLoader, type LinkState } from "../server/features/newsletter/link-pages.server.ts";
import type { Route } from "./+types/newsletter.unsubscribe";

/**
 * The unsubscribe link of every e-mail to a subscriber, and its List-Unsubscribe header. GET shows a button
 * (a mail scanner that follows the link unsubscribes no one); a POST unsubscribes at once, whether it is the
 * button's or a mail program's RFC 8058 one-click POST. No sign-in: the signed token is the authority.
 */
export const loader = ({ request, context }: Route.LoaderArgs) => linkLoader(context, request, "unsubscribe");
export const action = ({ request, context }: Route.ActionArgs) => linkAction(context, request, "unsubscribe");

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Unsubscribe from our newsletter",
    description: "Stop receiving our seasonal exterior cleaning tips.",
    path: "/newsletter/unsubscribe",
    keywords: [],
    noindex: true,
  });

const copy = (state: LinkState) =>
  ({
    pending: {
      title: "Cancel your sign-up?",
      text: "This address has not confirmed its subscription yet. Cancel it and we will not e-mail it again.",
      button: "Unsubscribe",
    },
    confirmed: {
      title: "Unsubscribe from our tips?",
      text: "You will stop receiving our seasonal exterior cleaning tips. It takes one click.",
      button: "Unsubscribe",
    },
    unsubscribed: {
      title: "You are unsubscribed",
      text: "You will not receive any more newsletter e-mails from us. Changed your mind? Sign up again on the newsletter page.",
      done: true,
    },
    expired: {
      title: "This unsubscribe link has expired",
      text: "Use the unsubscribe link in our most recent e-mail, or reply to any of our e-mails and we will remove your address by hand.",
    },
    invalid: {
      title: "This link is not valid",
      text: "The link may be incomplete: copy the whole link from the e-mail into the address bar, or reply to the e-mail and we will remove your address by hand.",
    },
    unknown: {
      title: "This address is not on our list",
      text: "We could not find this sign-up: it has been removed, and you will not receive our newsletter.",
    },
  })[state];

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { state, token } = actionData ?? loaderData;
  return <NewsletterLinkPage state={state} token={token} copy={copy(state)} phone={business.phone} />;
}
