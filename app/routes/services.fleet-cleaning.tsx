import { ServiceLayout } from "../components/service-layout.tsx";
import { fleetProcess } from "../content/services.ts";
import { servicePath } from "../lib/paths.ts";
import { servicePageData } from "../lib/service-page.server.ts";
import { jsonLd, seo } from "../lib/seo.ts";
import type { Route } from "./+types/services.fleet-cleaning";

const SLUG = "fleet-cleaning";

export function loader() {
  const page = servicePageData(SLUG)!;
  return {
    ...page,
    fleetProcess,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...seo({
    title: "Fleet Washing for Trucks, Vans and Equipment in Boise",
    description: loaderData.service.description,
    path: servicePath(SLUG),
    keywords: loaderData.service.page.keywords,
  }),
  jsonLd(loaderData.jsonLd),
];

export default function FleetPage({ loaderData }: Route.ComponentProps) {
  const { fleetProcess: steps, ...page } = loaderData;
  return <ServiceLayout {...page} process={{ title: "Our fleet washing process", steps }} />;
}
