/**
 * The e-mails and the text message of a quote. The customer's e-mail (and its two reminders) carries the quote's
 * options and totals, its last day and one button to the quote's own link (/quote?t=…, signed, scoped to that
 * version); nothing the customer typed but a plain first name. The owner's e-mail and text say who answered which
 * version how, with the link to the request in the inbox; the text names no one (it sits on a lock screen).
 * The compose functions are pure.
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../../content/business.ts";
import { dayText, formatCents } from "../../../forms/quote.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { textAlertSettings, type Env } from "../../kit/env.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { linkSecret, quotePath } from "../../kit/signed-links.server.ts";
import { CalledOff, type Delivery, type Sender } from "../../notify/delivery.server.ts";
import {
  accountUrl,
  customerRecipient,
  fromBusiness,
  plainName,
  render,
  signature,
} from "../../notify/customer-email.server.ts";
import { createMailSender, escapeHtml, OWNER_BODY_STYLE } from "../../notify/mail.server.ts";
import { oneLine } from "../../notify/labels.server.ts";
import { inboxLink, sendText } from "../../notify/sms.server.ts";
import { optionPriceTexts } from "./quote-price.server.ts";
import { getQuote, isPastValidity, type Quote } from "./quotes.server.ts";

type MailEnv = Pick<Env, "MAIL_FROM" | "SITE_URL" | "LEADS_TO">;

/** Each option's total, then its deposit and balance and when each is due (optionPriceTexts: one source). */
const optionRows = (quote: Quote, depositsOnline: boolean) =>
  optionPriceTexts(quote.content, depositsOnline).map((option) => ({
    label: option.label,
    value: `${option.total}\n${option.due}`,
  }));

/** Whether the job's quote e-mail gives a deposit (deposits were taken online when it was sent). */
export const depositsOnlineOf = (delivery: Delivery) =>
  (delivery.job.payload as { depositsOnline?: unknown } | null)?.depositsOnline === true;

/** The customer's e-mail: the quote (`reminder`: a reminder of it) with its link. */
export function composeQuoteEmail(
  { jobId, lead }: Delivery,
  quote: Quote,
  link: string,
  account: string,
  env: MailEnv,
  reminder: boolean,
  depositsOnline = false,
): Mail.Options {
  const recipient = customerRecipient(lead);
  const firstName = plainName(lead.fields.firstName);
  const what = quote.content.service ? ` for ${quote.content.service.toLowerCase()}` : "";
  const intro = reminder
    ? `A reminder: your quote${what} is waiting for you, and it holds until ${dayText(quote.validUntil)}.`
    : `Here is your quote${what}. It holds until ${dayText(quote.validUntil)}.`;
  const { text, html } = render(
    [
      {
        lines: [
          `Hi${firstName ? ` ${firstName}` : ""},`,
          intro,
          ...(quote.version > 1 && !reminder ? ["It replaces the quote we sent you before."] : []),
          quote.content.options.length > 1
            ? "Choose the option you want on the quote's page and accept it there; then you pick an arrival window."
            : "Accept it on the quote's page; then you pick an arrival window.",
        ],
        rows: optionRows(quote, depositsOnline),
      },
      { lines: [], link: { label: "See and accept your quote", href: link, button: true } },
      { lines: [`Questions? Call us at ${business.phone.display} or reply to this e-mail.`] },
      signature(),
    ],
    reminder ? "Your quote is waiting" : "Your quote",
    account,
  );
  return {
    ...fromBusiness(env.MAIL_FROM, reminder ? "quote-reminder" : "quote", jobId),
    to: recipient.to,
    subject: reminder
      ? `Reminder: your quote from ${business.name} (${referenceOf(lead.id)})`
      : `Your quote from ${business.name} (${referenceOf(lead.id)})`,
    headers: { "X-Reference": referenceOf(lead.id) },
    text,
    html,
  };
}

/** What the owner is told of an answer, one line: "Quote accepted: Better, $450 (version 2)". */
export function answerSummary(quote: Quote): string {
  const answer = quote.answer;
  if (!answer) throw new Error("the quote has no answer");
  if (answer.answer === "declined") return `Quote declined (version ${quote.version})`;
  const option = quote.content.options[answer.option ?? 0];
  return `Quote accepted: ${option?.label ?? "?"}, ${formatCents(option?.totalCents ?? 0)} (version ${quote.version})`;
}

