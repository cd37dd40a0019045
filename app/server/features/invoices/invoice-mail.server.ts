/**
 * The customer's invoice e-mail (outbox kind "invoice", queued by sendInvoice): the invoice's figures, ONE link to
 * its page (/invoice?t=…, signed, two years) and the invoice as a PDF attached (pdfkit's standard fonts: text that
 * `pdftotext` reads). Made from the stored invoice when the job goes, never from a page; a job for a version the
 * owner changed since, or for a void invoice, is called off (the owner sends the new version).
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../../content/business.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { linkSecret, signedPath } from "../../kit/signed-links.server.ts";
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
import { getInvoice, type Invoice } from "./invoices.server.ts";
import { invoiceView, type InvoiceView } from "./invoice-view.server.ts";

export type InvoiceSenderEnv = Pick<Env, "SMTP_URL" | "DATA_DIR" | "MAIL_FROM" | "SITE_URL" | "LEADS_TO"> &
  Parameters<typeof linkSecret>[1];

/** The customer's link to the invoice's page. */
export const invoiceLink = async (
  database: Database,
  env: Pick<Env, "SITE_URL"> & Parameters<typeof linkSecret>[1],
  invoiceId: string,
  now: Date,
) => `${env.SITE_URL}${signedPath("invoice", invoiceId, await linkSecret(database, env), now)}`;

/** The invoice a job names, as it is now; called off when it is void or was changed after the job was queued. */
export async function invoiceOfJob(database: Database, delivery: Delivery): Promise<Invoice> {
  const payload = delivery.job.payload as { invoiceId?: unknown; version?: unknown } | null;
  if (typeof payload?.invoiceId !== "string") throw new Error("an invoice job without its invoice");
  const invoice = await getInvoice(database.db, payload.invoiceId);
  if (!invoice || invoice.leadId !== delivery.lead.id) throw new CalledOff("the invoice is gone");
  if (invoice.status !== "sent") throw new CalledOff(`the invoice is ${invoice.status}`);
  if (invoice.version !== payload.version) throw new CalledOff("the invoice was changed after it was sent");
  return invoice;
}

/** The PDF's file name: "invoice-2026-0001.pdf". */
export const invoicePdfName = (view: Pick<InvoiceView, "number">) => `invoice-${view.number}.pdf`;

/** The invoice as a PDF: the business, the customer, the job, lines, sums, credits and the balance. */
export function invoicePdf(view: InvoiceView, customer: string): Promise<Buffer> {
  const { doc, done, left, width, row, facts, rule } = customerPdf(
    { Title: `Invoice ${view.number}` },
    `Invoice ${view.number}`,
  );
  const place = view.address || view.city;
  facts(
    (
      [
        ["Invoice number", view.number],
        ["Reference", view.reference],
        ["Customer", customer],
        ...(view.service ? [["Service", view.service]] : []),
        ...(place ? [["Service address", place]] : []),
        ["Service date", view.serviceDate],
        ...(view.due ? [["Payment", view.due]] : []),
      ] as [string, string][]
    ).map(([label, value]) => [label, drawable(value)]),
  );
  doc.moveDown(1);
  for (const line of view.lines) row(drawable(line.text) + (line.taxable && view.tax ? " (taxable)" : ""), line.amount);
  rule();
  row("Subtotal", view.subtotal);
  if (view.discount) row(`Discount: ${drawable(view.discount.reason)}`, `-${view.discount.amount}`);
  if (view.tax) row(`Sales tax (${view.tax.rate})`, view.tax.amount);
  row("Total", view.total, "Helvetica-Bold");
  for (const credit of view.credits) {
    row(`${credit.label}${credit.date ? `, ${credit.date}` : ""}`, `-${credit.amount}`);
    if (credit.refunded) row("Refunded of that payment", credit.refunded);
  }
  row(view.paid ? "Balance: paid in full" : "Balance due", view.balance, "Helvetica-Bold");
  if (view.note) {
    doc.moveDown(1);
    doc.font("Helvetica").fontSize(11).text(drawable(view.note), left, doc.y, { width });
  }
  doc.end();
  return done;
}

type MailEnv = Pick<Env, "MAIL_FROM">;

/** The customer's e-mail: what is owed and by when, one button to the invoice's page, the PDF attached. */
export function composeInvoiceEmail(
  { jobId, lead }: Delivery,
  view: InvoiceView,
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
          `Thank you for having us. Here is your invoice ${view.number}${view.service ? ` for ${view.service.toLowerCase()}` : ""}; the PDF attached is the same.`,
        ],
        rows: [
          { label: "Invoice", value: view.number },
          { label: "Service date", value: view.serviceDate },
          { label: "Total", value: view.total },
          ...view.credits.map((credit) => ({ label: credit.label, value: `-${credit.amount}` })),
          { label: view.paid ? "Balance (paid in full)" : "Balance due", value: view.balance },
          ...(view.due && !view.paid ? [{ label: "When", value: view.due }] : []),
        ],
      },
      {
        lines: [],
        link: {
          label: view.paid ? "See your invoice" : `See your invoice and pay ${view.balance}`,
          href: link,
          button: true,
        },
      },
      { lines: [`Questions? Call us at ${business.phone.display} or reply to this e-mail.`] },
      signature(),
    ],
    `Invoice ${view.number}`,
    account,
  );
  return {
    ...fromBusiness(env.MAIL_FROM, "invoice", jobId),
    to: recipient.to,
    subject: `Your invoice ${view.number} from ${business.name}`,
    headers: { "X-Reference": view.reference },
    text,
    html,
    attachments: [{ filename: invoicePdfName(view), content: pdf, contentType: "application/pdf" }],
  };
}

export function createInvoiceMailSender(
  database: Database,
  env: InvoiceSenderEnv,
  now: () => Date = () => new Date(),
): Sender {
  return createMailSender(env, async (delivery) => {
    const invoice = await invoiceOfJob(database, delivery);
    const view = await invoiceView(database.db, invoice);
    const customer = delivery.lead.contact.name || delivery.lead.contact.email;
    const pdf = await invoicePdf(view, customer);
    const link = await invoiceLink(database, env, invoice.id, now());
    return composeInvoiceEmail(
      delivery,
      view,
      pdf,
      link,
      env,
      await accountUrl(database, env, delivery.lead.id, now()),
    );
  });
}
