import { useEffect, useRef, useState } from "react";
import { AdminInput, PreviewAndSend, RequestSubPageHead, AdminSelect } from "../components/admin.tsx";
import { PriceDue, QuoteDocument } from "../components/quote.tsx";
import {
  builderFigures,
  formatCents,
  lineField,
  LINE_TEXT_MAX,
  OPTION_LABEL_MAX,
  optionField,
  QUOTE_LINES,
  QUOTE_NOTE_MAX,
  QUOTE_OPTIONS,
  DEFAULT_OPTION_LABELS,
  type WholePrice,
} from "../forms/quote.ts";
import { signedIn } from "../server/features/admin/guard.server.ts";
import { notFound } from "../server/features/admin/request-page.server.ts";
import { builderAction, builderPage, type BuilderAnswer } from "../server/features/quotes/builder.server.ts";
import { getLead } from "../server/kit/leads.server.ts";
import { quoteDeposits } from "../server/quote-deposits.server.ts";
import { visibleDeep } from "../lib/text.ts";
import type { Route } from "./+types/admin.requests.$id.quote";

/**
 * A request's quote (docs/decisions/031-quotes.md): build it from the price book and the request's instant range
 * (up to three options of up to six lines each), save it to see the preview (the customer's page itself), then send
 * it. Editing after sending makes a new version; the customer's old link then says it was replaced.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app } = signedIn(context);
  const lead = await getLead(app.database, params.id);
  if (!lead) throw notFound();
  const paymentsConfigured = quoteDeposits(app).configured;
  return visibleDeep(await builderPage(app, lead, new URL(request.url), { paymentsConfigured }));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, owner } = signedIn(context);
  const lead = await getLead(app.database, params.id);
  if (!lead) throw notFound();
  return builderAction(app, owner, lead, request, new Date(), { depositsOnline: quoteDeposits(app).configured });
}

export const meta: Route.MetaFunction = () => [
  { title: "Quote | Owner inbox" },
  { name: "robots", content: "noindex, nofollow" },
];

const SAVED = {
  draft: "Draft saved. Check the preview below, then send it.",
  sent: "Quote sent: the customer is e-mailed its link. Reminders follow after 2 and 7 days unless they answer.",
  stopped: "Reminders stopped for the version sent.",
} as const;

const DEPOSIT_OPTIONS = [
  { value: "none", label: "No deposit (pay at the job)" },
  { value: "percent", label: "A percentage of the option" },
  { value: "fixed", label: "A fixed amount" },
];

/**
 * An option's running total, deposit and balance: builderFigures of the fields' values (the schema's own reading),
 * rendered by the server as the page opens and again in the browser as the owner types.
 */
function RunningTotal({ option, price, balanceDue }: { option: number; price: WholePrice | null; balanceDue: string }) {
  return (
    <div className="rounded-md border border-slate-300 bg-white p-3" data-testid={`running-total-${option}`}>
      <p className="flex items-baseline justify-between gap-3 font-bold text-slate-900">
        <span>Option {option} total</span>
        <span className="text-lg whitespace-nowrap text-brand-900">{formatCents(price?.totalCents ?? 0)}</span>
      </p>
      {price ? (
        <PriceDue price={price} balanceDue={balanceDue} />
      ) : (
        <p className="mt-1 text-sm text-slate-700">No line yet: this option is left out.</p>
      )}
    </div>
  );
}

function OptionFields({
  option,
  values,
  errors,
  price,
  balanceDue,
}: {
  option: number;
  values: Record<string, string>;
  errors: BuilderAnswer["errors"];
  price: WholePrice | null;
  balanceDue: string;
}) {
  const error = (name: string) => errors[name]?.[0];
  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <legend className="px-1 text-lg font-bold text-brand-900">Option {option}</legend>
      <AdminInput
        id={optionField(option, "label")}
        name={optionField(option, "label")}
        label="Name of the option"
        maxLength={OPTION_LABEL_MAX}
        defaultValue={values[optionField(option, "label")] ?? DEFAULT_OPTION_LABELS[option - 1]}
        error={error(optionField(option, "label"))}
      />
      {Array.from({ length: QUOTE_LINES }, (_, i) => i + 1).map((l) => (
        <div key={l} className="grid gap-2 min-[480px]:grid-cols-[minmax(0,1fr)_9rem]">
          <AdminInput
            id={lineField(option, l, "text")}
            name={lineField(option, l, "text")}
            label={`Line ${l}: work`}
            list="price-book-services"
            maxLength={LINE_TEXT_MAX}
            defaultValue={values[lineField(option, l, "text")] ?? ""}
            error={error(lineField(option, l, "text"))}
          />
          <AdminInput
            id={lineField(option, l, "amount")}
            name={lineField(option, l, "amount")}
            label={`Line ${l}: $`}
            inputMode="decimal"
            maxLength={20}
            defaultValue={values[lineField(option, l, "amount")] ?? ""}
            error={error(lineField(option, l, "amount"))}
          />
        </div>
      ))}
      <RunningTotal option={option} price={price} balanceDue={balanceDue} />
    </fieldset>
  );
}

