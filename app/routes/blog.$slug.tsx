import { data } from "react-router";
import { posts } from "~/content/blog.server";
import { postPath } from "~/lib/paths";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/blog.$slug";

export function loader({ params }: Route.LoaderArgs) {
  const post = posts.find((p) => p.slug === params.slug);
  if (!post) throw data(null, { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? seo({ title: loaderData.post.title, description: loaderData.post.excerpt, path: postPath(loaderData.post.slug), keywords: [loaderData.post.category, "Boise", "exterior cleaning"], type: "article" })
    : [];

export default function Page({ loaderData }: Route.ComponentProps) {
  return (
    <article>
      <h1 className="text-3xl font-extrabold text-brand-900">{loaderData.post.title}</h1>
      <div className="prose-site mt-6" dangerouslySetInnerHTML={{ __html: loaderData.post.html }} />
    </article>
  );
}
