import { PageHero } from "~/components/ui";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Exterior Cleaning Blog", description: "Seasonal tips and plain advice on keeping Treasure Valley homes and businesses clean.", path: "/blog", keywords: ["Exterior Cleaning Blog", "Boise", "Treasure Valley"] });

export default function Page() {
  return <PageHero title="Exterior Cleaning Blog" lead="Seasonal tips and plain advice on keeping Treasure Valley homes and businesses clean." />;
}
