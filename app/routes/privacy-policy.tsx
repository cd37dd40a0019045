import { LegalPage } from "../components/legal-page.tsx";
import { legalDocument } from "../lib/legal.server.ts";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/privacy-policy";

export function loader() {
  return legalDocument("privacy");
}

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Privacy Policy",
    description:
      "How we collect, use and protect the information you send us through this website, including text-message consent.",
    path: "/privacy-policy",
    keywords: "privacy policy,text message consent,data retention,exterior cleaning Idaho".split(","),
  });

export default function Page({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} />;
}
