/**
 * A deposit through Stripe Checkout, end to end at 390 px (docs/decisions/032-deposits.md): the real server with
 * its Stripe settings pointing at a local fake of Stripe's API (tests/support/fake-stripe.ts) and the text
 * messages at the fake Twilio. A request is sent through /estimate; the deposit's checkout is started through the
 * payments module in this test process (the quote's acceptance will call the same function); Stripe's signed
 * webhook is posted to the site as Stripe would. What the customer and the owner see follows the webhook only,
 * and a replayed webhook changes nothing.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { htmlErrors } from "../../scripts/html-checker.ts";
import { parseEnv } from "../../app/server/kit/env.server.ts";
import { listLeads } from "../../app/server/features/admin/listing.server.ts";
import { depositReturnUrls, startDepositCheckout } from "../../app/server/features/payments/deposits.server.ts";
import { linkSecret, quotePath } from "../../app/server/kit/signed-links.server.ts";
import {
  checkoutEvent,
  FAKE_STRIPE_KEY,
  FAKE_WEBHOOK_SECRET,
  sendWebhook,
  withFakeStripe,
} from "../support/fake-stripe.ts";
import { expectNoViolations } from "./axe.ts";
import type { Page, TestInfo } from "@playwright/test";
import { typeEstimate, uniqueEmail } from "./leads.ts";
import { testPhoto } from "../support/test-photos.ts";
import { addOwnerWithCli, sendRequest, signIn, uniqueOwner } from "./owners.ts";
import { SITE_URL, withTextSite } from "../support/text-site.ts";
import { expect } from "./fixtures.ts";
import { priceBook } from "../../app/content/price-book.ts";
import { formatCents, parseDollars } from "../../app/forms/quote.ts";
import { acceptedTimeText } from "../../app/server/features/quotes/accepted-copy.server.ts";
import { referenceOf } from "../../app/server/kit/reference.server.ts";
import { decodeBytes, headerValue, leaves, parsePart } from "../support/mime-reader.ts";
import { pdfText } from "../support/pdf-text.ts";

const test = withTextSite("deposits", withFakeStripe);

test.skip(({ isMobile }) => !isMobile, "the customer's and the owner's pages at 390 px, on the mobile project");

/** The owner's e-mails written to DATA_DIR/mail (MAIL_TRANSPORT=files) that contain `needle`. */
const ownerMails = (dataDir: string, needle: string) => {
  const dir = path.join(dataDir, "mail");
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  return names.map((f) => readFileSync(path.join(dir, f), "utf8")).filter((raw) => raw.includes(needle));
};

/** The PDFs attached to the customer's "Your accepted quote" e-mails to `to` in DATA_DIR/mail. */
const acceptedCopies = (dataDir: string, to: string) =>
  ownerMails(dataDir, "Your accepted quote")
    .map(parsePart)
    .filter((mail) => headerValue(mail, "to").includes(to) && headerValue(mail, "subject").startsWith("Your accepted"))
    .flatMap((mail) => leaves(mail).filter((p) => headerValue(p, "content-type").startsWith("application/pdf")))
    .map(decodeBytes);

