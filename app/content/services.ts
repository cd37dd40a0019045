/**
 * The services (content/services/{slug}.md), in the order the navigation shows them (each file's `order`);
 * how many each place shows is in app/lib/limits.ts. Pressure and method claims match business.pressure.
 * The company's name, phone and e-mail are never written in the files; pages insert them from business.ts.
 */
import { services } from "./modules/services.ts";

export { services };

/** A part of one service's file that only its own page reads (the fleet process, the holiday questions). */
function ownPart<K extends "fleetProcess" | "holidayFaq">(slug: string, field: K) {
  const part = services.find((s) => s.slug === slug)?.[field];
  if (!part) throw new Error(`content/services/${slug}.md needs the field ${field}: its page shows it`);
  return part as NonNullable<(typeof services)[number][K]>;
}

/** The fleet page's process (content/services/fleet-cleaning.md): the step number comes from the position. */
export const fleetProcess = ownPart("fleet-cleaning", "fleetProcess");

/** The holiday-lights page's questions (content/services/holiday-light-installation.md), ids faq-1 … */
export const holidayFaq = ownPart("holiday-light-installation", "holidayFaq");
