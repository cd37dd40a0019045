import { CalendarClock, X } from "lucide-react";
import { useRouteLoaderData } from "react-router";
import { EstimateForm } from "../components/forms/estimate-form.tsx";
import { ServiceLayout } from "../components/service-layout.tsx";
import { holidayFaq } from "../content/services.ts";
import { servicePath } from "../lib/paths.ts";
import { servicePageData } from "../lib/service-page.server.ts";
import { jsonLd, seo } from "../lib/seo.ts";
import type { loader as rootLoader } from "../root.tsx";
import type { Route } from "./+types/services.holiday-light-installation";

const SLUG = "holiday-light-installation";

export function loader() {
  const page = servicePageData(SLUG)!;
  return {
    ...page,
    holidayFaq,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...seo({
    title: "Holiday Light Installation in Boise & the Treasure Valley",
    description: loaderData.service.description,
    path: servicePath(SLUG),
    keywords: loaderData.service.page.keywords,
  }),
  jsonLd(loaderData.jsonLd),
];

const DIALOG_ID = "holiday-estimate";

export default function HolidayPage({ loaderData }: Route.ComponentProps) {
  const { holidayFaq: faq, ...page } = loaderData;
  const nav = useRouteLoaderData<typeof rootLoader>("root");

  // Every estimate and quote button opens the modal, by the browser itself (invoker commands; the page's
  // early script supplies them where a browser lacks them): no JavaScript of the app is needed.
  const estimateButton = (label: string) => (
    <button type="button" className="btn-primary" commandfor={DIALOG_ID} command="show-modal" aria-haspopup="dialog">
      {label}
    </button>
  );

  return (
    <>
      <ServiceLayout
        {...page}
        estimateButton={estimateButton}
        faqs={{ title: "Holiday lighting questions", items: faq }}
      >
        <section
          aria-labelledby="booking-heading"
          className="mt-14 flex flex-col gap-4 rounded-2xl border-2 border-accent-400 bg-amber-50 p-6 sm:flex-row sm:items-center"
        >
          <CalendarClock className="size-10 shrink-0 text-accent-600" aria-hidden="true" />
          <div className="flex-1">
            <h2 id="booking-heading" className="text-xl font-bold text-brand-900">
              Book in October or early November
            </h2>
            <p className="mt-1 text-slate-700">
              Install dates fill up fast once the weather turns. Booking in October or early November gets your lights
              up before Thanksgiving and your preferred date on the calendar.
            </p>
            <noscript>
              <p className="mt-2 text-slate-700">
                If the button does nothing in your browser,{" "}
                <a href="/contact" className="font-semibold text-brand-700 underline">
                  request your estimate on our contact page
                </a>
                .
              </p>
            </noscript>
          </div>
          {estimateButton("Reserve an Install Date")}
        </section>
      </ServiceLayout>

      {/* A native modal: focus moves in and returns to the opener, Escape, the X and a click on the
          backdrop close it, the page behind is inert and does not scroll (app/app.css). */}
      {nav ? (
        <dialog
          id={DIALOG_ID}
          closedby="any"
          aria-labelledby={`${DIALOG_ID}-title`}
          aria-describedby={`${DIALOG_ID}-description`}
          className="modal-panel m-auto max-h-[92dvh] w-[94vw] max-w-lg overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl"
        >
          <div className="flex items-start justify-between gap-4">
            <h2 id={`${DIALOG_ID}-title`} className="text-2xl font-bold text-brand-900">
              Get Free Estimate
            </h2>
            <button
              type="button"
              commandfor={DIALOG_ID}
              command="close"
              className="btn -mt-2 -mr-2 px-2 text-slate-700 hover:bg-slate-100"
              aria-label="Close"
            >
              <X className="size-6" aria-hidden="true" />
            </button>
          </div>
          <p id={`${DIALOG_ID}-description`} className="mt-1 mb-4 text-slate-700">
            Tell us about your home or business and we will send a holiday lighting quote within{" "}
            {nav.business.replyWithinHours} hours.
          </p>
          <EstimateForm id="holiday-estimate-form" source="holiday-modal" phone={nav.business.phone} />
        </dialog>
      ) : null}
    </>
  );
}
