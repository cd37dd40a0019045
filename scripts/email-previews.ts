/**
 * Previews of three customer e-mails (the reply, the quote, the invoice) as their HTML renders in Chromium at
 * 390 px, in light and in dark mode (prefers-color-scheme, as Apple Mail applies it): to look at the layout
 * (docs/decisions/047-customer-email-layout.md) after a change. Not what Gmail or Outlook show: they strip or
 * invert on their own.
 *
 *   node scripts/email-previews.ts --out DIR     writes DIR/<e-mail>-<light|dark>.png and DIR/<e-mail>.html
 *
 * The icon's address is answered with the PNG the build makes of app/assets/favicon.svg (scripts/og-images.ts),
 * drawn here the same way; every other request is refused. A tool, not a test.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { Resvg } from "@resvg/resvg-js";
import { sampleLead, sampleLeadRow } from "../tests/support/storage.ts";
import { business } from "../app/content/business.ts";
import { composeInvoiceEmail } from "../app/server/features/invoices/invoice-mail.server.ts";
import { composeReplyEmail } from "../app/server/features/leads/reply.server.ts";
import { composeQuoteEmail } from "../app/server/features/quotes/quote-mail.server.ts";
import { accountLink } from "../app/server/notify/customer-email.server.ts";
import type { Delivery } from "../app/server/notify/delivery.server.ts";
import { TOUCH_ICON } from "../app/lib/og.ts";
import { chromiumArgs, findChromium } from "./chromium.ts";

const { values } = parseArgs({ options: { out: { type: "string" } } });
if (!values.out) throw new Error("usage: node scripts/email-previews.ts --out DIR");
const out = path.resolve(values.out);
mkdirSync(out, { recursive: true });

const SITE = business.origin;
const env = { MAIL_FROM: "website@gemstateexteriorcleaning.com", SITE_URL: SITE, LEADS_TO: "owner@example.com" };
const now = new Date("2027-03-03T17:00:00Z");
const secret = "preview".repeat(6);
const lead = sampleLeadRow({ fields: { ...sampleLead().fields, priceEstimate: "House washing: $300 – $600" } });
const delivery = (kind: Delivery["job"]["kind"]): Delivery => ({
  jobId: `preview-${kind}`,
  job: { kind, ref: "", payload: null },
  lead,
  attachment: null,
});
const account = accountLink(SITE, lead.id, secret, now);
const link = `${SITE}/example?t=preview`;

const emails: Record<string, string> = {
  reply: String(composeReplyEmail(delivery("reply"), { env, secret, now }).html),
  quote: String(
    composeQuoteEmail(
      delivery("quote"),
      {
        id: "q",
        leadId: lead.id,
        version: 1,
        status: "sent",
        contentHash: null,
        validUntil: "2027-03-31",
        createdAt: now,
        sentAt: now,
        viewedAt: null,
        remindersStopped: false,
        answer: null,
        content: {
          service: "House washing",
          city: "Meridian",
          options: [
            { label: "Good", lines: [{ text: "House soft wash", cents: 38_000 }], totalCents: 38_000 },
            {
              label: "Better",
              lines: [
                { text: "House soft wash", cents: 38_000 },
                { text: "Gutter cleaning", cents: 17_500 },
              ],
              totalCents: 55_500,
            },
          ],
          note: "",
          validUntil: "2027-03-31",
          deposit: { kind: "percent", percent: 25 },
          terms: "",
        },
      },
      link,
      account,
      env,
      false,
      true,
    ).html,
  ),
  invoice: String(
    composeInvoiceEmail(
      delivery("invoice"),
      {
        number: "2027-0012",
        status: "sent",
        version: 1,
        business: { name: business.name, phone: business.phone.display, email: business.email },
        reference: "GS-5A4A-D3A8",
        service: "House washing",
        city: "Meridian",
        address: "",
        serviceDate: "Tuesday, March 2, 2027",
        quote: null,
        lines: [],
        subtotal: "$555.00",
        discount: null,
        tax: null,
        total: "$555.00",
        credits: [
          { label: "Deposit paid", date: "Monday, February 22, 2027", amount: "$138.75", refunded: null, tip: null },
        ],
        balanceCents: 41_625,
        balance: "$416.25",
        paid: false,
        due: "Due Wednesday, March 10, 2027",
        note: "",
      },
      Buffer.alloc(0),
      link,
      env,
      account,
    ).html,
  ),
};

// The touch icon as scripts/og-images.ts draws it: the favicon on white with a margin.
const icon = readFileSync(path.resolve("app/assets/favicon.svg"), "utf8");
const [, w = "40", h = "40", body = ""] = /<svg[^>]*viewBox="0 0 (\d+) (\d+)"[^>]*>([\s\S]*)<\/svg>/.exec(icon) ?? [];
const side = Math.max(Number(w), Number(h)) * 1.25;
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}"><rect width="${side}" height="${side}" fill="#ffffff"/><g transform="translate(${(side - Number(w)) / 2} ${(side - Number(h)) / 2})">${body}</g></svg>`;
const png = new Resvg(square, { fitTo: { mode: "width", value: TOUCH_ICON.size } }).render().asPng();

const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  for (const scheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme });
    // Each e-mail is served at a page of the site's origin (the icon's), so its image is "same site".
    await context.route("**/*", (route) => {
      const url = route.request().url();
      const html = emails[url.slice(`${SITE}/__preview/`.length)];
      if (url === `${SITE}${TOUCH_ICON.path}`) return route.fulfill({ contentType: "image/png", body: png });
      if (url.startsWith(`${SITE}/__preview/`) && html) return route.fulfill({ contentType: "text/html", body: html });
      return route.abort();
    });
    const page = await context.newPage();
    for (const [name, html] of Object.entries(emails)) {
      writeFileSync(path.join(out, `${name}.html`), html);
      await page.goto(`${SITE}/__preview/${name}`, { waitUntil: "load" });
      await page.screenshot({ path: path.join(out, `${name}-${scheme}.png`), fullPage: true });
    }
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(`email-previews: wrote ${Object.keys(emails).length * 2} screenshots to ${out}`);