/** The owner's e-mail about an answer. */
export function composeAnswerEmail({ jobId, lead }: Delivery, quote: Quote, env: MailEnv): Mail.Options {
  const answer = quote.answer!;
  const title = answerSummary(quote);
  const link = inboxLink(env.SITE_URL, lead.id);
  const rows: [string, string][] = [
    ["What happened", title],
    ...(answer.answer === "accepted"
      ? ([["Name typed", oneLine(answer.name ?? "")]] as [string, string][])
      : ([["Reason", answer.reason ?? "(none given)"]] as [string, string][])),
    ["When", answer.answeredAt.toISOString()],
    ["Reference", referenceOf(lead.id)],
  ];
  const next =
    answer.answer === "accepted"
      ? "The customer was sent on to choose an arrival window."
      : "The customer may be called, or sent a new version.";
  const text = [title, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", next, "", link].join("\n");
  const html = `<!doctype html>
<html><body style="${OWNER_BODY_STYLE}">
<h1 style="font-size:18px">${escapeHtml(title)}</h1>
<table cellspacing="0" cellpadding="0">
${rows.map(([label, value]) => `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`).join("\n")}
</table>
<p>${escapeHtml(next)}</p>
<p><a href="${escapeHtml(link)}">Open the request in the inbox</a></p>
</body></html>`;
  return {
    from: { name: `${business.name} website`, address: env.MAIL_FROM },
    to: env.LEADS_TO,
    subject: oneLine(`${title} (${referenceOf(lead.id)})`),
    messageId: `<quote-answer-${jobId}@${env.MAIL_FROM.split("@").pop()}>`,
    headers: { "X-Lead-Id": lead.id },
    text,
    html,
  };
}

/** The owner's text about an answer: what and which option, and the inbox link; no name. */
export const composeAnswerText = (quote: Quote, leadId: string, siteUrl: string) =>
  `${answerSummary(quote)}. ${inboxLink(siteUrl, leadId)}`;

/** The version a job names (its payload's quoteId); a job without one fails clearly. */
export async function quoteOfJob(database: Database, delivery: Delivery): Promise<Quote> {
  const quoteId = (delivery.job.payload as { quoteId?: unknown } | null)?.quoteId;
  if (typeof quoteId !== "string") throw new Error("a quote job without its quote");
  const quote = await getQuote(database, quoteId);
  if (!quote || quote.leadId !== delivery.lead.id) throw new CalledOff("the quote is gone");
  return quote;
}

export type QuoteSenderEnv = Pick<Env, "SMTP_URL" | "DATA_DIR"> & MailEnv & Parameters<typeof linkSecret>[1];
type SenderEnv = QuoteSenderEnv;

/** The customer's signed link to a version's page. */
export const linkOf = async (database: Database, env: SenderEnv, quote: Quote, now: Date) =>
  `${env.SITE_URL}${quotePath(quote.id, quote.validUntil, await linkSecret(database, env), now)}`;

export function createQuoteMailSender(database: Database, env: SenderEnv, now: () => Date = () => new Date()): Sender {
  return createMailSender(env, async (delivery) => {
    const quote = await quoteOfJob(database, delivery);
    if (quote.status === "replaced") throw new CalledOff("a newer version was sent");
    const link = await linkOf(database, env, quote, now());
    const account = await accountUrl(database, env, delivery.lead.id, now());
    return composeQuoteEmail(delivery, quote, link, account, env, false, depositsOnlineOf(delivery));
  });
}

/** A reminder goes out only while its version is sent, unanswered, within its last day and not stopped by the owner. */
export function createReminderMailSender(
  database: Database,
  env: SenderEnv,
  now: () => Date = () => new Date(),
): Sender {
  return createMailSender(env, async (delivery) => {
    const quote = await quoteOfJob(database, delivery);
    if (quote.status !== "sent") throw new CalledOff(`the quote is ${quote.status}`);
    if (quote.remindersStopped) throw new CalledOff("the owner stopped the reminders");
    if (isPastValidity(quote.validUntil, now())) throw new CalledOff("the quote expired");
    const link = await linkOf(database, env, quote, now());
    const account = await accountUrl(database, env, delivery.lead.id, now());
    return composeQuoteEmail(delivery, quote, link, account, env, true, depositsOnlineOf(delivery));
  });
}

export function createAnswerMailSender(database: Database, env: SenderEnv): Sender {
  return createMailSender(env, async (delivery) => {
    const quote = await quoteOfJob(database, delivery);
    if (!quote.answer) throw new CalledOff("the quote has no answer");
    return composeAnswerEmail(delivery, quote, env);
  });
}

export function createAnswerTextSender(
  database: Database,
  env: Pick<
    Env,
    "SITE_URL" | "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "OWNER_PHONE" | "TWILIO_API_URL"
  >,
): Sender {
  return async (delivery) => {
    const settings = textAlertSettings(env);
    if (!settings)
      throw Object.assign(new Error("Text message failed: SMS_NOT_CONFIGURED"), { code: "SMS_NOT_CONFIGURED" });
    const quote = await quoteOfJob(database, delivery);
    if (!quote.answer) throw new CalledOff("the quote has no answer");
    await sendText(settings, composeAnswerText(quote, delivery.lead.id, env.SITE_URL));
  };
}
