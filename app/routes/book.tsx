import { BrowseView, ProblemView, RequestView } from "../components/booking.tsx";
import { business } from "../content/business.ts";
import { seo } from "../lib/seo.ts";
import {
  bookingHeaders,
  browseLoader,
  linkAction,
  linkLoader,
} from "../server/features/bookings/booking-page.server.ts";
import { paidDepositCents } from "../server/features/payments/deposits.server.ts";
import type { Route } from "./+types/book";

/**
 * Choosing an arrival window (docs/decisions/020-booking.md). With the link after a request (/book?r=<signed token>):
 * the open windows of the request's ZIP code, one form; its POST asks for the window. Without a link
 * (/book?service=…&zipcode=…): the open windows as information. Rendered per request, never prerendered or indexed
 * (app/server/features/bookings/booking-page.server.ts).
 */
// The deposit paid (payments) for the late-cancellation rule the page states and applies.
export const loader = ({ request, context }: Route.LoaderArgs) =>
  new URL(request.url).searchParams.has("r")
    ? linkLoader(context, request, "book", paidDepositCents)
    : browseLoader(context, request);
export const action = ({ request, context }: Route.ActionArgs) =>
  linkAction(context, request, "book", paidDepositCents);

export const headers = bookingHeaders;

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Choose an arrival window",
    description: `Choose when our crew arrives for your exterior cleaning estimate or job. We confirm by e-mail within ${business.replyWithinHours} hours.`,
    path: "/book",
    keywords: [],
    noindex: true,
  });

export default function Book({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  const { phone, replyWithinHours } = business;
  if (page.state === "browse") return <BrowseView page={page} phone={phone} />;
  if (page.state === "ok")
    return <RequestView page={page} purpose="book" phone={phone} replyWithinHours={replyWithinHours} />;
  return <ProblemView page={page} purpose="book" phone={phone} />;
}
