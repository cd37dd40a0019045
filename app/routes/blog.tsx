import { PostCard } from "../components/post-card.tsx";
import { Mail } from "lucide-react";
import { Link, type ShouldRevalidateFunctionArgs, useSearchParams } from "react-router";
import { NewsletterForm } from "../components/forms/newsletter-form.tsx";
import { PageHero } from "../components/ui.tsx";
import { blogCategories } from "../content/blog-schema.ts";
import { formatPostDate, posts } from "../content/blog.server.ts";
import { business } from "../content/business.ts";
import { firstN, limits } from "../lib/limits.ts";
import { slugify } from "../lib/paths.ts";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/blog";

/**
 * Every card, whatever the ?category: the page filters them from the URL, so a filtered list can be
 * shared and works without JavaScript (decision 010). The server answers GET /blog.data from the
 * prerendered file whatever its query string, so a loader that filtered would hand client-side
 * navigation the unfiltered list; a few small cards cost little to send.
 */
export function loader() {
  return {
    cards: posts.map((p) => ({
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      author: p.author,
      category: p.category,
      categorySlug: p.categorySlug,
      readTime: p.readTime,
      date: p.date,
      dateLabel: formatPostDate(p.date),
    })),
    categories: blogCategories.map((name) => ({ name, slug: slugify(name) })),
    phone: business.phone,
  };
}

/** The list depends only on the path: changing ?category filters what is already loaded, without a request. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Exterior Cleaning Blog: Tips for Treasure Valley Property Owners",
    description:
      "Seasonal tips and plain advice on washing, soft washing and maintaining Boise and Treasure Valley homes and businesses, from spring pollen and hard water to winter prep.",
    path: "/blog",
    keywords: [
      "exterior cleaning blog",
      "pressure washing tips Boise",
      "soft washing advice",
      "home maintenance Treasure Valley",
      "Idaho exterior cleaning",
    ],
  });

export const links: Route.LinksFunction = () => [
  { rel: "alternate", type: "application/rss+xml", title: `${business.name} Blog`, href: "/blog/rss.xml" },
];

const filterClass = (active: boolean) =>
  `inline-flex min-h-11 items-center rounded-full border-2 px-4 py-2 text-sm font-semibold transition-colors motion-reduce:transition-none ${
    active
      ? "border-brand-700 bg-brand-700 text-white"
      : "border-brand-200 bg-white text-brand-800 hover:border-brand-600 hover:bg-brand-50"
  }`;

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { cards, categories, phone } = loaderData;
  const [searchParams] = useSearchParams();
  const selected = searchParams.get("category");
  const category = selected === null ? null : categories.find((c) => c.slug === selected);
  // "Latest posts" are the newest six; a category shows every post it has.
  const shown =
    selected === null ? firstN(cards, limits.blogPosts) : cards.filter((card) => card.categorySlug === category?.slug);
  const filters = [{ name: "All", slug: null }, ...categories];

  return (
    <>
      <PageHero
        eyebrow="Exterior cleaning blog"
        title="Tips for cleaner Treasure Valley homes and businesses"
        lead="Plain advice from our crews on pressure washing, soft washing and seasonal upkeep in Boise, Meridian, Nampa and beyond."
      />

      <section aria-labelledby="posts-heading" className="mt-10">
        <nav aria-label="Blog categories">
          <ul className="flex flex-wrap gap-2">
            {filters.map((f) => {
              const active = f.slug === selected;
              return (
                <li key={f.name}>
                  <Link
                    to={f.slug ? `/blog?category=${f.slug}` : "/blog"}
                    preventScrollReset
                    aria-current={active ? "page" : undefined}
                    className={filterClass(active)}
                  >
                    {f.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>

        <div className="mt-8 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="posts-heading" className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
            {selected === null ? "Latest posts" : category ? `${category.name} posts` : "Posts"}
          </h2>
          <p className="text-sm text-slate-600" aria-live="polite">
            {shown.length === 1 ? "1 post" : `${shown.length} posts`}
          </p>
        </div>

        {shown.length === 0 ? (
          <div className="mt-6 rounded-xl border border-dashed border-slate-300 bg-slate-50 p-8 text-center">
            <p className="text-lg font-semibold text-brand-900">No posts in this category yet.</p>
            <p className="mt-3">
              <Link
                to="/blog"
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
              >
                See all posts
              </Link>
            </p>
          </div>
        ) : (
          <ul className="mt-6 grid gap-5 md:grid-cols-2">
            {shown.map((card) => (
              <li key={card.slug}>
                <PostCard post={card} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section
        aria-labelledby="newsletter-heading"
        className="mt-14 grid gap-6 rounded-2xl bg-brand-50 p-6 sm:p-8 md:grid-cols-2 md:items-center"
      >
        <div>
          <h2
            id="newsletter-heading"
            className="flex items-center gap-3 text-2xl font-bold tracking-tight text-balance text-brand-900"
          >
            <Mail className="size-7 shrink-0 text-brand-600" aria-hidden="true" />
            Get seasonal tips by e-mail
          </h2>
          <p className="mt-3 text-slate-700">
            A few short e-mails a year: when to wash, when to book holiday lights, and how to get your property ready
            for an Idaho winter. No spam, and every e-mail has an unsubscribe link.
          </p>
        </div>
        <NewsletterForm phone={phone} />
      </section>
    </>
  );
}
