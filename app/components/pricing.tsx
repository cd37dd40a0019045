/**
 * The instant estimate at /pricing: the GET form of one service's inputs, the price range it gives, and
 * "Request this estimate" (a lead form carrying the inputs; the server recomputes the range).
 * Without JavaScript the GET form reloads the page with the answer; once the app has started, the range
 * follows every change in place and the URL follows with it (app/routes/pricing.tsx).
 */
import { CircleAlert, Info } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { type PricedSlug, type PricingSlug, isCallbackSlug, priceBook, pricedService } from "../content/price-book.ts";
import { PRICE_INPUT_NAMES, type PricingQuery, type PricingView, listItemsHtml } from "../forms/price-query.ts";
import type { LeadActionData } from "../forms/result.ts";
import { type Quote, formatRange } from "../lib/price.ts";
import { changedSinceRender } from "../lib/form-state.ts";
import { pricingPath } from "../lib/paths.ts";
import { areaAnswer } from "../lib/service-area.ts";
import { AreaNote, useServiceArea, ZipAnswer } from "./area-note.tsx";
import { PersonFields, TextArea, TextField } from "./forms/controls.tsx";
import { TermsNote, TextConsentBox } from "./forms/consent-text.tsx";
import { LeadForm } from "./forms/lead-form.tsx";
import { business } from "../content/business.ts";

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-700 focus:border-brand-600";

