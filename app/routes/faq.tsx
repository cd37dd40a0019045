import { ChevronDown, Phone } from "lucide-react";
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { PageHero } from "../components/ui.tsx";
import { business } from "../content/business.ts";
import { faq } from "../content/faq.ts";
import { jsonLd, seo } from "../lib/seo.ts";
import type { Route } from "./+types/faq";

export function loader() {
  return { faq, phone: business.phone, replyWithinHours: business.replyWithinHours };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...seo({
    title: "Frequently Asked Questions",
    description:
      "Answers about the cities we serve, free estimates, payment, pressure levels, soft washing, how long a job takes, and what to expect on the day of your cleaning.",
    path: "/faq",
    keywords: [
      "pressure washing FAQ",
      "soft washing PSI",
      "how long does pressure washing take",
      "payment methods",
      "Boise exterior cleaning questions",
    ],
  }),
  jsonLd({
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: loaderData.faq.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  }),
];

/**
 * The accordion is built on <details name="faq">: it works and stays exclusive without JavaScript, and
 * the answers are in the HTML. The page's early script adds the keyboard model (arrows, Home, End,
 * wrapping) and opens the question named by the URL hash, from the first paint
 * (docs/decisions/004-faq-accordion.md, app/lib/early-script.ts).
 */
export default function Faq({ loaderData }: Route.ComponentProps) {
  const { hash } = useLocation();
  // A client-side navigation to /faq#question changes no hash by itself: tell the early script.
  useEffect(() => {
    if (hash) window.dispatchEvent(new HashChangeEvent("hashchange"));
  }, [hash]);

  return (
    <>
      <PageHero
        title="Frequently asked questions"
        lead="Straight answers about our services, prices, scheduling and what to expect."
      />
      <div data-accordion className="mt-10 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {loaderData.faq.map((item) => (
          <details key={item.id} id={item.id} name="faq" className="group scroll-mt-36">
            <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-left text-lg font-semibold text-brand-900 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">
              <h2 className="text-lg font-semibold">{item.question}</h2>
              <ChevronDown
                className="size-5 shrink-0 transition-transform group-open:rotate-180 motion-reduce:transition-none"
                aria-hidden="true"
              />
            </summary>
            <div className="px-5 pb-5 text-lg text-slate-700">
              <p>{item.answer}</p>
            </div>
          </details>
        ))}
      </div>
      <section aria-labelledby="still-heading" className="mt-14 rounded-2xl bg-brand-50 p-6 text-center sm:p-10">
        <h2 id="still-heading" className="text-2xl font-bold text-brand-900">
          Still Have Questions?
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-lg text-slate-700">
          Call and talk to a real person, or send a request and we will answer within {loaderData.replyWithinHours}{" "}
          hours.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <a href={loaderData.phone.href} className="btn-secondary">
            <Phone className="size-5" aria-hidden="true" />
            Call {loaderData.phone.display}
          </a>
          <Link to="/contact" className="btn-primary">
            Get Free Quote
          </Link>
        </div>
      </section>
    </>
  );
}
