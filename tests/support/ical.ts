/**
 * Reads iCalendar text as a calendar program would, with ical.js: the VTIMEZONEs the file carries are
 * registered first, so local times with a TZID become the instants that zone's rules give.
 */
import ICAL from "ical.js";

export interface ReadEvent {
  uid: string;
  sequence: number;
  status: string;
  start: Date;
  end: Date;
  /** The TZID the start was written with. */
  startZone: string;
  summary: string;
  description: string;
  location: string | null;
  url: string | null;
  organizer: string | null;
  attendee: string | null;
}

export function readCalendar(text: string): { method: string; name: string | null; events: ReadEvent[] } {
  const root = new ICAL.Component(ICAL.parse(text));
  // Only this file's own zones: an earlier file's must not make up for one missing here.
  ICAL.TimezoneService.reset();
  for (const zone of root.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = root.getAllSubcomponents("vevent").map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      sequence: event.sequence,
      status: value(component, "status") ?? "",
      start: event.startDate.toJSDate(),
      end: event.endDate.toJSDate(),
      startZone: String(component.getFirstProperty("dtstart")?.getParameter("tzid") ?? ""),
      summary: event.summary,
      description: event.description,
      location: value(component, "location"),
      url: value(component, "url"),
      organizer: value(component, "organizer"),
      attendee: value(component, "attendee"),
    };
  });
  return { method: String(root.getFirstPropertyValue("method") ?? ""), name: value(root, "x-wr-calname"), events };
}

function value(component: ICAL.Component, name: string): string | null {
  const v = component.getFirstPropertyValue(name);
  return v === null || v === undefined ? null : String(v);
}
