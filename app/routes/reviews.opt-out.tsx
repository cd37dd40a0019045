import { LinkPage } from "../components/newsletter-link-page.tsx";
import { business } from "../content/business.ts";
import { seo } from "../lib/seo.ts";
import { optOutAction, optOutLoader, type OptOutState } from "../server/features/reviews/opt-out.server.ts";
import type { Route } from "./+types/reviews.opt-out";

/**
 * The opt-out link of the review request e-mail, and its List-Unsubscribe header. GET shows a button (a mail
 * scanner that follows the link opts no one out); a POST records it, whether the button's or a mail program's
 * RFC 8058 one-click POST. No sign-in: the signed token is the authority.
 */
export const loader = ({ request, context }: Route.LoaderArgs) => optOutLoader(context, request);
export const action = ({ request, context }: Route.ActionArgs) => optOutAction(context, request);

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Stop review requests",
    description: "Ask us not to e-mail you about reviews.",
    path: "/reviews/opt-out",
    keywords: [],
    noindex: true,
  });

const COPY: Record<OptOutState, { title: string; text: string; button?: string; done?: boolean }> = {
  asked: {
    title: "Stop review requests?",
    text: `${business.name} will not e-mail this address about reviews again, for any job. It takes one click.`,
    button: "Do not ask me for reviews",
  },
  "opted-out": {
    title: "You will not be asked for reviews",
    text: "We will not e-mail this address about reviews again. We still answer your requests and send what you book with us.",
    done: true,
  },
  expired: {
    title: "This link has expired",
    text: "Reply to our e-mail or call us and we will stop review requests to your address by hand.",
  },
  invalid: {
    title: "This link is not valid",
    text: "The link may be incomplete: copy the whole link from the e-mail into the address bar, or call us and we will stop review requests by hand.",
  },
};

export default function ReviewOptOut({ loaderData, actionData }: Route.ComponentProps) {
  const { state, token } = actionData ?? loaderData;
  return <LinkPage state={state} token={token} copy={COPY[state]} phone={business.phone} />;
}
