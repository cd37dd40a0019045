/**
 * The owner's e-mail and text about a refund that succeeded, and the urgent ones about a dispute
 * (docs/decisions/043-refunds-and-disputes.md). A refund's name the request, the amount and what it returned (a
 * deposit, or an invoice's card payment); a dispute's list what the site holds as evidence (the accepted quote,
 * the photos as counts, the window, the messages as counts and dates, the payment) and Stripe's deadline for it.
 * No card data (the site has none) and no files: the request page has them. The texts carry no name or address
 * (they pass through the phone company). The compose functions are pure.
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../../content/business.ts";
import { formatAmount } from "../../../lib/money.ts";
import { dayLabel, timesLabel } from "../../kit/arrival-windows.server.ts";
import { type Env, textAlertSettings } from "../../kit/env.server.ts";
import { listPhotos } from "../../kit/leads.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { Delivery, Sender } from "../../notify/delivery.server.ts";
import { formatTime, oneLine } from "../../notify/labels.server.ts";
import { createMailSender, ownerSummaryHtml } from "../../notify/mail.server.ts";
import { inboxLink, sendText } from "../../notify/sms.server.ts";
import type { DisputePayload, PaidWith, RefundPayload } from "./refunds.server.ts";

const malformed = (what: string) => Object.assign(new Error(`malformed ${what} payload`), { code: "BAD_PAYLOAD" });
const isInt = (value: unknown) => Number.isSafeInteger(value);

function checkPaidWith(p: Partial<PaidWith> | undefined): p is PaidWith {
  if (!p || !isInt(p.amountCents) || (p.paidAt !== null && typeof p.paidAt !== "string")) return false;
  return p.kind === "deposit"
    ? typeof p.quoteRef === "string" && isInt(p.quoteVersion)
    : p.kind === "invoice" && typeof p.invoiceNumber === "string";
}

/** The refund job's payload, checked enough that a malformed one fails clearly rather than telling the owner nonsense. */
export function refundPayload(value: unknown): RefundPayload {
  const p = value as Partial<RefundPayload> | null;
  if (!p || typeof p.refundId !== "string" || !isInt(p.amountCents) || !checkPaidWith(p.paidWith))
    throw malformed("refund");
  return p as RefundPayload;
}

export function disputePayload(value: unknown): DisputePayload {
  const p = value as Partial<DisputePayload> | null;
  if (
    !p ||
    typeof p.disputeId !== "string" ||
    !isInt(p.amountCents) ||
    typeof p.reason !== "string" ||
    (p.dueBy !== null && typeof p.dueBy !== "string") ||
    !checkPaidWith(p.paidWith)
  )
    throw malformed("dispute");
  return p as DisputePayload;
}

/** "the deposit for quote GS-7K3M9Q (version 1)" / "the card payment of invoice 2026-0001". */
export const paidWithLabel = (p: PaidWith): string =>
  p.kind === "deposit"
    ? `the deposit for quote ${p.quoteRef} (version ${p.quoteVersion})`
    : `the card payment of invoice ${p.invoiceNumber}`;

/** Shorter, for a text: "deposit, quote GS-7K3M9Q v1" / "invoice 2026-0001". */
const paidWithShort = (p: PaidWith): string =>
  p.kind === "deposit" ? `deposit, quote ${p.quoteRef} v${p.quoteVersion}` : `invoice ${p.invoiceNumber}`;

const paidLine = (p: PaidWith) =>
  `${formatAmount(p.amountCents)}${p.paidAt ? `, paid ${formatTime(new Date(p.paidAt))}` : ""}`;

const customerOf = (lead: Delivery["lead"]) => oneLine(lead.contact.name ?? "") || oneLine(lead.contact.email);

type OwnerMailEnv = Pick<Env, "MAIL_FROM" | "LEADS_TO" | "SITE_URL">;

function ownerMail(
  env: OwnerMailEnv,
  { jobId, lead }: Pick<Delivery, "jobId" | "lead">,
  parts: {
    id: string;
    subject: string;
    title: string;
    rows: [string, string][];
    paragraphs: string[];
    urgent?: boolean;
  },
): Mail.Options {
  const link = inboxLink(env.SITE_URL, lead.id);
  const text = [
    parts.title,
    "",
    ...parts.rows.map(([label, value]) => `${label}: ${value}`),
    ...(parts.paragraphs.length > 0 ? ["", ...parts.paragraphs] : []),
    "",
    "The request in the inbox:",
    link,
  ].join("\n");
  return {
    from: { name: `${business.name} website`, address: env.MAIL_FROM },
    to: env.LEADS_TO,
    subject: oneLine(parts.subject),
    messageId: `<${parts.id}-${jobId}@${env.MAIL_FROM.split("@").pop()}>`,
    headers: { "X-Lead-Id": lead.id, ...(parts.urgent ? { Importance: "high", "X-Priority": "1" } : {}) },
    ...(parts.urgent ? { priority: "high" as const } : {}),
    text,
    html: ownerSummaryHtml({ title: parts.title, rows: parts.rows, paragraphs: parts.paragraphs, link }),
  };
}

