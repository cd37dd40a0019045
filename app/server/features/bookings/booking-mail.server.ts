/**
 * The e-mails about an arrival window (docs/decisions/020-booking.md): the customer's (confirmed with a
 * calendar invite, a window proposed by the owner, declined, cancelled, asked for again after a reschedule),
 * the owner's (what the customer did), and the customer's reminder the day before a confirmed window.
 *
 * A 'booking' job carries what to tell (payload, ./payload.ts: a snapshot of the change); a 'reminder' job
 * (ref = the sequence it was queued for) reads the booking when it is due and is called off when the window
 * moved, was cancelled or declined since. Like the reply (reply.server.ts), a customer's e-mail and its
 * invite carry nothing a stranger wrote: the service from the site's own lists, the window, the owner's
 * note, our phone number and the signed link to reschedule or cancel; a name only when it is a plain name.
 * The compose functions are pure.
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../../content/business.ts";
import { localDateString } from "../../kit/business-time.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { textAlertSettings, type Env } from "../../kit/env.server.ts";
import { CalledOff, type Delivery, type Sender } from "../../notify/delivery.server.ts";
import { oneLine } from "../../notify/labels.server.ts";
import { createMailSender, ownerSummaryHtml } from "../../notify/mail.server.ts";
import { linkSecret, signedPath } from "../../kit/signed-links.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import {
  accountLink,
  customerRecipient,
  fromBusiness,
  plainName,
  render,
  signature,
  type Block,
} from "../../notify/customer-email.server.ts";
import { inboxLink, sendText, smsFirstName } from "../../notify/sms.server.ts";
import { bookingForLead, type Booking } from "./bookings.server.ts";
import { bookingUid, calendar, type CalendarEvent } from "./ics.server.ts";
import { lateCancellationForCustomer, lateCancellationForOwner } from "../../../lib/late-cancellation.ts";
import type { BookingMailPayload } from "./payload.ts";
import { visitService } from "./visit-service.server.ts";
import { crewJobs, crewRows, crewText, nothingSold, type CrewJob, type SoldWorkOf } from "./crew.server.ts";
import { dayLabel, timesLabel, windowInstants, windowLabel } from "../../kit/arrival-windows.server.ts";

export interface BookingMailContext {
  env: Pick<Env, "MAIL_FROM" | "SITE_URL" | "LEADS_TO">;
  /** The links' key (linkSecret). */
  secret: string;
  now: Date;
  /** The crew's view of the job (./crew.server.ts), for the owner's e-mail of a confirmed window. */
  crew?: CrewJob;
}

/** "8 and 10 AM", "10 AM and 12 PM": a window's times in a sentence ("between …"). */
const betweenLabel = (times: string) => timesLabel(times).replace("–", " and ");

/** The same as a title: "House washing". */
function serviceTitle(lead: Delivery["lead"]): string {
  const service = visitService(lead);
  return `${service.charAt(0).toUpperCase()}${service.slice(1)}`;
}

const origin = (siteUrl: string) => new URL(siteUrl).origin;
const manageUrl = (bookingId: string, { env, secret, now }: BookingMailContext) =>
  `${origin(env.SITE_URL)}${signedPath("manage", bookingId, secret, now)}`;

const greeting = (lead: Delivery["lead"]) => {
  const first = plainName(lead.fields.firstName);
  return `Hi${first ? ` ${first}` : ""},`;
};

const noteBlock = (note: string): Block[] =>
  note.trim() ? [{ heading: "A note from us", lines: note.trim().split(/\r?\n/) }] : [];

const callLine = () => `Questions? Call us at ${business.phone.display}, or reply to this e-mail.`;

