import { CircleAlert, Pause, Play } from "lucide-react";
import { data, redirect } from "react-router";
import { INVOICE_REMINDER_FIELDS, invoiceReminderSchema } from "../forms/admin.ts";
import { formatCents } from "../lib/money.ts";
import { visibleDeep } from "../lib/text.ts";
import { signedIn } from "../server/features/admin/guard.server.ts";
import { setRemindersPaused } from "../server/features/invoices/reminders.server.ts";
import { unpaidInvoices } from "../server/features/invoices/unpaid.server.ts";
import { dayLabel } from "../server/kit/arrival-windows.server.ts";
import { formFields, HttpError, readFields } from "../server/kit/form-body.server.ts";
import { formatTime } from "../server/notify/labels.server.ts";
import type { Route } from "./+types/admin.invoices";

/** Every sent invoice with a balance left, oldest first: its age, whether it is past due, and its reminders. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { app } = signedIn(context);
  const now = new Date();
  const invoices = await unpaidInvoices(app.database, now);
  const done = new URL(request.url).searchParams.get("reminders");
  return visibleDeep({
    done: done === "paused" || done === "resumed" ? done : null,
    outstandingCents: invoices.reduce((sum, invoice) => sum + invoice.balanceCents, 0),
    invoices: invoices.map((invoice) => ({
      ...invoice,
      total: formatCents(invoice.totalCents),
      balance: formatCents(invoice.balanceCents),
      sentText: formatTime(new Date(invoice.sentAt)),
      dueText: invoice.dueDate ? dayLabel(invoice.dueDate) : null,
      nextText: invoice.nextReminderAt ? formatTime(new Date(invoice.nextReminderAt)) : null,
    })),
  });
}

/** Pause or Resume one invoice's reminders; back to this list, or its request's page (Post/Redirect/Get). */
export async function action({ request, context }: Route.ActionArgs) {
  const { app, owner } = signedIn(context);
  let form: FormData;
  try {
    form = await readFields(request, formFields(INVOICE_REMINDER_FIELDS));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    throw new Response(error.message, { status: error.status });
  }
  const parsed = invoiceReminderSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw data({ message: "This form was not sent from the list of unpaid invoices." }, 400);
  const pause = parsed.data.pause === "1";
  const invoice = await setRemindersPaused(app.database, parsed.data.invoice, pause);
  if (!invoice) throw data({ message: "There is no such invoice." }, 404);
  app.logger.info(
    { event: pause ? "admin.invoice_reminders_paused" : "admin.invoice_reminders_resumed", owner: owner.ownerId },
    pause ? "invoice reminders paused" : "invoice reminders resumed",
  );
  const done = `reminders=${pause ? "paused" : "resumed"}`;
  // The request page's invoice box sends back=request: back to that page, which shows the same state.
  throw redirect(
    parsed.data.back === "request" && invoice.leadId
      ? `/admin/requests/${invoice.leadId}?${done}`
      : `/admin/invoices?${done}`,
    { status: 303 },
  );
}

export const meta: Route.MetaFunction = () => [
  { title: "Unpaid invoices | Owner inbox" },
  { name: "robots", content: "noindex, nofollow" },
];

const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;

export default function UnpaidInvoices({ loaderData: r }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-extrabold tracking-tight text-brand-900">Unpaid invoices</h1>
      <p className="mt-1 text-slate-700">
        Every invoice you sent that still has a balance, the oldest first.{" "}
        {r.invoices.length > 0 ? (
          <>
            {r.invoices.length} {r.invoices.length === 1 ? "invoice" : "invoices"}, {formatCents(r.outstandingCents)}{" "}
            left to collect.
          </>
        ) : null}
      </p>
      {r.done ? (
        <p
          role="status"
          className="mt-4 rounded-md border-2 border-green-700 bg-green-50 p-3 font-medium text-green-900"
        >
          {r.done === "paused"
            ? "Reminders paused: the customer gets none until you resume them."
            : "Reminders resumed: the next one goes on its day."}
        </p>
      ) : null}
      {r.invoices.length === 0 ? (
        <p className="mt-6 rounded-lg border border-slate-200 bg-slate-50 p-4">
          Nothing to collect: every invoice you sent is paid.
        </p>
      ) : (
        <ul className="mt-6 space-y-3" aria-label="Unpaid invoices">
          {r.invoices.map((invoice) => (
            <li
              key={invoice.id}
              className={`rounded-lg border p-4 ${invoice.overdue ? "border-l-8 border-red-700 bg-red-50" : "border-slate-200 bg-white"}`}
              data-overdue={invoice.overdue ? "true" : undefined}
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <h2 className="text-lg font-bold text-brand-900">
                  Invoice {invoice.number}
                  <span className="font-normal text-slate-700"> · </span>
                  {invoice.leadId ? (
                    <a
                      href={`/admin/requests/${invoice.leadId}`}
                      className="text-brand-800 underline underline-offset-2"
                    >
                      {invoice.customer || "Customer"}
                    </a>
                  ) : (
                    <span className="font-normal text-slate-700">request deleted</span>
                  )}
                </h2>
                {invoice.overdue ? (
                  <span className="inline-flex items-center gap-1 text-sm font-bold text-red-800">
                    <CircleAlert className="size-4" aria-hidden="true" />
                    Past due
                  </span>
                ) : null}
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr] lg:grid-cols-[auto_1fr_auto_1fr_auto_1fr]">
                <dt className="font-semibold text-slate-600">Balance</dt>
                <dd className="font-bold" data-testid="balance">
                  {invoice.balance}
                </dd>
                <dt className="font-semibold text-slate-600">Total</dt>
                <dd>{invoice.total}</dd>
                <dt className="font-semibold text-slate-600">Sent</dt>
                <dd>
                  <time dateTime={invoice.sentAt}>{invoice.sentText}</time>{" "}
                  <span className="text-slate-700" data-testid="age">
                    ({days(invoice.ageDays)} ago)
                  </span>
                </dd>
                <dt className="font-semibold text-slate-600">Due</dt>
                <dd>{invoice.dueText ?? "—"}</dd>
                <dt className="font-semibold text-slate-600">Reminders</dt>
                <dd data-testid="reminders">
                  {invoice.remindersSent} sent
                  {invoice.paused ? " · paused" : invoice.nextText ? ` · next ${invoice.nextText}` : " · none planned"}
                </dd>
              </dl>
              <form method="post" className="mt-3">
                <input type="hidden" name="invoice" value={invoice.id} />
                <input type="hidden" name="pause" value={invoice.paused ? "0" : "1"} />
                <button type="submit" className="btn-secondary">
                  {invoice.paused ? (
                    <Play className="size-5" aria-hidden="true" />
                  ) : (
                    <Pause className="size-5" aria-hidden="true" />
                  )}
                  {invoice.paused ? "Resume reminders" : "Pause reminders"}
                  <span className="sr-only"> of invoice {invoice.number}</span>
                </button>
              </form>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
