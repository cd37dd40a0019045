/**
 * The customer's page (issue 43) end to end at 390 px (its forms are plain posts, which the app leaves to the
 * browser), against the production server with its
 * Stripe settings at the local fake and its texts at the local fake Twilio (tests/support/text-site.ts): a customer
 * with two past jobs (stored as the estimate form and the invoice specs store them; the e-mail typed in two
 * cases) opens one link and sees both, pays the open invoice at the fake Checkout, moves the arrival window
 * through the booking's own page, turns seasonal reminders off; then "Send me my link" answers an unknown address
 * exactly as a known one and sends nothing to it; axe and the Nu checker on every page of it. Last, the same page
 * and its forms in a browser without JavaScript.
 */
import { writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { htmlErrors } from "../../scripts/html-checker.ts";
import { formatCents } from "../../app/lib/money.ts";
import { dayText } from "../../app/forms/quote.ts";
import { timesLabel } from "../../app/server/kit/arrival-windows.server.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { getConsent, recordConsent } from "../../app/server/features/reminders/reminders.server.ts";
import { bookingForLead } from "../../app/server/features/bookings/bookings.server.ts";
import { referenceOf } from "../../app/server/kit/reference.server.ts";
import { changeLeadStatus } from "../../app/server/kit/leads.server.ts";
import { accountPath, linkSecret, signedPath } from "../../app/server/kit/signed-links.server.ts";
import { checkoutEvent, fakeId, sendWebhook, withFakeStripe } from "../support/fake-stripe.ts";
import { storeInvoice } from "../support/invoice-rows.ts";
import { headerValue, writtenMails } from "../support/mime-reader.ts";
import { sampleLead } from "../support/storage.ts";
import { withTextSite } from "../support/text-site.ts";
import { expectNoViolations } from "./axe.ts";
import { expect } from "./fixtures.ts";

// Each repeat asks for links from the same client: the per-client limit is the unit tests'.
const test = withTextSite("account", async () => {
  const stripe = await withFakeStripe();
  return { ...stripe, env: { ...stripe.env, LEAD_RATE_LIMIT: "0" } };
});
test.skip(({ isMobile }) => !isMobile, "the customer's phone, at 390 px, on the mobile project");
test.describe.configure({ timeout: 120_000 });

/** The e-mails the server wrote (MAIL_TRANSPORT=files) to `to`, by subject. */
const mailsTo = (dataDir: string, to: string): string[] =>
  writtenMails(dataDir)
    .filter((m) => headerValue(m, "to").toLowerCase().includes(to.toLowerCase()))
    .map((m) => headerValue(m, "subject"));

/** The radio values of the booking page's window form. */
const offered = async (page: Page) =>
  page
    .locator("#window-form")
    .getByRole("radio")
    .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));

