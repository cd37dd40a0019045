/**
 * How many items each place shows (menus, footer, home page, city pages, blog, FAQ). Lists are ordered
 * in the content modules; each place shows the first N. The numbers live here, once; the lists
 * themselves are never copied.
 */
export const limits = {
  mobileMenuServices: 6,
  mobileMenuLocations: 8,
  footerServices: 5,
  footerCities: 6,
  homeCities: 8,
  /** The primary service area: the first 8 cities (About page, service-area answer); the rest are extended. */
  primaryAreaCities: 8,
  zipChips: 4,
  blogPosts: 6,
  /** Before/after pairs in a service or city page's "Recent work" section (the newest of that service or city). */
  recentWork: 3,
} as const;

export const firstN = <T>(list: readonly T[], n: number): T[] => list.slice(0, n);
