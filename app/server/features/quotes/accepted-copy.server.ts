/**
 * What the customer keeps of an accepted quote (docs/decisions/037-whole-price-and-accepted-copy.md): the option
 * they chose with its lines, total, deposit and balance, the terms, the name they typed and the time, on their
 * quote's page, in an e-mail sent right after acceptance, and in a PDF attached to it. All three are made from the
 * stored accepted version (which never changes, decision 031), never from a page. The PDF is made by pdfkit with
 * its standard fonts (no font files, no browser); compose and the PDF are pure functions of the version.
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../../content/business.ts";
import { DEPOSIT_DUE, formatCents, priceOfOption, type QuoteOption, type WholePrice } from "../../../forms/quote.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { CalledOff, type Delivery, type Sender } from "../../notify/delivery.server.ts";
import {
  accountUrl,
  customerRecipient,
  fromBusiness,
  plainName,
  render,
  signature,
} from "../../notify/customer-email.server.ts";
import { createMailSender } from "../../notify/mail.server.ts";
import { customerPdf, drawable } from "../../notify/pdf.server.ts";
import { depositsOnlineOf, linkOf, quoteOfJob, type QuoteSenderEnv } from "./quote-mail.server.ts";
import { shownContent } from "./quote-price.server.ts";
import type { Quote } from "./quotes.server.ts";

const boiseTime = new Intl.DateTimeFormat("en-US", {
  timeZone: business.timeZone,
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

/** "Tuesday, December 1, 2026 at 5:41 PM MST (Boise time)": when the quote was accepted, as the business counts it. */
export const acceptedTimeText = (at: Date) => `${boiseTime.format(at)} (Boise time)`;

/** What was accepted, as every copy of it says it. */
export interface AcceptedCopy {
  reference: string;
  service: string;
  city: string;
  /** The service address the price is for ("" when the request gave none: decision 038). */
  address: string;
  option: QuoteOption;
  price: WholePrice;
  balanceDue: string;
  terms: string;
  name: string;
  acceptedAt: string;
  contentHash: string;
}

/** The accepted copy of a version; null when it is not accepted. `depositsOnline`: the deposit is paid online. */
export function acceptedCopyOf(quote: Quote, depositsOnline: boolean): AcceptedCopy | null {
  const answer = quote.answer;
  if (quote.status !== "accepted" || answer?.answer !== "accepted") return null;
  const content = shownContent(quote.content);
  const option = content.options[answer.option ?? 0];
  if (!option) return null;
  return {
    reference: referenceOf(quote.leadId),
    service: content.service,
    city: content.city,
    address: content.address ?? "",
    option,
    price: priceOfOption(content, option, depositsOnline),
    balanceDue: content.balanceDue,
    terms: content.terms,
    name: answer.name ?? "",
    acceptedAt: acceptedTimeText(answer.answeredAt),
    contentHash: answer.contentHash,
  };
}

/** The PDF's file name: "quote-GS-7K3M9Q-accepted.pdf". */
export const pdfName = (copy: AcceptedCopy) => `quote-${copy.reference}-accepted.pdf`;

/**
 * The accepted copy as a PDF (US Letter, Helvetica: text a reader can select and `pdftotext` extracts). Characters
 * outside the standard fonts' Latin set are shown as "?" (decision 037); the page and the e-mail carry them.
 */