const chipClass = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border-2 px-4 py-2 text-sm font-semibold ${
    active
      ? "border-brand-700 bg-brand-700 text-white"
      : "border-brand-200 bg-white text-brand-800 hover:border-brand-600 hover:bg-brand-50"
  }`;

/** The services to choose from: links, so the choice works before and without JavaScript. */
export function ServicePicker({ selected }: { selected: string | undefined }) {
  const groups = [
    { title: "Homes", slugs: Object.keys(priceBook.services) },
    { title: "Commercial and fleet (priced after a call)", slugs: Object.keys(priceBook.callback) },
  ];
  return (
    <nav aria-labelledby="picker-heading">
      <h2 id="picker-heading" className="text-xl font-bold text-brand-900">
        1. Choose the service
      </h2>
      {groups.map((group) => (
        <div key={group.title} className="mt-3">
          <p className="text-sm font-semibold text-slate-700">{group.title}</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {group.slugs.map((slug) => (
              <li key={slug}>
                <Link
                  to={pricingPath(slug)}
                  className={chipClass(slug === selected)}
                  aria-current={slug === selected ? "page" : undefined}
                  preventScrollReset
                >
                  {serviceTitle(slug)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

export function serviceTitle(slug: string): string {
  return priceBook.services[slug]?.title ?? priceBook.callback[slug]?.title ?? slug;
}

/** A field's message: always in the page (hidden without a message), so the page's script can write it. */
function FieldMessage({ id, name, message }: { id: string; name: string; message?: string }) {
  return (
    <p
      id={id}
      data-error-for={name}
      hidden={!message}
      className="mt-1 text-sm font-medium text-red-700"
      suppressHydrationWarning
    >
      {message ?? ""}
    </p>
  );
}

function AmountField({
  name,
  label,
  unit,
  hint,
  value,
  error,
}: {
  name: string;
  label: string;
  unit: string;
  hint: string;
  value?: string;
  error?: string;
}) {
  const id = `price-${name}`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label} <span className="font-normal text-slate-600">({unit})</span>
      </label>
      <input
        id={id}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={20}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
        className={inputClass}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      <FieldMessage id={`${id}-error`} name={name} message={error} />
    </div>
  );
}

function ChoiceField({
  name,
  legend,
  options,
  value,
  error,
}: {
  name: string;
  legend: string;
  options: { value: string; label: string }[];
  value?: string;
  error?: string;
}) {
  const errorId = `price-${name}-error`;
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {options.map((o) => (
          <label key={o.value} className="inline-flex min-h-11 items-center gap-2 text-base">
            <input
              type="radio"
              name={name}
              value={o.value}
              defaultChecked={value === o.value}
              aria-invalid={error ? true : undefined}
              className="size-5 accent-brand-600"
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldMessage id={errorId} name={name} message={error} />
    </fieldset>
  );
}

const storyOptions = [
  { value: "1", label: "1 story" },
  { value: "2", label: "2 stories" },
  { value: "3", label: "3 stories" },
];

/** The GET form of a priced service's inputs (and an optional ZIP code for the service-area answer). */
export function PriceForm({
  service,
  pricing,
  showErrors,
  onUpdate,
}: {
  service: PricedSlug;
  pricing: PricingQuery;
  showErrors: boolean;
  onUpdate?: (form: HTMLFormElement, submitted: boolean) => void;
}) {
  const entry = pricedService(service);
  const { values } = pricing;
  const errors = showErrors ? pricing.errors : {};
  const fromHomeSize = "fromHomeSize" in entry ? entry.fromHomeSize : undefined;
  const { table, phone } = useServiceArea();
  const area = areaAnswer(values.zipcode ?? "", table);
  // A change made before the app started (a story chosen, a size typed) is shown once it has: the range
  // follows the form as it is when this hydrates, not as the server rendered it.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formRef.current && changedSinceRender(formRef.current)) onUpdate?.(formRef.current, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form hydrates or is first shown
  }, []);
  return (
    <form
      ref={formRef}
      method="get"
      action="/pricing"
      data-price-form=""
      aria-labelledby="inputs-heading"
      className="mt-8 space-y-5"
      onInput={(event) => onUpdate?.(event.currentTarget, false)}
      onSubmit={(event) => {
        if (!onUpdate) return;
        event.preventDefault();
        onUpdate(event.currentTarget, true);
      }}
    >
      <h2 id="inputs-heading" className="text-xl font-bold text-brand-900">
        2. Tell us about the property
      </h2>
      <input type="hidden" name="service" value={service} />
      <div className="grid gap-5 sm:grid-cols-2">
        <AmountField
          name={entry.measure.field}
          label={entry.measure.label}
          unit={entry.measure.unit}
          hint={entry.measure.hint}
          value={values[entry.measure.field]}
          error={errors[entry.measure.field]}
        />
        {fromHomeSize ? (
          <AmountField
            name="sqft"
            label="Or the home size"
            unit="sq ft"
            hint="We estimate the gutter length from it."
            value={values.sqft}
            error={errors.sqft}
          />
        ) : null}
      </div>
      {entry.stories ? (
        <ChoiceField
          name="stories"
          legend="Stories"
          options={storyOptions}
          value={values.stories}
          error={errors.stories}
        />
      ) : null}
      {entry.material ? (
        <ChoiceField
          name={entry.material.field}
          legend={entry.material.label}
          options={Object.entries(entry.material.options as Record<string, { label: string }>).map(([value, o]) => ({
            value,
            label: o.label,
          }))}
          value={values[entry.material.field]}
          error={errors[entry.material.field]}
        />
      ) : null}
      <div data-zip-answer="">
        <div className="max-w-xs">
          <label htmlFor="price-zipcode" className="block text-sm font-semibold text-slate-800">
            ZIP code <span className="font-normal text-slate-600">(optional)</span>
          </label>
          <input
            id="price-zipcode"
            name="zipcode"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={10}
            defaultValue={values.zipcode}
            aria-invalid={errors.zipcode ? true : undefined}
            aria-describedby="price-zipcode-error"
            className={inputClass}
          />
          <FieldMessage id="price-zipcode-error" name="zipcode" message={errors.zipcode} />
        </div>
        <div aria-live="polite">
          {/* Its own margin: hidden without an answer, it then takes no room. */}
          <AreaNote answer={area} phone={phone} className="mt-5" />
        </div>
      </div>
      <button type="submit" className="btn-primary">
        Show my price
      </button>
    </form>
  );
}

/**
 * The range, what it includes, the minimum charge and what the final price depends on. Every part that
 * follows the inputs is in the page whatever they are (hidden when it does not apply), with its text from
 * pricingView: the page's script writes the same into it before the app has started
 * (app/lib/first-effects/pricing.ts), and the app takes it over as it is.
 */
export function PriceResult({ view }: { view: PricingView }) {
  const { quote } = view;
  return (
    <section
      aria-labelledby="result-heading"
      className="mt-8 rounded-2xl border-2 border-brand-200 bg-brand-50 p-5 sm:p-6"
    >
      <h2 id="result-heading" tabIndex={-1} className="text-xl font-bold text-brand-900 outline-none">
        3. Your price range
      </h2>
      <div aria-live="polite" aria-atomic="true" data-testid="price-result">
        <div data-price="quote" hidden={!quote}>
          <p
            className="mt-2 text-4xl font-extrabold tracking-tight text-brand-900"
            data-testid="price-range"
            data-price="range"
            suppressHydrationWarning
          >
            {view.range}
          </p>
          <p className="mt-1 text-slate-800" data-price="summary" suppressHydrationWarning>
            {view.summary}
          </p>
          <p className="mt-2 text-sm text-slate-700" data-price="minimum" suppressHydrationWarning>
            {view.minimum}
          </p>
        </div>
        <div data-price="problems" hidden={!view.problems.length} className="mt-2 flex gap-2 text-red-800">
          <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">We cannot price this yet:</p>
            <ul
              className="mt-1 list-disc pl-5"
              data-price="problem-list"
              dangerouslySetInnerHTML={{ __html: listItemsHtml(view.problems) }}
            />
          </div>
        </div>
        <p className="mt-2 text-slate-700" data-price="prompt" hidden={Boolean(quote) || view.problems.length > 0}>
          Enter the size above, then choose Show my price.
        </p>
      </div>
      <div data-price="includes" hidden={!quote}>
        <h3 className="mt-5 font-bold text-brand-900">What is included</h3>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
          {view.includes.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </div>
      <p className="mt-5 flex gap-2 text-sm text-slate-700">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        This is an estimate, not a bill. The final price follows a free look at the property (in person or from your
        photos), and we confirm it in writing before any work starts.
      </p>
    </section>
  );
}

const pricingSchema = () => import("../forms/pricing.ts").then((m) => m.pricingRequestSchema);

/** "Request this estimate" (a priced service) or "Request a call" (commercial, fleet): the estimate request pipeline. */
export function PricingRequestForm({
  service,
  values,
  quote,
  actionData,
  phone,
  action,
  hidden = false,
}: {
  service: PricingSlug;
  values: Record<string, string>;
  quote: Quote | null;
  /** A priced service without a range yet: the section waits, hidden, for the inputs (the page's script shows it). */
  hidden?: boolean;
  actionData?: LeadActionData;
  phone: { display: string; href: string };
  /** The page's URL with its query, so that a reply without JavaScript shows the same estimate. */
  action: string;
}) {
  const callback = isCallbackSlug(service);
  return (
    <section
      aria-labelledby="request-heading"
      data-price="request"
      hidden={hidden}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="request-heading" className="text-xl font-bold text-brand-900">
        {callback ? "Request a call" : "4. Request this estimate"}
      </h2>
      <p className="mt-1 mb-5 text-slate-700">
        {callback ? (
          "Leave your number and what needs cleaning: we call back within one business day to plan a walk-through."
        ) : (
          <>
            {`We send it with your details and reply within ${business.replyWithinHours} hours to book the free look at the property`}
            <span data-price="request-range" suppressHydrationWarning>
              {quote ? ` (${formatRange(quote.low, quote.high)})` : ""}
            </span>
            .
          </>
        )}
      </p>
      <LeadForm
        id="pricing-request-form"
        action={action}
        rules="pricing"
        schema={pricingSchema}
        source="pricing"
        submitLabel={callback ? "Request a Call" : "Request This Estimate"}
        actionData={actionData}
        phone={phone}
        defaultValue={values.zipcode ? { zipcode: values.zipcode } : undefined}
      >
        {(fields) => (
          <>
            {/* Every input, empty when not given (the same to the rules as absent): the page's script keeps
                them equal to the price form before the app has started. */}
            {PRICE_INPUT_NAMES.map((name) => (
              <input
                key={name}
                type="hidden"
                name={name}
                data-price-input=""
                value={name === "service" ? service : (values[name] ?? "")}
              />
            ))}
            <PersonFields fields={fields} />
            <ZipRequestField field={fields.zipcode} />
            <TextArea
              field={fields.message}
              label={callback ? "What needs cleaning" : "Anything we should know (optional)"}
              rows={3}
            />
            <TextConsentBox field={fields.agreed} when="Optional." />
            <TermsNote />
          </>
        )}
      </LeadForm>
    </section>
  );
}

function ZipRequestField({ field }: { field: Parameters<typeof TextField>[0]["field"] }) {
  return (
    <div className="max-w-sm">
      <ZipAnswer initial={field.initialValue}>
        <TextField field={field} label="ZIP code" autoComplete="postal-code" inputMode="numeric" required />
      </ZipAnswer>
    </div>
  );
}
