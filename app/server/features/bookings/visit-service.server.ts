/** What a visit is for, in the customer's words: the booking e-mails and the crew's view of a job say it. */
import { priceBook } from "../../../content/price-book.ts";
import { servicesNeededOptions } from "../../../forms/options.ts";
import type { Delivery } from "../../notify/delivery.server.ts";

const serviceLabels = new Map<string, string>(servicesNeededOptions.map((o) => [o.label, o.label.toLowerCase()]));
/** "a", "a and b", "a, b and c" (as the review request writes the services). */
const andList = (items: string[]) =>
  items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * What the visit is for, as the customer reads it ("for your house washing", "House washing — …" in the
 * invite): the service priced on /pricing, else the services ticked on the form (one, or several: "pressure
 * washing, roof cleaning and driveway cleaning"), else "exterior cleaning". Only the site's own words: never
 * free text, never the property type (residential is not a service), never "other".
 */
export function visitService(lead: Pick<Delivery["lead"], "fields">): string {
  const f = lead.fields;
  if (typeof f.priceService === "string") {
    const entry = Object.hasOwn(priceBook.services, f.priceService)
      ? priceBook.services[f.priceService]
      : Object.hasOwn(priceBook.callback, f.priceService)
        ? priceBook.callback[f.priceService]
        : undefined;
    if (entry) return entry.title.toLowerCase();
  }
  const ticked = (Array.isArray(f.servicesNeeded) ? f.servicesNeeded : []).flatMap((label) => {
    const words = label === "Other" ? undefined : serviceLabels.get(label);
    return words ? [words] : [];
  });
  return ticked.length > 0 ? andList([...new Set(ticked)]) : "exterior cleaning";
}
