/**
 * The section layout every service page shares: hero, what it is, method and pressure,
 * process, surfaces, benefits, questions, related services, areas and a closing call to action.
 * Pages pass their own process steps, questions or estimate button where they differ.
 */
import { CheckCircle2, Gauge, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import type { Segment } from "../lib/service-page.server.ts";
import { locationPath, pricingPath } from "../lib/paths.ts";
import { ServiceCard } from "./cards.tsx";
import type { IconName } from "../content/schema.ts";
import type { GalleryPair } from "../lib/gallery-types.ts";
import { RecentWork } from "./gallery.tsx";
import { PageHero, Section } from "./ui.tsx";
import { business } from "../content/business.ts";

type Step = { title: string; description: string };
type QA = { id?: string; question: string; answer: string };

export interface ServiceLayoutProps {
  service: {
    slug: string;
    title: string;
    page: {
      tagline: string;
      intro: Segment[][];
      method: string;
      process: Step[];
      surfaces: string[];
      benefits: Step[];
      faqs: QA[];
    };
  };
  related: { to: string; title: string; description: string; icon: IconName }[];
  areas: { city: string; slug: string }[];
  phone: { display: string; href: string };
  /** The page's estimate button; by default a link to the contact form. */
  estimateButton?: (label: string) => React.ReactNode;
  process?: { title: string; steps: Step[] };
  faqs?: { title: string; items: QA[] };
  /** The newest before/after photos of this service; the section is left out when there are none. */
  recentWork?: GalleryPair[];
  children?: React.ReactNode;
}

export function ServiceLayout({
  service,
  related,
  areas,
  phone,
  estimateButton,
  process,
  faqs,
  recentWork = [],
  children,
}: ServiceLayoutProps) {
  const { page } = service;
  const estimate =
    estimateButton ??
    ((label: string) => (
      <Link to="/contact" className="btn-primary">
        {label}
      </Link>
    ));
  const steps = process ?? { title: "How we do it", steps: page.process };
  const questions = faqs ?? { title: `${service.title} questions`, items: page.faqs };
  return (
    <article>
      <PageHero eyebrow="Boise & Treasure Valley" title={service.title} lead={page.tagline}>
        {estimate("Get Free Estimate")}
        <Link to={pricingPath(service.slug)} className="btn-inverse">
          See Pricing
        </Link>
        <a href={phone.href} className="btn-inverse">
          <Phone className="size-5" aria-hidden="true" />
          Call {phone.display}
        </a>
      </PageHero>

      <Section id="overview" title={`About our ${service.title.toLowerCase()}`}>
        <div className="max-w-3xl space-y-4 text-lg text-slate-700">
          {page.intro.map((segments, i) => (
            <p key={i}>
              {segments.map((s, j) =>
                typeof s === "string" ? (
                  s
                ) : (
                  <Link
                    key={j}
                    to={s.to}
                    className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
                  >
                    {s.text}
                  </Link>
                ),
              )}
            </p>
          ))}
        </div>
        <p className="mt-6 flex max-w-3xl gap-3 rounded-xl border-l-4 border-brand-600 bg-brand-50 p-4 text-slate-800">
          <Gauge className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            <strong className="text-brand-900">Pressure and method: </strong>
            {page.method}
          </span>
        </p>
      </Section>

      <Section id="process" title={steps.title}>
        <ol className="grid gap-4 md:grid-cols-2">
          {steps.steps.map((step, i) => (
            <li key={step.title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5">
              <span
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <div>
                <h3 className="text-lg font-bold text-brand-900">
                  <span className="sr-only">Step {i + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 text-slate-700">{step.description}</p>
              </div>
            </li>
          ))}
        </ol>
      </Section>

      <Section id="surfaces" title="What we clean">
        <ul className="grid gap-2 sm:grid-cols-2">
          {page.surfaces.map((s) => (
            <li key={s} className="flex items-center gap-2 text-lg">
              <CheckCircle2 className="size-5 shrink-0 text-green-700" aria-hidden="true" />
              {s}
            </li>
          ))}
        </ul>
      </Section>

      <Section id="benefits" title="Why it is worth it">
        <ul className="grid gap-4 sm:grid-cols-2">
          {page.benefits.map((b) => (
            <li key={b.title} className="rounded-xl bg-brand-50 p-5">
              <h3 className="text-lg font-bold text-brand-900">{b.title}</h3>
              <p className="mt-1 text-slate-700">{b.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <RecentWork
        pairs={recentWork}
        title={`Recent ${service.title.toLowerCase()} jobs`}
        moreLink={{
          to: `/gallery?service=${service.slug}`,
          label: `More ${service.title.toLowerCase()} before & after photos`,
        }}
      />

      {children}

      <Section id="questions" title={questions.title}>
        <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200">
          {questions.items.map((q) => (
            <div key={q.question} id={q.id} className="scroll-mt-36 p-5">
              <dt className="text-lg font-bold text-brand-900">{q.question}</dt>
              <dd className="mt-2 text-slate-700">{q.answer}</dd>
            </div>
          ))}
        </dl>
      </Section>

      {related.length ? (
        <Section id="related" title="Related services">
          <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {related.map((r) => (
              <ServiceCard key={r.to} {...r} />
            ))}
          </div>
        </Section>
      ) : null}

      <Section id="areas" title={`${service.title} near you`}>
        <ul className="flex flex-wrap gap-2">
          {areas.map((a) => (
            <li key={a.slug}>
              <Link
                to={locationPath(a.slug)}
                className="inline-flex min-h-11 items-center gap-1.5 rounded-full border border-brand-200 px-4 py-2 font-medium text-brand-800 hover:bg-brand-50"
              >
                <MapPin className="size-4" aria-hidden="true" />
                {a.city}
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <section
        aria-labelledby="service-cta"
        className="mt-16 rounded-2xl bg-brand-900 px-6 py-10 text-center text-white sm:px-10"
      >
        <h2 id="service-cta" className="text-2xl font-bold sm:text-3xl">
          Get a free {service.title.toLowerCase()} estimate
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-100">
          We reply within {business.replyWithinHours} hours with a clear, written price.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {estimate("Request a Free Quote")}
          <a href={phone.href} className="btn-inverse">
            Call {phone.display}
          </a>
        </div>
      </section>
    </article>
  );
}