/** The calendar event of a booking, as the customer's invite and the owner's feed show it (same UID). */
export function bookingCalendarEvent(opts: {
  bookingId: string;
  siteUrl: string;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location?: string;
  url?: string;
  status: CalendarEvent["status"];
  organizerEmail: string;
  attendee?: CalendarEvent["attendee"];
  stamp: Date;
}): CalendarEvent {
  return {
    uid: bookingUid(opts.bookingId, opts.siteUrl),
    sequence: opts.sequence,
    start: opts.start,
    end: opts.end,
    summary: opts.summary,
    description: opts.description,
    ...(opts.location ? { location: opts.location } : {}),
    url: opts.url,
    status: opts.status,
    organizer: { name: business.name, email: opts.organizerEmail },
    attendee: opts.attendee,
    stamp: opts.stamp,
  };
}

/** The invite (REQUEST, confirmed) or its cancellation (CANCEL) for the customer; null when the payload has none. */
function invitePart(
  payload: BookingMailPayload,
  lead: Delivery["lead"],
  attendee: { name: string; address: string },
  ctx: BookingMailContext,
): Mail.Options["icalEvent"] | null {
  if (!payload.invite) return null;
  const method = payload.invite === "request" ? "REQUEST" : "CANCEL";
  // A cancellation after a move names the window the invite was for; its UID is what a calendar matches.
  const window =
    payload.invite === "cancel" && payload.previous
      ? {
          day: payload.previous.day,
          times: payload.previous.times,
          ...windowInstants(payload.previous.day, payload.previous.times),
        }
      : {
          day: payload.day,
          times: payload.times,
          startsAt: new Date(payload.startsAt),
          endsAt: new Date(payload.endsAt),
        };
  const manage = method === "REQUEST" ? manageUrl(payload.bookingId, ctx) : undefined;
  const description = [
    `Arrival window: ${windowLabel(window.day, window.times)}. Our crew arrives within this window.`,
    ...(method === "CANCEL" ? ["This appointment is cancelled."] : []),
    ...(payload.note.trim() ? [`A note from us: ${payload.note.trim()}`] : []),
    ...(manage ? [`Reschedule or cancel: ${manage}`] : []),
    `Questions? Call ${business.phone.display}.`,
  ].join("\n");
  const content = calendar({
    method,
    events: [
      bookingCalendarEvent({
        bookingId: payload.bookingId,
        siteUrl: ctx.env.SITE_URL,
        sequence: payload.sequence,
        start: window.startsAt,
        end: window.endsAt,
        summary: `${serviceTitle(lead)} — ${business.name}`,
        description,
        location: payload.location,
        url: manage,
        status: method === "REQUEST" ? "CONFIRMED" : "CANCELLED",
        // The business answers for the appointment: a reply to the invite goes to it, not to the site's no-reply sender.
        organizerEmail: business.email,
        attendee: { name: attendee.name, email: attendee.address },
        stamp: ctx.now,
      }),
    ],
  });
  return { method, filename: "invite.ics", content };
}