export function acceptedQuotePdf(copy: AcceptedCopy): Promise<Buffer> {
  copy = {
    ...copy,
    ...Object.fromEntries(
      (["service", "city", "address", "balanceDue", "terms", "name"] as const).map((key) => [key, drawable(copy[key])]),
    ),
    option: {
      ...copy.option,
      label: drawable(copy.option.label),
      lines: copy.option.lines.map((line) => ({ ...line, text: drawable(line.text) })),
    },
  };
  const { doc, done, left, width, row, facts, rule } = customerPdf(
    { Title: `Accepted quote ${copy.reference}`, Subject: copy.option.label },
    "Accepted quote",
  );
  facts([
    ["Reference", copy.reference],
    ...(copy.service ? ([["Service", copy.service]] as [string, string][]) : []),
    ...(copy.city ? ([["Job in", copy.city]] as [string, string][]) : []),
    ...(copy.address ? ([["Service address", copy.address]] as [string, string][]) : []),
    ["Option", copy.option.label],
    ["Accepted by", copy.name],
    ["Accepted on", copy.acceptedAt],
  ]);
  doc.moveDown(1);
  doc.font("Helvetica-Bold").fontSize(13).text(copy.option.label, left);
  doc.moveDown(0.3);
  doc.fontSize(11);
  for (const line of copy.option.lines) row(line.text, formatCents(line.cents));
  rule();
  row("Total", formatCents(copy.price.totalCents), "Helvetica-Bold");
  row(`Deposit, due ${DEPOSIT_DUE}`, copy.price.depositCents > 0 ? formatCents(copy.price.depositCents) : "None");
  row(`Balance, due ${copy.balanceDue}`, formatCents(copy.price.balanceCents));
  doc.moveDown(1);
  doc.font("Helvetica-Bold").fontSize(13).text("Terms", left);
  doc.moveDown(0.3);
  doc.font("Helvetica").fontSize(11).text(copy.terms, left, doc.y, { width });
  doc.moveDown(1);
  doc
    .fontSize(8)
    .fillColor("#444444")
    .text(`Proof of the version accepted (sha256 of its content): ${copy.contentHash}`, left, doc.y, { width });
  doc.end();
  return done;
}

type MailEnv = Pick<Env, "MAIL_FROM" | "SITE_URL">;

/** The customer's e-mail right after acceptance: what they accepted, its page's link, and the PDF attached. */
export function composeAcceptedEmail(
  { jobId, lead }: Delivery,
  copy: AcceptedCopy,
  pdf: Buffer,
  link: string,
  env: MailEnv,
  account: string,
): Mail.Options {
  const recipient = customerRecipient(lead);
  const firstName = plainName(lead.fields.firstName);
  const { text, html } = render(
    [
      {
        lines: [
          `Hi${firstName ? ` ${firstName}` : ""},`,
          `Thank you: you accepted our quote. Here is your copy of what you accepted; the PDF attached is the same.`,
        ],
        rows: [
          { label: "Reference", value: copy.reference },
          ...(copy.service ? [{ label: "Service", value: copy.service }] : []),
          ...(copy.city ? [{ label: "Job in", value: copy.city }] : []),
          ...(copy.address ? [{ label: "Service address", value: copy.address }] : []),
          { label: "Option", value: copy.option.label },
          { label: "Accepted by", value: copy.name },
          { label: "Accepted on", value: copy.acceptedAt },
        ],
      },
      {
        heading: copy.option.label,
        lines: [],
        rows: [
          ...copy.option.lines.map((line) => ({ label: line.text, value: formatCents(line.cents) })),
          { label: "Total", value: formatCents(copy.price.totalCents) },
          {
            label: `Deposit, due ${DEPOSIT_DUE}`,
            value: copy.price.depositCents > 0 ? formatCents(copy.price.depositCents) : "None",
          },
          { label: `Balance, due ${copy.balanceDue}`, value: formatCents(copy.price.balanceCents) },
        ],
      },
      { heading: "Terms", lines: [copy.terms] },
      { lines: [], link: { label: "Your quote's page", href: link } },
      { lines: [`Questions? Call us at ${business.phone.display} or reply to this e-mail.`] },
      signature(),
    ],
    "Your accepted quote",
    account,
  );
  return {
    ...fromBusiness(env.MAIL_FROM, "quote-accepted", jobId),
    to: recipient.to,
    subject: `Your accepted quote from ${business.name} (${copy.reference})`,
    headers: { "X-Reference": copy.reference },
    text,
    html,
    attachments: [{ filename: pdfName(copy), content: pdf, contentType: "application/pdf" }],
  };
}

/**
 * The `quote-accepted` job (queued once, with the answer: decision 031): the customer's copy with its PDF, made
 * from the stored version. Its payload says whether the deposit was taken online when the customer accepted.
 */
export function createAcceptedMailSender(
  database: Database,
  env: QuoteSenderEnv,
  now: () => Date = () => new Date(),
): Sender {
  return createMailSender(env, async (delivery) => {
    const quote = await quoteOfJob(database, delivery);
    const copy = acceptedCopyOf(quote, depositsOnlineOf(delivery));
    if (!copy) throw new CalledOff("the quote is not accepted");
    const link = await linkOf(database, env, quote, now());
    const account = await accountUrl(database, env, delivery.lead.id, now());
    return composeAcceptedEmail(delivery, copy, await acceptedQuotePdf(copy), link, env, account);
  });
}
