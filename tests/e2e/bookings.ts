/**
 * Arrival-window requests for the end-to-end tests (docs/decisions/020-booking.md): a request stored straight in the
 * test server's database, the links to /book and /book/manage signed with the server's key, and what the store holds.
 */
import type { APIRequestContext } from "@playwright/test";
import { availability } from "../../app/content/availability.ts";
import { localDateString } from "../../app/server/kit/business-time.server.ts";
import { bookingForLead, placesLeft } from "../../app/server/features/bookings/bookings.server.ts";
import { signedPath, linkSecret } from "../../app/server/kit/signed-links.server.ts";
import { areaRule, findWindow } from "../../app/server/kit/arrival-windows.server.ts";
import { openDatabase, type Database } from "../../app/server/kit/db/database.server.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { zipTable } from "../../app/server/kit/service-area.server.ts";
import { decode, headerValue, leaves, parsePart } from "../support/mime-reader.ts";
import { sampleLead } from "../support/storage.ts";
import { expect } from "./fixtures.ts";
import { mailsTo } from "./sinks.ts";

let database: Promise<Database> | undefined;
const db = () => (database ??= openDatabase({ DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: undefined }));

/** The first ZIP code of the service area whose booking rule is `kind` (windows by day, by appointment). */
export function zipWhere(kind: "days" | "appointment"): string {
  const zip = Object.keys(zipTable).find((z) => areaRule(z).kind === kind);
  if (!zip) throw new Error(`the service area has no ZIP code of rule "${kind}"`);
  return zip;
}

/** An estimate request for `zip`, stored as the estimate form stores it, and its /book link. */
export async function storedRequest(zip: string, email = `book-${crypto.randomUUID()}@example.com`) {
  const database = await db();
  const lead = sampleLead({ idempotencyKey: `key:${crypto.randomUUID()}` });
  const { id } = await recordLead(
    database,
    {
      ...lead,
      fields: { ...lead.fields, email, zipcode: zip, address: "1234 W Main St" },
      contact: { ...lead.contact, email, zip },
    },
    { webhook: false },
  );
  const secret = await linkSecret(database, {});
  return { id, book: signedPath("book", id, secret) };
}

/**
 * Asks for a window (radio value "YYYY-MM-DD HH:MM-HH:MM") as the /book form does (the server writes; a second
 * writer on its SQLite file could find it locked), and returns the booking's manage link.
 */
export async function requestedWindow(request: APIRequestContext, leadId: string, book: string, value: string) {
  const answer = await request.post(book, { form: { window: value }, maxRedirects: 0 });
  if (answer.status() !== 303) throw new Error(`POST ${value}: ${answer.status()}`);
  const booking = await bookingForLead(await db(), leadId);
  if (!booking) throw new Error("no booking stored");
  return signedPath("manage", booking.id, await linkSecret(await db(), {}));
}

/** The /book link of a request as it was signed at `at` (an old one has expired). */
export async function bookPathSignedAt(leadId: string, at: Date) {
  return signedPath("book", leadId, await linkSecret(await db(), {}), at);
}

export const bookingOf = async (leadId: string) => bookingForLead(await db(), leadId);

/** How many places a window (radio value) has left. */
export async function placesOf(zip: string, value: string): Promise<number> {
  const [day = "", times = ""] = value.split(" ");
  const window = findWindow(zip, day, times, new Date());
  if (!window) throw new Error(`${value} is not a window of ${zip}`);
  return (await placesLeft(await db(), [window])).get(value) ?? window.capacity;
}

/** The local times ("15:00-17:00") of the content's windows that take one job. */
export const singlePlaceTimes = () =>
  availability.windows.filter((w) => w.jobs === 1).map((w) => `${w.start}-${w.end}`);

/** Today in Boise, YYYY-MM-DD. */
export const todayInBoise = () => localDateString(new Date());

/** The plain text of every e-mail sent to `to` so far. */
const textsTo = (to: string) =>
  mailsTo(to, to).map((raw) => {
    const message = parsePart(raw.replace(/\r?\n/g, "\r\n"));
    return decode(leaves(message).find((p) => headerValue(p, "content-type").startsWith("text/plain"))!);
  });

/** The first link to `path` (e.g. "/book", "/book/manage") in the e-mails sent to `to`, as a path on the test server: waits for it. */
export async function linkInMailTo(to: string, path: string): Promise<string> {
  const pattern = new RegExp(
    `https://www\\.gemstateexteriorcleaning\\.com(${path.replaceAll("/", "\\/")}\\?[rt]=[^\\s"<>]+)`,
  );
  let found: string | undefined;
  await expect
    .poll(
      () =>
        (found = textsTo(to)
          .map((text) => pattern.exec(text)?.[1])
          .find(Boolean)),
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return found!;
}
