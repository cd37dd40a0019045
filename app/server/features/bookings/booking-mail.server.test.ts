import nodemailer from "nodemailer";
import type Mail from "nodemailer/lib/mailer";
import { describe, expect, it } from "vitest";
import { confirmedPayload } from "../../../../tests/support/booking-mail.ts";
import { readCalendar } from "../../../../tests/support/ical.ts";
import { decode, headerValue, leaves, parsePart } from "../../../../tests/support/mime-reader.ts";
import { sampleLead, sampleLeadRow } from "../../../../tests/support/storage.ts";
import { business } from "../../../content/business.ts";
import { priceBook } from "../../../content/price-book.ts";
import { serviceTypeOptions, servicesNeededOptions } from "../../../forms/options.ts";
import { LEAD_KINDS, isBookable } from "../../kit/lead-kinds.server.ts";
import { parseEnv } from "../../kit/env.server.ts";
import type { NewLead } from "../../kit/leads.server.ts";
import { type Booking } from "./bookings.server.ts";
import {
  composeBookingEmail,
  composeBookingText,
  composeReminderEmail,
  reminderCalledOffReason,
  type BookingMailContext,
} from "./booking-mail.server.ts";
import { readSignedToken } from "../../kit/signed-links.server.ts";
import type { BookingMailPayload } from "./payload.ts";
import { formatAmount } from "../../../lib/money.ts";
import { lateCancellationForCustomer, lateCancellationForOwner } from "../../../lib/late-cancellation.ts";
import type { CrewJob } from "./crew.server.ts";

const env = parseEnv({
  NODE_ENV: "test",
  MAIL_FROM: "website@gemstateexteriorcleaning.com",
  LEADS_TO: "owner@gemstateexteriorcleaning.com",
  SITE_URL: "https://www.gemstateexteriorcleaning.com",
});
const secret = "s".repeat(40);
const now = new Date("2026-11-24T18:00:00Z");
const ctx: BookingMailContext = { env, secret, now };
const LEAD_ID = "5a4ad3a8-0d0c-4a5e-9c5e-2b8f0c1d2e3f";

/** A request priced on /pricing (house washing), with something typed in every free field. */
const leadOverrides = (fields: NewLead["fields"] = {}): Partial<NewLead> => ({
  fields: { ...sampleLead().fields, priceService: "house-washing", ...fields },
});

const payload = confirmedPayload;

const compose = (p: BookingMailPayload, overrides: Partial<NewLead> = leadOverrides()) =>
  composeBookingEmail(
    {
      jobId: "job-9",
      job: { kind: "booking", ref: `${p.sequence}:${p.to}`, payload: p },
      lead: sampleLeadRow(overrides, LEAD_ID),
      attachment: null,
    },
    ctx,
  );

/** The message as it goes over the wire, read back part by part. */
async function wire(message: Mail.Options) {
  const { message: raw } = (await nodemailer
    .createTransport({ streamTransport: true, buffer: true })
    .sendMail(message)) as unknown as { message: Buffer };
  const parts = leaves(parsePart(raw.toString("utf8")));
  const calendarPart = parts.find((p) => headerValue(p, "content-type").startsWith("text/calendar"));
  return { parts, calendarPart, calendarText: calendarPart ? decode(calendarPart) : null };
}

const manageToken = (text: string) => {
  const match = /https:\/\/www\.gemstateexteriorcleaning\.com\/book\/manage\?t=(\S+)/.exec(text);
  return match ? decodeURIComponent(match[1]!) : null;
};

