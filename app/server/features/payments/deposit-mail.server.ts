/**
 * The owner's e-mail and text message when a deposit is paid: the amount, the quote and the request's
 * reference and inbox link; no card, name or address (the text passes through the phone company).
 * composeDepositEmail and composeDepositText are pure.
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../../content/business.ts";
import { type Env, textAlertSettings } from "../../kit/env.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import type { Delivery, Sender } from "../../notify/delivery.server.ts";
import { oneLine } from "../../notify/labels.server.ts";
import { createMailSender, ownerSummaryHtml } from "../../notify/mail.server.ts";
import { inboxLink, sendText } from "../../notify/sms.server.ts";
import { formatAmount } from "../../../lib/money.ts";
import type { DepositPaidPayload } from "./record.server.ts";

/** The job's payload, checked enough that a malformed one fails clearly rather than telling the owner nonsense. */
export function depositPayload(value: unknown): DepositPaidPayload {
  const p = value as Partial<DepositPaidPayload> | null;
  if (
    !p ||
    typeof p.quoteRef !== "string" ||
    !Number.isSafeInteger(p.quoteVersion) ||
    !Number.isSafeInteger(p.amountCents) ||
    typeof p.currency !== "string"
  )
    throw Object.assign(new Error("malformed deposit payload"), { code: "BAD_PAYLOAD" });
  return p as DepositPaidPayload;
}

const quoteLabel = (p: DepositPaidPayload) => `quote ${p.quoteRef} (version ${p.quoteVersion})`;

export function composeDepositEmail(
  { jobId, lead, job }: Delivery,
  env: Pick<Env, "MAIL_FROM" | "LEADS_TO" | "SITE_URL">,
): Mail.Options {
  const payload = depositPayload(job.payload);
  const amount = formatAmount(payload.amountCents, payload.currency);
  const reference = referenceOf(lead.id);
  const link = inboxLink(env.SITE_URL, lead.id);
  const title = `Deposit paid: ${amount}`;
  const rows: [string, string][] = [
    ["Amount", amount],
    ["Quote", quoteLabel(payload)],
    ["Customer", oneLine(lead.contact.name ?? "") || oneLine(lead.contact.email)],
    ["Reference", reference],
    ["Paid through", "Stripe Checkout (see the payment in the Stripe Dashboard)"],
  ];
  const text = [
    title,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    "The request in the inbox:",
    link,
  ].join("\n");
  const html = ownerSummaryHtml({ title, rows, link });
  return {
    from: { name: `${business.name} website`, address: env.MAIL_FROM },
    to: env.LEADS_TO,
    subject: oneLine(`${title} for ${quoteLabel(payload)} (${reference})`),
    messageId: `<deposit-${jobId}@${env.MAIL_FROM.split("@").pop()}>`,
    headers: { "X-Lead-Id": lead.id },
    text,
    html,
  };
}

/** "Deposit paid: $150.00 for quote Q-1042 v2. <inbox link>": one segment, nothing personal. */
export function composeDepositText({ lead, job }: Pick<Delivery, "lead" | "job">, siteUrl: string): string {
  const payload = depositPayload(job.payload);
  return `Deposit paid: ${formatAmount(payload.amountCents, payload.currency)} for quote ${payload.quoteRef} v${payload.quoteVersion}. ${inboxLink(siteUrl, lead.id)}`;
}

export const createDepositMailSender = (env: Env): Sender =>
  createMailSender(env, (delivery) => composeDepositEmail(delivery, env));

/**
 * The owner's text of a payment, composed by `compose`. Without the text settings (removed since the job was
 * queued) it fails, and is retried, as the request's text does.
 */
export const ownerTextSender =
  (env: Env, compose: (delivery: Delivery, siteUrl: string) => string): Sender =>
  async (delivery) => {
    const settings = textAlertSettings(env);
    if (!settings)
      throw Object.assign(new Error("Text message failed: SMS_NOT_CONFIGURED"), { code: "SMS_NOT_CONFIGURED" });
    await sendText(settings, compose(delivery, env.SITE_URL));
  };

export const createDepositTextSender = (env: Env): Sender => ownerTextSender(env, composeDepositText);
