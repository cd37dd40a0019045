import { CheckCircle2, Clock, MapPin, Phone, Users } from "lucide-react";
import { data, Link, redirect } from "react-router";
import { CityMap } from "../components/city-map.tsx";
import { RecentWork } from "../components/gallery.tsx";
import { Section } from "../components/ui.tsx";
import { business } from "../content/business.ts";
import { locations } from "../content/locations.ts";
import { recentWork } from "../lib/gallery.server.ts";
import { locatorMap } from "../lib/locator-map.ts";
import { citySlugFromAlias, citySlugFromPagePath, contactForCity, locationPath } from "../lib/paths.ts";
import { absoluteUrl, jsonLd, localBusiness, seo } from "../lib/seo.ts";
import type { Route } from "./+types/locations.$slug";

const citySlugs = locations.map((l) => l.slug);

const places = locations.map((l) => ({ name: l.city, coordinates: l.coordinates }));

export function loader({ params, request }: Route.LoaderArgs) {
  const slug = citySlugFromPagePath(params.slug);
  const location = locations.find((l) => l.slug === slug);
  if (location) {
    const map = {
      ...locatorMap({ name: location.city, coordinates: location.coordinates }, places),
      embedUrl: embedUrl(location.city),
      mapsLink: mapsLink(location.city),
      // "Show map" without JavaScript (components/city-map.tsx): the page comes back with the frame.
      initiallyShown: new URL(request.url).searchParams.get("map") === "show",
    };
    return {
      location,
      map,
      recentWork: recentWork({ city: location.slug }),
      phone: business.phone,
      name: business.name,
      replyWithinHours: business.replyWithinHours,
    };
  }
  // Short city paths (/locations/boise, "/locations/garden city") answer 301; on a client-side navigation the short path never gets a history entry of its own.
  const alias = citySlugFromAlias(params.slug, citySlugs);
  if (alias) throw redirect(locationPath(alias), 301);
  throw data(null, { status: 404 });
}

const mapQuery = (city: string) => `${city}, ID`;
const embedUrl = (city: string) =>
  `https://www.google.com/maps?q=${encodeURIComponent(mapQuery(city))}&z=11&output=embed`;
const mapsLink = (city: string) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(mapQuery(city))}`;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { location: l } = loaderData;
  const [longitude, latitude] = l.coordinates;
  return [
    ...seo({
      title: l.page.headline,
      description: l.description,
      path: locationPath(l.slug),
      keywords: l.page.keywords,
    }),
    jsonLd(
      localBusiness({
        "@id": `${absoluteUrl(locationPath(l.slug))}#business`,
        name: `${business.name} – ${l.city}`,
        url: absoluteUrl(locationPath(l.slug)),
        description: l.description,
        geo: { "@type": "GeoCoordinates", latitude, longitude },
        areaServed: [
          { "@type": "City", name: `${l.city}, Idaho` },
          {
            "@type": "GeoCircle",
            geoMidpoint: { "@type": "GeoCoordinates", latitude, longitude },
            geoRadius: business.serviceRadiusMeters,
          },
          ...l.zipCodes,
        ],
      }),
    ),
  ];
};

export default function CityPage({ loaderData }: Route.ComponentProps) {
  const { location: l, map, phone } = loaderData;
  const quote = contactForCity(l.city);
  return (
    <article>
      <header className="rounded-2xl bg-gradient-to-br from-brand-900 to-brand-600 px-6 py-10 text-white sm:px-10 sm:py-14">
        <p className="flex items-center gap-2 text-sm font-semibold tracking-wider text-accent-400 uppercase">
          <MapPin className="size-4" aria-hidden="true" /> {l.city}, Idaho · {l.focus}
        </p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-balance sm:text-5xl">{l.page.headline}</h1>
        <p className="mt-4 max-w-2xl text-lg text-brand-50">{l.description}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <a href={phone.href} className="btn-primary">
            <Phone className="size-5" aria-hidden="true" />
            Call {phone.display}
          </a>
          <Link to={quote} className="btn-inverse">
            Get Free Quote
          </Link>
        </div>
      </header>

      <div className="mt-10 grid gap-8 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="space-y-4 text-lg text-slate-700">
          {l.page.intro.map((p) => (
            <p key={p.slice(0, 40)}>{p}</p>
          ))}
        </div>
        <dl className="h-fit space-y-3 rounded-xl bg-brand-50 p-5">
          <div>
            <dt className="flex items-center gap-1.5 text-sm text-slate-600">
              <Users className="size-4" aria-hidden="true" /> Population
            </dt>
            <dd className="font-bold text-brand-900">{l.population}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1.5 text-sm text-slate-600">
              <Clock className="size-4" aria-hidden="true" /> Typical response
            </dt>
            <dd className="font-bold text-brand-900">{l.avgResponse}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-1.5 text-sm text-slate-600">
              <MapPin className="size-4" aria-hidden="true" /> ZIP codes
            </dt>
            <dd className="font-bold text-brand-900">{l.zipCodes.join(", ")}</dd>
          </div>
        </dl>
      </div>

      <Section id="map" title={`Our ${l.city} service area`}>
        <CityMap key={l.slug} city={l.city} {...map} />
      </Section>

      <Section id="services" title={`Services in ${l.city}`}>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {l.page.services.map((s) => (
            <li key={s.name} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <h3 className="text-lg font-bold text-brand-900">
                {s.name} in {l.city}
              </h3>
              <p className="mt-2 text-slate-700">{s.sentence}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="neighborhoods" title={`${l.city} neighborhoods we serve`}>
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
          {l.page.neighborhoods.map((n) => (
            <li
              key={n}
              className="flex min-h-14 items-center justify-center rounded-lg bg-slate-100 px-3 py-2 text-center font-medium text-slate-800"
            >
              {n}
            </li>
          ))}
        </ul>
        <p className="mt-6 max-w-3xl text-lg text-slate-700">{l.page.conditions}</p>
      </Section>

      <RecentWork
        pairs={loaderData.recentWork}
        title={`Recent work in ${l.city}`}
        moreLink={{ to: "/gallery", label: "See all our before & after photos" }}
      />

      <Section id="reasons" title={`Why ${l.city} chooses us`}>
        <ul className="grid gap-4 md:grid-cols-3">
          {l.page.reasons.map((r) => (
            <li key={r.title} className="rounded-xl bg-brand-50 p-5">
              <CheckCircle2 className="size-7 text-green-700" aria-hidden="true" />
              <h3 className="mt-2 text-lg font-bold text-brand-900">{r.title}</h3>
              <p className="mt-1 text-slate-700">{r.description}</p>
            </li>
          ))}
        </ul>
      </Section>

      <section
        aria-labelledby="city-cta"
        className="mt-16 rounded-2xl bg-brand-900 px-6 py-10 text-center text-white sm:px-10"
      >
        <h2 id="city-cta" className="text-2xl font-bold sm:text-3xl">
          Ready to schedule in {l.city}?
        </h2>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-brand-100">
          Free estimates, a reply within {loaderData.replyWithinHours} hours and a 100% satisfaction guarantee.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={quote} className="btn-primary">
            Schedule Service
          </Link>
          <Link to="/contact" className="btn-inverse">
            Contact Us Today
          </Link>
        </div>
      </section>
    </article>
  );
}
