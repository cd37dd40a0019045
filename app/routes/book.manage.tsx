import { ProblemView, RequestView } from "../components/booking.tsx";
import { business } from "../content/business.ts";
import { seo } from "../lib/seo.ts";
import { bookingHeaders, linkAction, linkLoader } from "../server/features/bookings/booking-page.server.ts";
import { paidDepositCents } from "../server/features/payments/deposits.server.ts";
import type { Route } from "./+types/book.manage";

/**
 * The link in every booking e-mail (/book/manage?t=<signed token>): the booking's state and window, the
 * owner's note, and as its state allows: accept a proposed window, cancel (a required "Yes, cancel" box), or
 * choose another window. A GET changes nothing; each POST redirects back here (app/server/features/bookings/booking-page.server.ts).
 */
// The deposit paid (payments) for the late-cancellation rule the page states and applies.
export const loader = ({ request, context }: Route.LoaderArgs) =>
  linkLoader(context, request, "manage", paidDepositCents);
export const action = ({ request, context }: Route.ActionArgs) =>
  linkAction(context, request, "manage", paidDepositCents);

export const headers = bookingHeaders;

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Your arrival window",
    description: "See, accept, change or cancel the arrival window of your exterior cleaning job.",
    path: "/book/manage",
    keywords: [],
    noindex: true,
  });

export default function ManageBooking({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  const { phone, replyWithinHours } = business;
  if (page.state === "ok")
    return <RequestView page={page} purpose="manage" phone={phone} replyWithinHours={replyWithinHours} />;
  return <ProblemView page={page} purpose="manage" phone={phone} />;
}
