/**
 * The invoice of a finished job (issue 41), with the real server process at 11:00 in Boise (faketime), its texts at
 * the local fake of Twilio's API, Stripe's settings pointing at the local fake (nothing reaches the internet) and its
 * e-mails written as files. The owner at 1440 px marks a job with an accepted quote and a paid deposit Completed,
 * finds the draft invoice, changes a line and adds a discount with its reason, and sends it. The customer at 390 px
 * opens the e-mail's one link: the lines, the discount, the deposit as a credit, the balance and "Pay $X"; the PDF
 * attached (read by pdftotext) and the text say the same. Hostile input: an altered, a long and another purpose's
 * token, a POST to the page, and the owner's form with a too-long line and an unknown intent.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { htmlErrors } from "../../scripts/html-checker.ts";
import { answerQuote, saveDraft, sendDraft } from "../../app/server/features/quotes/quotes.server.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { localDateString, localTime } from "../../app/server/kit/business-time.server.ts";
import { openDatabase } from "../../app/server/kit/db/database.server.ts";
import { linkSecret, readAccountToken, readSignedToken, signedPath } from "../../app/server/kit/signed-links.server.ts";
import { invoiceTotals } from "../../app/forms/invoice.ts";
import { LINE_TEXT_MAX } from "../../app/forms/quote.ts";
import { formatCents } from "../../app/lib/money.ts";
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET, startFakeStripe } from "../support/fake-stripe.ts";
import { fakeTextSettings, startFakeTwilio } from "../support/fake-twilio.ts";
import { fakeClock, hasFaketime, NO_FAKETIME } from "../support/faketime.ts";
import { decode, decodeBytes, headerValue, leaves, parsePart, type Part } from "../support/mime-reader.ts";
import { pdfText } from "../support/pdf-text.ts";
import { freePort, startServer } from "../support/processes.ts";
import { sampleLead } from "../support/storage.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test as base } from "./fixtures.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";

const SITE_URL = "https://www.gemstateexteriorcleaning.com";
const SHOTS = "/work/shots/invoice";

/** One port per test: the browser reaches only its base URL's origin (as tests/e2e/job-completion.spec.ts). */
const test = base.extend<{ port: number }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  port: async ({}, use) => use(await freePort()),
  baseURL: async ({ port }, use) => use(`http://127.0.0.1:${port}`),
});

test.skip(!hasFaketime, NO_FAKETIME);
test.describe.configure({ timeout: 180_000 });

/** The e-mails the server wrote (MAIL_TRANSPORT=files) whose subject contains `subject`. */
function mailsAbout(dataDir: string, subject: string): Part[] {
  const dir = path.join(dataDir, "mail");
  return readdirSync(dir)
    .map((file) => parsePart(readFileSync(path.join(dir, file), "utf8").replace(/\r?\n/g, "\r\n")))
    .filter((message) => headerValue(message, "subject").includes(subject));
}

