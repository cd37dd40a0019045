/**
 * A job paid, end to end at 390 px (issue 41, "Done when"): the real server with its texts at the local fake of
 * Twilio's API, its Stripe settings at the local fake of Stripe's and its e-mails written as files. A request whose
 * quote was accepted, a deposit paid through Checkout's signed webhook, an arrival window confirmed; the owner marks
 * it Completed on the request page and sends the invoice made from the accepted option (its e-mail carries a PDF
 * with the balance, and a text goes). The customer opens the link, picks 15 %, pays at the fake Checkout and comes
 * back before the webhook: "being confirmed", no second "Pay"; the webhook taken, the invoice reads paid, the
 * receipt (with its PDF) arrives and the request reads Paid. Stripe refunds part of it: the invoice page and the
 * report's month show the refund, and the balance is the same figure on every page that shows it. A dispute shows
 * on the request page and the owner's invoice, and its closing updates it. A second invoice is paid by check,
 * recorded by the owner.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { tipOf } from "../../app/forms/invoice.ts";
import { formatCents } from "../../app/lib/money.ts";
import { requestWindow, decide } from "../../app/server/features/bookings/bookings.server.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { depositReturnUrls, startDepositCheckout } from "../../app/server/features/payments/deposits.server.ts";
import { answerQuote, saveDraft, sendDraft } from "../../app/server/features/quotes/quotes.server.ts";
import { windowsOn } from "../../app/server/kit/arrival-windows.server.ts";
import { localDateString, localParts, localTime } from "../../app/server/kit/business-time.server.ts";
import { parseEnv } from "../../app/server/kit/env.server.ts";
import { referenceOf } from "../../app/server/kit/reference.server.ts";
import {
  chargeRefundedEvent,
  checkoutEvent,
  disputeEvent,
  fakeDispute,
  fakeId,
  fakeRefund,
  sendWebhook,
  signatureFor,
  stripeTestEnv,
  withFakeStripe,
} from "../support/fake-stripe.ts";
import { fakeClock, hasFaketime, NO_FAKETIME } from "../support/faketime.ts";
import { storeInvoice } from "../support/invoice-rows.ts";
import { decode, decodeBytes, headerValue, leaves, type Part, writtenMails } from "../support/mime-reader.ts";
import { pdfText } from "../support/pdf-text.ts";
import { sampleLead } from "../support/storage.ts";
import { SITE_URL, withTextSite } from "../support/text-site.ts";
import { expectNoViolations } from "./axe.ts";
import { expect } from "./fixtures.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";

/**
 * The server's clock: 11:00 in Boise (texts wait out the quiet hours), the next such time when it is night now. The
 * test's own clock follows it (`clock`), so what it stores and signs is of the server's day.
 */
function serverStart(): Date {
  const now = new Date();
  const hour = localParts(now).hour;
  if (hour >= 9 && hour < 18) return now;
  const day = localDateString(new Date(now.getTime() + (hour >= 18 ? 86_400_000 : 0)));
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return localTime(y, m, d, 11, 0);
}

const test = withTextSite("paid-job", async () => {
  const stripe = await withFakeStripe();
  const start = serverStart();
  return { ...stripe, offset: start.getTime() - Date.now(), env: { ...stripe.env, ...fakeClock(start) } };
});
test.skip(({ isMobile }) => !isMobile, "one walk at 390 px, on the mobile project");
test.skip(!hasFaketime, NO_FAKETIME);
test.describe.configure({ timeout: 180_000 });

const SHOTS = "/work/shots/paid";

/** The e-mails the server wrote (MAIL_TRANSPORT=files) to `to` whose subject starts with `subject`. */
const mails = (dataDir: string, to: string, subject: string): Part[] =>
  writtenMails(dataDir).filter(
    (m) => headerValue(m, "to").includes(to) && headerValue(m, "subject").startsWith(subject),
  );
const pdfOf = (mail: Part) =>
  pdfText(decodeBytes(leaves(mail).find((p) => headerValue(p, "content-type").startsWith("application/pdf"))!)).replace(
    /\s+/g,
    " ",
  );

/** The cents of an amount as a page shows it ("$1,234.50", "$50"); NaN for anything else. */
const centsOf = (text: string | null | undefined) =>
  /^\$[\d,]+(\.\d{2})?$/.test(text?.trim() ?? "") ? Math.round(Number(text!.trim().replace(/[$,]/g, "")) * 100) : NaN;

