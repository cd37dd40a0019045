import { useMemo, useRef, useState } from "react";
import { type ShouldRevalidateFunctionArgs, useLocation, useNavigate } from "react-router";
import { PriceForm, PriceResult, PricingRequestForm, ServicePicker, serviceTitle } from "../components/pricing.tsx";
import { Breadcrumbs } from "../components/ui.tsx";
import { business } from "../content/business.ts";
import { isCallbackSlug, isPricedSlug, priceBook } from "../content/price-book.ts";
import { type PricingQuery, parsePricingQuery, pricingView, searchOf } from "../forms/price-query.ts";
import { storedFields } from "../forms/form-fields.ts";
import {
  checkPriceInputs,
  pricingRequestForm,
  pricingRequestSchema,
  PRICING_REQUEST_FIELDS,
} from "../forms/pricing.ts";
import { InlineScript } from "../components/inline-script.tsx";
import { pricingEffectsSource } from "../lib/first-effects/sources.ts";
import { quote } from "../lib/price.ts";
import { absoluteUrl, jsonLd, seo } from "../lib/seo.ts";
import {
  consentProof,
  contactOf,
  estimateConfirmation,
  handleLeadSubmission,
} from "../server/features/leads/submit.server.ts";
import type { Route } from "./+types/pricing";

/**
 * "Request this estimate" and "Request a call": an estimate request like the others, with the estimate
 * as flat fields. The range is computed again here from the inputs; a range sent by a browser is ignored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const estimateOf = (v: Parameters<typeof checkPriceInputs>[0]) => {
    const inputs = checkPriceInputs(v);
    if (inputs) {
      const q = quote(inputs);
      return {
        priceService: v.service,
        priceInputs: q.summary,
        priceLow: String(q.low),
        priceHigh: String(q.high),
        priceEstimate: q.line,
      };
    }
    return {
      priceService: v.service,
      priceInputs: null,
      priceLow: null,
      priceHigh: null,
      priceEstimate: `${serviceTitle(v.service)} — no online price: call back to plan a walk-through`,
    };
  };
  return handleLeadSubmission({
    request,
    context,
    kind: "estimate",
    schema: pricingRequestSchema,
    fields: PRICING_REQUEST_FIELDS,
    toLead: (v) => ({
      fields: storedFields(pricingRequestForm, v, estimateOf(v)),
      contact: contactOf(v),
      consent: consentProof(v.agreed),
    }),
    confirmation: (v) => ({ ...estimateConfirmation(), estimate: estimateOf(v).priceEstimate }),
    // Kept in the journal while the database is away (docs/decisions/046-outage-journal.md).
    journal: true,
  });
}

/**
 * The query parsed on the server (a shared URL, the GET form without JavaScript). The prerendered page
 * has no query. A client-side navigation to another query does not call this (shouldRevalidate below):
 * the page parses the new query itself. Were it called, the server would run it (app/server/app.server.ts) (a `.data` request with a
 * query string is never answered from the prerendered file).
 */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return { search: url.search, pricing: parsePricingQuery(url.searchParams), phone: business.phone };
}

