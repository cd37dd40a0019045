/**
 * A receipt for every payment of an invoice (docs/decisions/042-tips-and-balance-payments.md): an e-mail to the
 * customer with the same receipt as a PDF (pdfkit, standard fonts: `pdftotext` reads it), and the owner's e-mail
 * and text of a card payment. Each is made from the payload frozen when the payment was recorded (record.server.ts
 * afterInvoicePayment), so a receipt says what was true then: the amount, the tip, the method, the day, the
 * invoice's number and the balance left. composeReceiptEmail, receiptPdf and composeBalanceText are pure.
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../../content/business.ts";
import { formatAmount } from "../../../lib/money.ts";
import { METHOD_LABELS } from "../../../forms/payments.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import type { Delivery, Sender } from "../../notify/delivery.server.ts";
import {
  accountUrl,
  customerRecipient,
  fromBusiness,
  plainName,
  render,
  signature,
} from "../../notify/customer-email.server.ts";
import { oneLine } from "../../notify/labels.server.ts";
import { createMailSender, ownerSummaryHtml } from "../../notify/mail.server.ts";
import { customerPdf, drawable } from "../../notify/pdf.server.ts";
import { inboxLink } from "../../notify/sms.server.ts";
import { createOwnerTextSender } from "./refund-mail.server.ts";
import type { ReceiptPayload } from "./record.server.ts";

const METHODS = Object.keys(METHOD_LABELS);

/** The job's payload, checked enough that a malformed one fails clearly. */
export function receiptPayload(value: unknown): ReceiptPayload {
  const p = value as Partial<ReceiptPayload> | null;
  if (
    !p ||
    typeof p.invoiceNumber !== "string" ||
    typeof p.method !== "string" ||
    !METHODS.includes(p.method) ||
    !Number.isSafeInteger(p.amountCents) ||
    !Number.isSafeInteger(p.tipCents) ||
    !Number.isSafeInteger(p.balanceCents) ||
    typeof p.paidOn !== "string" ||
    !/^\d{4}-\d{2}-\d{2}$/.test(p.paidOn)
  )
    throw Object.assign(new Error("malformed receipt payload"), { code: "BAD_PAYLOAD" });
  return p as ReceiptPayload;
}