export function composeRefundEmail(delivery: Delivery, env: OwnerMailEnv): Mail.Options {
  const payload = refundPayload(delivery.job.payload);
  const amount = formatAmount(payload.amountCents, payload.currency);
  const reference = referenceOf(delivery.lead.id);
  const whole = payload.amountCents >= payload.paidWith.amountCents;
  const title = `Refunded: ${amount} of ${paidWithLabel(payload.paidWith)}`;
  return ownerMail(env, delivery, {
    id: "refund",
    subject: `${title} (${reference})`,
    title,
    rows: [
      ["Amount refunded", `${amount}${whole ? " (all of it)" : ` of ${formatAmount(payload.paidWith.amountCents)}`}`],
      ["What it returned", paidWithLabel(payload.paidWith)],
      ["Paid", paidLine(payload.paidWith)],
      ["Customer", customerOf(delivery.lead)],
      ["Reference", reference],
    ],
    paragraphs: [
      payload.paidWith.kind === "deposit"
        ? "The request's page shows the deposit as refunded; an invoice counts only what was kept."
        : "The invoice shows the refund, and its balance counts it.",
      "Refunds are made in the Stripe Dashboard; Stripe told the site of this one.",
    ],
  });
}

/** "Refunded: $50.00 of deposit, quote GS-7K3M9Q v1. <inbox link>": nothing personal. */
export function composeRefundText({ lead, job }: Pick<Delivery, "lead" | "job">, siteUrl: string): string {
  const payload = refundPayload(job.payload);
  return `Refunded: ${formatAmount(payload.amountCents, payload.currency)} of ${paidWithShort(payload.paidWith)}. ${inboxLink(siteUrl, lead.id)}`;
}

/** What the site holds about a disputed job, read when the owner's e-mail is sent (the wiring gathers it). */
export interface DisputeEvidence {
  /** The accepted quote: its version, the option, its total, the name typed, when, and the hash of the terms shown. */
  quote: {
    version: number;
    option: string;
    totalCents: number;
    name: string;
    acceptedAt: Date;
    termsHash: string;
  } | null;
  photos: { request: number; completion: number };
  /** The arrival window: its day (YYYY-MM-DD), times ("08:00-10:00"), the owner's word for its status, when confirmed. */
  window: { day: string; times: string; status: string; confirmedAt: Date | null } | null;
  /** The texts with the customer (both ways) and the e-mailed reply to the request. */
  texts: { sent: number; received: number; first: Date | null; last: Date | null };
  replySentAt: Date | null;
}

/** The evidence of a request, as the wiring gathers it from the quotes, bookings and texts features. */
export type EvidenceOf = (leadId: string) => Promise<DisputeEvidence>;

/** What the payments feature can gather alone (the photos, from the kit): the wiring hands in the whole of it. */
export const photosOnlyEvidence =
  (database: Database): EvidenceOf =>
  async (leadId) => {
    const [request, completion] = await Promise.all([
      listPhotos(database, leadId, "request"),
      listPhotos(database, leadId, "completion"),
    ]);
    return {
      quote: null,
      photos: { request: request.length, completion: completion.length },
      window: null,
      texts: { sent: 0, received: 0, first: null, last: null },
      replySentAt: null,
    };
  };

/** Stripe's dispute reasons in the owner's words. */
const REASONS: Record<string, string> = {
  fraudulent: "The cardholder says they did not make this payment",
  unrecognized: "The cardholder does not recognize the payment",
  duplicate: "The cardholder says they were charged twice",
  product_not_received: "The customer says the work was not done",
  product_unacceptable: "The customer says the work was not as promised",
  credit_not_processed: "The customer says a promised refund was not made",
  subscription_canceled: "The customer says they had cancelled",
  general: "No particular reason given by the bank",
  customer_initiated: "The customer asked their bank to reverse it",
  bank_cannot_process: "The bank could not process the payment",
  debit_not_authorized: "The account holder says they did not authorize the debit",
  incorrect_account_details: "The bank says the account details were wrong",
  insufficient_funds: "The bank says there were not enough funds",
  check_returned: "The bank returned the payment",
};
export const disputeReasonWords = (reason: string) => REASONS[reason] ?? "A reason Stripe gives in its Dashboard";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const between = (first: Date | null, last: Date | null) =>
  first && last
    ? first.getTime() === last.getTime()
      ? `, ${formatTime(first)}`
      : `, ${formatTime(first)} to ${formatTime(last)}`
    : "";