/** The page works out a new query itself, without a request. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

const title = "Instant Price Estimate";
const description =
  "See a price range for house washing, roof, gutter, driveway, concrete, fence and deck cleaning or holiday lights in Boise and the Treasure Valley in seconds, then request a free on-site estimate.";

export const meta: Route.MetaFunction = () => [
  ...seo({
    title,
    description,
    path: "/pricing",
    keywords: [
      "pressure washing prices Boise",
      "house washing cost Idaho",
      "gutter cleaning price Meridian",
      "instant estimate exterior cleaning",
      "roof cleaning cost Treasure Valley",
    ],
  }),
  jsonLd({
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: [
      { "@type": "ListItem", position: 1, name: "Home", item: absoluteUrl("/") },
      { "@type": "ListItem", position: 2, name: title, item: absoluteUrl("/pricing") },
    ],
  }),
];

export default function Pricing({ loaderData, actionData }: Route.ComponentProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const resultRef = useRef<HTMLDivElement>(null);
  // The query the page shows. A change of the form is shown at once, while the URL follows (`from`: the
  // location it was made on); any other location (a service chosen, the browser's history) is read anew.
  // Read without Zod (app/forms/price-query.ts), the same way the server and the page's script read it:
  // a URL the page's script replaced before the app started is read here as it did.
  const [changed, setChanged] = useState<{ search: string; from: string; submitted: boolean } | null>(null);
  const search = location.search;
  const shown = changed && (changed.search === search || changed.from === search) ? changed : null;
  const shownSearch = shown?.search ?? search;
  const pricing: PricingQuery = useMemo(
    () =>
      shownSearch === loaderData.search ? loaderData.pricing : parsePricingQuery(new URLSearchParams(shownSearch)),
    [shownSearch, loaderData],
  );
  const view = pricingView(pricing, shown?.submitted);
  const service = pricing.values.service;
  const priced = service !== undefined && isPricedSlug(service) ? service : undefined;
  const callback =
    service !== undefined && isCallbackSlug(service) ? { slug: service, ...priceBook.callback[service]! } : undefined;
  const result = view.quote;

  const update = (form: HTMLFormElement, submitted: boolean) => {
    const next = searchOf(form);
    setChanged({ search: next, from: search, submitted });
    if (next !== search) void navigate({ search: next }, { replace: true, preventScrollReset: true });
    if (submitted) resultRef.current?.querySelector<HTMLElement>("#result-heading")?.focus();
  };

  return (
    <div>
      <Breadcrumbs items={[{ to: "/", label: "Home" }, { label: title }]} />
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900 sm:text-4xl">Instant price estimate</h1>
      <p className="mt-3 max-w-3xl text-lg text-slate-700">
        Choose a service and enter the size: you see a price range at once. It comes from the same rates we quote with;
        the final price follows a free look at the property. Commercial and fleet work is priced after a call.
      </p>
      {/* The accepted quote is the price: the owner's words (content/price-book.yaml, quotes.pricingNote). */}
      <p className="mt-2 max-w-3xl text-lg font-semibold text-slate-800" data-testid="quote-price-note">
        {priceBook.quotes.pricingNote}
      </p>
      {service === "pressure-washing" ? (
        <p className="mt-4 rounded-md border-l-4 border-brand-600 bg-brand-50 px-3 py-2 text-slate-800">
          Pressure washing covers many jobs: choose what needs cleaning below (house, roof, driveway, concrete, fence or
          deck) to see a price.
        </p>
      ) : null}
      {service !== undefined && service !== "pressure-washing" && !priced && !callback ? (
        <p role="alert" className="mt-4 rounded-md border-l-4 border-red-700 bg-red-50 px-3 py-2 text-red-900">
          We have no instant price for that service. Choose one of the services below.
        </p>
      ) : null}

      <div className="mt-8">
        <ServicePicker selected={service} />
      </div>

      {priced ? (
        <>
          <PriceForm key={priced} service={priced} pricing={pricing} showErrors={view.touched} onUpdate={update} />
          <div ref={resultRef}>
            <PriceResult view={view} />
          </div>
          <PricingRequestForm
            service={priced}
            values={pricing.values}
            quote={result}
            hidden={!result}
            actionData={actionData}
            phone={loaderData.phone}
            action={`/pricing${search}`}
          />
          {/* Before the app has started, the page answers changes itself (app/lib/first-effects/pricing.ts). */}
          <InlineScript source={pricingEffectsSource} />
        </>
      ) : null}

      {callback ? (
        <>
          <section
            aria-labelledby="callback-heading"
            className="mt-8 rounded-2xl border-2 border-brand-200 bg-brand-50 p-5 sm:p-6"
          >
            <h2 id="callback-heading" className="text-xl font-bold text-brand-900">
              {callback.title}: priced after a call
            </h2>
            <p className="mt-2 text-slate-800">{callback.why}</p>
            <p className="mt-2 text-slate-800">
              Prefer to talk now? Call{" "}
              <a href={loaderData.phone.href} className="font-semibold text-brand-700 underline">
                {loaderData.phone.display}
              </a>
              .
            </p>
          </section>
          <PricingRequestForm
            service={callback.slug}
            values={pricing.values}
            quote={null}
            actionData={actionData}
            phone={loaderData.phone}
            action={`/pricing${search}`}
          />
        </>
      ) : null}
    </div>
  );
}
