import { PageHero } from "~/components/ui";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/newsletter";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Newsletter", description: "Seasonal exterior cleaning tips by e-mail.", path: "/newsletter", keywords: ["Newsletter", "Boise", "Treasure Valley"] });

export default function Page() {
  return <PageHero title="Newsletter" lead="Seasonal exterior cleaning tips by e-mail." />;
}
