/**
 * The arrival-window pages (/book, /book/manage): the request, its booking's state, the open windows as one
 * radio group (a fieldset per day) and the visitor's actions. Plain HTML forms: they work before and without
 * JavaScript; the server answers each POST with a redirect back here (app/server/features/bookings/booking-page.server.ts).
 */
import { CalendarCheck, CalendarClock, CalendarX, CircleAlert, CircleCheck, Clock } from "lucide-react";
import { Link } from "react-router";
import { CallLink, type Phone, ProblemNotice } from "./problem-notice.tsx";
import type {
  BookingView,
  BrowsePage,
  DayOption,
  LinkProblem,
  ProblemPage,
  RequestPage,
  RuleView,
} from "../server/features/bookings/booking-page.server.ts";

type Purpose = "book" | "manage";

/**
 * The open windows, a compact card per day: one radio group for the whole list, chosen with the arrow keys or a tap. A
 * phone shows two weeks of days, about two screens: the send button sits in a bar that stays at the bottom of
 * the screen (above the phone's quick-actions bar) while the list is in view, so a window chosen anywhere is sent
 * without scrolling to the list's end. Plain CSS (sticky): the same before and without JavaScript; the button
 * stays last in the form, so the keyboard and a screen reader reach it right after the list, and a focused
 * window scrolled into view keeps clear of the bar (its scroll margin).
 */
export function WindowPicker({
  days,
  action,
  error,
  details,
}: {
  days: DayOption[];
  action: string;
  error: string | null;
  /** The service address (asked when the request has none) and the note for the crew, between the list and the bar. */
  details?: Pick<RequestPage, "needsAddress" | "accessNote" | "accessNoteMax">;
}) {
  return (
    <form
      id="window-form"
      method="post"
      action={action}
      className="mt-4"
      aria-describedby={error ? "window-error" : undefined}
    >
      <input type="hidden" name="intent" value="reschedule" />
      <div className="grid gap-2 md:grid-cols-2 md:gap-3">
        {days.map((day) => (
          <fieldset key={day.day} className="rounded-lg border border-slate-200 bg-white px-3 py-2 shadow-sm">
            <legend className="float-left w-full text-base font-bold text-brand-900">{day.label}</legend>
            <div className="clear-both grid grid-cols-2 gap-1.5 pt-1.5">
              {day.windows.map((w) => (
                <label
                  key={w.value}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border-2 border-slate-300 px-2 py-1.5 text-sm font-semibold whitespace-nowrap text-slate-800 has-checked:border-brand-700 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-700 sm:px-3 sm:text-base"
                >
                  <input
                    type="radio"
                    name="window"
                    value={w.value}
                    required
                    className="size-4 scroll-mb-24 accent-brand-700"
                  />
                  {w.label}
                </label>
              ))}
            </div>
          </fieldset>
        ))}
      </div>
      {details ? <JobDetails details={details} /> : null}
      <div className="sticky bottom-(--bottom-bar) z-20 -mx-4 mt-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgb(15_23_42/0.08)] sm:mx-0 sm:rounded-t-lg sm:px-3">
        <button type="submit" className="btn-primary w-full sm:w-auto">
          Request this window
        </button>
      </div>
    </form>
  );
}

const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600";

/** Where the crew goes (required when the request gave no street address) and what it should know to get in. */
function JobDetails({ details }: { details: Pick<RequestPage, "needsAddress" | "accessNote" | "accessNoteMax"> }) {
  return (
    <div className="mt-6 grid max-w-xl gap-4">
      {details.needsAddress ? (
        <div>
          <label htmlFor="window-address" className="block text-sm font-semibold text-slate-800">
            Street address where we will work
            <span className="text-red-700" aria-hidden="true">
              {" *"}
            </span>
          </label>
          <input
            id="window-address"
            name="address"
            type="text"
            autoComplete="address-line1"
            required
            maxLength={120}
            aria-describedby="window-address-hint"
            className={fieldClass}
          />
          <p id="window-address-hint" className="mt-1 text-sm text-slate-600">
            Number, street and unit, like 1234 W Main St, Apt 5.
          </p>
        </div>
      ) : null}
      <div>
        <label htmlFor="window-access" className="block text-sm font-semibold text-slate-800">
          A note for the crew (optional)
        </label>
        <textarea
          id="window-access"
          name="accessNote"
          rows={3}
          maxLength={details.accessNoteMax}
          defaultValue={details.accessNote}
          aria-describedby="window-access-hint"
          className={fieldClass}
        />
        <p id="window-access-hint" className="mt-1 text-sm text-slate-600">
          A gate code, where the outdoor spigot is, a dog in the yard.
        </p>
      </div>
    </div>
  );
}