/** A full-page screenshot at 390 px and at 1440 px (the page is left at 390 px). */
async function screenshots(page: Page, name: string, testInfo: TestInfo) {
  await page.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: testInfo.outputPath(`${name}-1440.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
}

const balanceDue = priceBook.quotes.balanceDue;

/** Each page's HTML as the server sends it, for the Nu Html Checker at the end of a test. */
function htmlPages(page: Page, testInfo: TestInfo) {
  const files: { file: string; where: string }[] = [];
  return {
    async add(where: string) {
      const file = testInfo.outputPath(`page-${files.length}.html`);
      writeFileSync(file, await (await page.request.get(where)).text());
      files.push({ file, where });
    },
    async expectValid() {
      const errors = await htmlErrors(files.map((f) => f.file));
      const where = new Map(files.map((f) => [f.file, f.where]));
      expect(errors.map((e) => `${where.get(e.file)}, line ${e.line ?? "?"}: ${e.message}`)).toEqual([]);
    },
  };
}

test("a paid deposit: the customer's page says processing until Stripe's webhook, then received; the inbox shows it paid; the owner is e-mailed and texted once, however often the webhook comes", async ({
  page,
  site: { server, database, stripe, twilio, dataDir },
}, testInfo) => {
  test.setTimeout(90_000);
  const html = htmlPages(page, testInfo);
  const email = uniqueEmail("deposit");
  await sendRequest(page, { first: "Dana", email });
  await expect
    .poll(async () => (await listLeads(database, {})).filter((l) => l.contact.email === email).length)
    .toBe(1);
  const lead = (await listLeads(database, {})).find((l) => l.contact.email === email)!;

  // The quote's acceptance starts the checkout (here: the same function, from this process, on the same data).
  const env = parseEnv({
    NODE_ENV: "test",
    SITE_URL,
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.url,
  });
  const quoteRef = `Q-${Date.now().toString(36).toUpperCase()}`;
  const deposit = {
    leadId: lead.id,
    quoteRef,
    quoteVersion: 1,
    amountCents: 15_000,
    currency: "usd" as const,
    customerEmail: email,
    ...depositReturnUrls(SITE_URL),
  };
  const { url, sessionId } = await startDepositCheckout({ database, env }, deposit);
  expect((await startDepositCheckout({ database, env }, deposit)).url, "a second click: the same page").toBe(url);
  const [session] = stripe.created().filter((s) => s.metadata.quoteRef === quoteRef);
  expect(stripe.created().filter((s) => s.metadata.quoteRef === quoteRef)).toHaveLength(1);
  expect(session!.line_name).toBe(`Deposit for quote ${quoteRef}`);
  expect(session!.success_url).toBe(`${SITE_URL}/deposit/paid?session_id={CHECKOUT_SESSION_ID}`);

  // Back from Stripe before its webhook: the URL alone proves nothing.
  const returnPath = `/deposit/paid?session_id=${sessionId}`;
  await page.goto(returnPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your deposit is processing");
  await expect(page.getByRole("status")).toContainText("$150.00");
  await expectNoViolations(page, "/deposit/paid, processing, at 390 px");
  await html.add(returnPath);

  const paid = checkoutEvent("checkout.session.completed", {
    id: sessionId,
    payment_status: "paid",
    status: "complete",
  });
  expect((await sendWebhook(server.origin, paid)).status).toBe(200);
  await page.getByRole("link", { name: "Check again" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deposit received — thank you");
  await expect(page.getByRole("status")).toContainText(`$150.00 for quote ${quoteRef}`);
  await expectNoViolations(page, "/deposit/paid, paid, at 390 px");
  await html.add(returnPath);

  // The owner: one e-mail, one text, and the request's page says paid.
  await expect
    .poll(() => ownerMails(dataDir, `Deposit paid: $150.00 for quote ${quoteRef}`).length, { timeout: 15_000 })
    .toBe(1);
  const texts = () => twilio.delivered().filter((r) => r.form.Body?.includes(quoteRef));
  await expect.poll(() => texts().length, { timeout: 15_000 }).toBe(1);
  expect(texts()[0]!.form.Body).toBe(
    `Deposit paid: $150.00 for quote ${quoteRef} v1. ${SITE_URL}/admin/requests/${lead.id}`,
  );

  // Stripe sends it again, and another event about the same session: nothing changes, nobody is told twice.
  expect(JSON.parse((await sendWebhook(server.origin, paid)).body)).toMatchObject({ recorded: "replayed" });
  const again = checkoutEvent("checkout.session.async_payment_succeeded", { id: sessionId });
  expect(JSON.parse((await sendWebhook(server.origin, again)).body)).toMatchObject({ recorded: "unchanged" });
  const late = checkoutEvent("checkout.session.expired", { id: sessionId, status: "expired" });
  expect(JSON.parse((await sendWebhook(server.origin, late)).body)).toMatchObject({ recorded: "unchanged" });

  const owner = uniqueOwner("deposit");
  await addOwnerWithCli(owner, dataDir);
  await signIn(page, owner);
  await page.goto(`/admin/requests/${lead.id}`);
  const section = page.getByRole("region", { name: "Deposit" });
  await expect(section).toContainText("$150.00 · Paid");
  await expect(section).toContainText(`Quote ${quoteRef}, version 1, paid `);
  await expectNoViolations(page, "the request page with a paid deposit, at 390 px");
  await html.add(`/admin/requests/${lead.id}`);
  await html.expectValid();

  // Meanwhile the outbox had every chance to send twice.
  await expect
    .poll(async () =>
      (
        await database.db
          .selectFrom("outbox_jobs")
          .select("status")
          .where("kind", "in", ["deposit", "deposit-sms"])
          .where("lead_id", "=", lead.id)
          .execute()
      ).map((j) => j.status),
    )
    .toEqual(["sent", "sent"]);
  expect(ownerMails(dataDir, `Deposit paid: $150.00 for quote ${quoteRef}`)).toHaveLength(1);
  expect(texts()).toHaveLength(1);
});

test("a customer who leaves Stripe without paying reads how to pay later; an unknown or forged session id finds nothing", async ({
  page,
}, testInfo) => {
  const html = htmlPages(page, testInfo);
  const notPaid = await page.goto("/deposit/not-paid");
  expect(notPaid?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Deposit not paid");
  await expect(page.getByRole("main")).toContainText("You can pay it from the quote page or at the job.");
  await expectNoViolations(page, "/deposit/not-paid at 390 px");
  await html.add("/deposit/not-paid");
  for (const id of ["cs_test_unknown", "x' or 1=1 --", "cs_" + "a".repeat(400)]) {
    const response = await page.goto(`/deposit/paid?session_id=${encodeURIComponent(id)}`);
    expect(response?.status(), id).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We could not find this payment");
  }
  await html.add("/deposit/paid?session_id=cs_test_unknown");
  await html.expectValid();
});

test("from a request with a photo, sent without JavaScript, to a quote with a deposit: the whole price before the signature, the customer accepts an option and keeps a copy (page, e-mail, PDF), pays 25 % at (the fake) Stripe, then chooses a window, which the owner confirms", async ({
  page,
  browser,
  site: { server, database, stripe, dataDir },
}, testInfo) => {
  test.setTimeout(120_000);
  const html = htmlPages(page, testInfo);
  const email = uniqueEmail("deposit-quote");
  // The request, with a photo of the house, from a phone without JavaScript.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    baseURL: server.origin,
  });
  const visitorPage = await plain.newPage();
  await visitorPage.goto("/estimate");
  const form = visitorPage.getByRole("main").locator("form");
  await typeEstimate(form, { first: "Dora", last: "Inboxtest", email });
  const house = await testPhoto({ width: 800, height: 600, from: "#1e3a8a", to: "#0f172a" });
  await form
    .getByLabel("Photos (optional)")
    .setInputFiles([{ name: "house.jpg", mimeType: "image/jpeg", buffer: house }]);
  await form.getByRole("checkbox", { name: /I agree to receive conversational text messages/ }).check();
  await form.getByRole("button", { name: "Get My Free Estimate" }).click();
  await expect(visitorPage).toHaveURL(/\/request-received\//);
  await plain.close();
  await expect.poll(async () => (await listLeads(database, {})).some((l) => l.contact.email === email)).toBe(true);
  const lead = (await listLeads(database, {})).find((l) => l.contact.email === email)!;

  // The owner quotes two options and asks 25 % on acceptance; the preview says how it is paid.
  const owner = uniqueOwner("deposit-quote");
  await addOwnerWithCli(owner, dataDir);
  await signIn(page, owner);
  // The report's sum before (the worker's site may have taken other tests' deposits already).
  await page.goto("/admin/report");
  const depositsBefore = parseDollars((await page.getByTestId("report-deposits").textContent()) ?? "") ?? 0;
  // The owner sees the photo before quoting.
  await page.goto(`/admin/requests/${lead.id}`);
  const photo = await page.request.get(`/admin/requests/${lead.id}/photos/1`);
  expect(photo.headers()["content-type"]).toBe("image/jpeg");
  await page.goto(`/admin/requests/${lead.id}/quote`);
  const line = (option: number, label: string) => page.getByLabel(label, { exact: true }).nth(option - 1);
  await line(1, "Line 1: work").fill("House washing, 2,000 sq ft");
  await line(1, "Line 1: $").fill("300");
  await line(2, "Line 1: work").fill("House washing, 2,000 sq ft");
  await line(2, "Line 1: $").fill("300");
  await line(2, "Line 2: work").fill("Gutter cleaning");
  await line(2, "Line 2: $").fill("120");
  await page.getByLabel("Deposit", { exact: true }).selectOption("percent");
  await page.getByLabel("Deposit: % or $").fill("25");
  // The running total follows the owner's typing (the app runs), before anything is saved: 300 + 120, 25 % of it.
  await expect(page.getByTestId("running-total-2")).toContainText("$420");
  await expect(page.getByTestId("running-total-2")).toContainText("Deposit, due on acceptance$105");
  await expect(page.getByTestId("running-total-2")).toContainText(`Balance, due ${balanceDue}$315`);
  await line(2, "Line 2: $").fill("140");
  await expect(page.getByTestId("running-total-2")).toContainText("$440");
  await line(2, "Line 2: $").fill("120");
  await page.getByRole("button", { name: "Save and preview" }).click();
  const preview = page.getByRole("region", { name: "Preview: what the customer will see" });
  await expect(preview).toContainText("A deposit on acceptance, the rest at the job");
  await expect(preview.getByRole("region", { name: "Better" })).toContainText("Deposit, due on acceptance$105");
  await expect(preview.getByRole("region", { name: "Better" })).toContainText(`Balance, due ${balanceDue}$315`);
  // Without JavaScript the server's page says the same totals (the saved draft's).
  const plainOwner = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    baseURL: server.origin,
    storageState: await page.context().storageState(),
  });
  const builderPlain = await plainOwner.newPage();
  await builderPlain.goto(`/admin/requests/${lead.id}/quote`);
  await expect(builderPlain.getByTestId("running-total-2")).toContainText("$420");
  await expect(builderPlain.getByTestId("running-total-2")).toContainText(`Balance, due ${balanceDue}$315`);
  // A line's work field is wide enough to read a price-book title: the phone's width at 390 px, most of the page at 1440.
  const workWidth = async () =>
    (await builderPlain.getByLabel("Line 1: work", { exact: true }).first().boundingBox())!.width;
  expect(await workWidth()).toBeGreaterThan(300);
  await builderPlain.setViewportSize({ width: 1440, height: 900 });
  expect(await workWidth()).toBeGreaterThan(600);
  await builderPlain.setViewportSize({ width: 390, height: 844 });
  await screenshots(builderPlain, "builder", testInfo);
  await plainOwner.close();
  await page.getByRole("button", { name: "Send to the customer" }).click();
  await expect(page.getByRole("status")).toContainText("Quote sent");

  // The customer's link (the e-mail's), opened on their phone.
  const quote = await database.db
    .selectFrom("quotes")
    .select(["id", "valid_until"])
    .where("lead_id", "=", lead.id)
    .where("status", "=", "sent")
    .executeTakeFirstOrThrow();
  const link = quotePath(quote.id, quote.valid_until, await linkSecret(database, { LINK_SECRET: undefined }));
  const customer = await page
    .context()
    .browser()!
    .newContext({ viewport: { width: 390, height: 844 }, baseURL: server.origin });
  const visitor = await customer.newPage();
  await visitor.goto(link);
  await expect(visitor.getByText("A deposit on acceptance, the rest at the job")).toBeVisible();
  // The whole price before the signature: each option's deposit, its balance and when each is due.
  const better = visitor.getByRole("region", { name: "Better" });
  await expect(better.getByText("Deposit, due on acceptance")).toBeVisible();
  await expect(better.getByText("$105", { exact: true })).toBeVisible();
  await expect(better.getByText(`Balance, due ${balanceDue}`)).toBeVisible();
  await expect(better.getByText("$315", { exact: true })).toBeVisible();
  await expect(visitor.getByRole("region", { name: "Good" })).toContainText("Deposit, due on acceptance$75");
  await screenshots(visitor, "quote-open", testInfo);
  await visitor.getByRole("radio", { name: "Better: $420" }).check();
  await visitor.getByRole("textbox", { name: "Your full name" }).fill("Dora Inboxtest");
  await visitor.getByRole("checkbox", { name: "I agree to the terms above" }).check();
  await visitor.getByRole("button", { name: "Accept", exact: true }).click();

  // Accepted: the deposit comes before the window.
  await expect(visitor.getByRole("heading", { level: 1, name: "You accepted this quote" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Choose an arrival window" })).toHaveCount(0);
  const pay = visitor.getByRole("link", { name: "Pay the $105 deposit" });
  await expect(pay).toBeVisible();
  // What was accepted stays on the page: the option's lines, the figures, the terms, the name and the time.
  const answer = await database.db
    .selectFrom("quote_answers")
    .select("answered_at")
    .where("quote_id", "=", quote.id)
    .executeTakeFirstOrThrow();
  const acceptedAt = acceptedTimeText(new Date(answer.answered_at));
  const copy = visitor.getByRole("region", { name: "What you accepted" });
  for (const shown of [
    "House washing, 2,000 sq ft",
    "Gutter cleaning",
    "$420",
    "$315",
    priceBook.quotes.terms,
    "Dora Inboxtest",
    acceptedAt,
  ])
    await expect(copy).toContainText(shown);
  await screenshots(visitor, "quote-accepted", testInfo);
  // The customer's copy by e-mail, with a PDF whose text says the same.
  await expect.poll(() => acceptedCopies(dataDir, email).length, { timeout: 20_000 }).toBe(1);
  const pdf = pdfText(acceptedCopies(dataDir, email)[0]!);
  for (const shown of [
    referenceOf(lead.id),
    "House washing, 2,000 sq ft",
    "Gutter cleaning",
    "$420",
    "$105",
    "$315",
    "Dora Inboxtest",
    acceptedAt,
  ])
    expect(pdf).toContain(shown);
  await expectNoViolations(visitor, "/quote accepted, a deposit to pay, at 390 px");
  await html.add(link);
  await pay.click();
  await expect(visitor).toHaveURL(new RegExp(`^${stripe.url}/c/pay/cs_`));
  const sessions = stripe.created().filter((s) => s.metadata.quoteRef && s.success_url.includes("/deposit/paid"));
  const session = sessions.at(-1)!;
  expect(session.amount_total).toBe(10_500);
  expect(session.customer_email, "no customer e-mail goes to Stripe").toBeNull();
  // Back on the quote, the same payment page again: one session per version.
  await visitor.goto(link);
  await visitor.getByRole("link", { name: "Pay the $105 deposit" }).click();
  await expect(visitor).toHaveURL(`${stripe.url}/c/pay/${session.id}`);
  expect(stripe.created().filter((s) => s.id === session.id)).toHaveLength(1);

  // Stripe's webhook says paid; Stripe sends the customer back to the site.
  const paid = checkoutEvent("checkout.session.completed", {
    id: session.id,
    payment_status: "paid",
    status: "complete",
  });
  expect((await sendWebhook(server.origin, paid)).status).toBe(200);
  await visitor.goto(`/deposit/paid?session_id=${session.id}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Deposit received — thank you");
  await html.add(`/deposit/paid?session_id=${session.id}`);
  await visitor.goto(link);
  await expect(visitor.getByRole("status")).toContainText("Deposit of $105 received");
  await visitor.getByRole("link", { name: "Choose an arrival window" }).click();
  await expect(visitor.getByRole("heading", { level: 1, name: "Choose an arrival window" })).toBeVisible();
  // The request gave no street address: the window is booked with one.
  await visitor.getByRole("textbox", { name: "Street address where we will work" }).fill("1234 W Main St");
  await visitor.locator("main input[type=radio][name=window]").first().check();
  await visitor.getByRole("button", { name: "Request this window" }).click();
  await expect(visitor.getByText("Requested — not booked yet")).toBeVisible();
  await customer.close();

  // The owner sees the deposit paid and the quote accepted, confirms the window, and the report counts the deposit.
  await page.goto(`/admin/requests/${lead.id}`);
  await expect(page.getByRole("region", { name: "Deposit" })).toContainText("$105.00 · Paid");
  await page
    .getByRole("form", { name: "Confirm this window" })
    .getByRole("button", { name: "Confirm the window" })
    .click();
  await expect(page.getByRole("status")).toHaveText(/Window confirmed/);
  await page.goto("/admin/report");
  await expect(page.getByTestId("report-deposits")).toHaveText(formatCents(depositsBefore + 10_500));
  await html.expectValid();
});
