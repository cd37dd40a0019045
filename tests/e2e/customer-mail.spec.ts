/**
 * What the visitor receives, read from the real SMTP server the site sends to (tests/e2e/sinks.ts): the
 * reply to every accepted request, and the newsletter's double opt-in and one-click unsubscribe, with
 * the e-mail's links followed against the test server.
 */
import type { Locator, Page } from "@playwright/test";
import { business } from "../../app/content/business.ts";
import { decode, headerValue, leaves, parsePart, type Part } from "../support/mime-reader.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { leadsFor, signUpOnPage, subscriptionStatus, uniqueEmail } from "./leads.ts";
import { LEADS_TO, MAIL_FROM, mailsTo } from "./sinks.ts";

test.skip(({ isMobile }) => isMobile, "e-mail flows are exercised once, on the desktop project");

/** The one e-mail sent to `to`, parsed: headers, plain text and HTML. */
async function mailTo(to: string): Promise<{ message: Part; text: string; html: string }> {
  await expect.poll(() => mailsTo(to, to).length, { timeout: 15_000 }).toBe(1);
  const message = parsePart(mailsTo(to, to)[0]!.replace(/\r?\n/g, "\r\n"));
  const part = (type: string) => decode(leaves(message).find((p) => headerValue(p, "content-type").startsWith(type))!);
  return { message, text: part("text/plain"), html: part("text/html") };
}

/** A link from an e-mail, made relative so that it is followed on the test server (the e-mail names SITE_URL). */
const onTestServer = (href: string) => {
  const url = new URL(href);
  expect(url.origin).toBe("https://www.gemstateexteriorcleaning.com");
  return url.pathname + url.search;
};

async function fillContact(form: Locator, email: string, message: string) {
  await form.getByRole("textbox", { name: "First name", exact: true }).fill("Maria");
  await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Garcia");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("208-555-0142");
  await form.getByRole("textbox", { name: "ZIP code", exact: true }).fill("83651");
  await form.getByRole("radio", { name: "Residential" }).check();
  await form.getByRole("checkbox", { name: "Roof Cleaning" }).check();
  await form.getByRole("textbox", { name: "Project details" }).fill(message);
  await form.getByRole("radio", { name: "Email" }).check();
}

test.describe("the reply to every request", () => {
  test("with JavaScript: the confirmation's reference is the e-mail's, which gives the choices, next steps, hours and phone, and nothing the visitor wrote", async ({
    page,
  }) => {
    const email = uniqueEmail("reply-js");
    await page.goto("/contact?city=Nampa");
    await hydrated(page);
    const form = page.locator("#contact-form");
    await fillContact(form, email, "Your mailbox is suspended. Verify now at https://evil.example/login <b>today</b>");
    await form.getByRole("button", { name: "Send My Request" }).click();
    const status = page.getByRole("main").getByRole("status"); // the confirmation takes the form's place
    await expect(status).toContainText("Your reference number:");
    const reference = (await status.locator("[data-reference]").textContent())!;
    expect(reference).toMatch(/^GS-[0-9A-F]{4}-[0-9A-F]{4}$/);

    const { message, text, html } = await mailTo(email);
    expect(headerValue(message, "from")).toBe(`${business.name} <${MAIL_FROM}>`);
    expect(headerValue(message, "reply-to")).toBe(`${business.name} <${business.email}>`);
    expect(headerValue(message, "to")).toBe(`Maria Garcia <${email}>`);
    // It names a service and a property, so it is an estimate request, though sent from /contact (decision 040).
    expect(headerValue(message, "subject")).toBe(`We received your estimate request (reference ${reference})`);
    expect(headerValue(message, "list-unsubscribe")).toBe(""); // a reply to a request is not a list e-mail
    expect(text).toContain(`Your reference number: ${reference}`);
    expect(text).toContain(`We will reply within ${business.replyWithinHours} hours with your free estimate.`);
    for (const h of business.hours) expect(text).toContain(`${h.days}: ${h.display}`);
    expect(text).toContain(business.phone.display);
    expect(text).toMatch(/Property type: Residential\r?\nServices: Roof Cleaning\r?\nPreferred contact method: Email/);
    // The project details, the city and the phone number are the visitor's own words: the owner gets them, the address's owner does not.
    for (const typed of ["mailbox", "Verify", "evil.example", "today", "Nampa", "555-0142", "83651"]) {
      expect(text).not.toContain(typed);
      expect(html).not.toContain(typed);
    }

    // The owner's e-mail names the same reference, and has the message.
    await expect.poll(() => mailsTo(LEADS_TO, email).length, { timeout: 15_000 }).toBe(1);
    expect(mailsTo(LEADS_TO, email)[0]).toContain(reference);
    expect(mailsTo(LEADS_TO, email)[0]).toContain("Your mailbox is suspended.");
  });

  test("without JavaScript: the confirmation page shows the same reference as the e-mail", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const email = uniqueEmail("reply-nojs");
    await page.goto("/contact");
    const form = page.locator("#contact-form");
    await form.getByRole("textbox", { name: "City", exact: true }).fill("Kuna");
    await fillContact(form, email, "Driveway and patio.");
    await form.getByRole("button", { name: "Send My Request" }).click();
    await expect(page).toHaveURL(/\/request-received\//);
    const reference = (await page.getByRole("main").getByRole("status").locator("[data-reference]").textContent())!;
    const { text } = await mailTo(email);
    expect(text).toContain(`Your reference number: ${reference}`);
    expect((await leadsFor(email))[0]!.id.slice(0, 8).toUpperCase()).toBe(reference.replace(/^GS-|-/g, ""));
    await context.close();
  });
});

