import { ChevronLeft, ChevronRight, Printer } from "lucide-react";
import { formatAmount } from "../lib/money.ts";
import { signedIn } from "../server/features/admin/guard.server.ts";
import { confirmedOn, crewJobs } from "../server/features/bookings/crew.server.ts";
import { dayLabel } from "../server/kit/arrival-windows.server.ts";
import { localDateString } from "../server/kit/business-time.server.ts";
import { soldWork } from "../server/sold-work.server.ts";
import type { Route } from "./+types/admin.day";

/** A real calendar date, YYYY-MM-DD, or null. */
function dateParam(value: string | null): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = new Date(`${value}T12:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : value;
}

const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The day sheet (docs/decisions/038-service-address-and-day-sheet.md): a day's confirmed jobs in window order,
 * each with what the crew needs (./crew.server.ts), printable. ?date=YYYY-MM-DD (Boise date), today without one.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = signedIn(context);
  const asked = new URL(request.url).searchParams.get("date");
  const day = dateParam(asked) ?? localDateString(new Date());
  const jobs = await crewJobs(await confirmedOn(app.database, day), soldWork(app.database));
  return {
    day,
    label: dayLabel(day),
    invalid: asked !== null && asked !== "" && dateParam(asked) === null,
    previous: shift(day, -1),
    next: shift(day, 1),
    jobs: jobs.map((job) => ({
      ...job,
      startsAt: job.startsAt.toISOString(),
      sold: job.sold
        ? {
            label: job.sold.label,
            lines: job.sold.lines.map((l) => ({ text: l.text, amount: formatAmount(l.cents) })),
            total: formatAmount(job.sold.totalCents),
          }
        : null,
      paid: formatAmount(job.paidCents),
      toCollect: job.toCollectCents === null ? null : formatAmount(job.toCollectCents),
    })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Day sheet${loaderData ? `, ${loaderData.label}` : ""} | Owner inbox` },
  { name: "robots", content: "noindex, nofollow" },
];

type Job = Route.ComponentProps["loaderData"]["jobs"][number];

function JobCard({ job, index }: { job: Job; index: number }) {
  return (
    <article
      aria-labelledby={`job-${index}`}
      className="rounded-lg border border-slate-300 bg-white p-4 break-inside-avoid print:rounded-none print:border-black print:p-3"
    >
      <h2 id={`job-${index}`} className="text-lg font-bold text-brand-900 print:text-black">
        {job.window} · {job.name || "Customer"}{" "}
        <span className="font-mono text-base font-semibold text-slate-700 print:text-black">{job.reference}</span>
      </h2>
      <dl className="mt-2 grid gap-x-4 gap-y-1.5 sm:grid-cols-[9rem_1fr] print:grid-cols-[8rem_1fr]">
        <dt className="font-semibold text-slate-700 print:text-black">Phone</dt>
        <dd>
          {job.phone ? (
            <a
              href={`tel:${job.phone}`}
              className="font-semibold text-brand-700 underline print:text-black print:no-underline"
            >
              {job.phoneDisplay}
            </a>
          ) : (
            "Not given"
          )}
        </dd>
        <dt className="font-semibold text-slate-700 print:text-black">Address</dt>
        <dd>
          {job.address ? (
            <>
              {job.address}{" "}
              {job.mapUrl ? (
                <a
                  href={job.mapUrl}
                  rel="noreferrer"
                  target="_blank"
                  className="font-semibold text-brand-700 underline print:hidden"
                >
                  Open in Maps<span className="sr-only"> (new tab)</span>
                </a>
              ) : null}
            </>
          ) : (
            "Not given: call the customer"
          )}
        </dd>
        <dt className="font-semibold text-slate-700 print:text-black">What was sold</dt>
        <dd>
          {job.sold ? (
            <>
              <p>{job.sold.label}</p>
              <ul className="list-disc pl-5">
                {job.sold.lines.map((line, i) => (
                  <li key={i}>
                    {line.text}: {line.amount}
                  </li>
                ))}
              </ul>
              <p>Total {job.sold.total}</p>
            </>
          ) : (
            <p>No accepted quote. Asked for: {job.asked}</p>
          )}
        </dd>
        <dt className="font-semibold text-slate-700 print:text-black">To collect</dt>
        <dd className="font-semibold">
          {job.toCollect === null ? "No accepted quote" : `${job.toCollect} (deposits paid ${job.paid})`}
        </dd>
        <dt className="font-semibold text-slate-700 print:text-black">Access notes</dt>
        <dd className="whitespace-pre-line">{job.accessNote || "None"}</dd>
      </dl>
      <p className="mt-2 text-sm print:hidden">
        <a href={`/admin/requests/${job.leadId}`} className="font-semibold text-brand-700 underline">
          The request
        </a>
      </p>
    </article>
  );
}

export default function DaySheet({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className="max-w-4xl print:max-w-none print:text-black">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-900 print:text-black">Day sheet: {d.label}</h1>
        <p className="text-slate-700 print:hidden">
          <Printer className="inline size-5 align-text-bottom" aria-hidden="true" /> Print it from the browser&rsquo;s
          menu: each job stays on one page.
        </p>
      </div>
      <form
        method="get"
        action="/admin/day"
        className="mt-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 print:hidden"
      >
        <div>
          <label htmlFor="day-date" className="block font-semibold text-slate-900">
            Day
          </label>
          <input
            id="day-date"
            type="date"
            name="date"
            defaultValue={d.day}
            required
            aria-describedby={d.invalid ? "day-date-error" : undefined}
            aria-invalid={d.invalid || undefined}
            className="mt-1 min-h-11 rounded-md border border-slate-400 bg-white px-3"
          />
        </div>
        <button type="submit" className="btn-secondary">
          Show this day
        </button>
        <a href={`/admin/day?date=${d.previous}`} className="inline-flex min-h-11 items-center gap-1 font-semibold">
          <ChevronLeft className="size-5" aria-hidden="true" /> Day before
        </a>
        <a href={`/admin/day?date=${d.next}`} className="inline-flex min-h-11 items-center gap-1 font-semibold">
          Day after <ChevronRight className="size-5" aria-hidden="true" />
        </a>
        {d.invalid ? (
          <p id="day-date-error" className="w-full font-medium text-red-700">
            That is not a date: showing {d.label}.
          </p>
        ) : null}
      </form>
      {d.jobs.length === 0 ? (
        <p className="mt-6 text-lg text-slate-800" role="status">
          No confirmed jobs on {d.label}.
        </p>
      ) : (
        <>
          <p className="mt-4 text-slate-800 print:text-black">
            {d.jobs.length} confirmed {d.jobs.length === 1 ? "job" : "jobs"}, in arrival-window order.
          </p>
          <div className="mt-3 grid gap-4 print:gap-3">
            {d.jobs.map((job, index) => (
              <JobCard key={job.bookingId} job={job} index={index} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
