import { data } from "react-router";
import { NotFound } from "../components/not-found.tsx";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/not-found";

// Any unmatched path: the server answers HTTP 404 with the 404 page.
export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = ({ location }) =>
  seo({
    title: "Page not found",
    description: "The page you are looking for does not exist or has moved.",
    path: location.pathname,
    keywords: ["page not found"],
    noindex: true,
  });

export default function Page() {
  return <NotFound />;
}
