/**
 * Every e-mail a customer receives, in the business's layout (docs/decisions/047-customer-email-layout.md): the
 * link to the customer's own page (signed for an e-mail, naming the request), the phone as a call link, the
 * business's icon, exactly one button, the color-scheme meta, and a hostile name escaped wherever it is shown.
 * The owner's e-mails keep their own layout, without the account link.
 */
import type Mail from "nodemailer/lib/mailer";
import { describe, expect, it } from "vitest";
import { confirmedPayload } from "../../../tests/support/booking-mail.ts";
import { sampleLead, sampleLeadRow } from "../../../tests/support/storage.ts";
import { business } from "../../content/business.ts";
import type { QuoteContent } from "../../forms/quote.ts";
import { composeBookingEmail, composeReminderEmail } from "../features/bookings/booking-mail.server.ts";
import { composeInvoiceEmail } from "../features/invoices/invoice-mail.server.ts";
import type { InvoiceView } from "../features/invoices/invoice-view.server.ts";
import { composeReminderEmail as composeInvoiceReminder } from "../features/invoices/reminder-mail.server.ts";
import { composeReplyEmail } from "../features/leads/reply.server.ts";
import { composeReceiptEmail } from "../features/payments/receipt-mail.server.ts";
import { acceptedCopyOf, composeAcceptedEmail } from "../features/quotes/accepted-copy.server.ts";
import { composeQuoteEmail } from "../features/quotes/quote-mail.server.ts";
import type { Quote } from "../features/quotes/quotes.server.ts";
import {
  composeOfferEmail,
  composeReminderEmail as composeSeasonalReminder,
} from "../features/reminders/reminder-mail.server.ts";
import { composeReviewEmail } from "../features/reviews/review-mail.server.ts";
import { parseEnv } from "../kit/env.server.ts";
import { TOUCH_ICON } from "../../lib/og.ts";
import { readAccountToken } from "../kit/signed-links.server.ts";
import { accountLink, render } from "./customer-email.server.ts";
import type { Delivery } from "./delivery.server.ts";
import { composeLeadEmail } from "./mail.server.ts";

const SITE = "https://www.gemstateexteriorcleaning.com";
const env = parseEnv({ NODE_ENV: "test", MAIL_FROM: "website@gemstateexteriorcleaning.com", SITE_URL: SITE });
const now = new Date("2026-11-24T18:00:00Z");
const secret = "s".repeat(40);
const HOSTILE = `<img src=x onerror=alert(1)>"'&<script>alert(2)</script>`;

/** A request whose every name field is hostile: none of it may reach the HTML unescaped. */
const lead = sampleLeadRow({
  fields: { ...sampleLead().fields, firstName: HOSTILE, lastName: HOSTILE, contactMethod: "email" },
  contact: { ...sampleLead().contact, name: HOSTILE },
});
const delivery = (kind: Delivery["job"]["kind"], payload: unknown = null): Delivery => ({
  jobId: `job-${kind}`,
  job: { kind, ref: "2027-10-01", payload },
  lead,
  attachment: null,
});
const account = accountLink(SITE, lead.id, secret, now);

const content: QuoteContent = {
  service: "House washing",
  city: "Meridian",
  options: [
    { label: "Good", lines: [{ text: "House washing", cents: 40_000 }], totalCents: 40_000 },
    { label: "Better", lines: [{ text: "House and gutters", cents: 55_000 }], totalCents: 55_000 },
  ],
  note: "",
  validUntil: "2026-12-31",
  deposit: { kind: "percent", percent: 25 },
  terms: "The price holds for the work listed.",
};
const quote: Quote = {
  id: "q-1",
  leadId: lead.id,
  version: 1,
  status: "accepted",
  content,
  contentHash: "h",
  validUntil: "2026-12-31",
  createdAt: now,
  sentAt: now,
  viewedAt: null,
  remindersStopped: false,
  // The name typed to accept is shown back to the customer in their copy: escaped.
  answer: {
    answer: "accepted",
    option: 1,
    name: HOSTILE,
    reason: null,
    contentHash: "h",
    ipHash: "i",
    userAgent: "u",
    answeredAt: now,
  },
};
const invoice: InvoiceView = {
  number: "2026-0001",
  status: "sent",
  version: 1,
  business: { name: business.name, phone: business.phone.display, email: business.email },
  reference: "GS-5A4A-D3A8",
  service: "House washing",
  city: "Meridian",
  address: "",
  serviceDate: "Tuesday, December 1, 2026",
  quote: null,
  lines: [{ text: "House washing", amount: "$400.00", taxable: false }],
  subtotal: "$400.00",
  discount: null,
  tax: null,
  total: "$400.00",
  credits: [],
  balanceCents: 40_000,
  balance: "$400.00",
  paid: false,
  due: "Due Tuesday, December 8, 2026",
  note: "",
};
const booking = {
  id: "b-1",
  leadId: lead.id,
  status: "confirmed" as const,
  day: "2026-12-01",
  times: "08:00-10:00",
  startsAt: new Date("2026-12-01T15:00:00Z"),
  endsAt: new Date("2026-12-01T17:00:00Z"),
  sequence: 3,
  invited: true,
  ownerNote: "",
  address: null,
  accessNote: "",
  createdAt: now,
  updatedAt: now,
  lateCancellation: null,
};
const pdf = Buffer.from("%PDF-1.4\n");
const link = `${SITE}/somewhere?t=x`;