/** The customer's e-mail of one change: subject, title and blocks. */
function customerContent(
  payload: BookingMailPayload,
  lead: Delivery["lead"],
  ctx: BookingMailContext,
): { subject: string; title: string; blocks: Block[] } {
  const window = windowLabel(payload.day, payload.times);
  const previous = payload.previous ? windowLabel(payload.previous.day, payload.previous.times) : null;
  const service = visitService(lead);
  const manage = manageUrl(payload.bookingId, ctx);
  const call = `Please call us at ${business.phone.display} and we will find a time together.`;
  // What each event says, and the link it offers (none once the booking is over: declined, cancelled).
  const { subject, title, lines, link } = {
    confirmed: {
      subject: `Your arrival window is confirmed: ${window}`,
      title: "Your arrival window is confirmed",
      lines: [
        `Our crew will arrive on ${dayLabel(payload.day)}, between ${betweenLabel(payload.times)} for your ${service}.`,
        "We send you a reminder the day before.",
      ],
      link: {
        lines: ["Plans changed? Choose another window or cancel here:"],
        link: { label: "Reschedule or cancel", href: manage },
      },
    },
    proposed: {
      subject: `We suggest another arrival window: ${window}`,
      title: "We suggest another arrival window",
      lines: [
        `${previous ? `We cannot come at the window you had (${previous}).` : "We cannot come at the window you asked for."} We can come on ${window}.`,
        "Accept it, or choose another window, with the button below: nothing is booked until you do.",
      ],
      link: { lines: [], link: { label: "Accept or choose another window", href: manage, button: true } },
    },
    declined: {
      subject: `We cannot book your arrival window: ${window}`,
      title: "We cannot book your arrival window",
      lines: [`Sorry, we cannot come on ${window} for your ${service}.`, call],
      link: null,
    },
    cancelled: {
      subject: `Your arrival window is cancelled: ${window}`,
      title: "Your arrival window is cancelled",
      lines: [
        payload.by === "customer"
          ? `As you asked, we cancelled your arrival window on ${window}.`
          : `We had to cancel your arrival window on ${window}.`,
        ...(payload.late ? [lateCancellationForCustomer(payload.late, true)] : []),
      ],
      // The one next step, as the page says it: choose a new window from the same link.
      link: {
        lines: ["Want a new date? Choose a new window here:"],
        link: { label: "Choose a new window", href: manage, button: true },
      },
    },
    requested: {
      subject: `We received your ${previous ? "new " : ""}arrival window request: ${window}`,
      title: previous ? "Your new arrival window request" : "Your arrival window request",
      lines: [
        previous
          ? `You asked to move your arrival window from ${previous} to ${window}.`
          : `You asked for the arrival window ${window}.`,
        "It is a request until we confirm it: you get an e-mail with a calendar invite once we do.",
      ],
      link: {
        lines: ["Plans changed again? Choose another window or cancel here:"],
        link: { label: "Reschedule or cancel", href: manage },
      },
    },
  }[payload.event];
  const invite =
    payload.invite === "request"
      ? "The attached invite adds it to your calendar."
      : payload.invite === "cancel"
        ? `The attached cancellation removes ${payload.event === "proposed" || payload.event === "requested" ? "the earlier time" : "it"} from your calendar.`
        : null;
  return {
    subject,
    title,
    blocks: [
      { lines: [greeting(lead)] },
      { lines: [...lines, ...(invite ? [invite] : []), `Your reference number: ${referenceOf(lead.id)}`] },
      ...noteBlock(payload.note),
      ...(link ? [link, { lines: [callLine()] }] : []),
      signature(),
    ],
  };
}

const ownerTitles: Record<BookingMailPayload["event"], string> = {
  requested: "Arrival window requested",
  confirmed: "Arrival window confirmed",
  proposed: "Another arrival window proposed",
  declined: "Arrival window declined",
  cancelled: "Arrival window cancelled",
};

/** The owner's e-mail of one change: what happened, by whom, the window, the reference and the inbox link. */
function composeOwnerEmail(
  { jobId, lead }: Delivery,
  payload: BookingMailPayload,
  ctx: BookingMailContext,
): Mail.Options {
  const window = windowLabel(payload.day, payload.times);
  const moved = payload.previous && payload.event === "requested";
  const title =
    payload.event === "confirmed" && payload.by === "customer"
      ? "Proposed window accepted"
      : moved
        ? "Arrival window moved"
        : ownerTitles[payload.event];
  const reference = referenceOf(lead.id);
  const who = oneLine(lead.contact.name ?? "") || "The customer";
  const link = inboxLink(ctx.env.SITE_URL, lead.id);
  const rows: [string, string][] = [
    ["What happened", title],
    ["By", payload.by === "customer" ? `${who} (the customer)` : "You (the owner)"],
    ["Window", window],
    ...(payload.previous
      ? [["Before", windowLabel(payload.previous.day, payload.previous.times)] as [string, string]]
      : []),
    ["Status now", payload.status],
    ...(payload.late ? [["Late cancellation", lateCancellationForOwner(payload.late)] as [string, string]] : []),
    ["Service", serviceTitle(lead)],
    ["Reference", reference],
  ];
  const action =
    payload.status === "requested"
      ? "Confirm it, propose another window or decline it in the inbox:"
      : "The request in the inbox:";
  // A confirmed window: what the crew needs, where and what was sold (the feed and the day sheet say the same).
  const crewView = payload.status === "confirmed" && ctx.crew ? ctx.crew : null;
  const crew = crewView ? crewText(crewView) : [];
  const text = [
    title,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(crew.length > 0 ? ["", ...crew] : []),
    "",
    action,
    link,
  ].join("\n");
  const html = ownerSummaryHtml({
    title,
    rows: [...rows, ...(crewView ? crewRows(crewView) : [])],
    paragraphs: payload.status === "requested" ? [action.replace(/:$/, ".")] : [],
    link,
  });
  return {
    from: { name: `${business.name} website`, address: ctx.env.MAIL_FROM },
    to: ctx.env.LEADS_TO,
    subject: oneLine(`${title}: ${window} (${reference})`),
    messageId: `<booking-${jobId}@${ctx.env.MAIL_FROM.split("@").pop()}>`,
    headers: { "X-Lead-Id": lead.id },
    text,
    html,
  };
}

