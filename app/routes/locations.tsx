import { PageHero } from "~/components/ui";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/locations";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Service Areas", description: "The twelve Idaho cities we serve, with response times and ZIP codes.", path: "/locations", keywords: ["Service Areas", "Boise", "Treasure Valley"] });

export default function Page() {
  return <PageHero title="Service Areas" lead="The twelve Idaho cities we serve, with response times and ZIP codes." />;
}
