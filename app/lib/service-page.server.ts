/**
 * Data for a service page: the service's own copy, with the other services' names in its paragraphs
 * turned into links (so the roof, driveway and sidewalk pages are linked from the content).
 */
import { business } from "../content/business.ts";
import { locations } from "../content/locations.ts";
import { services } from "../content/services.ts";
import type { Service } from "../content/schema.ts";
import { recentWork } from "./gallery.server.ts";
import { firstN, limits } from "./limits.ts";
import { servicePath } from "./paths.ts";
import { absoluteUrl } from "./seo.ts";

export type Segment = string | { text: string; to: string };

/** Extra phrases that name a service in running text. */
const aliases: Record<string, string[]> = { "roof-cleaning": ["roofs"], "gutter-cleaning": ["gutters"] };

function linkServices(paragraph: string, selfSlug: string, used: Set<string>): Segment[] {
  const phrases = services
    .filter((s) => s.slug !== selfSlug && !used.has(s.slug))
    .flatMap((s) => [s.title.toLowerCase(), ...(aliases[s.slug] ?? [])].map((phrase) => ({ phrase, slug: s.slug })));
  let best: { index: number; phrase: string; slug: string } | undefined;
  for (const { phrase, slug } of phrases) {
    const index = paragraph.toLowerCase().search(new RegExp(`\\b${phrase.replace(/[.*+?^${}()|[\]\\&]/g, "\\$&")}\\b`));
    if (index >= 0 && (!best || index < best.index)) best = { index, phrase, slug };
  }
  if (!best) return [paragraph];
  used.add(best.slug);
  const end = best.index + best.phrase.length;
  return [
    paragraph.slice(0, best.index),
    { text: paragraph.slice(best.index, end), to: servicePath(best.slug) },
    ...linkServices(paragraph.slice(end), selfSlug, used),
  ].filter((s) => s !== "");
}

export function servicePageData(slug: string) {
  const found = services.find((s) => s.slug === slug) as Service | undefined;
  if (!found) return undefined;
  // The seasonal reminder's rule is the server's (app/server/features/reminders/): the page does not carry it.
  const { reminder, ...service } = found;
  void reminder;
  const used = new Set<string>();
  const intro = service.page.intro.map((p) => linkServices(p, slug, used));
  const related = services
    .filter(
      (s) =>
        s.slug !== slug && (s.template === service.template || s.category.some((c) => service.category.includes(c))),
    )
    .slice(0, 3)
    .map((s) => ({ to: servicePath(s.slug), title: s.title, description: s.description, icon: s.icon }));
  const areas = firstN(locations, limits.homeCities).map((l) => ({ city: l.city, slug: l.slug }));
  return {
    service: { ...service, page: { ...service.page, intro } },
    related,
    areas,
    /** The newest before/after pairs of this service (none: the page has no "Recent work" section). */
    recentWork: recentWork({ service: slug }),
    phone: business.phone,
    jsonLd: serviceJsonLd(
      service,
      areas.map((a) => a.city),
    ),
  };
}

/** schema.org Service for a service page. */
function serviceJsonLd(service: Pick<Service, "title" | "description" | "slug">, areas: readonly string[]) {
  return {
    "@context": "https://schema.org" as const,
    "@type": "Service" as const,
    name: service.title,
    serviceType: service.title,
    description: service.description,
    url: absoluteUrl(servicePath(service.slug)),
    provider: {
      "@type": "HomeAndConstructionBusiness" as const,
      name: business.name,
      telephone: business.phone.e164,
      url: absoluteUrl("/"),
    },
    areaServed: areas.map((city) => ({ "@type": "City" as const, name: `${city}, Idaho` })),
  };
}