/** The payload a 'booking' job carries, checked enough that a malformed one fails clearly rather than mailing nonsense. */
function bookingPayload(value: unknown): BookingMailPayload {
  const p = value as Partial<BookingMailPayload> | null;
  if (
    !p ||
    (p.to !== "customer" && p.to !== "owner") ||
    typeof p.bookingId !== "string" ||
    typeof p.day !== "string" ||
    typeof p.times !== "string" ||
    typeof p.event !== "string" ||
    !(p.event in ownerTitles)
  )
    throw Object.assign(new Error("booking job without a valid payload"), { code: "BAD_PAYLOAD" });
  return { note: "", previous: null, invite: null, location: "", ...p } as BookingMailPayload;
}

/** The message of one 'booking' job, to the customer or the owner as its payload says. */
export function composeBookingEmail(delivery: Delivery, ctx: BookingMailContext): Mail.Options {
  const payload = bookingPayload(delivery.job.payload);
  if (payload.to === "owner") return composeOwnerEmail(delivery, payload, ctx);
  const { lead, jobId } = delivery;
  const recipient = customerRecipient(lead);
  const content = customerContent(payload, lead, ctx);
  const { text, html } = render(
    content.blocks,
    content.title,
    accountLink(ctx.env.SITE_URL, lead.id, ctx.secret, ctx.now),
  );
  const icalEvent = invitePart(payload, lead, recipient, ctx);
  return {
    ...fromBusiness(ctx.env.MAIL_FROM, "booking", jobId),
    to: recipient.to,
    subject: content.subject,
    headers: { "X-Reference": referenceOf(lead.id) },
    text,
    html,
    ...(icalEvent ? { icalEvent } : {}),
  };
}

/** Why a reminder must not go out any more, or null when its booking is still confirmed at the sequence it was queued for. */
export function reminderCalledOffReason(booking: Booking | undefined, ref: string): string | null {
  if (!booking) return "the booking no longer exists";
  if (booking.status !== "confirmed") return `the booking is ${booking.status}`;
  if (String(booking.sequence) !== ref) return "the booking changed after this reminder was queued";
  return null;
}

