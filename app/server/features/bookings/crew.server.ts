/**
 * The crew's view of a confirmed job (docs/decisions/038-service-address-and-day-sheet.md): where it is (the
 * service address and a map link), when (the window), what was sold (the accepted option's lines, not the
 * services ticked on the form), what is left to collect (the accepted total minus the deposits actually paid)
 * and the customer's note for the crew. The owner's calendar feed, the owner's e-mail of a confirmed window and
 * the day sheet (/admin/day) read it. What was sold comes from the quotes and payments features: the route or
 * the outbox wiring hands it in as `SoldWorkOf` (decision 026: a feature never imports another).
 */
import { formatAmount } from "../../../lib/money.ts";
import { visibleLine, visible } from "../../../lib/text.ts";
import { windowLabel } from "../../kit/arrival-windows.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { jobAddress, mapLink } from "../../kit/service-address.server.ts";
import { formatPhone } from "../../notify/labels.server.ts";
import { visitService } from "./visit-service.server.ts";
import { confirmedBookings, type Booking } from "./bookings.server.ts";

/** What was sold for a request: the accepted option (null without an accepted quote) and the deposits paid (cents). */
export interface SoldWork {
  accepted: { label: string; lines: { text: string; cents: number }[]; totalCents: number } | null;
  paidCents: number;
}
/** The sold work of each of these requests (one without a quote or payment may be missing). */
export type SoldWorkOf = (leadIds: string[]) => Promise<Map<string, SoldWork>>;

/** Nothing known of what was sold (a caller without the quotes and payments features). */
export const nothingSold: SoldWorkOf = async () => new Map();

export interface CrewJob {
  bookingId: string;
  leadId: string;
  reference: string;
  name: string;
  /** E.164 as stored (the tel: link), and as read. */
  phone: string | null;
  phoneDisplay: string;
  /** "1234 W Main St, Boise, ID 83702", or "" when none was given. */
  address: string;
  mapUrl: string | null;
  day: string;
  times: string;
  startsAt: Date;
  window: string;
  /** What the customer asked for ("house washing and driveway cleaning"), shown when no quote was accepted. */
  asked: string;
  sold: SoldWork["accepted"];
  paidCents: number;
  /** The accepted total minus the deposits paid (never below 0); null without an accepted quote. */
  toCollectCents: number | null;
  accessNote: string;
}

interface JobRow {
  booking: Booking;
  lead: { name: string | null; phone: string | null; zip: string | null; fields: Record<string, unknown> };
}

/** The crew's view of these confirmed bookings, in their order. */
export async function crewJobs(rows: JobRow[], soldWorkOf: SoldWorkOf): Promise<CrewJob[]> {
  const sold = await soldWorkOf([...new Set(rows.map((r) => r.booking.leadId))]);
  return rows.map(({ booking, lead }) => {
    const work = sold.get(booking.leadId);
    const accepted = work?.accepted ?? null;
    const paidCents = work?.paidCents ?? 0;
    const address = jobAddress(lead, booking.address);
    return {
      bookingId: booking.id,
      leadId: booking.leadId,
      reference: referenceOf(booking.leadId),
      name: visibleLine(lead.name ?? ""),
      phone: lead.phone,
      phoneDisplay: lead.phone ? formatPhone(lead.phone) : "",
      address,
      mapUrl: address ? mapLink(address) : null,
      day: booking.day,
      times: booking.times,
      startsAt: booking.startsAt,
      window: windowLabel(booking.day, booking.times),
      asked: visitService({ fields: lead.fields as Parameters<typeof visitService>[0]["fields"] }),
      sold: accepted,
      paidCents,
      toCollectCents: accepted ? Math.max(0, accepted.totalCents - paidCents) : null,
      accessNote: visible(booking.accessNote).trim(),
    };
  });
}

/** The crew's view as labelled rows (the owner's e-mail): address, map, what was sold, what to collect, access notes. */
export function crewRows(job: CrewJob): [string, string][] {
  const sold: [string, string][] = job.sold
    ? [
        [
          `Sold (${visibleLine(job.sold.label)})`,
          job.sold.lines.map((l) => `${visibleLine(l.text)}: ${formatAmount(l.cents)}`).join("\n"),
        ],
        ["Total", formatAmount(job.sold.totalCents)],
        ["Deposits paid", formatAmount(job.paidCents)],
        ["To collect", formatAmount(job.toCollectCents ?? 0)],
      ]
    : [["Sold", `No accepted quote. Asked for: ${job.asked}`]];
  return [
    ["Address", job.address || "Not given"],
    ...(job.mapUrl ? [["Map", job.mapUrl] as [string, string]] : []),
    ...sold,
    ...(job.accessNote ? [["Access notes", job.accessNote] as [string, string]] : []),
  ];
}

/** The same as lines of text (the feed's DESCRIPTION, the owner's e-mail's text part). */
export const crewText = (job: CrewJob): string[] =>
  crewRows(job).map(([label, value]) => (value.includes("\n") ? `${label}:\n${value}` : `${label}: ${value}`));

/** The confirmed jobs of one local day (YYYY-MM-DD), in window order, with their requests. */
export async function confirmedOn(database: Database, day: string): Promise<JobRow[]> {
  return (await confirmedBookings(database, { day })).map(({ lead, ...booking }) => ({ booking, lead }));
}

/** The job's service address and its map link, as the request page shows them ("" when none was given yet). */
export async function serviceAddressOf(
  database: Database,
  lead: { id: string; fields: Record<string, unknown>; contact: { zip: string | null } },
): Promise<{ address: string; mapUrl: string | null }> {
  const booking = await database.db
    .selectFrom("bookings")
    .select("address")
    .where("lead_id", "=", lead.id)
    .executeTakeFirst();
  const address = jobAddress({ fields: lead.fields, zip: lead.contact.zip }, booking?.address);
  return { address, mapUrl: address ? mapLink(address) : null };
}
