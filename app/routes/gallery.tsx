import { Link } from "react-router";
import { BeforeAfter } from "../components/gallery.tsx";
import { PageHero } from "../components/ui.tsx";
import { galleryPairs, galleryServices } from "../lib/gallery.server.ts";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/gallery";

/**
 * /gallery: every before/after pair, newest first, filtered by service with plain links (?service=slug):
 * without JavaScript the server renders the filtered page. With no photos yet the page says they are coming;
 * it is then `noindex` and left out of the sitemap (app/lib/pages.ts), a thin page search engines need not see.
 */
export function loader({ request }: Route.LoaderArgs) {
  const wanted = new URL(request.url).searchParams.get("service");
  const services = galleryServices();
  const current = services.find((s) => s.slug === wanted) ?? null;
  return {
    pairs: current ? galleryPairs.filter((p) => p.service.slug === current.slug) : [...galleryPairs],
    total: galleryPairs.length,
    services,
    current: current ? { slug: current.slug, title: current.title } : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({
    title: "Before & After Photos",
    description:
      "Before and after photos of our own exterior cleaning jobs in Boise and the Treasure Valley: driveways, houses, roofs, fences and more.",
    path: "/gallery",
    keywords: [
      "pressure washing before and after",
      "Boise exterior cleaning photos",
      "driveway cleaning results",
      "house washing before after",
    ],
    noindex: !loaderData || loaderData.total === 0,
  });

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { pairs, total, services, current } = loaderData;
  if (total === 0) {
    return (
      <>
        <PageHero
          title="Before & after photos"
          lead="Photos of our own jobs around the Treasure Valley are coming soon. We only show work we did ourselves, so this page stays empty until we have added them."
        />
        <p className="mt-10 max-w-2xl text-lg text-slate-700">
          Want to see what we can do for your home? We are glad to look at it and{" "}
          <Link
            to="/estimate"
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            give you a free estimate
          </Link>
          .
        </p>
      </>
    );
  }
  const filter = "inline-flex min-h-11 items-center rounded-full border px-4 py-2 font-semibold";
  const idle = `${filter} border-slate-300 bg-white text-slate-800 hover:border-brand-700`;
  const active = `${filter} border-brand-700 bg-brand-700 text-white`;
  return (
    <>
      <PageHero
        title="Before & after photos"
        lead="Real jobs from around the Treasure Valley, newest first. Choose Before or After under a photo to compare."
      />
      {services.length > 1 ? (
        <nav aria-label="Photos by service" className="mt-8">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link
                to="/gallery"
                className={current ? idle : active}
                aria-current={current ? undefined : "page"}
                preventScrollReset
              >
                All services ({total})
              </Link>
            </li>
            {services.map((s) => (
              <li key={s.slug}>
                <Link
                  to={`/gallery?service=${s.slug}`}
                  className={current?.slug === s.slug ? active : idle}
                  aria-current={current?.slug === s.slug ? "page" : undefined}
                  preventScrollReset
                >
                  {s.title} ({s.count})
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ul className="mt-8 grid gap-6 sm:grid-cols-2" aria-label={current ? `${current.title} photos` : "All photos"}>
        {pairs.map((pair, index) => (
          <li key={pair.slug}>
            <BeforeAfter pair={pair} eager={index === 0} headingLevel={2} />
          </li>
        ))}
      </ul>
    </>
  );
}
