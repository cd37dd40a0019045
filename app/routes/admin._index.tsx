import { ArrowLeft, ArrowRight, CalendarClock, CalendarDays, CircleAlert, Download, Phone, Search } from "lucide-react";
import { AdminInput, AdminSelect, areaLabel, FlagBadge, kindLabel, StatusBadge } from "../components/admin.tsx";
import { KIND_OPTIONS, SEARCH_MAX, STATUS_OPTIONS } from "../forms/admin.ts";
import { signedIn } from "../server/features/admin/guard.server.ts";
import { filterQuery, inbox } from "../server/features/admin/inbox.server.ts";
import { bookingLines } from "../server/features/bookings/owner-decisions.server.ts";
import { quoteLines } from "../server/features/quotes/quotes.server.ts";
import { textConfirmations } from "../server/features/texts/texts.server.ts";
import { formatTime } from "../server/notify/labels.server.ts";
import { visibleDeep } from "../lib/text.ts";
import type { Route } from "./+types/admin._index";

/**
 * The requests, newest first, a page at a time ("Older requests" carries where the page ended: decision 045),
 * filtered by the GET form's values (they live in the URL); hidden characters shown as "�" (visibleDeep).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = signedIn(context);
  // A booking line says when the customer confirmed the window by text (C to the day-before text).
  const result = await inbox(app.database, new URL(request.url), new Date(), async (database, leadIds) => {
    const [lines, confirmed] = await Promise.all([
      bookingLines(database, leadIds),
      textConfirmations(database, leadIds),
    ]);
    for (const [leadId, line] of lines)
      if (confirmed.has(leadId)) lines.set(leadId, { ...line, text: `${line.text} · confirmed by text` });
    return lines;
  });
  // Each request's quote (draft, sent, opened, accepted with its option and total…), beside its instant range.
  const quotes = await quoteLines(
    app.database,
    result.rows.map((row) => row.id),
  );
  return visibleDeep({
    ...result,
    rows: result.rows.map((row) => ({
      ...row,
      quote: quotes.get(row.id) ?? null,
      receivedText: formatTime(new Date(row.receivedAt)),
    })),
    // The downloads keep the filters in view.
    exportQuery: filterQuery(result.values) ? `?${filterQuery(result.values)}` : "",
    filtered: Object.keys(result.values).length > 0,
  });
}

export const meta: Route.MetaFunction = () => [
  { title: "Requests | Owner inbox" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { rows, values, problems, total, exportQuery, filtered, later, olderHref, newestHref } = loaderData;
  const overdue = rows.filter((r) => r.overdue).length;
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight text-brand-900">Requests</h1>
        <div className="flex flex-wrap gap-2">
          <a href="/admin/day" className="btn-secondary">
            <CalendarDays className="size-5" aria-hidden="true" />
            Today&rsquo;s day sheet
          </a>
          <a href={`/admin/requests.xlsx${exportQuery}`} className="btn-secondary" download>
            <Download className="size-5" aria-hidden="true" />
            Export Excel{filtered ? " (these filters)" : ""}
          </a>
          <a href={`/admin/requests.csv${exportQuery}`} className="btn-secondary" download>
            <Download className="size-5" aria-hidden="true" />
            Export CSV{filtered ? " (these filters)" : ""}
          </a>
        </div>
      </div>

      <form
        method="get"
        action="/admin"
        role="search"
        aria-label="Filter requests"
        className="mt-4 grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_1fr_auto] lg:items-end"
      >
        <AdminInput
          id="filter-q"
          label="Name, e-mail or phone"
          name="q"
          type="search"
          maxLength={SEARCH_MAX}
          defaultValue={values.q ?? ""}
        />
        <AdminSelect
          id="filter-kind"
          label="Kind"
          name="kind"
          options={KIND_OPTIONS}
          empty="All kinds"
          defaultValue={values.kind ?? ""}
        />
        <AdminSelect
          id="filter-stage"
          label="Stage"
          name="stage"
          options={STATUS_OPTIONS}
          empty="All stages"
          defaultValue={values.stage ?? ""}
        />
        <AdminInput id="filter-from" label="Received from" name="from" type="date" defaultValue={values.from ?? ""} />
        <AdminInput id="filter-to" label="Received to" name="to" type="date" defaultValue={values.to ?? ""} />
        <div className="flex gap-2">
          <button type="submit" className="btn-primary">
            <Search className="size-5" aria-hidden="true" />
            Filter
          </button>
          {filtered ? (
            <a href="/admin" className="btn-secondary">
              Clear
            </a>
          ) : null}
        </div>
      </form>

      {problems.length ? (
        <div role="alert" className="mt-4 rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">Some filters were left out:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <p className="mt-4 text-slate-700" role="status">
        {total === 0 ? "No requests" : total === 1 ? "1 request" : `${total} requests`}
        {filtered ? " match these filters" : ""}
        {later
          ? `; ${rows.length} older ones are shown here`
          : total > rows.length
            ? `; the newest ${rows.length} are shown (the exports have all)`
            : ""}
        .{overdue ? ` ${overdue} still new after 2 business hours.` : ""}
      </p>

      <ul className="mt-3 space-y-3" aria-label="Requests, newest first">
        {rows.map((row) => (
          <li
            key={row.id}
            className={`rounded-lg border p-4 ${row.overdue ? "border-l-8 border-red-700 bg-red-50" : "border-slate-200 bg-white"}`}
            data-overdue={row.overdue ? "true" : undefined}
          >
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
              <a
                href={`/admin/requests/${row.id}`}
                className="text-lg font-bold text-brand-800 underline underline-offset-2"
              >
                {row.name || row.email}
              </a>
              <span className="flex items-center gap-2">
                {row.overdue ? (
                  <span className="inline-flex items-center gap-1 text-sm font-bold text-red-800">
                    <CircleAlert className="size-4" aria-hidden="true" />
                    Still new after 2 business hours
                  </span>
                ) : null}
                {row.flag ? <FlagBadge flag={row.flag} /> : null}
                <StatusBadge status={row.stage} />
              </span>
            </div>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr] lg:grid-cols-[auto_1fr_auto_1fr_auto_1fr]">
              <dt className="font-semibold text-slate-600">Kind</dt>
              <dd>{kindLabel(row.kind)}</dd>
              <dt className="font-semibold text-slate-600">Phone</dt>
              <dd>
                {row.phone ? (
                  <a
                    href={row.phone.href}
                    className="inline-flex min-h-6 items-center gap-1 font-semibold text-brand-700 underline"
                  >
                    <Phone className="size-4" aria-hidden="true" />
                    {row.phone.display}
                  </a>
                ) : (
                  "—"
                )}
              </dd>
              <dt className="font-semibold text-slate-600">Place</dt>
              <dd>
                {row.place || "—"} <span className="text-slate-600">({areaLabel(row.inServiceArea)})</span>
              </dd>
              <dt className="font-semibold text-slate-600">Price range</dt>
              <dd>
                {row.price ?? "—"}
                {row.quote ? ` · ${row.quote}` : ""}
              </dd>
              <dt className="font-semibold text-slate-600">Received</dt>
              <dd>
                <time dateTime={row.receivedAt}>{row.receivedText}</time>{" "}
                <span className="text-slate-600">({row.age} ago)</span>
              </dd>
              <dt className="font-semibold text-slate-600">E-mail</dt>
              <dd className="break-all">{row.email}</dd>
            </dl>
            {row.booking ? (
              <p
                className={`mt-2 inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-semibold ${row.booking.waiting ? "border-2 border-amber-600 bg-amber-50 text-amber-900" : "bg-slate-100 text-slate-800"}`}
              >
                <CalendarClock className="size-4" aria-hidden="true" />
                Window: {row.booking.text}
              </p>
            ) : null}
          </li>
        ))}
      </ul>

      {later || olderHref ? (
        <nav aria-label="More requests" className="mt-4 flex flex-wrap justify-between gap-3">
          {later ? (
            <a href={newestHref} className="btn-secondary">
              <ArrowLeft className="size-5" aria-hidden="true" />
              Newest requests
            </a>
          ) : (
            <span />
          )}
          {olderHref ? (
            <a href={olderHref} className="btn-secondary">
              Older requests
              <ArrowRight className="size-5" aria-hidden="true" />
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
