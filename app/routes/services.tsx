import { Link } from "react-router";
import { ServiceCard } from "../components/cards.tsx";
import { CallToAction, PageHero, Section } from "../components/ui.tsx";
import { business } from "../content/business.ts";
import { services } from "../content/services.ts";
import { galleryHasPhotos, galleryPage } from "../lib/pages.ts";
import { servicePath } from "../lib/paths.ts";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/services";

export function loader() {
  const cards = services.map(({ slug, title, description, icon, category }) => ({
    to: servicePath(slug),
    title,
    description,
    icon,
    category,
  }));
  return {
    cards,
    residential: cards.filter((c) => (c.category as readonly string[]).includes("Residential")),
    commercial: cards.filter((c) => (c.category as readonly string[]).includes("Commercial")),
    phone: business.phone,
    /** Once the owner has added photos, the page links to them. */
    gallery: galleryHasPhotos() ? galleryPage : null,
  };
}

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Exterior Cleaning Services for Homes and Businesses",
    description:
      "Pressure washing, house and soft washing, roof, gutter, concrete, driveway, sidewalk, fence and deck cleaning, fleet washing and holiday lights across Boise and the Treasure Valley.",
    path: "/services",
    keywords: [
      "exterior cleaning services Boise",
      "pressure washing services",
      "soft washing",
      "roof cleaning",
      "gutter cleaning",
      "fleet washing Idaho",
    ],
  });

export default function Services({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        title="Exterior cleaning services"
        lead="Twelve services for homes, farms, HOAs and businesses, each done with the pressure and cleaning agents that suit the surface."
      >
        {d.gallery ? (
          <Link to={d.gallery} className="btn-inverse">
            See before &amp; after photos
          </Link>
        ) : null}
      </PageHero>
      <Section id="all" title="All services">
        <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {d.cards.map((c) => (
            <ServiceCard key={c.to} {...c} />
          ))}
        </div>
      </Section>
      <div className="mt-14 grid gap-6 md:grid-cols-2">
        {[
          { id: "residential", title: "Residential services", items: d.residential },
          { id: "commercial", title: "Commercial services", items: d.commercial },
        ].map((group) => (
          <section key={group.id} aria-labelledby={`${group.id}-heading`} className="rounded-xl bg-brand-50 p-6">
            <h2 id={`${group.id}-heading`} className="text-2xl font-bold text-brand-900">
              {group.title}
            </h2>
            <ul className="mt-4 space-y-2">
              {group.items.map((c) => (
                <li key={c.to}>
                  <Link to={c.to} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                    {c.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <CallToAction
        title="Not sure which service you need?"
        text="Describe the job and we will recommend the right method, with a free written estimate."
        phone={d.phone}
      />
    </>
  );
}
