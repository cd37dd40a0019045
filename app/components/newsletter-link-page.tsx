/**
 * The page behind an e-mail's link that acts without a sign-in (the newsletter's confirm and unsubscribe links,
 * the review request's opt-out): the state, and a one-button form where there is something to do.
 */
import { CircleAlert, CircleCheck, Mail } from "lucide-react";
import { Link } from "react-router";
import type { LinkState } from "../server/features/newsletter/link-pages.server.ts";

interface Copy {
  title: string;
  text: string;
  /** The button that does it, when the state allows. */
  button?: string;
  done?: boolean;
}

export function LinkPage({
  state,
  token,
  copy,
  phone,
  related = null,
}: {
  state: string;
  token: string;
  copy: Copy;
  phone: { display: string; href: string };
  /** A page to go on to (the newsletter's sign-up), shown beside the state. */
  related?: { to: string; label: string } | null;
}) {
  const Icon = copy.done ? CircleCheck : copy.button ? Mail : CircleAlert;
  return (
    <div className="max-w-xl" data-state={state}>
      <h1 className="flex items-center gap-2 text-3xl font-extrabold tracking-tight text-brand-900">
        <Icon className={`size-8 ${copy.done ? "text-green-700" : "text-brand-700"}`} aria-hidden="true" />
        {copy.title}
      </h1>
      <p className="mt-4 text-lg text-slate-700">{copy.text}</p>
      {copy.button ? (
        <form method="post" action={`?t=${encodeURIComponent(token)}`} className="mt-6">
          <button type="submit" className="btn-primary">
            {copy.button}
          </button>
        </form>
      ) : null}
      {related ? (
        <p className="mt-6">
          <Link to={related.to} className="btn-secondary">
            {related.label}
          </Link>
        </p>
      ) : null}
      <p className="mt-8 text-slate-700">
        Questions? Call us at{" "}
        <a href={phone.href} className="font-semibold text-brand-700 underline">
          {phone.display}
        </a>
        .{" "}
        <Link to="/" className="font-semibold text-brand-700 underline">
          Return to Home
        </Link>
      </p>
    </div>
  );
}

/** The newsletter's links: once there is nothing left to do, the way back to the sign-up. */
export function NewsletterLinkPage(props: {
  state: LinkState;
  token: string;
  copy: Copy;
  phone: { display: string; href: string };
}) {
  const done = props.state !== "pending" && props.state !== "confirmed";
  return <LinkPage {...props} related={done ? { to: "/newsletter", label: "Newsletter sign-up" } : null} />;
}