/** The evidence as lines for the owner: each thing the site holds, or that it holds none. */
export function evidenceRows(evidence: DisputeEvidence, requestLink: string): [string, string][] {
  const { quote, photos, window, texts } = evidence;
  return [
    [
      "Accepted quote",
      quote
        ? `Version ${quote.version}, "${oneLine(quote.option)}", ${formatAmount(quote.totalCents)}, accepted by "${oneLine(quote.name)}" on ${formatTime(quote.acceptedAt)}; the terms shown then have the fingerprint (SHA-256) ${quote.termsHash}`
        : "None accepted on the site",
    ],
    [
      "Photos",
      `${plural(photos.request, "photo")} sent with the request, ${plural(photos.completion, "photo")} of the finished job (on the request page: ${requestLink})`,
    ],
    [
      "Arrival window",
      window
        ? `${dayLabel(window.day)}, ${timesLabel(window.times)}: ${window.status}${window.confirmedAt ? `, confirmed ${formatTime(window.confirmedAt)}` : ""}`
        : "None chosen on the site",
    ],
    [
      "Texts",
      texts.sent + texts.received > 0
        ? `${plural(texts.sent, "text")} to the customer, ${plural(texts.received, "text")} from them${between(texts.first, texts.last)}`
        : "None exchanged",
    ],
    ["Reply e-mail", evidence.replySentAt ? `Sent ${formatTime(evidence.replySentAt)}` : "Not sent"],
  ];
}

export function composeDisputeEmail(delivery: Delivery, env: OwnerMailEnv, evidence: DisputeEvidence): Mail.Options {
  const payload = disputePayload(delivery.job.payload);
  const amount = formatAmount(payload.amountCents, payload.currency);
  const reference = referenceOf(delivery.lead.id);
  const link = inboxLink(env.SITE_URL, delivery.lead.id);
  const due = payload.dueBy ? formatTime(new Date(payload.dueBy)) : null;
  const title = `Urgent: a card payment of ${amount} is disputed`;
  return ownerMail(env, delivery, {
    id: "dispute",
    subject: `${title}: ${paidWithLabel(payload.paidWith)} (${reference})${due ? `; evidence due ${due}` : ""}`,
    title,
    urgent: true,
    rows: [
      ["Amount disputed", amount],
      ["Reason", disputeReasonWords(payload.reason)],
      ["Evidence due at Stripe", due ?? "Stripe gave no date: see the Dashboard"],
      ["Payment", `${paidWithLabel(payload.paidWith)}: ${paidLine(payload.paidWith)}`],
      ["Customer", customerOf(delivery.lead)],
      ["Reference", reference],
      ...evidenceRows(evidence, link),
    ],
    paragraphs: [
      "The customer's bank has taken the amount back until the dispute is decided.",
      `Answer it in the Stripe Dashboard${due ? ` before ${due}` : ""}: the evidence above is on the request's page and in its quote and texts.`,
    ],
  });
}

/** "Dec 9": a day in Boise, for a text. */
const shortDay = new Intl.DateTimeFormat("en-US", { timeZone: business.timeZone, month: "short", day: "numeric" });

/** "URGENT: $150.00 payment disputed (deposit, quote GS-… v1). Evidence due …. <link>": nothing personal. */
export function composeDisputeText({ lead, job }: Pick<Delivery, "lead" | "job">, siteUrl: string): string {
  const payload = disputePayload(job.payload);
  const due = payload.dueBy ? ` Evidence by ${shortDay.format(new Date(payload.dueBy))}.` : "";
  return `URGENT: ${formatAmount(payload.amountCents, payload.currency)} payment disputed (${paidWithShort(payload.paidWith)}).${due} ${inboxLink(siteUrl, lead.id)}`;
}

export const createRefundMailSender = (env: Env): Sender =>
  createMailSender(env, (delivery) => composeRefundEmail(delivery, env));

export const createDisputeMailSender = (env: Env, evidenceOf: EvidenceOf): Sender =>
  createMailSender(env, async (delivery) => composeDisputeEmail(delivery, env, await evidenceOf(delivery.lead.id)));

/** Without the text settings (removed since the job was queued) it fails, and is retried, as the deposit's text does. */
export const createOwnerTextSender =
  (env: Env, compose: (delivery: Delivery, siteUrl: string) => string): Sender =>
  async (delivery) => {
    const settings = textAlertSettings(env);
    if (!settings)
      throw Object.assign(new Error("Text message failed: SMS_NOT_CONFIGURED"), { code: "SMS_NOT_CONFIGURED" });
    await sendText(settings, compose(delivery, env.SITE_URL));
  };
