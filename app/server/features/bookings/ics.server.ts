/**
 * iCalendar text (RFC 5545) for the booking invites (iTIP METHOD:REQUEST / CANCEL, RFC 5546) and the owner's
 * calendar feed (METHOD:PUBLISH), written by hand: one VTIMEZONE for America/Boise, local DTSTART/DTEND with
 * TZID, UTC DTSTAMP, TEXT values escaped, lines folded at 75 octets without splitting a UTF-8 character, CRLF.
 * Pure: the caller gives every value (an invite of a customer's booking carries no text the visitor wrote).
 */
import { business } from "../../../content/business.ts";
import { visible, visibleLine } from "../../../lib/text.ts";
import { localParts } from "../../kit/business-time.server.ts";

export const TIME_ZONE = "America/Boise";

export interface CalendarEvent {
  /** Stable across every change of one booking: bookingUid(). */
  uid: string;
  /** Raised on every change (RFC 5546: a later SEQUENCE replaces an earlier one). */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location?: string;
  url?: string;
  status: "CONFIRMED" | "CANCELLED" | "TENTATIVE";
  organizer: { name: string; email: string };
  attendee?: { name: string; email: string };
  /** When this version of the event was made (DTSTAMP). */
  stamp: Date;
}

export interface Calendar {
  method: "REQUEST" | "CANCEL" | "PUBLISH";
  /** The calendar's name in a subscribing program (X-WR-CALNAME; the feed). */
  name?: string;
  events: CalendarEvent[];
}

/** The UID of a booking's event: one for its invite, every change and cancellation of it, and the owner's feed. */
export const bookingUid = (bookingId: string, siteUrl: string) => `booking-${bookingId}@${new URL(siteUrl).hostname}`;

/**
 * A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11), a tab as a space, and
 * each hidden character (a control, a direction override: app/lib/text.ts) shown as "�".
 */
export function escapeText(value: string): string {
  return visible(value)
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, "\\n")
    .replace(/\t/g, " ");
}

/** ";CN=…" for a name: one line, quoted, without DQUOTE (a parameter cannot hold it); "" without a name. */
const commonName = (value: string) => {
  const name = visibleLine(value).replace(/"/g, "");
  return name ? `;CN="${name}"` : "";
};

/** An address for mailto: without anything that could end the value or start another property. */
const mailto = (email: string) => `mailto:${email.replace(/[\s"<>;:,\\]/g, "")}`;

/**
 * One content line folded at 75 octets (RFC 5545 3.1): each continuation starts with a space, which counts;
 * a break never falls inside a UTF-8 sequence (nor between the halves of a surrogate pair).
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
      limit = 74; // the leading space of a continuation line takes one
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** 20261201T150000Z */
export const utcStamp = (date: Date) =>
  `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`;

/** 20261201T080000, the Boise wall-clock time of an instant. */
export const localStamp = (date: Date) => {
  const p = localParts(date);
  return `${p.year}${pad(p.month)}${pad(p.day)}T${pad(p.hour)}${pad(p.minute)}${pad(p.second)}`;
};

/** America/Boise since 2007: MST (-0700), MDT (-0600) from the second Sunday of March to the first Sunday of November, at 02:00. */
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TIME_ZONE}`,
  `X-LIC-LOCATION:${TIME_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0700",
  "TZOFFSETTO:-0600",
  "TZNAME:MDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0700",
  "TZNAME:MST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

function eventLines(event: CalendarEvent): string[] {
  const lines = [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART;TZID=${TIME_ZONE}:${localStamp(event.start)}`,
    `DTEND;TZID=${TIME_ZONE}:${localStamp(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url.replace(/[\s"<>]/g, "")}`);
  lines.push(
    `STATUS:${event.status}`,
    "TRANSP:OPAQUE",
    `ORGANIZER${commonName(event.organizer.name)}:${mailto(event.organizer.email)}`,
  );
  if (event.attendee)
    lines.push(
      `ATTENDEE${commonName(event.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:${mailto(event.attendee.email)}`,
    );
  lines.push("END:VEVENT");
  return lines;
}

/** The whole calendar object, CRLF line ends, every line folded. */
export function calendar({ method, name, events }: Calendar): string {
  const lines = [
    "BEGIN:VCALENDAR",
    `PRODID:-//${escapeText(business.name)}//Booking//EN`,
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...(name ? [`X-WR-CALNAME:${escapeText(name)}`, `X-WR-TIMEZONE:${TIME_ZONE}`] : []),
    ...VTIMEZONE,
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