/** The open windows of a ZIP code as information (no form). */
export function WindowList({ days }: { days: DayOption[] }) {
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2">
      {days.map((day) => (
        <li key={day.day} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <p className="font-bold text-brand-900">{day.label}</p>
          <p className="mt-1 text-slate-700">{day.windows.map((w) => w.label).join(" · ")}</p>
        </li>
      ))}
    </ul>
  );
}

const STATUS_COPY: Record<
  BookingView["status"],
  { title: string; icon: typeof Clock; tone: string; text: (hours: number) => string }
> = {
  requested: {
    title: "Requested — not booked yet",
    icon: Clock,
    tone: "border-amber-600 bg-amber-50",
    text: (hours) =>
      `We confirm your window by e-mail within ${hours} hours, with a calendar invite. If that window no longer works for the crew, we propose another.`,
  },
  proposed: {
    title: "We proposed this window",
    icon: CalendarClock,
    tone: "border-amber-600 bg-amber-50",
    text: () => "Accept it below, or choose another window.",
  },
  confirmed: {
    title: "Confirmed",
    icon: CalendarCheck,
    tone: "border-green-700 bg-green-50",
    text: () => "The crew arrives within this window. We send a reminder by e-mail the day before.",
  },
  declined: {
    title: "We could not offer a window online",
    icon: CalendarX,
    tone: "border-slate-500 bg-slate-50",
    text: () => "We will call or e-mail you to plan the visit.",
  },
  cancelled: {
    title: "Cancelled",
    icon: CalendarX,
    tone: "border-slate-500 bg-slate-50",
    text: () => "This arrival window is cancelled. Want a new date? Choose a new window below.",
  },
};

/** A job the owner marked completed: whatever its window's status, nothing is changed online. */
const COMPLETED_COPY = {
  title: "Job completed",
  icon: CircleCheck,
  tone: "border-green-700 bg-green-50",
  text: () => "",
};

function BookingState({
  booking,
  done,
  hours,
  phone,
}: {
  booking: BookingView;
  done: boolean;
  hours: number;
  phone: Phone;
}) {
  const copy = booking.completed ? COMPLETED_COPY : STATUS_COPY[booking.status];
  const Icon = copy.icon;
  return (
    <div
      role={done ? "status" : undefined}
      data-status={booking.status}
      className={`mt-6 rounded-lg border-l-4 p-4 text-slate-800 ${copy.tone}`}
    >
      <h2 className="flex items-center gap-2 text-xl font-bold text-brand-900">
        <Icon className="size-6 shrink-0" aria-hidden="true" />
        {copy.title}
      </h2>
      <p className="mt-2 text-lg font-semibold">
        {booking.status === "declined" || booking.status === "cancelled" ? "Was: " : ""}
        {booking.dayLabel}, {booking.timesLabel}
      </p>
      {booking.note ? (
        <p className="mt-2">
          <span className="font-semibold">Our note:</span> {booking.note}
        </p>
      ) : null}
      {booking.completed ? (
        <p className="mt-2">
          This job is completed, so it can no longer be cancelled or moved online. Questions? Call us at{" "}
          <CallLink phone={phone} />.
        </p>
      ) : booking.past && booking.status !== "declined" && booking.status !== "cancelled" ? (
        <p className="mt-2">
          This window has begun, so it can no longer be changed online. Questions? Call us at <CallLink phone={phone} />
          .
        </p>
      ) : (
        <p className="mt-2">{copy.text(hours)}</p>
      )}
    </div>
  );
}