/** Every customer e-mail the site sends, as its sender composes it. */
const customerEmails: [string, () => Mail.Options][] = [
  ["the reply to a request", () => composeReplyEmail(delivery("reply"), { env, secret, now })],
  [
    "the newsletter confirmation",
    () => composeReplyEmail({ ...delivery("reply"), lead: { ...lead, kind: "newsletter" } }, { env, secret, now }),
  ],
  [
    "a window's e-mail",
    () => composeBookingEmail(delivery("booking", confirmedPayload({ to: "customer" })), { env, secret, now }),
  ],
  ["the day-before reminder", () => composeReminderEmail(delivery("reminder"), booking, { env, secret, now })],
  ["the quote", () => composeQuoteEmail(delivery("quote"), quote, link, account, env, false)],
  ["the quote's reminder", () => composeQuoteEmail(delivery("quote-reminder"), quote, link, account, env, true)],
  [
    "the accepted copy",
    () => composeAcceptedEmail(delivery("quote-accepted"), acceptedCopyOf(quote, false)!, pdf, link, env, account),
  ],
  ["the invoice", () => composeInvoiceEmail(delivery("invoice"), invoice, pdf, link, env, account)],
  [
    "the invoice's reminder",
    () =>
      composeInvoiceReminder(delivery("invoice-reminder"), {
        env,
        facts: { number: "2026-0001", balanceCents: 40_000, dueDate: "2026-12-08", overdue: true, link },
        account,
      }),
  ],
  [
    "the receipt",
    () =>
      composeReceiptEmail(
        delivery("receipt", {
          invoiceId: "i-1",
          invoiceNumber: "2026-0001",
          method: "check",
          amountCents: 40_000,
          tipCents: 0,
          reference: HOSTILE,
          paidOn: "2026-12-02",
          balanceCents: 0,
        }),
        pdf,
        env,
        account,
      ),
  ],
  [
    "the review request",
    () =>
      composeReviewEmail(delivery("review"), {
        env,
        reviewUrl: "https://g.page/r/example/review",
        secret,
        emailKey: "k",
        now,
      }),
  ],
  [
    "the seasonal reminder's offer",
    () =>
      composeOfferEmail(
        { ...delivery("reminder-offer"), lead: { ...lead, fields: { ...lead.fields, servicesNeeded: ["house"] } } },
        { env, remindUrl: link, account },
      ),
  ],
  [
    "the seasonal reminder",
    () =>
      composeSeasonalReminder(delivery("seasonal-reminder"), {
        env,
        due: "2027-10-01",
        since: "2026-10-01",
        services: ["house"],
        askAgainUrl: link,
        optOutUrl: link,
        account,
      }),
  ],
];

const hrefs = (html: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));

describe("every e-mail a customer receives", () => {
  it.each(customerEmails)("%s: the account link, the call link, the icon, one button, dark mode", (_, compose) => {
    const mail = compose();
    const html = String(mail.html);
    const text = String(mail.text);

    // The customer's own page: the footer line in both parts, a link for an e-mail naming this request.
    expect(text).toMatch(
      /\n\nAll your requests, quotes and invoices:\nhttps:\/\/www\.gemstateexteriorcleaning\.com\/account\?t=\S+$/,
    );
    expect(html).toContain("All your requests, quotes and invoices:");
    const accountLinks = hrefs(html).filter((href) => href.startsWith(`${SITE}/account?`));
    expect(accountLinks).toHaveLength(1);
    const token = new URL(accountLinks[0]!).searchParams.get("t")!;
    expect(readAccountToken(token, secret, now)).toEqual({ channel: "email", leadId: lead.id });

    expect(hrefs(html)).toContain(business.phone.href);
    expect(html.match(/<img\b[^>]*>/g)).toEqual([expect.stringContaining(`src="${SITE}${TOUCH_ICON.path}"`)]);
    expect(html.match(/class="gs-button"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="color-scheme" content="light dark"/>');
    expect(html).toMatch(/^<!DOCTYPE html><html dir="ltr" lang="en">/);

    // The hostile name: no tag or attribute of it, wherever it appears.
    expect(html).not.toMatch(/<script|<img src=x|<[a-z][^>]*\son\w+=/i);
  });

  it("escapes what it shows of a name typed by the customer (the accepted copy's signature)", () => {
    const html = String(customerEmails.find(([name]) => name === "the accepted copy")![1]().html);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;&quot;&#x27;&amp;&lt;script&gt;alert(2)&lt;/script&gt;");
  });

  it("has one button at most: two are refused, none makes the account link the button", () => {
    const button = { lines: [], link: { label: "Go", href: link, button: true } };
    expect(() => render([button, button], "Two", account)).toThrow(/one button/);
    const html = render([{ lines: ["Hello"] }], "None", account).html;
    expect(html).toMatch(new RegExp(`<a href="${account.replace(/[.?]/g, "\\$&")}" class="gs-button"`));
  });

  it("is not the owner's layout: the owner's e-mail has no account link", () => {
    const owner = composeLeadEmail(delivery("email"), { ...env, LEADS_TO: "owner@example.com" });
    expect(String(owner.html)).not.toContain("/account?");
    expect(String(owner.text)).not.toContain("/account?");
  });
});
