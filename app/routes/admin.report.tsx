import { Download } from "lucide-react";
import { AdminSelect, kindLabel } from "../components/admin.tsx";
import { localDateString } from "../server/kit/business-time.server.ts";
import { signedIn } from "../server/features/admin/guard.server.ts";
import {
  KINDS,
  quoteFigures,
  reportFromDatabase,
  reportStart,
  reviewRequestsSent,
} from "../server/features/admin/report.server.ts";
import { moneyReport } from "../server/features/admin/books.server.ts";
import { depositsCollected } from "../server/features/payments/deposits.server.ts";
import { reminderFigures } from "../server/features/reminders/reminders.server.ts";
import { formatCents } from "../lib/money.ts";
import { visibleDeep } from "../lib/text.ts";
import type { Route } from "./+types/admin.report";

/**
 * Requests of the last 12 weeks: per week by kind, by source, the won rate and the time to first contact; and the
 * money of the months chosen (?from=YYYY-MM&to=YYYY-MM): collected per month, owed, the average job, the exports.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = signedIn(context);
  const now = new Date();
  const money = await moneyReport(app.database, new URL(request.url), now);
  const report = await reportFromDatabase(app.database, now);
  const reviewsSent = await reviewRequestsSent(app.database, reportStart(now), now);
  const quotes = await quoteFigures(app.database, reportStart(now), now);
  const deposits = await depositsCollected(app.database, reportStart(now), now);
  const reminders = await reminderFigures(app.database, reportStart(now), now);
  return visibleDeep({
    money,
    reminders,
    ...report,
    reviewsSent,
    quotes,
    deposits,
    weeks: report.weeks.map((w) => ({ ...w, label: weekLabel(new Date(w.start)) })),
    kinds: KINDS,
  });
}

const weekLabel = (start: Date) => {
  const [, month, day] = localDateString(start).split("-").map(Number);
  return `${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month! - 1]} ${day}`;
};

export const meta: Route.MetaFunction = () => [
  { title: "Report | Owner inbox" },
  { name: "robots", content: "noindex, nofollow" },
];

/** One colour per kind, for the stacked bars and their legend. */
const KIND_FILL: Record<string, string> = {
  estimate: "#0b5f8f",
  contact: "#b45309",
  application: "#6d28d9",
  newsletter: "#64748b",
};
const BAR_WIDTH = 200;

/** A horizontal bar drawn in SVG (sizes are attributes, so the strict style policy holds); the numbers are in the table beside it. */
function Bar({ parts, max }: { parts: { value: number; fill: string }[]; max: number }) {
  const widths = parts.map((part) => (max === 0 ? 0 : (part.value / max) * BAR_WIDTH));
  const starts = widths.map((_, i) => widths.slice(0, i).reduce((sum, w) => sum + w, 0));
  return (
    <svg width={BAR_WIDTH} height="16" viewBox={`0 0 ${BAR_WIDTH} 16`} aria-hidden="true" className="max-w-full">
      <rect x="0" y="0" width={BAR_WIDTH} height="16" fill="#f1f5f9" />
      {parts.map((part, i) => (
        <rect key={i} x={starts[i]} y="0" width={widths[i]} height="16" fill={part.fill} />
      ))}
    </svg>
  );
}

/** A source's requests per week as twelve small columns (oldest first), named for a screen reader with the numbers. */
function WeeklyColumns({ weekly, max, weeks }: { weekly: number[]; max: number; weeks: string[] }) {
  const width = 8;
  const gap = 2;
  const height = 20;
  const label = `Per week, oldest first: ${weekly.map((n, i) => `${weeks[i]} ${n}`).join(", ")}`;
  return (
    <svg
      width={weekly.length * (width + gap)}
      height={height}
      viewBox={`0 0 ${weekly.length * (width + gap)} ${height}`}
      role="img"
      aria-label={label}
    >
      {weekly.map((n, i) => {
        const h = max === 0 ? 0 : Math.max(n > 0 ? 2 : 0, Math.round((n / max) * height));
        return (
          <g key={i}>
            <rect x={i * (width + gap)} y="0" width={width} height={height} fill="#f1f5f9" />
            <rect x={i * (width + gap)} y={height - h} width={width} height={h} fill="#0b5f8f" />
          </g>
        );
      })}
    </svg>
  );
}

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

