import { PageHero } from "~/components/ui";
import { seo } from "~/lib/seo";
import type { Route } from "./+types/careers.apply";

export const meta: Route.MetaFunction = () =>
  seo({ title: "Apply for a Job", description: "Apply online for a job with our exterior cleaning team.", path: "/careers/apply", keywords: ["Apply for a Job", "Boise", "Treasure Valley"] });

export default function Page() {
  return <PageHero title="Apply for a Job" lead="Apply online for a job with our exterior cleaning team." />;
}
