import { PageHero } from "~/components/ui";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Contact Us", description: "Call, e-mail or send a request for a free exterior cleaning estimate. We reply within 24 hours.", path: "/contact", keywords: ["Contact Us", "Boise", "Treasure Valley"] });

export default function Page() {
  return <PageHero title="Contact Us" lead="Call, e-mail or send a request for a free exterior cleaning estimate. We reply within 24 hours." />;
}
