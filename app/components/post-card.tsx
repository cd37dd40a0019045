import { ArrowRight, CalendarDays, Clock, UserRound } from "lucide-react";
import { Link } from "react-router";
import { postPath } from "../lib/paths.ts";

export interface PostCardData {
  slug: string;
  title: string;
  excerpt: string;
  category: string;
  readTime: string;
  author?: string;
  date?: string;
  dateLabel?: string;
}

/** A blog post card: the blog index shows it with the byline, related posts without. */
export function PostCard({ post }: { post: PostCardData }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md motion-reduce:transition-none">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-800">{post.category}</span>
        <span className="inline-flex items-center gap-1 text-slate-600">
          <Clock className="size-4" aria-hidden="true" />
          {post.readTime}
        </span>
      </div>
      <h3 className="mt-4 text-xl font-bold text-balance text-brand-900">{post.title}</h3>
      <p className="mt-2 flex-1 text-slate-700">{post.excerpt}</p>
      <div className="mt-5 border-t border-slate-100 pt-4">
        {post.author && post.date ? (
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1">
              <UserRound className="size-4" aria-hidden="true" />
              {post.author}
            </span>
            <span className="inline-flex items-center gap-1">
              <CalendarDays className="size-4" aria-hidden="true" />
              <time dateTime={post.date}>{post.dateLabel}</time>
            </span>
          </p>
        ) : null}
        <Link
          to={postPath(post.slug)}
          className="mt-3 inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 hover:text-brand-900"
        >
          Read More<span className="sr-only"> about {post.title}</span>
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </div>
    </article>
  );
}
