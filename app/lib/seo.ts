/**
 * One helper builds every page's <head> tags: unique title and description, keywords,
 * an absolute canonical URL, Open Graph and Twitter tags with the page's own 1200×630 preview image.
 */
import type { MetaDescriptor } from "react-router";
import type { Thing, WithContext } from "schema-dts";
import { business } from "../content/business.ts";
import { OG_IMAGE, ogImagePath } from "./og.ts";

declare const __SITE_URL__: string;

/** The canonical origin, fixed at build time from SITE_URL. */
export const siteUrl: string = __SITE_URL__;

export const absoluteUrl = (path: string) => new URL(path, `${siteUrl}/`).href;

export interface SeoInput {
  /** The page's own title; the brand is appended unless it already contains it. */
  title: string;
  description: string;
  /** The canonical path of the page, e.g. "/faq". */
  path: string;
  keywords: readonly string[];
  type?: "website" | "article";
  noindex?: boolean;
}

function fullTitle(title: string) {
  return title.includes(business.name) ? title : `${title} | ${business.name}`;
}

export function seo({ title, description, path, keywords, type = "website", noindex }: SeoInput): MetaDescriptor[] {
  const url = absoluteUrl(path);
  const image = absoluteUrl(ogImagePath(path));
  const heading = fullTitle(title);
  const imageAlt = `${title} — ${business.name}`;
  return [
    { title: heading },
    { name: "description", content: description },
    { name: "keywords", content: keywords.join(", ") },
    { tagName: "link", rel: "canonical", href: url },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    { property: "og:type", content: type },
    { property: "og:site_name", content: business.name },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: heading },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(OG_IMAGE.width) },
    { property: "og:image:height", content: String(OG_IMAGE.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: heading },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
}

/** A JSON-LD block for `meta`, typed by schema-dts. */
export function jsonLd<T extends Thing>(data: WithContext<T>): MetaDescriptor {
  return { "script:ld+json": data };
}

/**
 * The business's review rating for structured data: only once the owner has confirmed in content/business.yaml
 * that it is the one their Google Business Profile shows (a rating is real or absent); on a 1–5 scale.
 */
export function aggregateRating(rating: { value: number; count: number; confirmed: boolean } = business.rating) {
  if (!rating.confirmed) return {};
  return {
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: rating.value,
      reviewCount: rating.count,
      bestRating: 5,
      worstRating: 1,
    },
  };
}

/** The company as a schema.org LocalBusiness, shared by the city pages and the home page. */
export function localBusiness(extra: Record<string, unknown> = {}) {
  return {
    "@context": "https://schema.org",
    "@type": "HomeAndConstructionBusiness",
    "@id": `${siteUrl}/#business`,
    name: business.name,
    legalName: business.legalName,
    url: siteUrl,
    telephone: business.phone.e164,
    email: business.email,
    priceRange: business.priceRange,
    foundingDate: String(business.foundedYear),
    address: {
      "@type": "PostalAddress",
      addressLocality: business.headquarters.city,
      addressRegion: business.headquarters.state,
      postalCode: business.headquarters.zip,
      addressCountry: "US",
    },
    openingHoursSpecification: business.hours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.schema,
      opens: h.opens,
      closes: h.closes,
    })),
    ...aggregateRating(),
    ...extra,
  } as WithContext<Thing>;
}
