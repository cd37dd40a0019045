import { CalendarPlus } from "lucide-react";
import { redirect } from "react-router";
import { CALENDAR_FIELDS } from "../forms/admin.ts";
import { signedIn } from "../server/features/admin/guard.server.ts";
import { confirmedBookings } from "../server/features/bookings/bookings.server.ts";
import {
  FEED_PAST_DAYS,
  feedToken,
  feedUrl,
  renewFeedToken,
} from "../server/features/bookings/calendar-feed.server.ts";
import { formFields, HttpError, readFields } from "../server/kit/form-body.server.ts";
import type { Route } from "./+types/admin.calendar";

/** The calendar feed's private address, how to subscribe to it from a phone, and a new address in place of a leaked one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = signedIn(context);
  const now = new Date();
  const url = feedUrl(app.env.SITE_URL, await feedToken(app.database));
  const jobs = (await confirmedBookings(app.database, new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000))).length;
  return {
    url,
    webcal: url.replace(/^https?:/, "webcal:"),
    jobs,
    pastDays: FEED_PAST_DAYS,
    renewed: new URL(request.url).searchParams.get("renewed") === "1",
  };
}

/** "Make a new address": the old one answers 404 from now on; back to this page (Post/Redirect/Get). */
export async function action({ request, context }: Route.ActionArgs) {
  const { app, owner } = signedIn(context);
  try {
    await readFields(request, formFields(CALENDAR_FIELDS));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw new Response(error.message, { status: error.status });
  }
  await renewFeedToken(app.database);
  app.logger.info({ event: "admin.calendar_feed_renewed", owner: owner.ownerId }, "calendar feed address replaced");
  throw redirect("/admin/calendar?renewed=1", { status: 303 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Calendar feed | Owner inbox" },
  { name: "robots", content: "noindex, nofollow" },
];

function Steps({ children }: { children: React.ReactNode }) {
  return <ol className="mt-2 list-decimal space-y-1.5 pl-6 text-slate-800">{children}</ol>;
}

export default function CalendarPage({ loaderData: r }: Route.ComponentProps) {
  return (
    <div className="max-w-3xl">
      <h1 className="text-2xl font-extrabold tracking-tight text-brand-900">
        Your jobs on your phone&rsquo;s calendar
      </h1>
      <p className="mt-2 text-slate-800">
        Subscribe once to this private address and every arrival window you confirm shows on your phone&rsquo;s
        calendar, with the customer&rsquo;s phone number and a link to the request. Moved and cancelled jobs update
        there too. It lists {r.jobs} confirmed {r.jobs === 1 ? "job" : "jobs"} now (from the last {r.pastDays} days on).
      </p>

      <p className="mt-3">
        <a href="/admin/day" className="font-semibold text-brand-700 underline">
          Today&rsquo;s day sheet
        </a>
        : every job of a day with its address, what was sold and what to collect, ready to print.
      </p>

      {r.renewed ? (
        <p
          role="status"
          className="mt-4 rounded-md border-2 border-green-700 bg-green-50 p-3 font-medium text-green-900"
        >
          A new address is ready. The old one no longer works: remove the old calendar from your phone and subscribe
          again with the address below.
        </p>
      ) : null}

      <div className="mt-5">
        <label htmlFor="feed-url" className="block font-semibold text-slate-900">
          Your calendar&rsquo;s address
        </label>
        {/* A text area, so the whole address shows (wrapped) on a phone; read-only, one tap selects it to copy. */}
        <textarea
          id="feed-url"
          readOnly
          rows={3}
          value={r.url}
          aria-describedby="feed-url-hint"
          spellCheck={false}
          autoComplete="off"
          className="mt-1 block w-full resize-none rounded-md md:h-11 border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-sm break-all text-slate-900"
          data-testid="feed-url"
        />
        <p id="feed-url-hint" className="mt-1 text-sm text-slate-700">
          Select it and copy it. Keep it to yourself: anyone who has it can see your jobs, with your customers&rsquo;
          first names, phone numbers and ZIP codes.
        </p>
      </div>

      <section aria-labelledby="iphone-heading" className="mt-8">
        <h2 id="iphone-heading" className="text-xl font-bold text-brand-900">
          On an iPhone
        </h2>
        <p className="mt-2">
          <a href={r.webcal} className="btn-primary">
            <CalendarPlus className="size-5" aria-hidden="true" />
            Subscribe on this iPhone
          </a>
        </p>
        <p className="mt-3 text-slate-800">
          Open this page on the iPhone and tap the button, then Subscribe. Or by hand:
        </p>
        <Steps>
          <li>Open Settings, then Calendar (on iOS 18: Settings, Apps, Calendar).</li>
          <li>Tap Calendar Accounts (or Accounts), Add Account, Other, Add Subscribed Calendar.</li>
          <li>Paste the address above, tap Next, then Save.</li>
        </Steps>
      </section>

      <section aria-labelledby="android-heading" className="mt-8">
        <h2 id="android-heading" className="text-xl font-bold text-brand-900">
          On Android (Google Calendar)
        </h2>
        <p className="mt-2 text-slate-800">
          The Google Calendar app cannot add an address itself; do it once on a computer:
        </p>
        <Steps>
          <li>Open calendar.google.com, signed in with the Google account your phone uses.</li>
          <li>Beside &ldquo;Other calendars&rdquo;, choose +, then From URL.</li>
          <li>Paste the address above and choose Add calendar.</li>
          <li>On the phone, in Google Calendar&rsquo;s settings, open the new calendar and turn Sync on.</li>
        </Steps>
        <p className="mt-2 text-sm text-slate-700">
          Google refreshes a subscribed calendar on its own schedule, often only every few hours: a job you have just
          confirmed can take a while to appear there.
        </p>
      </section>

      <section aria-labelledby="renew-heading" className="mt-8 rounded-lg border border-slate-200 bg-slate-50 p-4">
        <h2 id="renew-heading" className="text-xl font-bold text-brand-900">
          Make a new address
        </h2>
        <p className="mt-2 text-slate-800">
          If the address got out (a lost phone, a forwarded e-mail), replace it. The old address stops working at once;
          subscribe again with the new one on each phone.
        </p>
        <form method="post" className="mt-3">
          <button type="submit" className="btn-secondary">
            Make a new address
          </button>
        </form>
      </section>
    </div>
  );
}
