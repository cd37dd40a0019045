import { PageHero } from "~/components/ui";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/faq";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Frequently Asked Questions", description: "Answers about our service areas, prices, payment, pressure levels and scheduling.", path: "/faq", keywords: ["Frequently Asked Questions", "Boise", "Treasure Valley"] });

export default function Page() {
  return <PageHero title="Frequently Asked Questions" lead="Answers about our service areas, prices, payment, pressure levels and scheduling." />;
}