test.describe("newsletter double opt-in", () => {
  async function signUp(page: Page, email: string) {
    await signUpOnPage(page, email);
    const [lead] = await leadsFor(email);
    return lead!.id;
  }

  test("sign-up e-mails a link; following it shows a button (a GET confirms nothing); the button confirms; the one-click POST unsubscribes", async ({
    page,
    request,
  }) => {
    const email = uniqueEmail("optin");
    const id = await signUp(page, email);
    expect(await subscriptionStatus(id)).toBe("pending");

    const { message, text, html } = await mailTo(email);
    expect(headerValue(message, "subject")).toBe(`Please confirm your subscription to ${business.name} tips`);
    expect(headerValue(message, "reply-to")).toBe(`${business.name} <${business.email}>`);
    expect(headerValue(message, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribeHref = /^<(https:\/\/[^>]+)>$/.exec(headerValue(message, "list-unsubscribe"))![1]!;
    const confirmHref = /https:\/\/\S+\/newsletter\/confirm\?t=\S+/.exec(text)![0];
    expect(html).toContain(`href="${confirmHref}"`);

    // A mail scanner fetching the link confirms nothing.
    expect((await request.get(onTestServer(confirmHref))).status()).toBe(200);
    expect(await subscriptionStatus(id)).toBe("pending");

    await page.goto(onTestServer(confirmHref));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
    await page.getByRole("button", { name: "Confirm my subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your subscription is confirmed");
    expect(await subscriptionStatus(id)).toBe("confirmed");

    // The mail program's Unsubscribe button (RFC 8058): one POST, no cookies, no page.
    const oneClick = await request.post(onTestServer(unsubscribeHref), {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://mail.example" },
      data: "List-Unsubscribe=One-Click",
    }); // a mail provider posts from its own origin
    expect(oneClick.status()).toBe(200);
    expect(await subscriptionStatus(id)).toBe("unsubscribed");
    await page.goto(onTestServer(unsubscribeHref));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the unsubscribe link's page unsubscribes with one button, without signing in", async ({ page, request }) => {
      const email = uniqueEmail("unsub-nojs");
      await page.goto("/newsletter");
      const form = page.locator("#page-newsletter-form");
      await form.getByRole("textbox", { name: "Email address" }).fill(email);
      await form.getByRole("button", { name: "Subscribe" }).click();
      await expect(page).toHaveURL(/\/request-received\//);
      await expect(page.getByRole("status")).toContainText("Please check your inbox");
      const [lead] = await leadsFor(email);

      const { text } = await mailTo(email);
      const unsubscribeHref = /https:\/\/\S+\/newsletter\/unsubscribe\?t=\S+/.exec(text)![0];
      expect((await request.get(onTestServer(unsubscribeHref))).status()).toBe(200);
      expect(await subscriptionStatus(lead!.id)).toBe("pending");
      await page.goto(onTestServer(unsubscribeHref));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cancel your sign-up?");
      await page.getByRole("button", { name: "Unsubscribe" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");
      expect(await subscriptionStatus(lead!.id)).toBe("unsubscribed");
    });

    test("an altered link says so and changes nothing", async ({ page }) => {
      const response = await page.goto("/newsletter/confirm?t=c.not-a-lead.zzzz.forged");
      expect(response?.status()).toBe(400);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
      await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
    });
  });
});