function duration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

export default function ReportPage({ loaderData: r }: Route.ComponentProps) {
  const maxWeek = Math.max(0, ...r.weeks.map((w) => w.total));
  const weekLabels = r.weeks.map((w) => w.label);
  return (
    <>
      <h1 className="text-2xl font-extrabold tracking-tight text-brand-900">Report: the last {r.weeks.length} weeks</h1>
      <p className="mt-1 text-slate-700">Weeks run Monday to Sunday, Boise time. Statuses are as they stand now.</p>

      <dl className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="rounded-lg border border-slate-200 p-4">
          <dt className="font-semibold text-slate-700">Requests</dt>
          <dd className="text-3xl font-extrabold text-brand-900" data-testid="report-total">
            {r.total}
          </dd>
        </div>
        <Figure label="Won rate" testId="report-won-rate" value={r.wonRate === null ? "—" : percent(r.wonRate)}>
          {r.won} won (quote accepted or later) of {r.won + r.lost} decided (won or lost)
        </Figure>
        <Figure label="Review requests sent" testId="report-reviews-sent" value={r.reviewsSent}>
          {r.completed} job{r.completed === 1 ? "" : "s"} completed of the requests above
        </Figure>
        <Figure
          label="Median time to contact"
          testId="report-median"
          value={r.medianToContactMs === null ? "—" : duration(r.medianToContactMs)}
        >
          from request to your first text, quote, window answer or stage set by hand, over {r.followedUp} request
          {r.followedUp === 1 ? "" : "s"} contacted
        </Figure>
        <Figure label="Seasonal reminders sent" testId="report-reminders-sent" value={r.reminders.sent}>
          {r.reminders.brought} request{r.reminders.brought === 1 ? "" : "s"} sent from a reminder&apos;s link
        </Figure>
        <Figure label="Quotes sent" testId="report-quotes-sent" value={r.quotes.quoted}>
          requests quoted for the first time in these weeks
        </Figure>
        <Figure
          label="Quote acceptance rate"
          testId="report-quote-rate"
          value={r.quotes.acceptanceRate === null ? "—" : percent(r.quotes.acceptanceRate)}
        >
          {r.quotes.accepted} accepted of {r.quotes.accepted + r.quotes.declined} answered
        </Figure>
        <Figure
          label="Median time to quote"
          testId="report-median-quote"
          value={r.quotes.medianToQuoteMs === null ? "—" : duration(r.quotes.medianToQuoteMs)}
        >
          from request to its first quote sent
        </Figure>
        <Figure label="Deposits collected" testId="report-deposits" value={formatCents(r.deposits.sumCents)}>
          {r.deposits.count} deposit{r.deposits.count === 1 ? "" : "s"} paid online in these weeks
        </Figure>
      </dl>

      <Money money={r.money} />

      <section aria-labelledby="weeks-heading" className="mt-8">
        <h2 id="weeks-heading" className="text-xl font-bold text-brand-900">
          Requests per week, by kind
        </h2>
        <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Colours of the bars">
          {r.kinds.map((kind) => (
            <li key={kind} className="flex items-center gap-1.5">
              <svg width="12" height="12" aria-hidden="true">
                <rect width="12" height="12" fill={KIND_FILL[kind]} />
              </svg>
              {kindLabel(kind)}
            </li>
          ))}
        </ul>
        {/* Focusable, so the table can be scrolled sideways with the keyboard on a phone. */}
        <div
          className="relative mt-3 overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label="Requests per week by kind, table"
        >
          <table className="w-full border-collapse text-sm" data-testid="report-weeks">
            <caption className="sr-only">Requests per week by kind, oldest week first</caption>
            <thead>
              <tr className="border-b border-slate-300 text-left">
                <th scope="col" className="py-2 pr-3">
                  Week of
                </th>
                {r.kinds.map((kind) => (
                  <th key={kind} scope="col" className="px-2 py-2 text-right">
                    {kindLabel(kind)}
                  </th>
                ))}
                <th scope="col" className="px-2 py-2 text-right">
                  Total
                </th>
                <th scope="col" className="py-2 pl-3">
                  <span className="sr-only">Chart</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {r.weeks.map((week) => (
                <tr key={week.start} className="border-b border-slate-200">
                  <th scope="row" className="py-1.5 pr-3 text-left font-medium whitespace-nowrap">
                    {week.label}
                  </th>
                  {r.kinds.map((kind) => (
                    <td key={kind} className="px-2 text-right tabular-nums">
                      {week.counts[kind]}
                    </td>
                  ))}
                  <td className="px-2 text-right font-semibold tabular-nums">{week.total}</td>
                  <td className="py-1.5 pl-3">
                    <Bar
                      max={maxWeek}
                      parts={r.kinds.map((kind) => ({ value: week.counts[kind], fill: KIND_FILL[kind]! }))}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <div className="mt-8 grid gap-8 xl:grid-cols-2">
        {r.sources.map((source, i) => {
          const max = Math.max(0, ...source.rows.map((row) => row.count));
          const maxWeekly = Math.max(0, ...source.rows.flatMap((row) => row.weekly));
          return (
            <section key={source.title} aria-labelledby={`source-${i}`}>
              <h2 id={`source-${i}`} className="text-xl font-bold text-brand-900">
                By {source.title.toLowerCase()}
              </h2>
              {source.rows.length === 0 ? (
                <p className="mt-2 text-slate-700">No requests in these weeks.</p>
              ) : (
                <table className="mt-2 w-full border-collapse text-sm">
                  <caption className="sr-only">
                    Requests of the last {r.weeks.length} weeks by {source.title.toLowerCase()}
                  </caption>
                  <thead>
                    <tr className="border-b border-slate-300 text-left">
                      <th scope="col" className="py-2 pr-2">
                        {source.title}
                      </th>
                      <th scope="col" className="px-2 py-2 text-right">
                        Requests
                      </th>
                      <th scope="col" className="hidden py-2 pl-2 sm:table-cell">
                        <span className="sr-only">Chart</span>
                      </th>
                      <th scope="col" className="py-2 pl-2 text-left text-xs font-semibold text-slate-600">
                        Per week
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {source.rows.map((row) => (
                      <tr key={row.label} className="border-b border-slate-200">
                        <th scope="row" className="py-1.5 pr-2 text-left font-medium break-all">
                          {row.label}
                        </th>
                        <td className="px-2 text-right tabular-nums">{row.count}</td>
                        {/* On a phone the per-week columns say it all; the total bar needs the room. */}
                        <td className="hidden w-28 py-1.5 pl-2 sm:table-cell">
                          <Bar max={max} parts={[{ value: row.count, fill: "#0b5f8f" }]} />
                        </td>
                        <td className="py-1.5 pl-2">
                          <WeeklyColumns weekly={row.weekly} max={maxWeekly} weeks={weekLabels} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </section>
          );
        })}
      </div>
    </>
  );
}

/** One figure of the report: what it counts, its value, and what it is made of. */
function Figure({
  label,
  testId,
  value,
  children,
}: {
  label: string;
  testId: string;
  value: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <dt className="font-semibold text-slate-700">{label}</dt>
      <dd>
        <span className="text-3xl font-extrabold text-brand-900" data-testid={testId}>
          {value}
        </span>
        <span className="block text-sm text-slate-700">{children}</span>
      </dd>
    </div>
  );
}

type MoneyData = Route.ComponentProps["loaderData"]["money"];

/** The money section: the months chosen (a GET form), what was collected each month, what is owed, the exports. */
function Money({ money }: { money: MoneyData }) {
  const { totals, jobValue } = money;
  const columns = [
    ["Deposits", "depositsCents"],
    ["Balances", "balancesCents"],
    ["Tips", "tipsCents"],
    ["Refunds", "refundsCents"],
    ["Net", "netCents"],
  ] as const;
  const range = `${money.months[0]?.label ?? ""} to ${money.months.at(-1)?.label ?? ""}`;
  return (
    <section aria-labelledby="money-heading" className="mt-8" data-testid="report-money">
      <h2 id="money-heading" className="text-xl font-bold text-brand-900">
        Money: {range}
      </h2>
      <p className="mt-1 text-slate-700">
        Months run in Boise time. A payment recorded by hand counts on the day you received it; a refund when Stripe
        made it.
      </p>
      <form
        method="get"
        action="/admin/report"
        aria-label="Months of the money section"
        className="mt-3 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
      >
        <AdminSelect id="money-from" label="From" name="from" options={money.options} defaultValue={money.from} />
        <AdminSelect id="money-to" label="To" name="to" options={money.options} defaultValue={money.to} />
        <button type="submit" className="btn-primary">
          Show these months
        </button>
      </form>
      {money.problems.length ? (
        <div role="alert" className="mt-3 rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm text-red-900">
          <ul className="list-disc pl-5">
            {money.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <dl className="mt-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Figure label="Collected" testId="report-collected" value={formatCents(totals.netCents)}>
          deposits, balances and tips less refunds, {range}
        </Figure>
        <Figure label="Outstanding" testId="report-outstanding" value={formatCents(money.outstanding.balanceCents)}>
          left to pay today on {money.outstanding.invoices} sent invoice{money.outstanding.invoices === 1 ? "" : "s"}
        </Figure>
        <Figure
          label="Average job"
          testId="report-job-value"
          value={jobValue.meanCents === null ? "—" : formatCents(jobValue.meanCents)}
        >
          over {jobValue.invoices} invoice{jobValue.invoices === 1 ? "" : "s"} sent and {jobValue.quotes} accepted quote
          {jobValue.quotes === 1 ? "" : "s"} not yet invoiced, {range}
        </Figure>
      </dl>

      <div
        className="relative mt-4 overflow-x-auto"
        tabIndex={0}
        role="region"
        aria-label="Money collected per month, table"
      >
        <table className="w-full border-collapse text-sm" data-testid="report-money-months">
          <caption className="sr-only">Money collected per month, oldest first</caption>
          <thead>
            <tr className="border-b border-slate-300 text-left">
              <th scope="col" className="py-2 pr-3">
                Month
              </th>
              {columns.map(([label]) => (
                <th key={label} scope="col" className="px-2 py-2 text-right">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {money.months.map((month) => (
              <tr key={month.month} className="border-b border-slate-200">
                <th scope="row" className="py-1.5 pr-3 text-left font-medium whitespace-nowrap">
                  {month.label}
                </th>
                {columns.map(([label, key]) => (
                  <td key={label} className="px-2 text-right whitespace-nowrap tabular-nums">
                    {key === "refundsCents" && month[key] > 0 ? "−" : ""}
                    {formatCents(month[key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-300 font-semibold">
              <th scope="row" className="py-1.5 pr-3 text-left">
                Total
              </th>
              {columns.map(([label, key]) => (
                <td key={label} className="px-2 text-right whitespace-nowrap tabular-nums">
                  {key === "refundsCents" && totals[key] > 0 ? "−" : ""}
                  {formatCents(totals[key])}
                </td>
              ))}
            </tr>
          </tfoot>
        </table>
      </div>

      <div className="mt-4 flex flex-wrap gap-2">
        <a href={`/admin/payments.csv?${money.exportQuery}`} className="btn-secondary" download>
          <Download className="size-5" aria-hidden="true" />
          Payments for QuickBooks (CSV)
        </a>
        <a href={`/admin/payments.xlsx?${money.exportQuery}`} className="btn-secondary" download>
          <Download className="size-5" aria-hidden="true" />
          Payments (Excel)
        </a>
        <a href={`/admin/invoices.xlsx?${money.exportQuery}`} className="btn-secondary" download>
          <Download className="size-5" aria-hidden="true" />
          Invoices (Excel)
        </a>
      </div>
    </section>
  );
}
