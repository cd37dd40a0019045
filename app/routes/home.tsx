import { BadgeCheck, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { ServiceCard } from "../components/cards.tsx";
import { Icon } from "../components/icon.tsx";
import { CallToAction, Section } from "../components/ui.tsx";
import { whyChoose } from "../content/about.ts";
import { business } from "../content/business.ts";
import { featuredServices } from "../content/home.ts";
import { locations } from "../content/locations.ts";
import { services } from "../content/services.ts";
import { firstN, limits } from "../lib/limits.ts";
import { locationPath, servicePath, slugify } from "../lib/paths.ts";
import { jsonLd, localBusiness, seo } from "../lib/seo.ts";
import type { Route } from "./+types/home";

export function loader() {
  const cards = featuredServices.map((featured) => {
    const service = services.find((s) => s.slug === featured.slug);
    if (!service) throw new Error(`featured service ${featured.slug} does not exist`);
    return {
      to: servicePath(service.slug),
      title: featured.title ?? service.title,
      description: service.description,
      icon: service.icon,
    };
  });
  return {
    cards,
    whyChoose,
    cities: firstN(locations, limits.homeCities).map((l) => l.city),
    allCities: locations.map((l) => l.city),
    phone: business.phone,
    since: business.foundedYear,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...seo({
    title: "Pressure Washing & Exterior Cleaning in Boise, Idaho",
    description:
      "Family-owned pressure washing, house and roof soft washing, gutter, concrete and fleet cleaning for homes and businesses across Boise and the Treasure Valley. Licensed, insured, free estimates.",
    path: "/",
    keywords: [
      "pressure washing Boise",
      "house washing Boise",
      "soft washing Idaho",
      "roof cleaning Meridian",
      "Treasure Valley exterior cleaning",
    ],
  }),
  jsonLd(
    localBusiness({ areaServed: loaderData.allCities.map((city) => ({ "@type": "City", name: `${city}, Idaho` })) }),
  ),
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { cards, cities, phone, since } = loaderData;
  return (
    <>
      <section
        aria-labelledby="hero-heading"
        className="overflow-hidden rounded-2xl bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 px-6 py-12 text-white sm:px-10 sm:py-16"
      >
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-semibold text-accent-400">
          <BadgeCheck className="size-4" aria-hidden="true" /> Family-owned · Licensed &amp; insured · Since {since}
        </p>
        <h1
          id="hero-heading"
          className="mt-4 max-w-3xl text-3xl font-extrabold tracking-tight text-balance sm:text-5xl"
        >
          Pressure washing and exterior cleaning for Boise and the Treasure Valley
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-brand-50">
          Siding, roofs, gutters, driveways, fences and fleets cleaned the right way: soft washing under 500 PSI where
          surfaces are delicate, hot water and up to 4,000 PSI where concrete needs it. Free estimates, and we come back
          if you are not happy.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to="/contact" className="btn-primary">
            Get Free Estimate
          </Link>
          <Link to="/pricing" className="btn-inverse">
            See Prices Instantly
          </Link>
          <a href={phone.href} className="btn-inverse">
            <Phone className="size-5" aria-hidden="true" />
            Call {phone.display}
          </a>
        </div>
      </section>

      <Section
        id="services"
        title="Our exterior cleaning services"
        intro="The right method for every surface, from vinyl siding and stucco to stamped concrete and delivery trucks."
      >
        <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {cards.map((card) => (
            <ServiceCard key={card.to} {...card} />
          ))}
        </div>
        <p className="mt-6">
          <Link
            to="/services"
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            See all twelve services
          </Link>
        </p>
      </Section>

      <Section id="why" title="Why choose Gem State Exterior Cleaning">
        <ul className="grid gap-5 sm:grid-cols-2">
          {loaderData.whyChoose.map((point) => {
            return (
              <li key={point.title} className="flex gap-4 rounded-xl bg-brand-50 p-5">
                <Icon name={point.icon} className="size-8 shrink-0 text-brand-700" />
                <div>
                  <h3 className="text-lg font-bold text-brand-900">{point.title}</h3>
                  <p className="mt-1 text-slate-700">{point.description}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </Section>

      <Section
        id="areas"
        title="Serving the Treasure Valley"
        intro="Crews based in Meridian cover these cities every week, with same-day or next-day estimates."
      >
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {cities.map((city) => (
            <li key={city}>
              <Link
                to={locationPath(slugify(city))}
                className="flex min-h-12 items-center justify-center gap-2 rounded-lg border-2 border-brand-200 bg-white px-3 py-2 font-semibold text-brand-800 hover:border-brand-600 hover:bg-brand-50"
              >
                <MapPin className="size-4" aria-hidden="true" />
                {city}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-4">
          <Link
            to="/locations"
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            All service areas
          </Link>
        </p>
      </Section>

      <CallToAction
        title="Ready for a cleaner home or storefront?"
        text={`Tell us what needs cleaning and we will send a free, no-obligation estimate within ${business.replyWithinHours} hours.`}
        phone={phone}
        primary={{ to: "/contact", label: "Request Your Free Estimate" }}
      />
    </>
  );
}
