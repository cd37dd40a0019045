/** Reading what the site stored, straight from the database the test server writes to. */
import { openDatabase, type Database } from "../../app/server/kit/db/database.server.ts";
import { newsletterSignUp, sampleLead } from "../support/storage.ts";
import { getSubscription } from "../../app/server/features/newsletter/subscriptions.server.ts";
import { newsletterLink, linkSecret, reminderPath, signedPath } from "../../app/server/kit/signed-links.server.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { listLeads, type ListedLead } from "../../app/server/features/admin/listing.server.ts";
import { getLead } from "../../app/server/kit/leads.server.ts";
import { decode, leaves, parsePart } from "../support/mime-reader.ts";
import { openWindows, requestWindow } from "../../app/server/features/bookings/bookings.server.ts";
import { candidateWindows, type ArrivalWindow } from "../../app/server/kit/arrival-windows.server.ts";
import { reviewKey } from "../../app/server/features/reviews/reviews.server.ts";
import type { Locator } from "@playwright/test";
import { expect, hydrated } from "./fixtures.ts";
import { LEADS_TO, mailsTo } from "./sinks.ts";
import { NEWSLETTER_SIGN_UP } from "../../app/server/features/newsletter/sign-up.server.ts";

let database: Promise<Database> | undefined;
const db = () => (database ??= openDatabase({ DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: undefined }));

export async function leadsFor(email: string): Promise<ListedLead[]> {
  const rows = await listLeads(await db(), {});
  return rows.filter((r) => r.contact.email.toLowerCase() === email.toLowerCase());
}

export async function leadDetail(id: string) {
  return getLead(await db(), id);
}

/** The estimate form's text fields, typed as a visitor types them. */
export async function typeEstimate(
  form: Locator,
  {
    first,
    last,
    email,
    phone = "(208) 555-0177",
    zip = "83702",
  }: { first: string; last: string; email: string; phone?: string; zip?: string },
) {
  await form.getByRole("textbox", { name: "First name", exact: true }).fill(first);
  await form.getByRole("textbox", { name: "Last name", exact: true }).fill(last);
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill(phone);
  await form.getByRole("textbox", { name: "ZIP code", exact: true }).fill(zip);
}

export const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

export async function subscriptionStatus(leadId: string) {
  return (await getSubscription(await db(), leadId))?.status;
}

/** A newsletter sign-up stored straight in the test server's database, and the paths of its two links (signed with the server's key). */
export async function newsletterLinkPaths(email: string): Promise<{ confirm: string; unsubscribe: string }> {
  const database = await db();
  const { id } = await recordLead(database, newsletterSignUp(email), { webhook: false, hooks: NEWSLETTER_SIGN_UP });
  const secret = await linkSecret(database, {});
  const path = (purpose: "confirm" | "unsubscribe") => newsletterLink(purpose, id, secret, "");
  return { confirm: path("confirm"), unsubscribe: path("unsubscribe") };
}

/** The first open arrival window of `zip`, asked for request `leadId` straight in the store (as /book does). */
export async function askForWindow(leadId: string, zip = "83702"): Promise<ArrivalWindow> {
  const database = await db();
  const [window] = await openWindows(database, candidateWindows(zip, new Date()).windows);
  expect(window, `an open window for ZIP ${zip}`).toBeDefined();
  expect((await requestWindow(database, leadId, window!)).ok).toBe(true);
  return window!;
}

/** The path of the review request's opt-out link for `email` (signed with the server's key). */
export async function reviewOptOutPath(email: string): Promise<string> {
  const database = await db();
  return signedPath("review-opt-out", await reviewKey(database, email), await linkSecret(database, {}));
}

/** The paths of the seasonal reminders' links of a stored contact request for a roof cleaning (signed with the server's key). */
export async function reminderLinkPaths(email: string): Promise<{ remindMe: string; optOut: string }> {
  const database = await db();
  const lead = sampleLead({ kind: "contact", contact: { ...sampleLead().contact, email } });
  lead.fields = { ...lead.fields, email, servicesNeeded: ["Roof Cleaning"] };
  const { id } = await recordLead(database, lead, { webhook: false });
  const secret = await linkSecret(database, {});
  return { remindMe: reminderPath("remind-me", id, secret), optOut: reminderPath("reminder-opt-out", id, secret) };
}

/** The one e-mail the owner received about `email`'s request (the visitor's own reply is another): parsed, and its text. */
export async function ownerMail(email: string) {
  await expect.poll(() => mailsTo(LEADS_TO, email).length, { timeout: 15_000 }).toBe(1);
  const message = parsePart(mailsTo(LEADS_TO, email)[0]!.replace(/\r?\n/g, "\r\n"));
  return { message, text: leaves(message).map(decode).join("\n") };
}

/** Signs up for the newsletter on /newsletter with JavaScript, as a visitor does, and waits for the answer. */
export async function signUpOnPage(page: import("@playwright/test").Page, email: string) {
  await page.goto("/newsletter");
  await hydrated(page);
  const form = page.locator("#page-newsletter-form");
  await form.getByRole("textbox", { name: "Email address" }).fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("main").getByRole("status")).toContainText("Please check your inbox");
}
