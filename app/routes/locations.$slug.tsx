import { data, redirect } from "react-router";
import { locations } from "~/content/locations";
import { citySlugFromAlias, citySlugFromPagePath, locationPath } from "~/lib/paths";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/locations.$slug";

const citySlugs = locations.map((l) => l.slug);

export function loader({ params }: Route.LoaderArgs) {
  const slug = citySlugFromPagePath(params.slug);
  const location = locations.find((l) => l.slug === slug);
  if (location) return { location };
  // Short city paths (spec §2.1) answer 301; on a client-side navigation the short path never gets a history entry of its own.
  const alias = citySlugFromAlias(params.slug, citySlugs);
  if (alias) throw redirect(locationPath(alias), 301);
  throw data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { location } = loaderData;
  return seo({
    title: location.page.headline,
    description: location.description,
    path: locationPath(location.slug),
    keywords: location.page.keywords,
  });
};

export default function CityPage({ loaderData }: Route.ComponentProps) {
  const { location } = loaderData;
  return (
    <article>
      <h1 className="text-3xl font-extrabold text-brand-900">{location.page.headline}</h1>
      <p className="mt-4 text-lg">{location.description}</p>
    </article>
  );
}
