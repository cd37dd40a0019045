import { data } from "react-router";
import { ServiceLayout } from "../components/service-layout.tsx";
import { servicePath } from "../lib/paths.ts";
import { servicePageData } from "../lib/service-page.server.ts";
import { jsonLd, seo } from "../lib/seo.ts";
import type { Route } from "./+types/services.$slug";

/** The ten services that share one section layout; fleet and holiday lights have their own routes. */
export function loader({ params }: Route.LoaderArgs) {
  const page = servicePageData(params.slug);
  if (!page || page.service.template === "fleet" || page.service.template === "holiday")
    throw data(null, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? [
        ...seo({
          title: `${loaderData.service.title} in Boise & the Treasure Valley`,
          description: loaderData.service.description,
          path: servicePath(loaderData.service.slug),
          keywords: loaderData.service.page.keywords,
        }),
        jsonLd(loaderData.jsonLd),
      ]
    : [];

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  return <ServiceLayout {...loaderData} />;
}
