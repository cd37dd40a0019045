import * as Dialog from "@radix-ui/react-dialog";
import { CalendarClock, X } from "lucide-react";
import { useRef, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { EstimateForm } from "~/components/forms/estimate-form";
import { ServiceLayout } from "~/components/service-layout";
import { holidayFaq } from "~/content/services";
import { servicePath } from "~/lib/paths";
import { serviceJsonLd, servicePageData } from "~/lib/service-page.server";
import { jsonLd, seo } from "~/lib/seo";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/services.holiday-light-installation";

const SLUG = "holiday-light-installation";

export function loader() {
  const page = servicePageData(SLUG)!;
  return { ...page, holidayFaq, jsonLd: serviceJsonLd(page.service, page.areas.map((a) => a.city)) };
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

export default function HolidayPage({ loaderData }: Route.ComponentProps) {
  const { holidayFaq: faq, ...page } = loaderData;
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const nav = useRouteLoaderData<typeof rootLoader>("root");

  // Every estimate and quote button opens the modal; without JavaScript they are links to the contact form.
  const estimateButton = (label: string) => (
    <a
      href="/contact"
      className="btn-primary"
      aria-haspopup="dialog"
      onClick={(event) => {
        event.preventDefault();
        opener.current = event.currentTarget;
        setOpen(true);
      }}
    >
      {label}
    </a>
  );

  return (
    <>
      <ServiceLayout {...page} estimateButton={estimateButton} faqs={{ title: "Holiday lighting questions", items: faq }}>
        <section aria-labelledby="booking-heading" className="mt-14 flex flex-col gap-4 rounded-2xl border-2 border-accent-400 bg-amber-50 p-6 sm:flex-row sm:items-center">
          <CalendarClock className="size-10 shrink-0 text-accent-600" aria-hidden="true" />
          <div className="flex-1">
            <h2 id="booking-heading" className="text-xl font-bold text-brand-900">
              Book in October or early November
            </h2>
            <p className="mt-1 text-slate-700">
              Install dates fill up fast once the weather turns. Booking in October or early November gets your lights up before Thanksgiving and your
              preferred date on the calendar.
            </p>
          </div>
          {estimateButton("Reserve an Install Date")}
        </section>
      </ServiceLayout>

      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/70" />
          <Dialog.Content
            className="fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[94vw] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          >
            <div className="flex items-start justify-between gap-4">
              <Dialog.Title className="text-2xl font-bold text-brand-900">Get Free Estimate</Dialog.Title>
              <Dialog.Close className="btn -mt-2 -mr-2 px-2 text-slate-700 hover:bg-slate-100" aria-label="Close">
                <X className="size-6" aria-hidden="true" />
              </Dialog.Close>
            </div>
            <Dialog.Description className="mt-1 mb-4 text-slate-700">
              Tell us about your home or business and we will send a holiday lighting quote within 24 hours.
            </Dialog.Description>
            {nav ? <EstimateForm id="holiday-estimate-form" source="holiday-modal" phone={nav.business.phone} /> : null}
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