async function expectValidHtml(html: string, file: string) {
  writeFileSync(file, html);
  expect((await htmlErrors([file])).map((e) => `line ${e.line}: ${e.message}`)).toEqual([]);
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("the owner completes, edits and sends the invoice at 1440 px; the customer reads it, its PDF and its text at 390 px", async ({
  browser,
  page,
  port,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "one walk: the owner's laptop, then the customer's phone");
  const fake = await startFakeTwilio();
  const stripe = await startFakeStripe();
  const dir = mkdtempSync(path.join(tmpdir(), "gs-invoice-"));
  const dataDir = path.join(dir, "data");
  const today = localDateString(new Date(Date.now() + 86_400_000));
  const [y, m, d] = today.split("-").map(Number) as [number, number, number];
  const now = localTime(y, m, d, 11, 0);
  const server = await startServer({
    port,
    dataDir,
    env: {
      SITE_URL,
      MAIL_TRANSPORT: "files",
      LOG_LEVEL: "info",
      TZ: "UTC",
      ...fakeTextSettings(fake.url),
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      ...fakeClock(now),
    },
  });
  const database = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    // A request (reached by e-mail, agreed to texts) whose quote's option 2 was accepted, with a deposit paid.
    const phone = "+12085550177";
    const lead = sampleLead({ idempotencyKey: `key:invoice-${Date.now()}` });
    lead.contact = { ...lead.contact, name: "Ivy Lane", phone, email: "ivy.lane@example.com" };
    lead.fields = { ...lead.fields, firstName: "Ivy", lastName: "Lane", phone, contactMethod: "email" };
    const leadId = (await recordLead(database, lead, { webhook: false, now })).id;
    const options = [
      { label: "Wash", lines: [{ text: "House washing", cents: 42_500 }], totalCents: 42_500 },
      {
        label: "Wash and gutters",
        lines: [
          { text: "House washing", cents: 42_500 },
          { text: "Gutter cleaning", cents: 18_000 },
        ],
        totalCents: 60_500,
      },
    ];
    const saved = await saveDraft(
      database,
      leadId,
      {
        service: "House washing",
        city: "Meridian",
        address: "77 E Fairview Ave, Meridian, ID 83646",
        options,
        note: "",
        validUntil: localDateString(new Date(now.getTime() + 20 * 86_400_000)),
        deposit: { kind: "none" },
        terms: "The price holds for the work listed.",
      },
      now,
    );
    if (!("saved" in saved)) throw new Error(saved.refused);
    await sendDraft(database, saved.saved.id, now);
    const proof = { ipHash: "b".repeat(64), userAgent: "test", sms: true };
    await answerQuote(database, saved.saved.id, { answer: "accepted", option: 1, name: "Ivy Lane" }, proof, now);
    const depositCents = 15_000;
    const at = now.toISOString();
    await database.db
      .insertInto("payments")
      .values({
        checkout_session_id: "cs_test_invoice_deposit",
        lead_id: leadId,
        quote_ref: "GS",
        quote_version: 1,
        attempt: 1,
        amount_cents: depositCents,
        currency: "usd",
        status: "paid",
        checkout_url: `${stripe.url}/pay/cs_test_invoice_deposit`,
        expires_at: at,
        created_at: at,
        updated_at: at,
        paid_at: at,
        payment_intent_id: "pi_invoice_deposit",
      })
      .execute();

    // The owner, 1440 px: Completed makes the draft from the accepted option.
    const owner = uniqueOwner("invoice");
    await addOwnerWithCli(owner, dataDir);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, owner, { origin: server.origin });
    await page.goto(`${server.origin}/admin/requests/${leadId}`);
    await expect(page.getByTestId("invoice-summary")).toContainText("No invoice yet");
    const stage = page.getByRole("region", { name: "Stage" });
    await stage.getByLabel("Set the stage").selectOption("completed");
    await stage.getByRole("button", { name: "Save the stage" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Stage saved: Completed." })).toBeVisible();
    const optionTotal = options[1]!.totalCents;
    await expect(page.getByTestId("invoice-summary")).toContainText(
      `Draft (not sent). Balance ${formatCents(optionTotal - depositCents)}`,
    );
    await page.getByRole("link", { name: /^Open invoice \d{4}-\d{4}/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Invoice for Ivy Lane/ })).toBeVisible();
    await expect(page.getByLabel("Line 1: work")).toHaveValue(options[1]!.lines[0]!.text);
    await expect(page.getByLabel("Line 2: $")).toHaveValue(String(options[1]!.lines[1]!.cents / 100));

    // A discount without its reason is refused, with the error at the field; then the line and the discount.
    await page.getByLabel("Line 2: $").fill("195");
    await page.getByLabel("Discount $ (optional)").fill("20");
    await page.getByRole("button", { name: "Save and preview" }).click();
    await expect(page.getByLabel("Reason for the discount (the customer reads it)")).toHaveAccessibleDescription(
      "Say why there is a discount: the customer reads it",
    );
    await page.getByLabel("Reason for the discount (the customer reads it)").fill("Repeat customer");
    await page.getByRole("button", { name: "Save and preview" }).click();
    await expect(page.getByRole("status")).toContainText("Invoice saved");
    const lines = [
      { text: options[1]!.lines[0]!.text, cents: options[1]!.lines[0]!.cents, taxable: false },
      { text: options[1]!.lines[1]!.text, cents: 19_500, taxable: false },
    ];
    const total = invoiceTotals({ lines, discountCents: 2_000, taxRateBasisPoints: 0 }).totalCents;
    const balance = total - depositCents;
    const preview = page.getByRole("region", { name: "Preview: what the customer will see" });
    await expect(preview.getByTestId("balance")).toHaveText(formatCents(balance));
    await expect(preview).toContainText("Discount: Repeat customer");
    await expectNoViolations(page, "the owner's invoice page");
    await expectValidHtml(await page.content(), testInfo.outputPath("invoice-owner.html"));
    await shoot(page, "owner-invoice-1440");

    // Hostile input to the owner's form: a line past its limit, an intent that is not one of the page's.
    const tooLong = await page.request.post(new URL(page.url()).pathname, {
      form: { intent: "save", serviceDate: today, "line1-text": "x".repeat(LINE_TEXT_MAX + 1), "line1-amount": "5" },
      headers: { Origin: server.origin },
    });
    expect(tooLong.status()).toBe(400);
    const unknown = await page.request.post(new URL(page.url()).pathname, {
      form: { intent: "delete" },
      headers: { Origin: server.origin },
    });
    expect(unknown.status()).toBe(400);

    await page.getByRole("button", { name: "Send to the customer" }).click();
    await expect(page.getByRole("status")).toContainText("Invoice sent");
    await expect(page.getByTestId("invoice-status")).toContainText("Sent");

    // The e-mail: one link to the invoice, then the customer's own page (every customer e-mail ends with it:
    // docs/decisions/047-customer-email-layout.md); its PDF reads the number, the lines, the discount, the deposit
    // and the balance.
    await expect.poll(() => mailsAbout(dataDir, "Your invoice").length, { timeout: 20_000 }).toBe(1);
    const mail = mailsAbout(dataDir, "Your invoice")[0]!;
    const number = /Your invoice (\d{4}-\d{4,})/.exec(headerValue(mail, "subject"))![1]!;
    const parts = leaves(mail);
    const body = decode(parts.find((p) => headerValue(p, "content-type").startsWith("text/plain"))!);
    const all = [...new Set(body.match(/https:\/\/www\.gemstateexteriorcleaning\.com\/\S+/g) ?? [])];
    const accountLinks = all.filter((url) => url.startsWith(`${SITE_URL}/account?`));
    expect(accountLinks).toHaveLength(1);
    expect(body.replace(/\r\n/g, "\n")).toContain(`All your requests, quotes and invoices:\n${accountLinks[0]}`);
    const links = all.filter((url) => !accountLinks.includes(url));
    expect(links).toHaveLength(1);
    const link = links[0]!.replace(SITE_URL, "");
    expect(link).toMatch(/^\/invoice\?t=/);
    const pdf = pdfText(
      decodeBytes(parts.find((p) => headerValue(p, "content-type").startsWith("application/pdf"))!),
    ).replace(/\s+/g, " ");
    for (const words of [
      number,
      ...lines.map((l) => l.text),
      "Repeat customer",
      formatCents(total),
      formatCents(depositCents),
      formatCents(balance),
    ])
      expect(pdf).toContain(words);
    // The text to the customer who agreed: the number, the balance, the same link.
    await expect
      .poll(() => fake.deliveredTo(phone).filter((r) => r.form.Body?.includes(number)).length, { timeout: 20_000 })
      .toBe(1);
    const text = fake.deliveredTo(phone).find((r) => r.form.Body?.includes(number))!.form.Body!;
    expect(text).toContain(formatCents(balance));
    // Its link is signed at its own second, for the same invoice as the e-mail's.
    const secret = await linkSecret(database, {});
    const invoiceOf = (url: string) =>
      readSignedToken(new URL(url).searchParams.get("t") ?? "", "invoice", secret, now);
    const textLink = /https:\/\/\S+/.exec(text)?.[0] ?? "";
    expect(invoiceOf(textLink)).toEqual(invoiceOf(links[0]!));
    expect(invoiceOf(textLink)).toHaveProperty("id");
    expect(readAccountToken(new URL(accountLinks[0]!).searchParams.get("t") ?? "", secret, now)).toEqual({
      channel: "email",
      leadId,
    });

    // The customer, 390 px: the invoice and "Pay $X".
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const customer = await phoneContext.newPage();
    const response = await customer.goto(`${server.origin}${link}`);
    expect(response!.headers()["x-robots-tag"]).toContain("noindex");
    expect(response!.headers()["cache-control"]).toContain("no-store");
    await expect(customer.getByRole("heading", { level: 1 })).toContainText(`${formatCents(balance)} due`);
    const lineRows = customer.getByTestId("invoice-lines");
    for (const l of lines) await expect(lineRows).toContainText(l.text);
    await expect(customer.getByTestId("invoice-credits")).toContainText("Deposit paid by card");
    await expect(customer.getByTestId("invoice-credits")).toContainText(formatCents(depositCents));
    await expect(customer.getByTestId("balance")).toHaveText(formatCents(balance));
    const pay = customer.getByRole("link", { name: `Pay ${formatCents(balance)}` });
    await expect(pay).toHaveAttribute("href", link.replace("/invoice?", "/invoice/pay?"));
    await expectNoViolations(customer, "the customer's invoice at 390 px");
    await expectValidHtml(await customer.content(), testInfo.outputPath("invoice-customer.html"));
    await shoot(customer, "customer-invoice-390");
    await customer.setViewportSize({ width: 1440, height: 900 });
    await shoot(customer, "customer-invoice-1440");

    // Hostile links: altered, too long, another purpose's token; a POST. None shows anything of the invoice.
    const token = new URL(`${server.origin}${link}`).searchParams.get("t")!;
    const altered = `${token.slice(0, -2)}${token.endsWith("A") ? "BB" : "AA"}`;
    const manage = signedPath("manage", leadId, secret, now);
    for (const bad of [
      `/invoice?t=${encodeURIComponent(altered)}`,
      `/invoice?t=${"A".repeat(5000)}`,
      manage.replace("/book/manage", "/invoice"),
      "/invoice",
    ]) {
      const answer = await customer.goto(`${server.origin}${bad}`);
      expect(answer!.status(), bad).toBe(404);
      await expect(customer.getByRole("heading", { level: 1 })).toHaveText(/does not work|no such invoice/);
      await expect(customer.locator("body")).not.toContainText(number);
    }
    const posted = await customer.request.post(`${server.origin}${link}`, {
      form: { intent: "pay" },
      headers: { Origin: server.origin },
    });
    expect(posted.status()).toBeGreaterThanOrEqual(400);
    expect(await posted.text()).not.toContain(number);
    await phoneContext.close();
  } finally {
    await database.close();
    await server.stop();
    await fake.close();
    await stripe.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