/** Why there is no list of windows: the ZIP's area is served by appointment, outside, unknown; or no open window. */
function NoWindows({ rule, daysShown, phone }: { rule: RuleView; daysShown: number; phone: Phone }) {
  const call = (
    <>
      Call us at <CallLink phone={phone} /> and we will find a time with you.
    </>
  );
  const text =
    rule.kind === "appointment" ? (
      <>
        We serve {rule.city} ({rule.area}) by appointment, so there are no arrival windows to choose online. {call}
      </>
    ) : rule.kind === "outside" ? (
      <>This ZIP code is outside the area where we offer arrival windows online. {call}</>
    ) : rule.kind === "unknown" || rule.kind === "no-zip" ? (
      <>We need a 5-digit ZIP code in our service area to offer arrival windows. {call}</>
    ) : rule.kind === "not-bookable" ? (
      <>Arrival windows are chosen for estimate requests. {call}</>
    ) : (
      <>
        Every window of the next {daysShown} days{rule.kind === "days" ? ` in ${rule.city}` : ""} is taken. {call}
      </>
    );
  return (
    <div className="mt-6 flex gap-2 rounded-lg border-l-4 border-slate-500 bg-slate-50 p-4 text-slate-800">
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

function ErrorMessage({ error }: { error: string | null }) {
  if (!error) return null;
  return (
    <p
      id="window-error"
      role="alert"
      className="mt-6 rounded-md border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900"
    >
      {error}
    </p>
  );
}

const PROBLEM_COPY: Record<LinkProblem, { title: string; text: (purpose: Purpose) => string }> = {
  invalid: {
    title: "This link is not valid",
    text: () =>
      "The link may be incomplete: copy the whole link from our e-mail into the address bar. Or call us and we will set the time with you.",
  },
  expired: {
    title: "This link has expired",
    text: (purpose) =>
      purpose === "book"
        ? "A link to choose an arrival window works for 14 days after the request. Call us and we will set the time with you, or send a new request."
        : "This link is no longer valid. Call us and we will change your arrival window with you.",
  },
  "not-found": {
    title: "We could not find this request",
    text: () => "It may have been removed. Call us, or send a new request.",
  },
};

export function ProblemView({ page, purpose, phone }: { page: ProblemPage; purpose: Purpose; phone: Phone }) {
  const copy = PROBLEM_COPY[page.state];
  return (
    <ProblemNotice state={page.state} title={copy.title} text={copy.text(purpose)} phone={phone}>
      <p className="mt-6">
        <Link to="/estimate" className="btn-secondary">
          Send a new request
        </Link>
      </p>
    </ProblemNotice>
  );
}

/** /book?r=… and /book/manage?t=…: the request, its booking, and what the visitor may do now. */
export function RequestView({
  page,
  purpose,
  phone,
  replyWithinHours,
}: {
  page: RequestPage;
  purpose: Purpose;
  phone: Phone;
  replyWithinHours: number;
}) {
  const { booking } = page;
  const self = purpose === "book" ? `?r=${encodeURIComponent(page.token)}` : `?t=${encodeURIComponent(page.token)}`;
  const title = booking ? "Your arrival window" : "Choose an arrival window";
  return (
    <div className="max-w-5xl" data-state={booking?.status ?? "none"}>
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">{title}</h1>
      {booking ? (
        <BookingState booking={booking} done={page.done} hours={replyWithinHours} phone={phone} />
      ) : (
        <p className="mt-3 max-w-3xl text-lg text-slate-700">
          When should the crew arrive? Choose a window below. It is a request until we confirm it by e-mail, within{" "}
          {replyWithinHours} hours.
        </p>
      )}
      <ErrorMessage error={page.error} />
      {page.canAccept ? (
        <form method="post" action={self} className="mt-6">
          <input type="hidden" name="intent" value="accept" />
          <button type="submit" className="btn-primary">
            <CircleCheck className="size-5" aria-hidden="true" />
            Accept this window
          </button>
        </form>
      ) : null}
      <section aria-labelledby="request-heading" className="mt-6 max-w-xl">
        <h2 id="request-heading" className="text-lg font-bold text-brand-900">
          Your request
        </h2>
        <dl className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {page.rows.map((row) => (
            <div key={row.label} className="grid grid-cols-[8.5rem_1fr] gap-2 px-3 py-2 sm:grid-cols-[10rem_1fr]">
              <dt className="font-semibold text-slate-700">{row.label}</dt>
              <dd className="break-words text-slate-900">{row.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {page.canCancel ? (
        <section aria-labelledby="cancel-heading" className="mt-8 max-w-xl">
          <h2 id="cancel-heading" className="text-xl font-bold text-brand-900">
            Cancel this arrival window
          </h2>
          <form method="post" action={self} className="mt-3 rounded-lg border border-slate-200 bg-white p-4">
            {page.cancelTerms ? (
              <p id="cancel-terms" className="mb-3 flex gap-2 font-medium text-slate-900">
                <CircleAlert className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                {page.cancelTerms}
              </p>
            ) : null}
            <input type="hidden" name="intent" value="cancel" />
            <label className="flex min-h-11 items-center gap-3 font-medium text-slate-800">
              <input
                type="checkbox"
                name="confirm"
                value="yes"
                required
                aria-describedby={page.cancelTerms ? "cancel-terms" : undefined}
                className="size-5 accent-brand-700"
              />
              Yes, cancel this arrival window
            </label>
            <button type="submit" className="btn-secondary mt-3">
              Cancel my arrival window
            </button>
          </form>
        </section>
      ) : null}
      {page.canChoose ? (
        <section aria-labelledby="windows-heading" className="mt-8">
          <h2 id="windows-heading" className="text-2xl font-bold text-brand-900">
            {booking && booking.status !== "cancelled" ? "Choose another window" : "Open arrival windows"}
          </h2>
          <p className="mt-1 text-slate-700">
            The crew arrives within the window you choose; the job itself may take longer.
          </p>
          <WindowPicker days={page.days} action={self} error={page.error} details={page} />
        </section>
      ) : booking?.past || booking?.completed || booking?.status === "declined" ? null : (
        <NoWindows rule={page.rule} daysShown={page.daysShown} phone={phone} />
      )}
      <p className="mt-10 text-slate-700">
        Questions, or a time that is not listed? Call us at <CallLink phone={phone} />.
      </p>
    </div>
  );
}

/** /book without a link: the open windows of a ZIP code, and how to choose one (send a request first). */
export function BrowseView({ page, phone }: { page: BrowsePage; phone: Phone }) {
  const next = page.service
    ? `/pricing?service=${encodeURIComponent(page.service)}${page.zipcode && !page.errors.zipcode ? `&zipcode=${page.zipcode}` : ""}`
    : "/estimate";
  const inputClass =
    "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-700 focus:border-brand-600";
  return (
    <div className="max-w-5xl">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">Arrival windows</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">
        See when our crews can come to your ZIP code in the next {page.daysShown} days. You choose your window right
        after you send a request: the confirmation and our reply e-mail have a “Choose an arrival window” button. A
        window is a request until we confirm it by e-mail.
      </p>
      <form
        method="get"
        action="/book"
        className="mt-6 grid max-w-3xl gap-4 sm:grid-cols-[minmax(0,1fr)_9rem_auto] sm:items-end"
      >
        <div>
          <label htmlFor="book-service" className="block text-sm font-semibold text-slate-800">
            Service
          </label>
          <select
            id="book-service"
            name="service"
            defaultValue={page.service}
            aria-invalid={page.errors.service ? true : undefined}
            aria-describedby={page.errors.service ? "book-service-error" : undefined}
            className={inputClass}
          >
            <option value="">Any service</option>
            {page.services.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
          {page.errors.service ? (
            <p id="book-service-error" className="mt-1 text-sm font-medium text-red-700">
              {page.errors.service}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor="book-zipcode" className="block text-sm font-semibold text-slate-800">
            ZIP code
          </label>
          <input
            id="book-zipcode"
            name="zipcode"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            pattern="\d{5}"
            maxLength={5}
            required
            defaultValue={page.zipcode}
            aria-invalid={page.errors.zipcode ? true : undefined}
            aria-describedby={page.errors.zipcode ? "book-zipcode-error" : undefined}
            className={inputClass}
          />
          {page.errors.zipcode ? (
            <p id="book-zipcode-error" className="mt-1 text-sm font-medium text-red-700">
              {page.errors.zipcode}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-secondary">
          Show open windows
        </button>
      </form>
      {page.rule ? (
        <section aria-labelledby="browse-heading" className="mt-8">
          <h2 id="browse-heading" className="text-2xl font-bold text-brand-900">
            Open windows for {page.zipcode}
            {page.rule.kind === "days" ? ` (${page.rule.city})` : ""}
          </h2>
          {page.rule.kind === "days" && page.days.length > 0 ? (
            <WindowList days={page.days} />
          ) : (
            <NoWindows rule={page.rule} daysShown={page.daysShown} phone={phone} />
          )}
        </section>
      ) : null}
      <div className="mt-8 max-w-xl rounded-lg border border-slate-200 bg-white p-4">
        <p className="text-slate-800">
          Send your request first; then choose one of these windows. We confirm it by e-mail.
        </p>
        <p className="mt-3">
          <Link to={next} className="btn-primary">
            {page.service ? "Get your price and send a request" : "Send a request"}
          </Link>
        </p>
      </div>
      <p className="mt-8 text-slate-700">
        Rather talk it through? Call us at <CallLink phone={phone} />.
      </p>
    </div>
  );
}