const dayText = (isoDay: string) =>
  new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${isoDay}T12:00:00Z`),
  );

/** "Check no. 1042", "Card", "Other (paid at the door)". */
const methodText = (p: ReceiptPayload) =>
  p.reference
    ? `${METHOD_LABELS[p.method]} ${p.method === "check" ? "no. " : "("}${oneLine(p.reference)}${p.method === "check" ? "" : ")"}`
    : METHOD_LABELS[p.method];

/** The receipt's rows, the same in the e-mail and the PDF. */
export function receiptRows(p: ReceiptPayload, reference: string): { label: string; value: string }[] {
  return [
    { label: "Invoice", value: p.invoiceNumber },
    { label: "Reference", value: reference },
    { label: "Paid on", value: dayText(p.paidOn) },
    { label: "Method", value: methodText(p) },
    { label: "Amount paid", value: formatAmount(p.amountCents) },
    ...(p.tipCents > 0 ? [{ label: "Tip", value: formatAmount(p.tipCents) }] : []),
    ...(p.tipCents > 0 ? [{ label: "Total charged", value: formatAmount(p.amountCents + p.tipCents) }] : []),
    { label: "Balance left", value: formatAmount(p.balanceCents) },
  ];
}

/** The receipt as a PDF, in the layout of the customer's other PDFs (app/server/notify/pdf.server.ts). */
export function receiptPdf(p: ReceiptPayload, reference: string): Promise<Buffer> {
  const { doc, done, facts } = customerPdf({ Title: `Receipt for invoice ${p.invoiceNumber}` }, "Receipt");
  facts(receiptRows(p, reference).map(({ label, value }) => [label, drawable(value)]));
  doc.moveDown(1);
  doc.font("Helvetica").text(p.balanceCents === 0 ? "Paid in full. Thank you!" : "Thank you for your payment.");
  doc.end();
  return done;
}

export const receiptFileName = (p: ReceiptPayload) => `receipt-${p.invoiceNumber}.pdf`;

/** The customer's receipt e-mail with its PDF. */
export function composeReceiptEmail(
  { jobId, lead, job }: Delivery,
  pdf: Buffer,
  env: Pick<Env, "MAIL_FROM">,
  account: string,
): Mail.Options {
  const p = receiptPayload(job.payload);
  const recipient = customerRecipient(lead);
  const firstName = plainName(lead.fields.firstName);
  const { text, html } = render(
    [
      {
        lines: [
          `Hi${firstName ? ` ${firstName}` : ""},`,
          `Thank you: we received your payment of ${formatAmount(p.amountCents + p.tipCents)}. Your receipt is below; the PDF attached is the same.`,
        ],
        rows: receiptRows(p, referenceOf(lead.id)),
      },
      {
        lines: [
          p.balanceCents === 0 ? "Your invoice is paid in full." : `${formatAmount(p.balanceCents)} is left to pay.`,
        ],
      },
      { lines: [`Questions? Call us at ${business.phone.display} or reply to this e-mail.`] },
      signature(),
    ],
    "Your receipt",
    account,
  );
  return {
    ...fromBusiness(env.MAIL_FROM, "receipt", jobId),
    to: recipient.to,
    subject: `Your receipt from ${business.name} (invoice ${p.invoiceNumber})`,
    text,
    html,
    attachments: [{ filename: receiptFileName(p), content: pdf, contentType: "application/pdf" }],
  };
}

export const createReceiptSender = (database: Database, env: Env, now: () => Date = () => new Date()): Sender =>
  createMailSender(env, async (delivery) => {
    const p = receiptPayload(delivery.job.payload);
    const account = await accountUrl(database, env, delivery.lead.id, now());
    return composeReceiptEmail(delivery, await receiptPdf(p, referenceOf(delivery.lead.id)), env, account);
  });

/** The owner's e-mail of a card payment of an invoice: the amounts, the invoice and the inbox link; no card. */
export function composeBalanceEmail(
  { jobId, lead, job }: Delivery,
  env: Pick<Env, "MAIL_FROM" | "LEADS_TO" | "SITE_URL">,
): Mail.Options {
  const p = receiptPayload(job.payload);
  const reference = referenceOf(lead.id);
  const link = inboxLink(env.SITE_URL, lead.id);
  const title = `Invoice paid by card: ${formatAmount(p.amountCents + p.tipCents)}`;
  const rows: [string, string][] = receiptRows(p, reference).map(({ label, value }) => [label, value]);
  rows.push(["Customer", oneLine(lead.contact.name ?? "") || oneLine(lead.contact.email)]);
  const text = [
    title,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    "The request in the inbox:",
    link,
  ].join("\n");
  return {
    from: { name: `${business.name} website`, address: env.MAIL_FROM },
    to: env.LEADS_TO,
    subject: oneLine(`${title} for invoice ${p.invoiceNumber} (${reference})`),
    messageId: `<balance-${jobId}@${env.MAIL_FROM.split("@").pop()}>`,
    headers: { "X-Lead-Id": lead.id },
    text,
    html: ownerSummaryHtml({ title, rows, link }),
  };
}

/** "Invoice 2026-0001 paid by card: $543.75 + $81.56 tip. Left: $0.00. <inbox link>": nothing personal. */
export function composeBalanceText({ lead, job }: Pick<Delivery, "lead" | "job">, siteUrl: string): string {
  const p = receiptPayload(job.payload);
  const tip = p.tipCents > 0 ? ` + ${formatAmount(p.tipCents)} tip` : "";
  return `Invoice ${p.invoiceNumber} paid by card: ${formatAmount(p.amountCents)}${tip}. Left: ${formatAmount(p.balanceCents)}. ${inboxLink(siteUrl, lead.id)}`;
}

export const createBalanceMailSender = (env: Env): Sender =>
  createMailSender(env, (delivery) => composeBalanceEmail(delivery, env));

export const createBalanceTextSender = (env: Env): Sender => createOwnerTextSender(env, composeBalanceText);
