/**
 * The customer's channel honoured (issue 40; app/server/features/texts/channel.server.ts): the customer e-mails of
 * a quote ("quote"), of an arrival window's change ("booking" to the customer), of an invoice ("invoice") and of
 * an unpaid invoice's reminder ("invoice-reminder": only when the reminder goes at all) each queue, as they are
 * first handed to the worker, the text that tells the same (the invoice's two: to every customer who agreed to
 * texts, issue 41). Wired here, above the quotes,
 * bookings and texts features, since no feature imports another (decision 026): their senders are wrapped, and
 * neither feature knows of texts. The text is queued before the e-mail is sent, once per job (every later attempt
 * finds it queued), so a failing mail server never holds back the text, nor repeats it.
 */
import type { BookingMailPayload } from "./features/bookings/payload.ts";
import { optionPriceTexts } from "./features/quotes/quote-price.server.ts";
import { depositsOnlineOf } from "./features/quotes/quote-mail.server.ts";
import { getQuote } from "./features/quotes/quotes.server.ts";
import { invoiceLink, invoiceOfJob } from "./features/invoices/invoice-mail.server.ts";
import { invoiceView } from "./features/invoices/invoice-view.server.ts";
import { reminderFactsOf } from "./features/invoices/reminder-mail.server.ts";
import { reminderText } from "./features/invoices/reminder-words.ts";
import {
  invoiceText,
  queueChannelText,
  quoteText,
  windowRef,
  windowText,
  type WindowChange,
} from "./features/texts/channel.server.ts";
import type { ChannelKind } from "./features/texts/texts.server.ts";
import type { Database } from "./kit/db/database.server.ts";
import type { Env } from "./kit/env.server.ts";
import { accountPath, linkSecret, quotePath, signedPath } from "./kit/signed-links.server.ts";
import type { Delivery, Sender } from "./notify/delivery.server.ts";

interface Context {
  database: Database;
  env: Pick<Env, "SITE_URL" | "LINK_SECRET">;
  now: () => Date;
}

/**
 * The quote's text of a "quote" job: the version it names, unless a newer one replaced it, with each option's whole
 * price as its e-mail gives it (the same function, the same deposit rule: the job's).
 */
async function quoteJobText(delivery: Delivery, { database, env, now }: Context) {
  const quoteId = (delivery.job.payload as { quoteId?: unknown } | null)?.quoteId;
  if (typeof quoteId !== "string") return null;
  const quote = await getQuote(database, quoteId);
  if (!quote || quote.leadId !== delivery.lead.id || quote.status === "replaced") return null;
  const link = `${env.SITE_URL}${quotePath(quote.id, quote.validUntil, await linkSecret(database, env), now())}`;
  const prices = optionPriceTexts(quote.content, depositsOnlineOf(delivery)).map(
    (option) => `${option.label}: ${option.total}. ${option.due}.`,
  );
  return { kind: "quote" as const, body: quoteText(link, prices) };
}

/** The window's text of a "booking" job to the customer. */
async function bookingJobText(delivery: Delivery, { database, env, now }: Context) {
  const payload = delivery.job.payload as Partial<BookingMailPayload> | null;
  if (payload?.to !== "customer" || typeof payload.bookingId !== "string" || typeof payload.day !== "string")
    return null;
  const change = payload as WindowChange;
  const origin = new URL(env.SITE_URL).origin;
  const secret = await linkSecret(database, env);
  const manage = `${origin}${signedPath("manage", change.bookingId, secret, now())}`;
  const account = `${origin}${accountPath("phone", delivery.lead.id, secret, now())}`;
  return {
    kind: "window" as const,
    body: windowText(change, manage, account),
    bookingRef: windowRef(change),
    notAfter: new Date(change.startsAt),
  };
}

/** The invoice's text of an "invoice" job: the version it names, while it is still the one sent. */
async function invoiceJobText(delivery: Delivery, { database, env, now }: Context) {
  const invoice = await invoiceOfJob(database, delivery).catch(() => null);
  if (!invoice) return null;
  const view = await invoiceView(database.db, invoice);
  const link = await invoiceLink(database, env, invoice.id, now());
  return {
    kind: "invoice" as const,
    body: invoiceText(view.number, view.balance, view.paid ? null : view.due, link),
    to: "agreed" as const,
  };
}

/** The text of an unpaid invoice's reminder: none when the reminder itself does not go (paid, void, paused). */
async function invoiceReminderJobText(delivery: Delivery, { database, env, now }: Context) {
  const found = await reminderFactsOf(delivery, { database, env, now: now() });
  return "facts" in found
    ? { kind: "invoice-reminder" as const, body: reminderText(found.facts), to: "agreed" as const }
    : null;
}

type TextOf = (
  delivery: Delivery,
  context: Context,
) => Promise<{
  kind: ChannelKind;
  body: string;
  bookingRef?: string;
  notAfter?: Date;
  to?: "agreed";
} | null>;

const TEXT_OF: Record<string, TextOf> = {
  quote: quoteJobText,
  booking: bookingJobText,
  invoice: invoiceJobText,
  "invoice-reminder": invoiceReminderJobText,
};

/** `senders` with the quote's and the window's customer e-mails each queuing their text first. */
export function withChannelTexts(senders: Record<string, Sender>, context: Context): Record<string, Sender> {
  const wrapped = { ...senders };
  for (const [kind, textOf] of Object.entries(TEXT_OF)) {
    const send = senders[kind];
    if (!send) continue;
    wrapped[kind] = async (delivery) => {
      const text = await textOf(delivery, context);
      if (text) {
        // The worker's next pass, right after this one, finds it.
        await queueChannelText(context.database, delivery.lead.id, { source: delivery.jobId, ...text }, context.now());
      }
      return send(delivery);
    };
  }
  return wrapped;
}
