/** URL builders: the one place that knows how a page's path is made. */
export const servicePath = (slug: string) => `/services/${slug}`;
export const locationPath = (citySlug: string) => `/locations/pressure-washing-${citySlug}-id`;
export const postPath = (slug: string) => `/blog/${slug}`;
export const applyPath = (jobSlug: string) => `/careers/apply?position=${encodeURIComponent(jobSlug)}`;
/** The instant price page, with a service chosen (its slug as in /services/{slug}). */
export const pricingPath = (service?: string) =>
  service ? `/pricing?service=${encodeURIComponent(service)}` : "/pricing";
export const contactForCity = (city: string) => `/contact?city=${encodeURIComponent(city)}`;

/** "Garden City" -> "garden-city": the home page's city buttons build their path from the name. */
export const slugify = (name: string) =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

/** The city slug a page path belongs to, or undefined. */
export function citySlugFromPagePath(param: string): string | undefined {
  return /^pressure-washing-([a-z0-9-]+)-id$/.exec(param)?.[1];
}

/**
 * Short city paths: /locations/{city} and "/locations/garden city" (with a space)
 * redirect to the city page. Returns the target slug for a short alias, else undefined.
 */
export function citySlugFromAlias(param: string, citySlugs: readonly string[]): string | undefined {
  const candidate = slugify(param);
  return citySlugs.includes(candidate) && (param === candidate || param === candidate.replace(/-/g, " "))
    ? candidate
    : undefined;
}
