/**
 * The requests as a CSV file: one export for the command line (`npm run leads -- list --csv`) and the
 * inbox (/admin/requests.csv), with the same columns. Cells are formula-safe (./csv.ts).
 */
import { toCsv } from "./csv.server.ts";
import { formatField, formatPhone, labelFor } from "./labels.server.ts";
import type { ListedLead } from "./store.server.ts";

export const areaText = (inServiceArea: boolean | null) =>
  inServiceArea === null ? "?" : inServiceArea ? "yes" : "no";

export function leadsCsv(leads: ListedLead[]): string {
  const fieldKeys = [...new Set(leads.flatMap((lead) => Object.keys(lead.fields)))];
  const utmKeys = [...new Set(leads.flatMap((lead) => Object.keys(lead.context.utm)))].sort();
  const header = [
    "ID",
    "Received (UTC)",
    "Kind",
    "Name",
    "E-mail",
    "Phone",
    "ZIP",
    "In service area",
    "Status",
    "Delivery",
    "Page",
    "Landing page",
    "Referrer",
    ...utmKeys,
    "gclid",
    ...fieldKeys.map(labelFor),
  ];
  const body = leads.map(({ id, createdAt, kind, contact, inServiceArea, status, deliveryStatus, context, fields }) => [
    id,
    createdAt.toISOString(),
    kind,
    contact.name,
    contact.email,
    formatPhone(contact.phone),
    contact.zip,
    areaText(inServiceArea),
    status,
    deliveryStatus,
    context.page,
    context.landingPage,
    context.referrer,
    ...utmKeys.map((key) => context.utm[key]),
    context.gclid,
    ...fieldKeys.map((key) => formatField(fields[key])),
  ]);
  return toCsv([header, ...body]);
}
