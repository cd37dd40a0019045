import { LegalPage } from "../components/legal-page.tsx";
import { legalDocument } from "../lib/legal.server.ts";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/terms-of-service";

export function loader() {
  return legalDocument("terms");
}

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Terms of Service",
    description:
      "The terms for estimates, scheduling, our satisfaction guarantee, payment, holiday lighting and text messages.",
    path: "/terms-of-service",
    keywords: "terms of service,satisfaction guarantee,pressure washing terms,Idaho".split(","),
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} />;
}
