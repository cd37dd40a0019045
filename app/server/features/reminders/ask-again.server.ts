/**
 * One tap to ask again: the reminder's link opens the contact page's request form (/contact?reminder=<signed
 * link>) prefilled with the request it followed: the customer's name, e-mail, phone, city, ZIP code, property
 * type and the services due. The link names the reminder sent, nothing else, so no one else's data is reachable.
 * The form sends the link back; the request stored carries the reminder's reference (the report counts them).
 * The customer's page's "Request again" (issue 43) is the same form and parameter with a "request-again" link
 * naming one of the customer's requests: prefilled from it, address and services included; the new request is the
 * same customer's by its e-mail address and phone, and no reminder's.
 */
import { optionLabel, servicesNeededOptions } from "../../../forms/options.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { getLead, type LeadRow } from "../../kit/leads.server.ts";
import { streetOf } from "../../kit/service-address.server.ts";
import { linkSecret, readReminderToken } from "../../kit/signed-links.server.ts";
import { reminderReference, reminderRules, sentReminder } from "./reminders.server.ts";

/** The request form's hidden field carrying the reminder's link (not a field of the form's schema). */
export const ASK_AGAIN_FIELD = "reminder";

/** The longest token read; a longer one is no link of ours. */
const MAX_TOKEN = 300;

export interface AskAgainPrefill {
  token: string;
  values: Record<string, string | string[]>;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** "+12085550199" as the form shows it: "(208) 555-0199". */
const phoneShown = (phone: string | null) => {
  const digits = (phone ?? "").replace(/\D/g, "").slice(-10);
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : "";
};

/** Who asks and for which property, from the request: the form's person and property fields. */
const customerValues = ({ fields, contact }: Pick<LeadRow, "fields" | "contact">) => ({
  firstName: text(fields.firstName),
  lastName: text(fields.lastName),
  email: contact.email,
  phone: phoneShown(contact.phone),
  city: text(fields.city),
  zipcode: contact.zip ?? text(fields.zipcode),
  serviceType: text(fields.serviceType) || "residential",
});

async function reminderOf(database: Database, env: Pick<Env, "LINK_SECRET">, token: string, now: Date) {
  if (!token || token.length > MAX_TOKEN) return null;
  const read = readReminderToken(token, "ask-again", await linkSecret(database, env), now);
  if (typeof read === "string") return null;
  const reminder = await sentReminder(database, read.id);
  return reminder ? { jobId: read.id, ...reminder } : null;
}

/** The contact form's values from a reminder's link, or null when the link is not one (the form shows empty). */
export async function askAgainPrefill(
  database: Database,
  env: Pick<Env, "LINK_SECRET">,
  token: string,
  now = new Date(),
): Promise<AskAgainPrefill | null> {
  const reminder = await reminderOf(database, env, token, now);
  if (!reminder) return requestAgainPrefill(database, env, token, now);
  const lead = await getLead(database, reminder.leadId);
  if (!lead) return null;
  const ticked = reminder.services.filter((slug) => servicesNeededOptions.some((o) => o.value === slug));
  const titles = reminder.services.map(
    (slug) => reminderRules.get(slug)?.title ?? optionLabel(servicesNeededOptions, slug),
  );
  return {
    token,
    values: {
      ...customerValues(lead),
      servicesNeeded: ticked.length === reminder.services.length ? ticked : [...ticked, "other"],
      message: `Asking again after your reminder: ${titles.join(", ")}.`,
    },
  };
}

/** The reference of the reminder a request was sent from (its form's `reminder` field), or null. */
export async function askedAgainFrom(
  database: Database,
  env: Pick<Env, "LINK_SECRET">,
  token: FormDataEntryValue | null,
  now = new Date(),
): Promise<string | null> {
  const reminder = await reminderOf(database, env, typeof token === "string" ? token : "", now);
  return reminder ? reminderReference(reminder.jobId) : null;
}

/** The services a request ticked, as the form's values (the request stores their labels). */
const tickedValues = (stored: unknown): string[] =>
  (Array.isArray(stored) ? stored : []).flatMap((label) => {
    const given = String(label).toLowerCase();
    const option = servicesNeededOptions.find((o) => o.label.toLowerCase() === given || o.value === given);
    return option ? [option.value] : [];
  });

/** The form's values from a "request-again" link (the customer's page), or null when it is not one. */
async function requestAgainPrefill(
  database: Database,
  env: Pick<Env, "LINK_SECRET">,
  token: string,
  now: Date,
): Promise<AskAgainPrefill | null> {
  if (!token || token.length > MAX_TOKEN) return null;
  const read = readReminderToken(token, "request-again", await linkSecret(database, env), now);
  if (typeof read === "string") return null;
  const lead: LeadRow | undefined = await getLead(database, read.id);
  if (!lead || (lead.kind !== "estimate" && lead.kind !== "contact")) return null;
  return {
    token,
    values: {
      ...customerValues(lead),
      address: streetOf(lead.fields),
      servicesNeeded: tickedValues(lead.fields.servicesNeeded),
      message: "The same job again, please.",
    },
  };
}