async function shoot(page: Page, name: string, width: 390 | 1440 = 390) {
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize(width === 390 ? { width: 390, height: 844 } : { width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

/** The first day from the day after `now` on with arrival windows. */
function windowDay(now: Date) {
  for (let d = 1; d < 30; d++) {
    const day = localDateString(new Date(now.getTime() + d * 86_400_000));
    if (windowsOn(day).length > 0) return day;
  }
  throw new Error("no day with windows in a month");
}

test("a job paid: completed, invoiced by e-mail and text, paid with a 15 % tip, receipted, partly refunded, disputed; a second invoice paid by check", async ({
  page,
  browser,
  site: { server, database, stripe, twilio, dataDir, offset },
}) => {
  const clock = () => new Date(Date.now() + offset);
  const now = clock();
  /** Stripe's signed webhook, signed at the server's time (Stripe's signatures hold for five minutes). */
  const webhook = async (payload: string) =>
    JSON.parse(
      (
        await sendWebhook(
          server.origin,
          payload,
          signatureFor(payload, undefined, Math.floor(clock().getTime() / 1000)),
        )
      ).body,
    ) as { recorded?: string };
  const env = parseEnv({ NODE_ENV: "test", SITE_URL, DATA_DIR: dataDir, ...stripeTestEnv(stripe.url) });

  // A request from a customer who agreed to texts, its quote's second option accepted.
  const phone = "+12085550191";
  const email = `paid.job.${Date.now()}@example.com`;
  const lead = sampleLead({ idempotencyKey: `key:paid-job-${Date.now()}` });
  lead.contact = { ...lead.contact, name: "Pia Lund", phone, email };
  lead.fields = { ...lead.fields, firstName: "Pia", lastName: "Lund", phone, email, contactMethod: "email" };
  const leadId = (await recordLead(database, lead, { webhook: false, now })).id;
  const option = {
    label: "Wash and gutters",
    lines: [
      { text: "House washing", cents: 42_500 },
      { text: "Gutter cleaning", cents: 18_000 },
    ],
    totalCents: 60_500,
  };
  const saved = await saveDraft(
    database,
    leadId,
    {
      service: "House washing",
      city: "Meridian",
      address: "77 E Fairview Ave, Meridian, ID 83646",
      options: [{ label: "Wash", lines: [option.lines[0]!], totalCents: 42_500 }, option],
      note: "",
      validUntil: localDateString(new Date(now.getTime() + 20 * 86_400_000)),
      deposit: { kind: "none" },
      terms: "The price holds for the work listed.",
    },
    now,
  );
  if (!("saved" in saved)) throw new Error(saved.refused);
  await sendDraft(database, saved.saved.id, now);
  const proof = { ipHash: "c".repeat(64), userAgent: "test", sms: true };
  await answerQuote(database, saved.saved.id, { answer: "accepted", option: 1, name: "Pia Lund" }, proof, now);

  // Its deposit, paid at the fake Checkout: Stripe's signed webhook records it.
  const depositCents = 15_000;
  const deposit = await startDepositCheckout(
    { database, env },
    {
      leadId,
      quoteRef: referenceOf(leadId),
      quoteVersion: 1,
      amountCents: depositCents,
      currency: "usd",
      ...depositReturnUrls(SITE_URL),
    },
  );
  const depositPaid = checkoutEvent("checkout.session.completed", {
    id: deposit.sessionId,
    payment_status: "paid",
    status: "complete",
    payment_intent: fakeId("pi"),
  } as never);
  expect(await webhook(depositPaid)).toMatchObject({ recorded: "recorded" });

  // The arrival window, asked for and confirmed.
  const day = windowDay(now);
  const asked = await requestWindow(database, leadId, { ...windowsOn(day)[0]!, capacity: 20 }, now);
  if (!asked.ok) throw new Error(asked.reason);
  const confirmed = await decide(database, asked.booking.id, { action: "confirm" }, "", now);
  if (!confirmed.ok) throw new Error(confirmed.reason);

  // The owner, on a phone: Completed (before the window's day: asked, then confirmed) makes the draft invoice.
  const owner = uniqueOwner("paid-job");
  await addOwnerWithCli(owner, dataDir);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, owner);
  const requestPage = `/admin/requests/${leadId}`;
  await page.goto(requestPage);
  const stage = page.getByRole("region", { name: "Stage" });
  await stage.getByLabel("Set the stage").selectOption("completed");
  await stage.getByRole("button", { name: "Save the stage" }).click();
  await page
    .getByRole("form", { name: /Complete it early\?/ })
    .getByRole("button", { name: "Yes, mark it completed now" })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Stage saved: Completed." })).toBeVisible();
  const balance = option.totalCents - depositCents;
  await expect(page.getByTestId("invoice-summary")).toContainText(`Balance ${formatCents(balance)}`);
  await page.getByRole("link", { name: /^Open invoice \d{4}-\d{4}/ }).click();
  await page.getByRole("button", { name: "Send to the customer" }).click();
  await expect(page.getByRole("status")).toContainText("Invoice sent");

  // The e-mail's PDF reads the balance; the text goes with the same one link.
  await expect.poll(() => mails(dataDir, email, "Your invoice").length, { timeout: 20_000 }).toBe(1);
  const invoiceMail = mails(dataDir, email, "Your invoice")[0]!;
  const number = /Your invoice (\d{4}-\d{4,})/.exec(headerValue(invoiceMail, "subject"))![1]!;
  expect(pdfOf(invoiceMail)).toContain(formatCents(balance));
  const body = decode(leaves(invoiceMail).find((p) => headerValue(p, "content-type").startsWith("text/plain"))!);
  const link = /https:\/\/www\.gemstateexteriorcleaning\.com(\/invoice\?t=\S+)/.exec(body)![1]!;
  await expect
    .poll(() => twilio.deliveredTo(phone).filter((r) => r.form.Body?.includes(number)).length, { timeout: 20_000 })
    .toBe(1);
  expect(twilio.deliveredTo(phone).find((r) => r.form.Body?.includes(number))!.form.Body).toContain(
    formatCents(balance),
  );

  // The customer, on their phone: the invoice, then 15 % on the pay page.
  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: server.origin });
  const customer = await phoneContext.newPage();
  await customer.goto(link);
  await expect(customer.getByTestId("balance")).toHaveText(formatCents(balance));
  await customer.getByRole("link", { name: `Pay ${formatCents(balance)}` }).click();
  const payPage = customer.url();
  const tip = tipOf(balance, 15);
  await customer.getByRole("radio", { name: new RegExp(`^15% tip: \\${formatCents(tip)}`) }).check();
  await expectNoViolations(customer, "/invoice/pay at 390 px");
  await shoot(customer, "invoice-tip");
  await customer.getByRole("button", { name: /^Pay/ }).click();
  const checkout = customer.getByRole("link", { name: `Pay ${formatCents(balance + tip)} on the secure page` });
  await expect(checkout).toBeVisible();
  const [session] = stripe.created().filter((s) => s.metadata.invoiceId);
  expect(session).toMatchObject({ amount_total: balance + tip });
  expect(await checkout.getAttribute("href")).toBe(session!.url);

  // Paid at (the fake) Checkout, back on our page before the webhook: being confirmed, no second "Pay".
  Object.assign(stripe.sessions.get(session!.id)!, { status: "complete", payment_status: "paid" });
  await customer.goto(`${link}&paid=1`);
  await expect(customer.getByRole("status")).toContainText("confirming your payment");
  await expect(customer.getByRole("status")).toContainText("receipt will follow by e-mail");
  await expect(customer.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
  await expectNoViolations(customer, "the invoice being confirmed at 390 px");
  await shoot(customer, "being-confirmed");
  // The pay page offers no second session either: it leads back here.
  await customer.goto(link.replace("/invoice?", "/invoice/pay?"));
  await expect(customer).toHaveURL(/\/invoice\?t=.*&paid=1$/);
  await expect(customer.getByRole("link", { name: /^Pay/ })).toHaveCount(0);
  const intent = fakeId("pi");
  const paid = checkoutEvent("checkout.session.completed", {
    id: session!.id,
    payment_status: "paid",
    status: "complete",
    payment_intent: intent,
  } as never);
  expect(await webhook(paid)).toMatchObject({ recorded: "recorded" });
  await customer.getByRole("link", { name: "Check again" }).click();
  await expect(customer.getByRole("heading", { level: 1 })).toContainText("Paid: thank you");
  await expect(customer.getByTestId("invoice-credits")).toContainText(`Tip on top: ${formatCents(tip)}`);
  await shoot(customer, "receipt");
  // Nothing is left to pay: the pay page says so, and is never indexed.
  const nothing = await customer.goto(payPage);
  expect(nothing?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Nothing to pay");

  // The receipt by e-mail, its PDF; the request reads Paid.
  await expect.poll(() => mails(dataDir, email, "Your receipt").length, { timeout: 20_000 }).toBe(1);
  const receipt = pdfOf(mails(dataDir, email, "Your receipt")[0]!);
  for (const words of [number, formatCents(balance), `Tip: ${formatCents(tip)}`, `Balance left: ${formatCents(0)}`])
    expect(receipt).toContain(words);
  await page.goto(requestPage);
  await expect(page.getByTestId("invoice-summary")).toContainText("Paid in full");
  await expect(page.getByRole("main")).toContainText("Paid");

  // Stripe refunds part of the card payment: the invoice page and the report's month show it.
  const refund = fakeRefund(intent, 5_000, { created: Math.floor(clock().getTime() / 1000) });
  const refunded = chargeRefundedEvent(intent, [refund], { amount: balance + tip });
  expect(await webhook(refunded)).toMatchObject({ recorded: "recorded" });
  await customer.goto(link);
  await expect(customer.getByTestId("invoice-credits")).toContainText(`Refunded: ${formatCents(refund.amount)}`);
  // The balance, in cents, on every page that shows it: the same figure (the refunded part is owed again).
  const left = centsOf(await customer.getByTestId("balance").textContent());
  expect(left).toBeGreaterThan(0);
  await page.goto("/admin/report");
  const month = page.getByTestId("report-money-months").locator("tbody tr").last();
  await expect(month).toContainText(`−${formatCents(refund.amount)}`);
  expect(centsOf(await page.getByTestId("report-outstanding").textContent())).toBe(left);
  await page.goto(requestPage);
  expect(centsOf(/Balance (\S+)\./.exec((await page.getByTestId("invoice-summary").textContent()) ?? "")?.[1])).toBe(
    left,
  );
  await page.goto(`${requestPage}/payments`);
  expect(centsOf(await page.getByTestId("invoice-balance").textContent())).toBe(left);

  // A dispute of the card payment: the request page and the owner's invoice show it; closed, it reads won.
  const dispute = fakeDispute(intent, balance + tip, { created: Math.floor(clock().getTime() / 1000) });
  const disputed = disputeEvent("charge.dispute.created", dispute);
  expect(await webhook(disputed)).toMatchObject({ recorded: "recorded" });
  expect(await webhook(disputed)).toMatchObject({ recorded: "replayed" });
  await page.goto(requestPage);
  const shown = page.getByRole("region", { name: "Disputed payment" });
  await expect(shown).toContainText(`Invoice ${number}: ${formatCents(balance + tip)} disputed`);
  await expect(shown).toContainText("Evidence due");
  await expect(shown).toContainText(String(new Date(dispute.evidence_details.due_by * 1000).getUTCFullYear()));
  await expectNoViolations(page, "the request page with a dispute at 390 px");
  await shoot(page, "request-paid-dispute");
  await shoot(page, "request-paid-dispute", 1440);
  await page.goto(`${requestPage}/invoice`);
  await expect(page.getByRole("region", { name: "Disputed payment" })).toContainText("Evidence due");
  await webhook(disputeEvent("charge.dispute.closed", { ...dispute, status: "won" }));
  await page.reload();
  await expect(page.getByRole("region", { name: "Disputed payment" })).toContainText("Won");
  await expect(page.getByRole("region", { name: "Disputed payment" })).not.toContainText("Evidence due");

  // A second invoice, paid by check: the owner records it on the payments page.
  const second = (
    await recordLead(database, sampleLead({ idempotencyKey: `key:paid-job-2-${Date.now()}` }), {
      webhook: false,
      now,
    })
  ).id;
  const secondTotal = 30_000;
  await storeInvoice(database, { leadId: second, totalCents: secondTotal });
  await page.goto(`/admin/requests/${second}/payments`);
  const form = page.getByRole("form", { name: /Record a payment/ });
  await form.getByRole("textbox", { name: "Amount ($)" }).fill(String(secondTotal / 100));
  await form.getByRole("textbox", { name: /Check number/ }).fill("1042");
  await form.getByRole("button", { name: "Record the payment" }).click();
  await expect(page.getByRole("status")).toContainText("Payment recorded");
  expect(centsOf(await page.getByTestId("invoice-balance").textContent())).toBe(0);
  await page.goto(`/admin/requests/${second}`);
  await expect(page.getByTestId("invoice-summary")).toContainText("Paid in full");
  await phoneContext.close();
});
