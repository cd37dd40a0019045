/**
 * One tap to ask again: the reminder's link opens the contact page's request form (/contact?reminder=<signed
 * link>) prefilled with the request it followed: the customer's name, e-mail, phone, city, ZIP code, property
 * type and the services due. The link names the reminder sent, nothing else, so no one else's data is reachable.
 * The form sends the link back; the request stored carries the reminder's reference (the report counts them).
 */
import { optionLabel, servicesNeededOptions } from "../../../forms/options.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { getLead } from "../../kit/leads.server.ts";
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
  if (!reminder) return null;
  const lead = await getLead(database, reminder.leadId);
  if (!lead) return null;
  const { fields, contact } = lead;
  const ticked = reminder.services.filter((slug) => servicesNeededOptions.some((o) => o.value === slug));
  const titles = reminder.services.map(
    (slug) => reminderRules.get(slug)?.title ?? optionLabel(servicesNeededOptions, slug),
  );
  return {
    token,
    values: {
      firstName: text(fields.firstName),
      lastName: text(fields.lastName),
      email: contact.email,
      phone: phoneShown(contact.phone),
      city: text(fields.city),
      zipcode: contact.zip ?? text(fields.zipcode),
      serviceType: text(fields.serviceType) || "residential",
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
