import { PageHero } from "~/components/ui";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/careers";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Careers", description: "Join a family-owned exterior cleaning crew in Boise and Meridian.", path: "/careers", keywords: ["Careers", "Boise", "Treasure Valley"] });

export default function Page() {
  return <PageHero title="Careers" lead="Join a family-owned exterior cleaning crew in Boise and Meridian." />;
}
