import { Check, MapPin, ShieldCheck } from "lucide-react";
import { Stars } from "../components/cards.tsx";
import { Icon } from "../components/icon.tsx";
import { CallToAction, Card, PageHero, Section } from "../components/ui.tsx";
import { credentials, equipment, statewideTravel, story } from "../content/about.ts";
import { business } from "../content/business.ts";
import { locations } from "../content/locations.ts";
import { aboutExtendedAreas } from "../content/service-area.ts";
import { testimonials } from "../content/testimonials.ts";
import { firstN, limits } from "../lib/limits.ts";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/about";

export function loader() {
  return {
    story,
    credentials,
    equipment,
    testimonials,
    primaryAreas: firstN(locations, limits.primaryAreaCities).map((l) => l.city),
    extendedAreas: aboutExtendedAreas,
    statewideTravel,
    license: business.license,
    since: business.foundedYear,
    phone: business.phone,
  };
}

export const meta: Route.MetaFunction = () =>
  seo({
    title: "About Us: Family-Owned Exterior Cleaning Since 2018",
    description:
      "Meet the family-owned, licensed and insured exterior cleaning company serving Boise and the Treasure Valley since 2018: $1 million liability coverage, trained crews and modern equipment.",
    path: "/about",
    keywords: [
      "about Gem State Exterior Cleaning",
      "licensed insured pressure washing Idaho",
      "family owned cleaning company Meridian",
      "Treasure Valley",
    ],
  });

export default function About({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow={`Family-owned since ${d.since}`}
        title="About Gem State Exterior Cleaning"
        lead="Local crews, honest estimates and the right method for every surface."
      />

      <Section id="story" title="Our story">
        <div className="max-w-3xl space-y-4 text-lg text-slate-700">
          {d.story.map((p) => (
            <p key={p.slice(0, 40)}>{p}</p>
          ))}
        </div>
      </Section>

      <Section id="licensing" title="Licensed, insured and accountable">
        <ul className="grid gap-4 sm:grid-cols-2">
          {d.credentials.map((c) => (
            <li key={c.title}>
              <Card className="h-full">
                <h3 className="flex items-center gap-2 text-lg font-bold text-brand-900">
                  <ShieldCheck className="size-6 text-brand-600" aria-hidden="true" />
                  {c.title}
                </h3>
                <p className="mt-2 text-slate-700">{c.description}</p>
              </Card>
            </li>
          ))}
        </ul>
        <p className="mt-4 rounded-lg bg-brand-50 px-4 py-3 font-medium text-brand-900">{d.license}</p>
      </Section>

      <Section id="equipment" title="Professional equipment">
        <ul className="grid gap-4 sm:grid-cols-2">
          {d.equipment.map((e) => {
            return (
              <li key={e.title} className="flex gap-4 rounded-xl border border-slate-200 p-5">
                <Icon name={e.icon} className="size-8 shrink-0 text-brand-600" />
                <div>
                  <h3 className="text-lg font-bold text-brand-900">{e.title}</h3>
                  <p className="mt-1 text-slate-700">{e.description}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section id="reviews" title="What our customers say">
        <ul className="grid gap-5 md:grid-cols-3">
          {d.testimonials.map((t) => (
            <li key={t.name}>
              <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <Stars rating={t.rating} />
                <blockquote className="mt-3 flex-1 text-slate-700">“{t.text}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-bold text-slate-900">{t.name}</span>
                  <span className="text-slate-600">
                    {" "}
                    · {t.location} · {t.date}
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="areas" title="Where we work">
        <div className="grid gap-6 md:grid-cols-2">
          <div>
            <h3 className="text-lg font-bold text-brand-900">Primary service areas</h3>
            <ul className="mt-3 grid grid-cols-2 gap-2">
              {d.primaryAreas.map((city) => (
                <li key={city} className="flex items-center gap-2">
                  <MapPin className="size-4 text-brand-600" aria-hidden="true" />
                  {city}
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h3 className="text-lg font-bold text-brand-900">Extended service areas</h3>
            <ul className="mt-3 grid grid-cols-2 gap-2">
              {d.extendedAreas.map((city) => (
                <li key={city} className="flex items-center gap-2">
                  <Check className="size-4 text-brand-600" aria-hidden="true" />
                  {city}
                </li>
              ))}
            </ul>
          </div>
        </div>
        <p className="mt-6 text-lg text-slate-700">{d.statewideTravel}</p>
      </Section>

      <CallToAction
        title="See the difference a careful crew makes"
        text="Free estimates, clear prices and a 100% satisfaction guarantee on every job."
        phone={d.phone}
      />
    </>
  );
}
