/**
 * The owner reads the site's e-mails on a phone: every kind of owner e-mail (each request kind, each change
 * of an arrival window), with long values a visitor may send, rendered in Chromium at 390 px, fits without
 * sideways scrolling; the booking e-mails' inbox link is words, the address in the plain-text part.
 */
import { expect, test } from "@playwright/test";
import type Mail from "nodemailer/lib/mailer";
import { composeBookingEmail } from "../../app/server/features/bookings/booking-mail.server.ts";
import type { BookingMailPayload } from "../../app/server/features/bookings/payload.ts";
import { parseEnv } from "../../app/server/kit/env.server.ts";
import { composeLeadEmail } from "../../app/server/notify/mail.server.ts";
import type { LeadKind } from "../../app/server/kit/leads.server.ts";
import { sampleLead, sampleLeadRow } from "../support/storage.ts";

// A mail program shows the message at the screen's width (no 980 px layout viewport of a page without a viewport tag).
test.use({ viewport: { width: 390, height: 844 }, isMobile: false, hasTouch: false });

const env = parseEnv({
  NODE_ENV: "test",
  MAIL_FROM: "website@gemstateexteriorcleaning.com",
  LEADS_TO: "owner@gemstateexteriorcleaning.com",
  SITE_URL: "https://www.gemstateexteriorcleaning.com",
});
const LEAD_ID = "5a4ad3a8-0d0c-4a5e-9c5e-2b8f0c1d2e3f";
const inbox = `https://www.gemstateexteriorcleaning.com/admin/requests/${LEAD_ID}`;

/** What a visitor may send that has no space to wrap at: a long address, a pasted link, a long word. */
const longEmail = "maria.garcia-hernandez.household.account@mail.treasure-valley-neighborhood.example.com";
const longLead = (kind: LeadKind) => {
  const base = sampleLead();
  return sampleLeadRow(
    {
      kind,
      fields: {
        ...base.fields,
        email: longEmail,
        message:
          "See https://photos.example.com/albums/2030/our-house-siding-and-gutters-before-washing?share=1a2b3c4d5e6f",
        ...(kind === "application"
          ? { position: "Exterior Cleaning Technician", experience: "Pressurewashing".repeat(3) }
          : {}),
      },
      contact: { ...base.contact, email: longEmail },
      context: {
        ...base.context,
        landingPage:
          "/services/house-washing?utm_source=google&utm_medium=cpc&utm_campaign=spring-house-washing-boise-meridian",
      },
    },
    LEAD_ID,
  );
};

const booking = (over: Partial<BookingMailPayload>): BookingMailPayload => ({
  to: "owner",
  event: "requested",
  by: "customer",
  bookingId: "b-42",
  sequence: 1,
  status: "requested",
  day: "2030-12-01",
  times: "08:00-10:00",
  startsAt: "2030-12-01T15:00:00.000Z",
  endsAt: "2030-12-01T17:00:00.000Z",
  previous: null,
  note: "",
  invite: null,
  ...over,
});

const bookingMail = (payload: BookingMailPayload) =>
  composeBookingEmail(
    {
      jobId: "job-9",
      job: { kind: "booking", ref: `${payload.sequence}:owner`, payload },
      lead: longLead("estimate"),
      attachment: null,
    },
    { env, secret: "s".repeat(40), now: new Date("2030-11-24T18:00:00Z") },
  );

const bookingMails: [string, Mail.Options][] = [
  ["window requested", bookingMail(booking({}))],
  ["window moved", bookingMail(booking({ previous: { day: "2030-11-30", times: "10:00-12:00" } }))],
  ["window confirmed", bookingMail(booking({ event: "confirmed", by: "owner", status: "confirmed" }))],
  ["proposed window accepted", bookingMail(booking({ event: "confirmed", by: "customer", status: "confirmed" }))],
  ["another window proposed", bookingMail(booking({ event: "proposed", by: "owner", status: "proposed" }))],
  ["window declined", bookingMail(booking({ event: "declined", by: "owner", status: "declined" }))],
  ["window cancelled", bookingMail(booking({ event: "cancelled", by: "customer", status: "cancelled" }))],
];
const leadMails: [string, Mail.Options][] = (["estimate", "contact", "newsletter", "application"] as const).map(
  (kind) => [
    `new ${kind}`,
    composeLeadEmail(
      { jobId: "job-1", job: { kind: "email", ref: "", payload: null }, lead: longLead(kind), attachment: null },
      env,
    ),
  ],
);

test("every owner e-mail fits a 390 px screen: no sideways scroll; the booking e-mails link to the inbox in words", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "at a phone's width, once");
  for (const [name, mail] of [...leadMails, ...bookingMails]) {
    await page.setContent(String(mail.html));
    expect(await page.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(390);
  }
  for (const [name, mail] of bookingMails) {
    await page.setContent(String(mail.html));
    await expect(page.getByRole("link", { name: "Open the request in the inbox" }), name).toHaveAttribute(
      "href",
      inbox,
    );
    await expect(page.getByRole("link", { name: /https?:/ }), name).toHaveCount(0);
    expect(String(mail.text), name).toContain(inbox);
  }
});