test("a customer with two past jobs opens one link: sees both, pays the invoice, moves the window, turns reminders off", async ({
  page,
  site: { database, stripe, server },
}, testInfo) => {
  const stamp = `${Date.now()}-${testInfo.repeatEachIndex}`;
  const email = `Ana.Marsh.${stamp}@Example.com`;
  const phone = `+1208555${String(Date.now() % 10_000).padStart(4, "0")}`;
  const stored = async (typedEmail: string, zip: string, address: string) => {
    const lead = sampleLead({ idempotencyKey: `key:account-${stamp}-${zip}` });
    return (
      await recordLead(
        database,
        {
          ...lead,
          fields: {
            ...lead.fields,
            firstName: "Ana",
            lastName: "Marsh",
            email: typedEmail,
            phone,
            zipcode: zip,
            address,
          },
          contact: { name: "Ana Marsh", email: typedEmail, phone, zip },
        },
        { webhook: false },
      )
    ).id;
  };
  // The first job, last spring: completed and invoiced, reminders agreed to. The second: this week, a window asked for.
  const first = await stored(email, "83646", "88 W Pine Ave");
  await changeLeadStatus(database, first, { status: "completed", note: "", changedBy: "owner@example.com" });
  await recordConsent(database, first, "completed-email");
  const total = 32_500;
  await storeInvoice(database, {
    leadId: first,
    totalCents: total,
    content: {
      service: "House washing",
      city: "Meridian",
      address: "88 W Pine Ave",
      serviceDate: "2026-04-14",
      lines: [{ text: "House washing, two stories", cents: total, taxable: false }],
      discountCents: 0,
      discountReason: "",
      taxRateBasisPoints: 0,
      note: "",
    },
  });
  const second = await stored(`  ${email.toLowerCase()} `, "83702", "1234 W Main St");
  const secret = await linkSecret(database, {});
  const book = signedPath("book", second, secret);
  await page.goto(book);
  const windows = await offered(page);
  const [held, moved] = [windows.at(-1)!, windows.at(-2)!];
  expect((await page.request.post(book, { form: { window: held }, maxRedirects: 0 })).status()).toBe(303);
  // A stranger at the same street address, and one who shares only the phone: never on this page.
  const neighbour = await recordLead(
    database,
    { ...sampleLead(), contact: { ...sampleLead().contact, email: `n.${stamp}@example.com`, phone: "+12085550100" } },
    { webhook: false },
  );
  const samePhone = await recordLead(
    database,
    { ...sampleLead(), contact: { ...sampleLead().contact, email: `p.${stamp}@example.com`, phone } },
    { webhook: false },
  );

  const link = accountPath("email", first, secret);
  const sources: { html: string; where: string }[] = [];
  const check = async (where: string) => {
    await expectNoViolations(page, where);
    sources.push({ html: await (await page.request.get(page.url())).text(), where });
  };

  // One link, both jobs, newest first; no one else's.
  const sent = await page.request.get(link);
  expect(sent.headers()["cache-control"]).toBe("private, no-store");
  expect(sent.headers()["referrer-policy"]).toBe("same-origin");
  expect(sent.headers()["x-robots-tag"]).toContain("noindex");
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your requests");
  const requests = page.getByRole("heading", { level: 2, name: /^Request GS-/ });
  await expect(requests).toHaveText([`Request ${referenceOf(second)}`, `Request ${referenceOf(first)}`]);
  for (const other of [neighbour.id, samePhone.id]) await expect(page.getByText(referenceOf(other))).toHaveCount(0);
  await expect(page.getByRole("main")).toContainText("88 W Pine Ave");
  await expect(page.getByRole("main")).toContainText("1234 W Main St");
  await check("the customer's page at 390 px");
  await page.screenshot({ path: testInfo.outputPath("account-390.png"), fullPage: true });

  // Pay the open invoice: the invoice's own page, its pay step, the fake Checkout; Stripe's word makes it paid.
  await page.getByRole("link", { name: `Pay ${formatCents(total)}` }).click();
  await expect(page).toHaveURL(/\/invoice\?t=/);
  await page.getByRole("link", { name: `Pay ${formatCents(total)}` }).click();
  await page.getByRole("radio", { name: "No tip" }).check();
  await page.getByRole("button", { name: /^Pay/ }).click();
  // The pay step names the sum with its cents, as Checkout will show it.
  const checkout = page.getByRole("link", { name: `Pay ${formatCents(total)}.00 on the secure page` });
  await expect(checkout).toBeVisible();
  const session = stripe.created().find((s) => s.amount_total === total && s.metadata.invoiceId);
  expect(session).toBeDefined();
  Object.assign(stripe.sessions.get(session!.id)!, { status: "complete", payment_status: "paid" });
  const paid = checkoutEvent("checkout.session.completed", {
    id: session!.id,
    payment_status: "paid",
    status: "complete",
    payment_intent: fakeId("pi"),
  } as never);
  expect((await sendWebhook(server.origin, paid)).status).toBe(200);
  await page.goto(link);
  await expect(page.getByText("Paid in full")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Pay / })).toHaveCount(0);

  // Move the window, on the booking's own page.
  await page.getByRole("link", { name: "Change or cancel this window" }).click();
  await expect(page).toHaveURL(/\/book\/manage\?t=/);
  await page.locator(`input[type=radio][value="${moved}"]`).check();
  await page.getByRole("button", { name: "Request this window" }).click();
  await expect(page).toHaveURL(/done=1$/);
  const [day, times] = moved.split(" ") as [string, string];
  expect(await bookingForLead(database, second)).toMatchObject({ day, times, status: "requested" });
  await page.goto(link);
  await expect(page.getByRole("main")).toContainText(`${dayText(day)}, ${timesLabel(times)}`);

  // Reminders off: a plain form post, then this page again with what changed.
  await page.getByRole("button", { name: "Turn reminders off" }).click();
  await expect(page).toHaveURL(/saved=reminders-off/);
  await expect(page.getByRole("main").getByRole("status")).toHaveText(
    "Seasonal reminders are off. You will not get any more.",
  );
  expect(await getConsent(database.db, first)).toMatchObject({ optedOut: true });
  await expect(page.getByRole("button", { name: "Turn reminders off" })).toHaveCount(0);
  await check("the customer's page after a change");

  // The accepted-nothing PDF of the invoice is the customer's; with another customer's link it is not.
  const pdfHref = await page
    .getByRole("link", { name: /\(PDF\)$/ })
    .first()
    .getAttribute("href");
  const pdf = await page.request.get(pdfHref!);
  expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  const strangers = accountPath("email", neighbour.id, secret).split("t=")[1]!;
  expect((await page.request.get(pdfHref!.replace(/t=.*$/, `t=${strangers}`))).status()).toBe(404);

  // An expired link says so and offers a new one; an altered one is not valid.
  const old = accountPath("email", first, secret, new Date(Date.now() - 8 * 86_400_000));
  expect((await page.goto(old))?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired");
  await expect(page.getByRole("button", { name: "Send me my link" })).toBeVisible();
  await check("an expired link");
  expect((await page.goto(`${link.slice(0, -2)}xx`))?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");

  // The Nu checker on each page as the server sent it.
  const files = sources.map((source, i) => {
    const file = testInfo.outputPath(`account-${i}.html`);
    writeFileSync(file, source.html);
    return { file, where: source.where };
  });
  const errors = await htmlErrors(files.map((f) => f.file));
  expect(errors.map((e) => `${files.find((f) => f.file === e.file)?.where}, line ${e.line}: ${e.message}`)).toEqual([]);
});

