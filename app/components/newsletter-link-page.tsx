/** The page behind a newsletter e-mail's confirm or unsubscribe link: the state, and a one-button form where there is something to do. */
import { CircleAlert, CircleCheck, Mail } from "lucide-react";
import { Link } from "react-router";
import type { LinkState } from "../server/newsletter-links.server.ts";

interface Copy {
  title: string;
  text: string;
  /** The button that does it, when the state allows. */
  button?: string;
  done?: boolean;
}

export function NewsletterLinkPage({
  state,
  token,
  copy,
  phone,
}: {
  state: LinkState;
  token: string;
  copy: Copy;
  phone: { display: string; href: string };
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
      {state !== "pending" && state !== "confirmed" ? (
        <p className="mt-6">
          <Link to="/newsletter" className="btn-secondary">
            Newsletter sign-up
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
