/**
 * The owner's calendar feed: a private address (/calendar/<token>.ics) that a phone's calendar subscribes to,
 * listing the confirmed jobs (METHOD:PUBLISH; the same UID as the customer's invite). The token is the only
 * key: random, kept in site_secrets ("calendar-feed"), compared in constant time, replaced from
 * /admin/calendar when it may have leaked (the old address then answers 404). Read from the database on every
 * request, never cached, so a replaced token stops working on every server instance at once.
 */
import { business } from "../../../content/business.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { readStoredSecret } from "../../kit/db/site-secrets.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { randomToken, sameSecret } from "../../kit/signed-links.server.ts";
import { formatPhone, oneLine } from "../../notify/labels.server.ts";
import { inboxLink, placeOf, serviceOf } from "../../notify/sms.server.ts";
import { bookingCalendarEvent } from "./booking-mail.server.ts";
import { confirmedBookings } from "./bookings.server.ts";
import { calendar } from "./ics.server.ts";
import { crewJobs, crewText, nothingSold, type SoldWorkOf } from "./crew.server.ts";
import { windowLabel } from "../../kit/arrival-windows.server.ts";

const NAME = "calendar-feed" as const;
/** How far back the feed lists jobs (their window's end): the last month stays on the phone's calendar. */
export const FEED_PAST_DAYS = 30;

/** The feed's token, made the first time it is asked for. */
export const feedToken = (database: Database): Promise<string> => readStoredSecret(database, NAME, randomToken);

/** A new token in place of the old one (whose address stops working); returns it. */
export async function renewFeedToken(database: Database): Promise<string> {
  const value = randomToken();
  await database.db
    .insertInto("site_secrets")
    .values({ name: NAME, value })
    .onConflict((oc) => oc.column("name").doUpdateSet({ value }))
    .execute();
  return value;
}

/** Whether `given` is the feed's token (constant time; no token is made by asking). */
export async function isFeedToken(database: Database, given: string): Promise<boolean> {
  const row = await database.db.selectFrom("site_secrets").select("value").where("name", "=", NAME).executeTakeFirst();
  return row !== undefined && sameSecret(given, row.value);
}

/** The feed's address, for the owner to copy: https://…/calendar/<token>.ics */
export const feedUrl = (siteUrl: string, token: string) => `${new URL(siteUrl).origin}/calendar/${token}.ics`;

/**
 * The confirmed jobs as a calendar: "House washing — Jane (83702)", at the service address (LOCATION), with the
 * phone, the crew's view (what was sold, what is left to collect, the access notes: ./crew.server.ts) and the
 * inbox link.
 */
export async function feedCalendar(
  database: Database,
  env: Pick<Env, "SITE_URL" | "MAIL_FROM">,
  now: Date,
  soldWorkOf: SoldWorkOf = nothingSold,
): Promise<string> {
  const bookings = await confirmedBookings(database, new Date(now.getTime() - FEED_PAST_DAYS * 86_400_000));
  const crew = await crewJobs(
    bookings.map(({ lead, ...booking }) => ({ booking, lead })),
    soldWorkOf,
  );
  const events = bookings.map((b, index) => {
    const job = crew[index]!;
    // Bookings are made for estimate and contact requests only; the service is read from the site's own lists.
    const lead = { kind: "estimate" as const, fields: b.lead.fields as Parameters<typeof serviceOf>[0]["fields"] };
    const service = serviceOf(lead);
    const firstName = typeof lead.fields.firstName === "string" ? oneLine(lead.fields.firstName) : "";
    const { city, zip } = placeOf({ contact: { zip: b.lead.zip }, fields: lead.fields });
    const who = [firstName || oneLine(b.lead.name ?? ""), zip && `(${zip})`].filter(Boolean).join(" ");
    const title = service ? `${service.charAt(0).toUpperCase()}${service.slice(1)}` : "Job";
    const link = inboxLink(env.SITE_URL, b.leadId);
    return bookingCalendarEvent({
      bookingId: b.id,
      siteUrl: env.SITE_URL,
      sequence: b.sequence,
      start: b.startsAt,
      end: b.endsAt,
      summary: who ? `${title} — ${who}` : title,
      description: [
        `Arrival window: ${windowLabel(b.day, b.times)}`,
        b.lead.phone ? `Phone: ${formatPhone(b.lead.phone)}` : "",
        job.address ? "" : [city, zip].filter(Boolean).join(" "),
        ...crewText(job),
        b.ownerNote ? `Your note to the customer: ${b.ownerNote}` : "",
        `Request: ${link}`,
      ]
        .filter(Boolean)
        .join("\n"),
      location: job.address,
      url: link,
      status: "CONFIRMED",
      organizerEmail: env.MAIL_FROM,
      stamp: now,
    });
  });
  return calendar({ method: "PUBLISH", name: `${business.name} jobs`, events });
}
