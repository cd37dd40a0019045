/**
 * The price book behind the instant estimate at /pricing (content/price-book.yaml: the one place the owner
 * edits prices; how a range is made is written at the top of that file and in app/lib/price.ts).
 */
import priceBook from "./modules/price-book.ts";

export { priceBook };

export type PriceBook = typeof priceBook;
/** A service with an instant price (a slug of content/price-book.yaml's services). */
export type PricedSlug = string;
/** A service priced after a call (content/price-book.yaml's callback list). */
export type CallbackSlug = string;
export type PricingSlug = PricedSlug | CallbackSlug;
export type Stories = "1" | "2" | "3";

export const pricedSlugs = Object.keys(priceBook.services) as [PricedSlug, ...PricedSlug[]];
const callbackSlugs = Object.keys(priceBook.callback);
export const pricingSlugs = [...pricedSlugs, ...callbackSlugs] as [PricingSlug, ...PricingSlug[]];

export const isPricedSlug = (slug: string): slug is PricedSlug => Object.hasOwn(priceBook.services, slug);
export const isCallbackSlug = (slug: string): slug is CallbackSlug => Object.hasOwn(priceBook.callback, slug);

export type PricedService = PriceBook["services"][string];
/** The price book's entry for a priced service (isPricedSlug said it has one). */
export function pricedService(slug: PricedSlug): PricedService {
  const entry = priceBook.services[slug];
  if (!entry) throw new Error(`content/price-book.yaml has no service "${slug}"`);
  return entry;
}