describe("composeBookingEmail to the customer", () => {
  it("confirmed: the window in the subject, the invite (REQUEST, CONFIRMED) with the booking's UID and sequence, the manage link and the phone", async () => {
    const mail = compose(payload({ note: "Crew: Sam & Eli <2 trucks>" }));
    expect(mail.subject).toBe("Your arrival window is confirmed: Tuesday, December 1, 8–10 AM");
    expect(mail.to).toEqual({ name: "Jane Doe", address: "jane.doe@example.com" });
    expect(mail.from).toEqual({ name: business.name, address: "website@gemstateexteriorcleaning.com" });
    const text = String(mail.text);
    expect(text).toContain("Our crew will arrive on Tuesday, December 1, between 8 and 10 AM for your house washing.");
    expect(text).toContain("Crew: Sam & Eli <2 trucks>");
    expect(String(mail.html)).toContain("Crew: Sam &amp; Eli &lt;2 trucks&gt;");
    expect(text).toContain(business.phone.display);
    expect(text).toContain("GS-5A4A-D3A8");
    expect(readSignedToken(manageToken(text)!, "manage", secret, now)).toEqual({ id: "b-42" });

    const { calendarPart, calendarText } = await wire(mail);
    expect(headerValue(calendarPart!, "content-type")).toMatch(/method=REQUEST/i);
    const cal = readCalendar(calendarText!);
    expect(cal.method).toBe("REQUEST");
    expect(cal.events).toHaveLength(1);
    expect(cal.events[0]).toMatchObject({
      uid: "booking-b-42@www.gemstateexteriorcleaning.com",
      sequence: 2,
      status: "CONFIRMED",
      startZone: "America/Boise",
      // The business organises the appointment: a customer answering the invite writes to it, not to the no-reply sender.
      organizer: `mailto:${business.email}`,
      attendee: "mailto:jane.doe@example.com",
    });
    expect(cal.events[0]!.start.toISOString()).toBe("2026-12-01T15:00:00.000Z");
    expect(cal.events[0]!.end.toISOString()).toBe("2026-12-01T17:00:00.000Z");
    expect(cal.events[0]!.summary).toBe(`House washing — ${business.name}`);
    expect(cal.events[0]!.description).toContain("Crew: Sam & Eli <2 trucks>");
    expect(readSignedToken(manageToken(cal.events[0]!.description)!, "manage", secret, now)).toEqual({ id: "b-42" });
  });

  it("the invite is at the service address of the change (LOCATION); without one it has none", async () => {
    const address = "12 Elm St, Apt 3, Boise, ID 83702";
    const [event] = readCalendar((await wire(compose(payload({ location: address })))).calendarText!).events;
    expect(event?.location).toBe(address);
    const [bare] = readCalendar((await wire(compose(payload()))).calendarText!).events;
    expect(bare?.location).toBeNull();
  });

  it("proposed: the new window and a button to accept or choose another; no invite, or the old one's CANCEL when it had been confirmed", async () => {
    const proposal = payload({
      event: "proposed",
      status: "proposed",
      sequence: 3,
      day: "2026-12-03",
      times: "13:00-15:00",
      startsAt: "2026-12-03T20:00:00.000Z",
      endsAt: "2026-12-03T22:00:00.000Z",
      previous: { day: "2026-12-01", times: "08:00-10:00" },
      invite: null,
    });
    const mail = compose(proposal);
    expect(mail.subject).toBe("We suggest another arrival window: Thursday, December 3, 1–3 PM");
    expect(String(mail.text)).toContain("We cannot come at the window you had (Tuesday, December 1, 8–10 AM).");
    // The e-mail's one button (React Email's: the label sits in a span inside the link).
    expect(String(mail.html)).toMatch(
      /<a href="https:\/\/www\.gemstateexteriorcleaning\.com\/book\/manage\?t=[^"]+" class="gs-button"[^>]*>(?:(?!<\/a>).)*>Accept or choose another window<\/span>/,
    );
    expect(readSignedToken(manageToken(String(mail.text))!, "manage", secret, now)).toEqual({ id: "b-42" });
    expect((await wire(mail)).calendarPart).toBeUndefined();

    const afterConfirmed = await wire(compose({ ...proposal, invite: "cancel" }));
    const cal = readCalendar(afterConfirmed.calendarText!);
    expect(cal.method).toBe("CANCEL");
    // The cancellation names the window the invite was for.
    expect(cal.events[0]).toMatchObject({
      uid: "booking-b-42@www.gemstateexteriorcleaning.com",
      sequence: 3,
      status: "CANCELLED",
    });
    expect(cal.events[0]!.start.toISOString()).toBe("2026-12-01T15:00:00.000Z");
  });

  it("declined and cancelled: say so; a CANCEL only when an invite had been sent", async () => {
    const declined = compose(
      payload({ event: "declined", status: "declined", invite: null, note: "Fully booked that week." }),
    );
    expect(declined.subject).toBe("We cannot book your arrival window: Tuesday, December 1, 8–10 AM");
    expect(String(declined.text)).toContain("Fully booked that week.");
    expect(String(declined.text)).toContain(business.phone.display);
    expect((await wire(declined)).calendarPart).toBeUndefined();

    const cancelled = compose(
      payload({ event: "cancelled", by: "customer", status: "cancelled", invite: "cancel", sequence: 5 }),
    );
    expect(cancelled.subject).toBe("Your arrival window is cancelled: Tuesday, December 1, 8–10 AM");
    expect(String(cancelled.text)).toContain(
      "As you asked, we cancelled your arrival window on Tuesday, December 1, 8–10 AM.",
    );
    const cal = readCalendar((await wire(cancelled)).calendarText!);
    expect(cal).toMatchObject({ method: "CANCEL", events: [{ sequence: 5, status: "CANCELLED" }] });
  });

  it("a late cancellation: both e-mails state the rule and the deposit; one next step, the link to choose a new window; the owner's text says it", () => {
    const late = { hours: 48, deposit: "kept" as const, depositCents: 18_125 };
    const cancelled = { event: "cancelled", by: "customer", status: "cancelled", invite: null, late } as const;
    const customer = String(compose(payload(cancelled)).text);
    expect(customer).toContain(lateCancellationForCustomer(late, true));
    expect(customer).toContain(formatAmount(18_125));
    expect(customer).toContain("Choose a new window");
    expect(customer).toContain("/book/manage?t=");
    const owner = String(compose(payload({ ...cancelled, to: "owner" })).text);
    expect(owner).toContain(`Late cancellation: ${lateCancellationForOwner(late)}`);
    expect(owner).toContain(formatAmount(18_125));
    const text = composeBookingText(
      {
        job: { kind: "booking-sms", ref: "5", payload: payload({ ...cancelled, to: "owner" }) },
        lead: sampleLeadRow({}, LEAD_ID),
      },
      env.SITE_URL,
    );
    expect(text).toContain("Arrival window cancelled by Jane");
    expect(text).toContain(lateCancellationForOwner(late));
    expect(text).toContain(`/admin/requests/${LEAD_ID}`);
    // Not late: neither e-mail speaks of the rule.
    expect(String(compose(payload({ ...cancelled, late: null })).text)).not.toContain(formatAmount(18_125));
  });

  it("requested again after a reschedule: both windows, the manage link, and the old invite cancelled", async () => {
    const mail = compose(
      payload({
        event: "requested",
        by: "customer",
        status: "requested",
        sequence: 4,
        day: "2026-12-08",
        times: "10:00-12:00",
        startsAt: "2026-12-08T17:00:00.000Z",
        endsAt: "2026-12-08T19:00:00.000Z",
        previous: { day: "2026-12-01", times: "08:00-10:00" },
        invite: "cancel",
      }),
    );
    expect(mail.subject).toBe("We received your new arrival window request: Tuesday, December 8, 10 AM–12 PM");
    expect(String(mail.text)).toContain(
      "You asked to move your arrival window from Tuesday, December 1, 8–10 AM to Tuesday, December 8, 10 AM–12 PM.",
    );
    expect(manageToken(String(mail.text))).not.toBeNull();
    expect(readCalendar((await wire(mail)).calendarText!)).toMatchObject({
      method: "CANCEL",
      events: [{ sequence: 4 }],
    });
  });

  it("carries nothing the visitor typed but a plain name: not the message, city, last name's oddities or a link", async () => {
    const typed = {
      message: "Visit https://evil.example/login to verify",
      city: "Evilville Downtown",
      lastName: "Doe <b>x</b>",
      projectDetails: "CALL 900-555-0100 NOW",
    };
    for (const event of ["confirmed", "proposed", "declined", "cancelled", "requested"] as const) {
      const mail = compose(
        payload({ event, invite: event === "proposed" ? null : event === "confirmed" ? "request" : "cancel" }),
        {
          ...leadOverrides(typed),
          contact: { ...sampleLead().contact, name: "Mallory https://evil.example" },
        },
      );
      const { calendarText } = await wire(mail);
      const all = [
        String(mail.subject),
        String(mail.text),
        String(mail.html),
        JSON.stringify(mail.to),
        (calendarText ?? "").replaceAll("\r\n ", ""),
      ].join("\n");
      for (const value of [...Object.values(typed), "Mallory", "evil.example", "Meridian", "Two-story"])
        expect(all, `${event}: ${value}`).not.toContain(value);
      for (const url of all.match(/https?:\/\/[^\s"<>]+/g) ?? [])
        expect(url).toMatch(/^https:\/\/www\.gemstateexteriorcleaning\.com\//);
    }
  });
});

describe("composeBookingEmail to the owner", () => {
  it("says what happened, by whom, the window, the reference and the inbox link", () => {
    const mail = compose(
      payload({
        to: "owner",
        event: "requested",
        by: "customer",
        status: "requested",
        previous: { day: "2026-11-30", times: "13:00-15:00" },
        invite: null,
      }),
    );
    expect(mail.to).toBe("owner@gemstateexteriorcleaning.com");
    expect(mail.subject).toBe("Arrival window moved: Tuesday, December 1, 8–10 AM (GS-5A4A-D3A8)");
    const text = String(mail.text);
    expect(text).toContain("By: Jane Doe (the customer)");
    expect(text).toContain("Window: Tuesday, December 1, 8–10 AM");
    expect(text).toContain("Before: Monday, November 30, 1–3 PM");
    expect(text).toContain(`https://www.gemstateexteriorcleaning.com/admin/requests/${LEAD_ID}`);
    expect(mail.icalEvent).toBeUndefined();

    const accepted = compose(payload({ to: "owner", by: "customer", invite: null }));
    expect(accepted.subject).toBe("Proposed window accepted: Tuesday, December 1, 8–10 AM (GS-5A4A-D3A8)");
    const cancelled = compose(
      payload({ to: "owner", event: "cancelled", by: "customer", status: "cancelled", invite: null }),
    );
    expect(cancelled.subject).toMatch(/^Arrival window cancelled: /);
  });

  it("a confirmed window tells the owner what the crew needs: address, what was sold, what to collect, access notes", () => {
    const crew = {
      address: "12 Elm St, Boise, ID 83702",
      mapUrl: "https://www.google.com/maps/search/?api=1&query=12%20Elm%20St",
      asked: "house washing",
      sold: { label: "Better", lines: [{ text: "Oil-stain treatment", cents: 7_525 }], totalCents: 7_525 },
      paidCents: 2_500,
      toCollectCents: 5_025,
      accessNote: "Gate code 4321",
    } as CrewJob;
    const owner = (p: BookingMailPayload) =>
      composeBookingEmail(
        {
          jobId: "job-9",
          job: { kind: "booking", ref: `${p.sequence}:owner`, payload: p },
          lead: sampleLeadRow(leadOverrides(), LEAD_ID),
          attachment: null,
        },
        { ...ctx, crew },
      );
    const mail = owner(payload({ to: "owner", by: "customer", invite: null }));
    const text = String(mail.text);
    for (const part of [
      "Address: 12 Elm St, Boise, ID 83702",
      `Oil-stain treatment: ${formatAmount(7_525)}`,
      `To collect: ${formatAmount(5_025)}`,
      "Access notes: Gate code 4321",
    ])
      expect(text).toContain(part);
    expect(String(mail.html)).toContain("Gate code 4321");
    // A window only asked for is not yet the crew's: no crew view.
    const requested = owner(
      payload({ to: "owner", event: "requested", by: "customer", status: "requested", invite: null }),
    );
    expect(String(requested.text)).not.toContain("To collect");
  });

  it("a job without a valid payload fails with a code, it does not mail nonsense", () => {
    expect(() =>
      composeBookingEmail(
        {
          jobId: "j",
          job: { kind: "booking", ref: "1:owner", payload: null },
          lead: sampleLeadRow(),
          attachment: null,
        },
        ctx,
      ),
    ).toThrow(expect.objectContaining({ code: "BAD_PAYLOAD" }));
  });
});

const booking = (over: Partial<Booking> = {}): Booking => ({
  id: "b-42",
  leadId: LEAD_ID,
  status: "confirmed",
  day: "2026-11-25",
  times: "08:00-10:00",
  startsAt: new Date("2026-11-25T15:00:00Z"),
  endsAt: new Date("2026-11-25T17:00:00Z"),
  sequence: 3,
  invited: true,
  ownerNote: "",
  address: null,
  accessNote: "",
  createdAt: now,
  updatedAt: now,
  lateCancellation: null,
  ...over,
});

describe("the reminder", () => {
  const remind = (b: Booking, at = now) =>
    composeReminderEmail(
      {
        jobId: "job-r",
        job: { kind: "reminder", ref: String(b.sequence), payload: null },
        lead: sampleLeadRow(leadOverrides(), LEAD_ID),
        attachment: null,
      },
      b,
      { ...ctx, now: at },
    );

  it("says when, what to prepare, and gives the manage link and the phone", () => {
    const mail = remind(booking());
    expect(mail.subject).toBe("See you tomorrow between 8 and 10 AM");
    const text = String(mail.text);
    expect(text).toContain(
      "our crew arrives tomorrow, Wednesday, November 25, between 8 and 10 AM, for your house washing.",
    );
    for (const word of ["spigot", "Cars", "Pets", "Gates"]) expect(text).toContain(word);
    expect(text).toContain(business.phone.display);
    expect(readSignedToken(manageToken(text)!, "manage", secret, now)).toEqual({ id: "b-42" });
    // Sent late on the day itself (after retries), it does not say "tomorrow".
    expect(remind(booking(), new Date("2026-11-25T14:00:00Z")).subject).toBe("See you today between 8 and 10 AM");
  });

  it("is called off when the booking moved, was cancelled or declined, or is gone", () => {
    expect(reminderCalledOffReason(booking(), "3")).toBeNull();
    expect(reminderCalledOffReason(booking({ sequence: 4 }), "3")).toMatch(/changed/);
    expect(reminderCalledOffReason(booking({ status: "cancelled", sequence: 4 }), "3")).toMatch(/cancelled/);
    expect(reminderCalledOffReason(booking({ status: "declined" }), "3")).toMatch(/declined/);
    expect(reminderCalledOffReason(booking({ status: "proposed" }), "3")).toMatch(/proposed/);
    expect(reminderCalledOffReason(undefined, "3")).toMatch(/no longer/);
  });
});

/** Every choice of services the forms allow: none, each one alone, and every combination of several. */
function everyServiceChoice(): { ticked: string[]; priced?: string }[] {
  const labels = servicesNeededOptions.map((o) => o.label);
  const subsets = Array.from({ length: 2 ** labels.length }, (_, mask) => labels.filter((_, i) => mask & (1 << i)));
  const priced = [...Object.keys(priceBook.services), ...Object.keys(priceBook.callback)].map((slug) => ({
    ticked: [],
    priced: slug,
  }));
  return [...subsets.map((ticked) => ({ ticked })), ...priced];
}

describe("the words for what the visit is for, for every kind of request and every choice of services", () => {
  const bookable = LEAD_KINDS.filter(isBookable);
  const cases = bookable.flatMap((kind) =>
    everyServiceChoice().flatMap((choice) =>
      [...serviceTypeOptions.map((o) => o.value), undefined].map((serviceType) => ({ kind, serviceType, ...choice })),
    ),
  );

  it("covers every kind that can book a window", () => {
    expect(bookable.length).toBeGreaterThan(0);
    expect(cases.length).toBe(
      bookable.length *
        3 *
        (2 ** servicesNeededOptions.length +
          Object.keys(priceBook.services).length +
          Object.keys(priceBook.callback).length),
    );
  });

  it("the confirmation, the reminder and the invite's title name the services chosen as a sentence, never the property type", () => {
    for (const c of cases) {
      const fields: NewLead["fields"] = {
        ...sampleLead().fields,
        servicesNeeded: c.ticked,
        serviceType: c.serviceType ?? null,
        ...(c.priced ? { priceService: c.priced } : {}),
      };
      const where = JSON.stringify(c);
      const lead = sampleLeadRow({ kind: c.kind, fields }, LEAD_ID);
      const mail = composeBookingEmail(
        { jobId: "job-w", job: { kind: "booking", ref: "2:customer", payload: payload() }, lead, attachment: null },
        ctx,
      );
      const reminder = composeReminderEmail(
        { jobId: "job-r", job: { kind: "reminder", ref: "3", payload: null }, lead, attachment: null },
        booking(),
        ctx,
      );
      const confirmed = /between 8 and 10 AM for your (.+)\.\n/.exec(String(mail.text))?.[1];
      const reminded = /between 8 and 10 AM, for your (.+)\.\n/.exec(String(reminder.text))?.[1];
      const summary = /^SUMMARY:(.*)$/m.exec(
        String((mail.icalEvent as { content: string }).content).replace(/\r\n /g, ""),
      )?.[1];
      expect(confirmed, where).toBeDefined();
      expect(reminded, where).toBe(confirmed);
      expect(summary, where).toBe(
        `${confirmed!.charAt(0).toUpperCase()}${confirmed!.slice(1)} — ${business.name}`.replace(/,/g, "\\,"),
      );
      // Only the services' names: never the property type (residential, commercial) nor the "Other" box as if they were one.
      const named = c.priced
        ? [(priceBook.services[c.priced] ?? priceBook.callback[c.priced])!.title.toLowerCase()]
        : c.ticked.filter((label) => label !== "Other").map((label) => label.toLowerCase());
      if (named.length === 0) expect(confirmed, where).toBe("exterior cleaning");
      else {
        // Each service once, in the form's order, as a list: "a", "a and b", "a, b and c".
        const expected = named.length === 1 ? named[0] : `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`;
        expect(confirmed, where).toBe(expected);
      }
    }
  });
});
