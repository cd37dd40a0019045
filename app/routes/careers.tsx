import { Briefcase, Check, Clock, DollarSign, MapPin } from "lucide-react";
import { Link } from "react-router";
import { Icon } from "../components/icon.tsx";
import { CallToAction, PageHero, Section } from "../components/ui.tsx";
import { business } from "../content/business.ts";
import {
  applicationSteps,
  benefits,
  businessDay,
  culture,
  endOfBusinessDay,
  jobs,
  openJobs,
} from "../content/careers.ts";
import { employeeTestimonial } from "../content/testimonials.ts";
import { applyPath } from "../lib/paths.ts";
import { absoluteUrl, jsonLd, seo } from "../lib/seo.ts";
import type { Route } from "./+types/careers";

export function loader() {
  return {
    // Prerendered: the listings open on the day of the build (an expired one is left out, and launch-check names it).
    jobs: openJobs(jobs, businessDay(new Date())),
    benefits,
    culture,
    applicationSteps,
    employeeTestimonial,
    phone: business.phone,
  };
}

const cityOf = (location: string) => location.split(",")[0]!.trim();

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...seo({
    title: "Careers: Pressure Washing and Customer Service Jobs in Boise",
    description:
      "Join a family-owned exterior cleaning team in Boise and Meridian: paid training, $16–28/hour, company trucks and gear, and room to grow. See open positions and apply online.",
    path: "/careers",
    keywords: [
      "pressure washing jobs Boise",
      "cleaning jobs Meridian Idaho",
      "customer service job Boise",
      "exterior cleaning careers",
    ],
  }),
  ...loaderData.jobs.map((job) =>
    jsonLd({
      "@context": "https://schema.org",
      "@type": "JobPosting",
      title: job.title,
      description: `<p>${job.description}</p><ul>${job.requirements.map((r) => `<li>${r}</li>`).join("")}</ul>`,
      datePosted: job.datePosted,
      validThrough: endOfBusinessDay(job.validThrough),
      employmentType: "FULL_TIME",
      hiringOrganization: { "@type": "Organization", name: business.name, sameAs: absoluteUrl("/") },
      jobLocation: {
        "@type": "Place",
        address: {
          "@type": "PostalAddress",
          addressLocality: cityOf(job.location),
          addressRegion: "ID",
          addressCountry: "US",
        },
      },
      baseSalary: {
        "@type": "MonetaryAmount",
        currency: "USD",
        value: { "@type": "QuantitativeValue", minValue: job.pay.min, maxValue: job.pay.max, unitText: "HOUR" },
      },
      directApply: true,
      url: absoluteUrl(applyPath(job.slug)),
    }),
  ),
];

export default function Careers({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="We're hiring"
        title="Build a career outdoors with a local team"
        lead="Paid training, steady work across the Treasure Valley and a family-owned company that knows your name."
      >
        <a href="#positions" className="btn-primary">
          View Open Positions
        </a>
      </PageHero>

      <Section id="benefits" title="Why work with us">
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {d.benefits.map((b) => (
            <li key={b.title} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <span className="flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon name={b.icon} className="size-6" />
              </span>
              <h3 className="mt-3 text-lg font-bold text-brand-900">{b.title}</h3>
              <p className="mt-1 text-slate-700">{b.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="positions" title="Open positions">
        <div className="space-y-6">
          {d.jobs.map((job) => (
            <article
              key={job.slug}
              aria-labelledby={`job-${job.slug}`}
              className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h3 id={`job-${job.slug}`} className="text-xl font-bold text-brand-900">
                {job.title}
              </h3>
              <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-700">
                <li className="flex items-center gap-1.5">
                  <MapPin className="size-4 text-brand-600" aria-hidden="true" />
                  <span className="sr-only">Location: </span>
                  {job.location}
                </li>
                <li className="flex items-center gap-1.5">
                  <Clock className="size-4 text-brand-600" aria-hidden="true" />
                  <span className="sr-only">Type: </span>
                  {job.type}
                </li>
                <li className="flex items-center gap-1.5">
                  <Briefcase className="size-4 text-brand-600" aria-hidden="true" />
                  <span className="sr-only">Experience: </span>
                  {job.experience}
                </li>
                <li className="flex items-center gap-1.5 font-semibold text-green-800">
                  <DollarSign className="size-4" aria-hidden="true" />
                  <span className="sr-only">Pay: </span>
                  {job.salary}
                </li>
              </ul>
              <p className="mt-4 text-slate-700">{job.description}</p>
              <div className="mt-4 grid gap-6 md:grid-cols-2">
                <div>
                  <h4 className="font-bold text-slate-900">Requirements</h4>
                  <ul className="mt-2 space-y-1.5">
                    {job.requirements.map((r) => (
                      <li key={r} className="flex gap-2 text-slate-700">
                        <Check className="mt-1 size-4 shrink-0 text-brand-600" aria-hidden="true" />
                        {r}
                      </li>
                    ))}
                  </ul>
                </div>
                <div>
                  <h4 className="font-bold text-slate-900">Benefits</h4>
                  <ul className="mt-2 space-y-1.5">
                    {job.benefits.map((b) => (
                      <li key={b} className="flex gap-2 text-slate-700">
                        <Check className="mt-1 size-4 shrink-0 text-green-700" aria-hidden="true" />
                        {b}
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
              <p className="mt-5">
                <Link to={applyPath(job.slug)} className="btn-primary">
                  Apply Now<span className="sr-only">: {job.title}</span>
                </Link>
              </p>
            </article>
          ))}
        </div>
      </Section>

      <div className="mt-14 grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="culture-heading">
          <h2 id="culture-heading" className="text-2xl font-bold text-brand-900 sm:text-3xl">
            How we work
          </h2>
          <ul className="mt-5 space-y-3">
            {d.culture.map((c) => (
              <li key={c} className="flex gap-3 text-lg text-slate-700">
                <Check className="mt-1.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                {c}
              </li>
            ))}
          </ul>
        </section>
        <figure className="h-fit rounded-2xl bg-brand-50 p-6">
          <blockquote className="text-lg text-slate-800">“{d.employeeTestimonial.text}”</blockquote>
          <figcaption className="mt-4">
            <span className="font-bold text-brand-900">{d.employeeTestimonial.name}</span>
            <span className="text-slate-700"> · {d.employeeTestimonial.years}</span>
          </figcaption>
        </figure>
      </div>

      <Section id="process" title="How to apply">
        <ol className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {d.applicationSteps.map((s, i) => (
            <li key={s.title} className="rounded-xl border border-slate-200 p-5">
              <span
                className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-lg font-bold text-white"
                aria-hidden="true"
              >
                {i + 1}
              </span>
              <h3 className="mt-3 text-lg font-bold text-brand-900">
                <span className="sr-only">Step {i + 1}: </span>
                {s.title}
              </h3>
              <p className="mt-1 text-slate-700">{s.description}</p>
            </li>
          ))}
        </ol>
      </Section>

      <CallToAction
        title="Ready to join the crew?"
        text="Apply online in a few minutes. Questions about a position? Call us during business hours."
        phone={d.phone}
        primary={{ to: "/careers/apply", label: "Apply Online" }}
      />
    </>
  );
}
