import { describe, expect, it } from "vitest";
import { readCalendar } from "../../../../tests/support/ical.ts";
import { bookingUid, calendar, escapeText, foldLine, type CalendarEvent } from "./ics.server.ts";
import { windowsOn } from "../../kit/arrival-windows.server.ts";

const organizer = { name: "Gem State Exterior Cleaning", email: "website@gemstateexteriorcleaning.com" };
const attendee = { name: "Jane Doe", email: "jane@example.com" };

/** The 8–10 AM window of a local date, as the booking store keeps it. */
const morning = (day: string) => windowsOn(day).find((w) => w.times.startsWith("08:00"))!;

const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => {
  const w = morning("2026-12-01");
  return {
    uid: bookingUid("b1", "https://www.gemstateexteriorcleaning.com"),
    sequence: 2,
    start: w.startsAt,
    end: w.endsAt,
    summary: "House washing",
    description: "Arrival window 8–10 AM",
    status: "CONFIRMED",
    organizer,
    attendee,
    stamp: new Date("2026-11-24T12:00:00Z"),
    ...over,
  };
};

describe("calendar", () => {
  it.each([
    // Saturday before and Monday after the spring change (2027-03-14), Saturday before and Monday after the fall one (2026-11-01).
    ["2027-03-13", "2027-03-13T15:00:00Z", "2027-03-13T17:00:00Z"],
    ["2027-03-15", "2027-03-15T14:00:00Z", "2027-03-15T16:00:00Z"],
    ["2026-10-31", "2026-10-31T14:00:00Z", "2026-10-31T16:00:00Z"],
    ["2026-11-02", "2026-11-02T15:00:00Z", "2026-11-02T17:00:00Z"],
  ])("an 8–10 AM window on %s is read at the right instants (%s to %s) by a calendar program", (day, start, end) => {
    const w = morning(day);
    const text = calendar({ method: "REQUEST", events: [event({ start: w.startsAt, end: w.endsAt })] });
    const [read] = readCalendar(text).events;
    expect(read?.startZone).toBe("America/Boise");
    expect(read?.start.toISOString()).toBe(new Date(start).toISOString());
    expect(read?.end.toISOString()).toBe(new Date(end).toISOString());
    expect(text).toContain(`DTSTART;TZID=America/Boise:${day.replaceAll("-", "")}T080000\r\n`);
  });

  it("writes METHOD, UID, SEQUENCE, STATUS, organizer and attendee as given; the UID stays across changes", () => {
    const first = readCalendar(calendar({ method: "REQUEST", events: [event({ sequence: 1 })] }));
    const cancel = readCalendar(calendar({ method: "CANCEL", events: [event({ sequence: 4, status: "CANCELLED" })] }));
    expect(first.method).toBe("REQUEST");
    expect(cancel.method).toBe("CANCEL");
    expect(first.events[0]).toMatchObject({
      uid: "booking-b1@www.gemstateexteriorcleaning.com",
      sequence: 1,
      status: "CONFIRMED",
      organizer: "mailto:website@gemstateexteriorcleaning.com",
      attendee: "mailto:jane@example.com",
    });
    expect(cancel.events[0]).toMatchObject({ uid: first.events[0]!.uid, sequence: 4, status: "CANCELLED" });
  });

  it("has the calendar's fixed lines, a VTIMEZONE with both rules, a UTC DTSTAMP and CRLF line ends only", () => {
    const text = calendar({ method: "PUBLISH", name: "Jobs, booked", events: [event()] });
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/);
    for (const line of [
      "VERSION:2.0",
      "CALSCALE:GREGORIAN",
      "METHOD:PUBLISH",
      "X-WR-CALNAME:Jobs\\, booked",
      "TZID:America/Boise",
      "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
      "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
      "DTSTAMP:20261124T120000Z",
    ])
      expect(text).toContain(`\r\n${line}\r\n`);
    expect(text).toMatch(/\r\nPRODID:-\/\/.+\/\/Booking\/\/EN\r\n/);
    expect(readCalendar(calendar({ method: "PUBLISH", name: "Jobs", events: [] })).name).toBe("Jobs");
  });

  it("escapes backslash, semicolon, comma and line breaks, and a reader gets the text back", () => {
    const tricky = "Gate code; side door, then\\back\r\nSecond line\nThird";
    expect(escapeText(tricky)).toBe("Gate code\\; side door\\, then\\\\back\\nSecond line\\nThird");
    const [read] = readCalendar(calendar({ method: "REQUEST", events: [event({ description: tricky })] })).events;
    expect(read?.description).toBe("Gate code; side door, then\\back\nSecond line\nThird");
  });

  it("writes a hostile address as one LOCATION: escaped, folded at 75 octets, read back as it was, nothing injected", () => {
    const address = `12 Elm St; Apt 3, Unit \\B\r\nATTENDEE:mailto:evil@example.com\nÉcole ${"😀".repeat(20)}, Boise, ID 83702`;
    const text = calendar({ method: "REQUEST", events: [event({ location: address })] });
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).not.toMatch(/\r\nATTENDEE:mailto:evil/);
    expect(text).toContain("\r\nLOCATION:12 Elm St\\; Apt 3\\, Unit \\\\B\\nATTENDEE:mailto:evil@example.com\\n");
    const [read] = readCalendar(text).events;
    expect(read?.location).toBe(address.replace("\r\n", "\n"));
    expect(read?.attendee).toBe("mailto:jane@example.com");
    // Without an address there is no LOCATION at all.
    expect(calendar({ method: "REQUEST", events: [event()] })).not.toContain("\r\nLOCATION:");
  });

  it("a value cannot start a property of its own", () => {
    const text = calendar({
      method: "REQUEST",
      events: [
        event({ summary: "x\r\nATTENDEE:mailto:evil@example.com", attendee: { name: 'J"; X=1', email: "a@b.c" } }),
      ],
    });
    expect(text).not.toMatch(/\r\nATTENDEE:mailto:evil/);
    expect(readCalendar(text).events[0]?.attendee).toBe("mailto:a@b.c");
  });

  it("folds lines at 75 octets without splitting a multibyte character, and a reader joins them back", () => {
    const summary = `Window ${"é€😀".repeat(30)} end`;
    const text = calendar({ method: "REQUEST", events: [event({ summary })] });
    const lines = text.split("\r\n");
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const folded = lines.filter((l) => l.startsWith(" "));
    expect(folded.length).toBeGreaterThan(3);
    for (const line of lines) expect(line).not.toContain("\uFFFD");
    expect(readCalendar(text).events[0]?.summary).toBe(summary);
    // Byte by byte: every physical line is valid UTF-8 on its own.
    for (const line of foldLine(`SUMMARY:${summary}`).split("\r\n"))
      expect(new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(line))).toBe(line);
  });
});
