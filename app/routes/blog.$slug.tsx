import { PostCard } from "../components/post-card.tsx";
import { CalendarDays, Clock, RefreshCw, UserRound } from "lucide-react";
import { data, Link } from "react-router";
import type { BlogPosting, WithContext } from "schema-dts";
import { Breadcrumbs, CallToAction, PageHero } from "../components/ui.tsx";
import { formatPostDate, posts, summary } from "../content/blog.server.ts";
import { business } from "../content/business.ts";
import { ogImagePath, TOUCH_ICON } from "../lib/og.ts";
import { postPath } from "../lib/paths.ts";
import { absoluteUrl, jsonLd, seo, siteUrl } from "../lib/seo.ts";
import type { Route } from "./+types/blog.$slug";

const RELATED_COUNT = 2;

export function loader({ params }: Route.LoaderArgs) {
  const post = posts.find((p) => p.slug === params.slug);
  if (!post) throw data(null, { status: 404 });
  const others = posts.filter((p) => p.slug !== post.slug);
  // Same category first, then the newest of the rest (posts are sorted newest first).
  const related = [
    ...others.filter((p) => p.category === post.category),
    ...others.filter((p) => p.category !== post.category),
  ]
    .slice(0, RELATED_COUNT)
    .map((p) => {
      const { slug, title, excerpt, category, readTime } = summary(p);
      return { slug, title, excerpt, category, readTime };
    });
  return {
    post: {
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      author: post.author,
      category: post.category,
      categorySlug: post.categorySlug,
      readTime: post.readTime,
      date: post.date,
      dateLabel: formatPostDate(post.date),
      updated:
        post.updated && post.updated !== post.date ? { date: post.updated, label: formatPostDate(post.updated) } : null,
      html: post.html,
    },
    related,
    phone: business.phone,
    replyWithinHours: business.replyWithinHours,
  };
}

/** schema.org BlogPosting for a post, for search engines. */
function blogPosting(post: {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  category: string;
  date: string;
  updated: { date: string } | null;
}): WithContext<BlogPosting> {
  const path = postPath(post.slug);
  const url = absoluteUrl(path);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    datePublished: post.date,
    dateModified: post.updated?.date ?? post.date,
    author: { "@type": "Person", name: post.author },
    publisher: {
      "@type": "Organization",
      name: business.name,
      url: `${siteUrl}/`,
      // The touch icon the build makes (scripts/post-build.ts): a real, square PNG at a fixed address.
      logo: { "@type": "ImageObject", url: absoluteUrl(TOUCH_ICON.path) },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    image: absoluteUrl(ogImagePath(path)),
    url,
    articleSection: post.category,
    inLanguage: "en-US",
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        ...seo({
          title: loaderData.post.title,
          description: loaderData.post.excerpt,
          path: postPath(loaderData.post.slug),
          keywords: [loaderData.post.category, "exterior cleaning tips", "Boise", "Treasure Valley"],
          type: "article",
        }),
        { property: "article:published_time", content: loaderData.post.date },
        ...(loaderData.post.updated
          ? [{ property: "article:modified_time", content: loaderData.post.updated.date }]
          : []),
        { property: "article:section", content: loaderData.post.category },
        jsonLd(blogPosting(loaderData.post)),
      ]
    : [];

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post, related, phone, replyWithinHours } = loaderData;
  return (
    <>
      <Breadcrumbs items={[{ to: "/", label: "Home" }, { to: "/blog", label: "Blog" }, { label: post.title }]} />
      <article>
        <PageHero eyebrow={post.category} title={post.title} lead={<p>{post.excerpt}</p>}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-brand-50" aria-label="About this article">
            <li className="inline-flex items-center gap-1.5">
              <UserRound className="size-4" aria-hidden="true" />
              By {post.author}
            </li>
            <li className="inline-flex items-center gap-1.5">
              <CalendarDays className="size-4" aria-hidden="true" />
              Published <time dateTime={post.date}>{post.dateLabel}</time>
            </li>
            {post.updated ? (
              <li className="inline-flex items-center gap-1.5">
                <RefreshCw className="size-4" aria-hidden="true" />
                Updated <time dateTime={post.updated.date}>{post.updated.label}</time>
              </li>
            ) : null}
            <li className="inline-flex items-center gap-1.5">
              <Clock className="size-4" aria-hidden="true" />
              {post.readTime}
            </li>
          </ul>
        </PageHero>
        <div className="prose-site mt-8 max-w-3xl" dangerouslySetInnerHTML={{ __html: post.html }} />
        <p className="mt-10 max-w-3xl border-t border-slate-200 pt-6 text-slate-700">
          Filed under{" "}
          <Link
            to={`/blog?category=${post.categorySlug}`}
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            {post.category}
          </Link>
          . Questions about your own property? Call us at{" "}
          <a
            href={phone.href}
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            {phone.display}
          </a>
          .
        </p>
      </article>

      <section aria-labelledby="related-heading" className="mt-14">
        <h2 id="related-heading" className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">
          Keep reading
        </h2>
        <ul className="mt-6 grid gap-5 md:grid-cols-2">
          {related.map((r) => (
            <li key={r.slug}>
              <PostCard post={r} />
            </li>
          ))}
        </ul>
        <p className="mt-6">
          <Link to="/blog" className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            All blog posts
          </Link>
        </p>
      </section>

      <CallToAction
        title="Rather have a pro handle it?"
        text={`Tell us what needs cleaning and we will send a free, no-obligation estimate within ${replyWithinHours} hours.`}
        phone={phone}
        primary={{ to: "/contact", label: "Get Your Free Estimate" }}
      />
    </>
  );
}