test("Send me my link: an unknown address is answered exactly as a known one, and nothing is sent to it", async ({
  page,
  site: { database, dataDir, twilio },
}, testInfo) => {
  const stamp = `${Date.now()}-${testInfo.repeatEachIndex}`;
  const known = `known.${stamp}@example.com`;
  const unknown = `unknown.${stamp}@example.com`;
  const phone = `+1208556${String(Date.now() % 10_000).padStart(4, "0")}`;
  const unknownPhone = `+1208557${String(Date.now() % 10_000).padStart(4, "0")}`;
  const lead = sampleLead({ idempotencyKey: `key:account-link-${stamp}` });
  await recordLead(
    database,
    { ...lead, fields: { ...lead.fields, email: known, phone }, contact: { ...lead.contact, email: known, phone } },
    { webhook: false },
  );
  const ask = async (typed: string) => {
    await page.goto("/account");
    await page.getByRole("textbox", { name: "Your e-mail address or mobile number" }).fill(typed);
    await page.getByRole("button", { name: "Send me my link" }).click();
    await expect(page).toHaveURL(/\/account\/link\?sent=1$/);
    return (await page.getByRole("main").innerText()).trim();
  };
  const answers = [
    await ask(unknown),
    await ask(known.toUpperCase()),
    await ask(unknownPhone.slice(2)),
    await ask(`(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`),
  ];
  expect(new Set(answers).size).toBe(1);
  await expect(page.getByRole("status")).toContainText(
    "If we have a request with that e-mail address or mobile number",
  );
  await expectNoViolations(page, "Send me my link, answered");
  await page.screenshot({ path: testInfo.outputPath("link-sent-390.png"), fullPage: true });

  // The known address gets one e-mail with its link; the known number one text; the unknown ones nothing.
  await expect
    .poll(() => mailsTo(dataDir, known).filter((s) => s.startsWith("Your link")).length, { timeout: 20_000 })
    .toBe(1);
  // The text is queued as every customer text is (sent by day only: the thread's row and its job), and reaches the fake Twilio by day.
  const texts = async (to: string) =>
    (
      await database.db
        .selectFrom("text_messages")
        .select("body")
        .where("phone", "=", to)
        .where("kind", "=", "account-link")
        .execute()
    ).map((r) => r.body);
  await expect.poll(async () => (await texts(phone)).filter((b) => b.includes("/account?t=")).length).toBe(1);
  expect(await texts(unknownPhone)).toEqual([]);
  expect(mailsTo(dataDir, unknown)).toEqual([]);
  expect(twilio.deliveredTo(unknownPhone)).toEqual([]);

  // What it is not: a field message, at once.
  await page.goto("/account/link");
  await page.getByRole("textbox", { name: "Your e-mail address or mobile number" }).fill("not an address");
  await page.getByRole("button", { name: "Send me my link" }).click();
  await expect(
    page.getByText("Enter the e-mail address (like name@example.com) or the 10-digit mobile number"),
  ).toBeVisible();
  await expectNoViolations(page, "Send me my link, an entry that is no address");
});

test("without JavaScript: the page, a preference changed and back by its form, and Send me my link", async ({
  browser,
  site: { database, server },
}, testInfo) => {
  const stamp = `${Date.now()}-${testInfo.repeatEachIndex}`;
  const email = `no.script.${stamp}@example.com`;
  const lead = sampleLead({ idempotencyKey: `key:account-noscript-${stamp}` });
  const { id } = await recordLead(
    database,
    { ...lead, fields: { ...lead.fields, email }, contact: { ...lead.contact, email } },
    { webhook: false },
  );
  const link = accountPath("email", id, await linkSecret(database, {}));
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: server.origin,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your requests");
    await expect(page.getByRole("heading", { level: 2, name: `Request ${referenceOf(id)}` })).toBeVisible();

    // Each preference is a plain form post answered with this page again (Post/Redirect/Get), both ways.
    await page.getByRole("button", { name: "Do not ask me for reviews" }).click();
    await expect(page).toHaveURL(/saved=reviews-off/);
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Review requests are off.");
    await page.getByRole("button", { name: "Ask me again" }).click();
    await expect(page).toHaveURL(/saved=reviews-on/);
    await expect(page.getByRole("main").getByRole("status")).toHaveText("Review requests are on again.");
    await expect(page.getByRole("button", { name: "Do not ask me for reviews" })).toBeVisible();

    // Send me my link, as a plain form.
    await page.goto("/account");
    await page.getByRole("textbox", { name: "Your e-mail address or mobile number" }).fill(email.toUpperCase());
    await page.getByRole("button", { name: "Send me my link" }).click();
    await expect(page).toHaveURL(/\/account\/link\?sent=1$/);
    await expect(page.getByRole("status")).toContainText(
      "If we have a request with that e-mail address or mobile number",
    );
  } finally {
    await context.close();
  }
});
