import { Award, Clock, Heart, MapPin, ShieldCheck } from "lucide-react";
import { CityCard } from "../components/cards.tsx";
import { CallToAction, PageHero, Section } from "../components/ui.tsx";
import { business } from "../content/business.ts";
import { locations } from "../content/locations.ts";
import { locationsExtendedAreas } from "../content/service-area.ts";
import { locationPath } from "../lib/paths.ts";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/locations";

export function loader() {
  return {
    cities: locations.map((l) => ({
      to: locationPath(l.slug),
      city: l.city,
      population: l.population,
      avgResponse: l.avgResponse,
      description: l.description,
      zipCodes: l.zipCodes,
    })),
    extended: locationsExtendedAreas,
    phone: business.phone,
  };
}

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Service Areas: Boise, Meridian, Nampa and the Treasure Valley",
    description:
      "Pressure washing and exterior cleaning in twelve Idaho cities, from Boise, Meridian and Nampa to Emmett, McCall and Parma, with same-day, next-day or scheduled service.",
    path: "/locations",
    keywords: [
      "pressure washing near me Idaho",
      "Treasure Valley service areas",
      "Boise Meridian Nampa pressure washing",
      "exterior cleaning Idaho cities",
    ],
  });

const localPoints = [
  {
    icon: Clock,
    title: "Fast response",
    text: "Crews based in Meridian reach most of the valley the same day or the next.",
  },
  {
    icon: Heart,
    title: "We live here too",
    text: "We know hard water, cottonwood season, canal-irrigation stains and what winter does to a driveway.",
  },
  {
    icon: ShieldCheck,
    title: "Licensed and insured",
    text: "Registered in Idaho with $1 million liability coverage and workers' compensation.",
  },
];

export default function Locations({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        title="Areas we serve"
        lead="Twelve Idaho communities with regular crews, and extended areas across the state by appointment."
      />
      <Section id="cities" title="Our service cities">
        <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {d.cities.map((c) => (
            <CityCard key={c.to} {...c} />
          ))}
        </div>
      </Section>
      <Section
        id="extended"
        title="Extended service areas"
        intro="We also travel to these communities for larger residential, commercial and multi-property jobs. Call to schedule."
      >
        <ul className="flex flex-wrap gap-2">
          {d.extended.map((city) => (
            <li
              key={city}
              className="inline-flex items-center gap-1.5 rounded-full bg-slate-100 px-4 py-2 font-medium text-slate-800"
            >
              <MapPin className="size-4 text-brand-600" aria-hidden="true" />
              {city}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="local" title="Why choose a local company">
        <ul className="grid gap-4 md:grid-cols-3">
          {localPoints.map(({ icon: IconComponent, title, text }) => (
            <li key={title} className="rounded-xl bg-brand-50 p-5">
              <IconComponent className="size-8 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 text-lg font-bold text-brand-900">{title}</h3>
              <p className="mt-1 text-slate-700">{text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <section
        aria-labelledby="guarantee-heading"
        className="mt-14 flex gap-4 rounded-2xl border-2 border-brand-200 p-6"
      >
        <Award className="size-10 shrink-0 text-accent-600" aria-hidden="true" />
        <div>
          <h2 id="guarantee-heading" className="text-xl font-bold text-brand-900">
            Our service-area guarantee
          </h2>
          <p className="mt-2 text-slate-700">
            If you are in one of our service cities, there is no travel charge and your estimate is free. Outside them,
            we tell you any travel cost up front, before you book. Every job, anywhere, carries our 100% satisfaction
            guarantee.
          </p>
        </div>
      </section>
      <CallToAction
        title="Don't see your town?"
        text="Call us. If we can reach you, we will tell you when and what it costs before you book."
        phone={d.phone}
      />
    </>
  );
}
