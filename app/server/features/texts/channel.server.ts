/**
 * The customer's channel honoured (issue 40): a customer who chose "Text message" as their contact method and
 * agreed to texts gets by text, as well as by e-mail, the quote (its link), the window's confirmation and its
 * changes (proposed, moved, declined, cancelled). Each text mirrors one customer e-mail job and is queued once for
 * it (its row's id is made from the job's), under the rules of every customer text: consent, STOP, quiet hours,
 * checked again by the sender when it is due. The quotes and bookings features do not know of it:
 * app/server/channel-texts.server.ts, above them all, hands their e-mail jobs to it (decision 026).
 */
import { createHash } from "node:crypto";
import { business } from "../../../content/business.ts";
import { dayLabel, timesLabel } from "../../kit/arrival-windows.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { toLeadRow, type LeadRow } from "../../kit/leads.server.ts";
import { queueInTransaction, textTarget, type ChannelKind } from "./texts.server.ts";
import { textableNumber } from "./rules.server.ts";

/** Whether the request's customer chose texts to be reached by, and agreed to them (the consent proof, a US number). */
export const choseTexts = (lead: Pick<LeadRow, "consent" | "contact" | "fields">): boolean =>
  lead.fields.contactMethod === "text" && textableNumber(lead) !== null;

/**
 * The quote's text: the business's name first, each option's whole price (its total, deposit and balance and when
 * each is due, in the quotes feature's words: `prices`), then its link.
 */
export const quoteText = (link: string, prices: readonly string[]) =>
  [`${business.name}: your quote is ready.`, ...prices, `See it and accept it here: ${link}`].join(" ");

/** A change of the arrival window, as the customer's e-mail of it tells it (bookings' BookingMailPayload). */
export interface WindowChange {
  event: "requested" | "confirmed" | "proposed" | "declined" | "cancelled";
  by: "customer" | "owner";
  bookingId: string;
  sequence: number;
  day: string;
  times: string;
  startsAt: string;
  previous: { day: string; times: string } | null;
}

const windowOf = (day: string, times: string) => `${dayLabel(day)}, ${timesLabel(times)}`;

/**
 * The text of a window's change; `manage` is the booking's own link to accept, reschedule or cancel, `account` the
 * customer's own page (accountPath "phone"), given where the text has no link of its own: a window declined,
 * cancelled or only requested (docs/decisions/047-customer-email-layout.md).
 */
export function windowText(change: WindowChange, manage: string, account: string): string {
  const window = windowOf(change.day, change.times);
  const call = `Please call us at ${business.phone.display}.`;
  const all = `All your requests: ${account}`;
  switch (change.event) {
    case "confirmed":
      return `${business.name}: your arrival window is confirmed: ${window}. To change or cancel it: ${manage}`;
    case "proposed":
      return `${business.name}: we cannot come at the window you asked for. We suggest ${window}: accept it or choose another here: ${manage}`;
    case "declined":
      return `${business.name}: sorry, we cannot come ${window}. ${call} ${all}`;
    case "cancelled":
      return change.by === "customer"
        ? `${business.name}: as you asked, your arrival window ${window} is cancelled. Questions? Call ${business.phone.display}. ${all}`
        : `${business.name}: we had to cancel your arrival window ${window}. ${call} ${all}`;
    case "requested":
      return change.previous
        ? `${business.name}: we received your request to move your arrival window to ${window}. We text you once it is confirmed. ${all}`
        : `${business.name}: we received your request for the arrival window ${window}. We text you once it is confirmed. ${all}`;
  }
}

/** The id of the text that mirrors the job `source`: the same for every attempt of that job. */
export function mirrorId(source: string): string {
  const hex = createHash("sha256").update(`channel-text:${source}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export type ChannelOutcome = "queued" | "already" | "not-chosen" | "stopped" | "not-found";

/**
 * Queues the text of `kind` mirroring the e-mail job `source` for the request `leadId`, once: nothing when the
 * customer did not choose texts (or did not agree), or asked to stop. `to: "agreed"` (an invoice: issue 41) texts
 * every customer who agreed to texts, whichever way they chose to be reached. A window's text names its booking and
 * sequence (`bookingRef`): a later change of the window calls it off, since the later change has its own.
 */
export async function queueChannelText(
  database: Database,
  leadId: string,
  text: {
    source: string;
    kind: ChannelKind;
    body: string;
    bookingRef?: string;
    notAfter?: Date;
    to?: "chose" | "agreed";
  },
  now = new Date(),
): Promise<ChannelOutcome> {
  return database.db.transaction().execute(async (trx): Promise<ChannelOutcome> => {
    const id = mirrorId(text.source);
    if (await trx.selectFrom("text_messages").select("id").where("id", "=", id).executeTakeFirst()) return "already";
    const row = await trx.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirst();
    if (!row) return "not-found";
    const lead = toLeadRow(row);
    if (text.to === "agreed" ? textableNumber(lead) === null : !choseTexts(lead)) return "not-chosen";
    const target = await textTarget(trx, lead);
    if (target.refused) return "stopped";
    await queueInTransaction(trx, {
      id,
      leadId,
      phone: target.phone,
      kind: text.kind,
      body: text.body,
      now,
      ...(text.notAfter ? { notAfter: text.notAfter } : {}),
      ...(text.bookingRef ? { bookingRef: text.bookingRef } : {}),
    });
    return "queued";
  });
}

/** The invoice's text: the business's name, the number, what is left to pay and by when, then its one link. */
export const invoiceText = (number: string, balance: string, due: string | null, link: string) =>
  `${business.name}: your invoice ${number} is ready. Balance ${balance}${due ? `, ${due.toLowerCase()}` : ""}. See it and pay here: ${link}`;

/** The booking reference a window's text carries: its booking, the sequence it tells of, and that it is one. */
export const windowRef = (change: Pick<WindowChange, "bookingId" | "sequence">) =>
  `${change.bookingId}:${change.sequence}:window`;
