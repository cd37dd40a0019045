import { NewsletterLinkPage } from "../components/newsletter-link-page.tsx";
import { business } from "../content/business.ts";
import { seo } from "../lib/seo.ts";
import { linkAction, linkLoader, type LinkState } from "../server/features/newsletter/link-pages.server.ts";
import type { Route } from "./+types/newsletter.confirm";

/**
 * The link in the sign-up's confirmation e-mail (double opt-in). GET shows a button (a mail scanner that
 * follows the link confirms nothing); its POST confirms the address and comes back here (Post/Redirect/Get).
 */
export const loader = ({ request, context }: Route.LoaderArgs) => linkLoader(context, request, "confirm");
export const action = ({ request, context }: Route.ActionArgs) => linkAction(context, request, "confirm");

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Confirm your newsletter subscription",
    description: "Confirm your subscription to our seasonal exterior cleaning tips.",
    path: "/newsletter/confirm",
    keywords: [],
    noindex: true,
  });

const copy = (state: LinkState) =>
  ({
    pending: {
      title: "Confirm your subscription",
      text: "One click and you will get our seasonal exterior cleaning tips: a few short e-mails a year. Every e-mail has an unsubscribe link.",
      button: "Confirm my subscription",
    },
    confirmed: {
      title: "Your subscription is confirmed",
      text: "Thank you! Expect a few short e-mails a year with seasonal tips. Every e-mail has a link to unsubscribe with one click.",
      done: true,
    },
    unsubscribed: {
      title: "This address is unsubscribed",
      text: "This address was unsubscribed, so this link no longer subscribes it. To get our tips again, sign up on the newsletter page.",
    },
    expired: {
      title: "This confirmation link has expired",
      text: "Confirmation links work for 7 days. Sign up again on the newsletter page and we will e-mail you a new link.",
    },
    invalid: {
      title: "This link is not valid",
      text: "The link may be incomplete: copy the whole link from the e-mail into the address bar, or sign up again on the newsletter page.",
    },
    unknown: {
      title: "This sign-up no longer exists",
      text: "We could not find this sign-up. Sign up again on the newsletter page if you would like our tips.",
    },
  })[state];

export default function NewsletterConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const { state, token } = actionData ?? loaderData;
  return <NewsletterLinkPage state={state} token={token} copy={copy(state)} phone={business.phone} />;
}
