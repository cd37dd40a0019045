/**
 * The job's service address (docs/decisions/038-service-address-and-day-sheet.md): the street line the request
 * was sent with (its `address` field), else the one given when a window was asked for (bookings.address); with
 * the city of its ZIP code (the service-area table, else the city typed) and the state. The ZIP code still
 * decides the service area; the street line is only where the crew drives. A map link is a plain link the owner
 * opens: the site itself sends the address to no one.
 */
import { business } from "../../content/business.ts";
import { visibleLine } from "../../lib/text.ts";
import { zipTable } from "./service-area.server.ts";

type Fields = Readonly<Record<string, unknown>>;

/** The street line stored with the request, as one visible line, or "". */
export const streetOf = (fields: Fields): string =>
  typeof fields.address === "string" ? visibleLine(fields.address) : "";

/** The job's street line: the request's, else the one given with its window; "" when neither was given. */
export const jobStreet = (fields: Fields, bookingAddress: string | null | undefined): string =>
  streetOf(fields) || visibleLine(bookingAddress ?? "");

/** "1234 W Main St, Boise, ID 83702", or "" without a street line. */
export function fullAddress(street: string, zip: string | null, fields: Fields): string {
  if (!street) return "";
  const five = /^\d{5}$/.test(zip ?? "") ? zip! : "";
  const known = five && Object.hasOwn(zipTable, five) ? zipTable[five]![0] : "";
  const city = known || (typeof fields.city === "string" ? visibleLine(fields.city) : "");
  return [street, city, [business.headquarters.state, five].filter(Boolean).join(" ")].filter(Boolean).join(", ");
}

/** The job's full address from its request and booking, or "". */
export const jobAddress = (
  lead: { fields: Fields; zip: string | null },
  bookingAddress: string | null | undefined,
): string => fullAddress(jobStreet(lead.fields, bookingAddress), lead.zip, lead.fields);

/** A map search of the address, for the owner to open (a plain link; nothing is sent until they do). */
export const mapLink = (address: string): string =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