/** The reminder of a confirmed window ("See you tomorrow between 8 and 10 AM"): what to prepare, the link, our phone. */
export function composeReminderEmail(delivery: Delivery, booking: Booking, ctx: BookingMailContext): Mail.Options {
  const { lead, jobId } = delivery;
  const recipient = customerRecipient(lead);
  const when = localDateString(ctx.now) === booking.day ? "today" : "tomorrow";
  const between = betweenLabel(booking.times);
  const subject = `See you ${when} between ${between}`;
  const { text, html } = render(
    [
      { lines: [greeting(lead)] },
      {
        lines: [
          `A reminder: our crew arrives ${when}, ${dayLabel(booking.day)}, between ${between}, for your ${visitService(lead)}.`,
          `Your reference number: ${referenceOf(lead.id)}`,
        ],
      },
      {
        heading: "Before we come",
        lines: [
          "• Water: we need an outdoor spigot that works; please turn it on.",
          "• Cars: please move them out of the driveway and away from the walls.",
          "• Pets: please keep them inside while we work.",
          "• Gates: please leave them unlocked so we can reach every side.",
        ],
      },
      ...noteBlock(booking.ownerNote),
      {
        lines: ["Need another time, or to cancel?"],
        link: { label: "Reschedule or cancel", href: manageUrl(booking.id, ctx) },
      },
      { lines: [callLine()] },
      signature(),
    ],
    `See you ${when}`,
    accountLink(ctx.env.SITE_URL, lead.id, ctx.secret, ctx.now),
  );
  return {
    ...fromBusiness(ctx.env.MAIL_FROM, "reminder", jobId),
    to: recipient.to,
    subject,
    headers: { "X-Reference": referenceOf(lead.id) },
    text,
    html,
  };
}

type SenderEnv = Pick<Env, "SMTP_URL" | "DATA_DIR" | "MAIL_FROM" | "LEADS_TO" | "SITE_URL"> &
  Parameters<typeof linkSecret>[1];

/** The outbox's sender of 'booking' jobs; the owner's e-mail of a confirmed window carries the crew's view. */
export function createBookingSender(
  database: Database,
  env: SenderEnv,
  now: () => Date = () => new Date(),
  soldWorkOf: SoldWorkOf = nothingSold,
): Sender {
  return createMailSender(env, async (delivery) => {
    const payload = bookingPayload(delivery.job.payload);
    let crew: CrewJob | undefined;
    if (payload.to === "owner" && payload.status === "confirmed") {
      const booking = await bookingForLead(database, delivery.lead.id);
      const { contact, fields } = delivery.lead;
      if (booking)
        [crew] = await crewJobs(
          [{ booking, lead: { name: contact.name, phone: contact.phone, zip: contact.zip, fields } }],
          soldWorkOf,
        );
    }
    return composeBookingEmail(delivery, { env, secret: await linkSecret(database, env), now: now(), crew });
  });
}

/**
 * The owner's text of a customer's change ("Arrival window cancelled by Dana: Thursday, December 4, 8–10 AM. …
 * <inbox link>"), as the owner's text of a new request: the first name only when it is a plain name.
 */
export function composeBookingText({ lead, job }: Pick<Delivery, "lead" | "job">, siteUrl: string): string {
  const payload = bookingPayload(job.payload);
  const name = smsFirstName(lead.fields.firstName);
  const late = payload.late ? ` ${lateCancellationForOwner(payload.late)}` : "";
  return `${ownerTitles[payload.event]}${name ? ` by ${name}` : ""}: ${windowLabel(payload.day, payload.times)}.${late} ${inboxLink(siteUrl, lead.id)}`;
}

/** The outbox's sender of 'booking-sms' jobs (to OWNER_PHONE); without the text settings it fails and is retried. */
export function createBookingTextSender(env: Parameters<typeof textAlertSettings>[0] & Pick<Env, "SITE_URL">): Sender {
  return async (delivery) => {
    const settings = textAlertSettings(env);
    if (!settings)
      throw Object.assign(new Error("Text message failed: SMS_NOT_CONFIGURED"), { code: "SMS_NOT_CONFIGURED" });
    await sendText(settings, composeBookingText(delivery, env.SITE_URL));
  };
}

/** The outbox's sender of 'reminder' jobs: called off (never retried) when the booking is no longer the confirmed window it was queued for. */
export function createReminderSender(database: Database, env: SenderEnv, now: () => Date = () => new Date()): Sender {
  return createMailSender(env, async (delivery) => {
    const booking = await bookingForLead(database, delivery.lead.id);
    const reason = reminderCalledOffReason(booking, delivery.job.ref);
    if (reason !== null || !booking) throw new CalledOff(reason ?? "no booking");
    return composeReminderEmail(delivery, booking, { env, secret: await linkSecret(database, env), now: now() });
  });
}