/** The builder's values as the owner has typed them: the page's values, then the form's own once the app runs. */
function useLiveValues(values: Record<string, string>) {
  const form = useRef<HTMLFormElement>(null);
  const [live, setLive] = useState(values);
  const read = () => {
    if (!form.current) return;
    const entries = [...new FormData(form.current)].map(([name, value]) => [name, String(value)] as const);
    setLive(Object.fromEntries(entries));
  };
  // What was typed before the app started (it starts on the first interaction), then each change.
  useEffect(read, [values]);
  return { form, live, read };
}

export default function QuoteBuilder({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData;
  const values = actionData?.values && Object.keys(actionData.values).length > 0 ? actionData.values : page.values;
  const errors = actionData?.errors ?? {};
  const error = (name: string) => errors[name]?.[0];
  const { form, live, read } = useLiveValues(values);
  const figures = builderFigures(live, page.depositsOnline);
  return (
    <div className="max-w-5xl">
      <RequestSubPageHead
        leadId={page.leadId}
        title={`Quote for ${page.title} (${page.reference})`}
        saved={page.saved ? SAVED[page.saved] : null}
        message={actionData?.message}
      />
      {page.versions.length > 0 ? (
        <section aria-labelledby="versions-heading" className="mt-6">
          <h2 id="versions-heading" className="text-xl font-bold text-brand-900">
            Versions
          </h2>
          <ul className="mt-2 grid gap-1">
            {page.versions.map((v) => (
              <li key={v.version}>
                Version {v.version}: {v.status}
                {v.sentAt ? `, sent ${v.sentAt.slice(0, 10)}` : ""}
                {v.viewed ? ", opened by the customer" : ""}
                {v.answer ? ` (${v.answer})` : ""}
              </li>
            ))}
          </ul>
          {page.remindable ? (
            <form method="post" className="mt-3">
              <input type="hidden" name="intent" value="stop" />
              <button type="submit" className="btn-secondary">
                Stop reminders
              </button>
            </form>
          ) : null}
        </section>
      ) : null}
      {page.accepted ? (
        <p className="mt-6 rounded-md border-2 border-green-700 bg-green-50 p-3 font-medium text-green-900">
          Version {page.accepted.version} was accepted ({page.accepted.option}, {formatCents(page.accepted.total)}): the
          accepted quote is the price and is not changed.
        </p>
      ) : (
        <form
          ref={form}
          method="post"
          aria-labelledby="builder-heading"
          className="mt-6 grid gap-4"
          onInput={read}
          onChange={read}
        >
          <h2 id="builder-heading" className="text-xl font-bold text-brand-900">
            {page.draft ? `Edit the draft (version ${page.draft.version})` : "Build the quote"}
          </h2>
          <p className="text-slate-700">
            Request: {page.service || "no service named"}. Empty lines are left out; an option with no line is left out.
          </p>
          <input type="hidden" name="intent" value="save" />
          <datalist id="price-book-services">
            {page.titles.map((title) => (
              <option key={title} value={title} />
            ))}
          </datalist>
          <div className="grid gap-4">
            {Array.from({ length: QUOTE_OPTIONS }, (_, i) => i + 1).map((o) => (
              <OptionFields
                key={o}
                option={o}
                values={values}
                errors={errors}
                price={figures[o - 1] ?? null}
                balanceDue={page.balanceDue}
              />
            ))}
          </div>
          <div>
            <label htmlFor="note" className="block text-sm font-semibold text-slate-800">
              Note to the customer (optional)
            </label>
            <textarea
              id="note"
              name="note"
              rows={3}
              maxLength={QUOTE_NOTE_MAX}
              defaultValue={values.note ?? ""}
              className="mt-1 block w-full rounded-md border-2 border-slate-400 px-3 py-2"
            />
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            <AdminInput
              id="validUntil"
              name="validUntil"
              label="Valid until"
              type="date"
              required
              defaultValue={values.validUntil ?? ""}
              error={error("validUntil")}
            />
            <AdminSelect
              id="depositKind"
              name="depositKind"
              label="Deposit"
              options={DEPOSIT_OPTIONS}
              defaultValue={values.depositKind ?? "none"}
              error={error("depositKind")}
            />
            <AdminInput
              id="depositValue"
              name="depositValue"
              label="Deposit: % or $"
              inputMode="decimal"
              maxLength={20}
              defaultValue={values.depositValue ?? ""}
              error={error("depositValue")}
            />
          </div>
          <button type="submit" className="btn-primary w-full sm:w-auto sm:justify-self-start">
            Save and preview
          </button>
        </form>
      )}
      {page.draft ? (
        <PreviewAndSend send="Send to the customer">
          <QuoteDocument content={page.draft.content} reference={page.reference} payAtJob={page.draft.payAtJob} />
        </PreviewAndSend>
      ) : null}
    </div>
  );
}
