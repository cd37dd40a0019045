import { CircleAlert, CircleCheck, MailX } from "lucide-react";
import { Link } from "react-router";
import { business } from "../content/business.ts";
import { seo } from "../lib/seo.ts";
import { optOutAction, optOutLoader, type OptOutState } from "../server/reviews/opt-out.server.ts";
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

const COPY: Record<OptOutState, { title: string; text: string; button?: string }> = {
  asked: {
    title: "Stop review requests?",
    text: `${business.name} will not e-mail this address about reviews again, for any job. It takes one click.`,
    button: "Do not ask me for reviews",
  },
  "opted-out": {
    title: "You will not be asked for reviews",
    text: "We will not e-mail this address about reviews again. We still answer your requests and send what you book with us.",
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
  const copy = COPY[state];
  const done = state === "opted-out";
  const Icon = done ? CircleCheck : copy.button ? MailX : CircleAlert;
  return (
    <div className="max-w-xl" data-state={state}>
      <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight text-brand-900">
        <Icon className={`size-8 ${done ? "text-green-700" : "text-brand-700"}`} aria-hidden="true" />
        {copy.title}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{copy.text}</p>
      {copy.button ? (
        <form method="post" action={`?t=${encodeURIComponent(token)}`} className="mt-6">
          <button type="submit" className="btn-primary w-full sm:w-auto">
            {copy.button}
          </button>
        </form>
      ) : null}
      <p className="mt-8 text-slate-700">
        Questions? Call us at{" "}
        <a href={business.phone.href} className="font-semibold text-brand-700 underline">
          {business.phone.display}
        </a>
        .{" "}
        <Link to="/" className="font-semibold text-brand-700 underline">
          Return to Home
        </Link>
      </p>
    </div>
  );
}
