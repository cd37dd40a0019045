import { createHmac } from "node:crypto";
import { decode, headerValue, headerValues, leaves, parsePart } from "../support/mime-reader.ts";
import { business } from "../../app/content/business.ts";
import { CONSENT, TERMS_NOTE } from "../../app/forms/consent.ts";
import { areaSays } from "../support/service-area-cases.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { leadDetail, leadsFor, ownerMail, typeEstimate, uniqueEmail } from "./leads.ts";
import {
  hooksContaining,
  LEADS_TO,
  MAIL_FROM,
  mailsContaining,
  mailsTo,
  setSmtpDown,
  WEBHOOK_SECRET,
} from "./sinks.ts";
import type { Locator, Page } from "@playwright/test";

/** Forms are tested at 1440 px, where the sidebar form is shown; the layout tests cover phones. */
test.skip(({ isMobile }) => isMobile, "forms are exercised once, on the desktop project");

async function fillEstimate(
  form: Locator,
  {
    first = "Jane",
    last = "Doe",
    email,
    phone = "(208) 555-0199",
    zip = "83646",
  }: { first?: string; last?: string; email: string; phone?: string; zip?: string },
) {
  await typeEstimate(form, { first, last, email, phone, zip });
  await form.getByRole("radio", { name: "Residential" }).check();
  await form.getByRole("checkbox", { name: /I agree to receive conversational text messages/ }).check();
}

const sidebar = (page: Page) => page.getByRole("complementary", { name: "FREE ESTIMATE" });

/** The one e-mail the owner received about `email`, parsed. */

test.describe("sidebar estimate form with JavaScript", () => {
  test("a valid request is stored once, e-mailed to the owner with Reply-To the visitor, and posted to the webhook", async ({
    page,
  }) => {
    const email = uniqueEmail("sidebar");
    await page.goto("/about?utm_source=flyer&utm_campaign=spring");
    await hydrated(page);
    const form = sidebar(page);
    await fillEstimate(form, { email });
    // Text messages have a box of their own; the terms are a sentence beside the button, not a box.
    await expect(form.getByRole("checkbox")).toHaveCount(1);
    await expect(form.locator("label").filter({ has: page.getByRole("checkbox") })).toContainText(CONSENT.text);
    await expect(form.getByText(TERMS_NOTE)).toBeVisible();
    await form.getByRole("button", { name: "Get My Free Estimate" }).dblclick();
    await expect(form.getByRole("status")).toContainText("Thank you! Your request is in.");
    await expect(form.getByRole("status")).toContainText(areaSays("83646").title);
    await expect(form.getByRole("status")).toContainText(business.phone.display);

    const rows = await leadsFor(email);
    expect(rows).toHaveLength(1);
    const lead = rows[0]!;
    expect(lead.kind).toBe("estimate");
    expect(lead.contact).toEqual({ name: "Jane Doe", email, phone: "+12085550199", zip: "83646" });
    expect(lead.inServiceArea).toBe(true);
    // The proof keeps the wording the box showed, by its version.
    expect(lead.consent).toMatchObject({ version: CONSENT.version, text: CONSENT.text });
    expect(lead.context.page).toBe("/about?utm_source=flyer&utm_campaign=spring");
    expect(lead.context.utm).toEqual({ utm_source: "flyer", utm_campaign: "spring" });
    expect(lead.context.userAgent).not.toBe("");

    const { message, text } = await ownerMail(email);
    expect(headerValue(message, "from")).toContain(MAIL_FROM);
    expect(headerValue(message, "to")).toContain(LEADS_TO);
    expect(headerValue(message, "reply-to")).toContain(email);
    expect(headerValue(message, "subject")).toContain("Jane Doe");
    expect(text).toContain("(208) 555-0199");

    await expect.poll(() => hooksContaining(email).length, { timeout: 15_000 }).toBe(1);
    const hook = hooksContaining(email)[0]!;
    const t = /^t=(\d+),/.exec(hook.headers["x-signature"] ?? "")?.[1];
    expect(hook.headers["x-signature"]).toBe(
      `t=${t},v1=${createHmac("sha256", WEBHOOK_SECRET).update(`${t}.${hook.body}`).digest("hex")}`,
    );
    expect(hook.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(hook.body)).toMatchObject({ id: lead.id, kind: "estimate" });
    await expect.poll(async () => (await leadDetail(lead.id))?.deliveryStatus, { timeout: 15_000 }).toBe("notified");
  });

  test("each invalid field says why, the summary takes focus and links to the fields", async ({ page }) => {
    await page.goto("/faq");
    await hydrated(page);
    const form = sidebar(page);
    await form.getByRole("button", { name: "Get My Free Estimate" }).click();
    const summary = form.getByRole("alert");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Please fix 6 fields");
    await expect(form.getByText("Enter your first name")).toHaveCount(2); // summary link and the message beside the field
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("555-12");
    await form.getByRole("textbox", { name: "Phone", exact: true }).blur();
    await expect(form.getByText(`Enter a 10-digit phone number like ${business.phone.display}`).first()).toBeVisible();
    await summary.getByRole("link", { name: "Enter your e-mail address" }).click();
    await expect(form.getByRole("textbox", { name: "Email", exact: true })).toBeFocused();
    await expect(form.getByRole("textbox", { name: "Email", exact: true })).toHaveAttribute("aria-invalid", "true");
  });

  test("after a failed send, fixing the fields with the keyboard leaves the focus where the visitor is; the next send shows the summary again", async ({
    page,
  }) => {
    await page.goto("/faq");
    await hydrated(page);
    const form = sidebar(page);
    const send = form.getByRole("button", { name: "Get My Free Estimate" });
    await send.click();
    const summary = form.getByRole("alert");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Please fix 6 fields");
    await summary.getByRole("link", { name: "Enter your first name" }).click();
    const firstName = form.getByRole("textbox", { name: "First name", exact: true });
    const lastName = form.getByRole("textbox", { name: "Last name", exact: true });
    const email = form.getByRole("textbox", { name: "Email", exact: true });
    await expect(firstName).toBeFocused();
    // Each fix changes the count of errors; the focus goes on to the next field, not back to the summary.
    await page.keyboard.type("Jane");
    await page.keyboard.press("Tab");
    await expect(lastName).toBeFocused();
    await expect(summary).toContainText("Please fix 5 fields");
    await page.keyboard.type("Doe");
    await page.keyboard.press("Tab");
    await expect(email).toBeFocused();
    await expect(summary).toContainText("Please fix 4 fields");
    // A field emptied again adds an error; the focus still goes on.
    await page.keyboard.press("Shift+Tab");
    await expect(lastName).toBeFocused();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Backspace");
    await page.keyboard.press("Tab");
    await expect(email).toBeFocused();
    await expect(summary).toContainText("Please fix 5 fields");
    // Sending again is a new attempt: the summary takes the focus again.
    await send.click();
    await expect(summary).toBeFocused();
  });

  test("a ZIP outside the service area is accepted, flagged, and the visitor is told", async ({ page }) => {
    const email = uniqueEmail("outside");
    await page.goto("/");
    await hydrated(page);
    const form = sidebar(page);
    await fillEstimate(form, { email, zip: "83814-1234" });
    await form.getByRole("button", { name: "Get My Free Estimate" }).click();
    await expect(form.getByRole("status")).toContainText("83814 is outside our usual service area");
    const [lead] = await leadsFor(email);
    expect(lead?.inServiceArea).toBe(false);
    expect(lead?.contact.zip).toBe("83814");
  });

  test("the honeypot turns a bot away with an ordinary confirmation and stores nothing", async ({ page }) => {
    const email = uniqueEmail("bot");
    await page.goto("/");
    await hydrated(page);
    const form = sidebar(page);
    await fillEstimate(form, { email });
    await form
      .locator('input[name="kq_confirm_field"]')
      .evaluate((el: HTMLInputElement) => (el.value = "http://spam.example"));
    await form.getByRole("button", { name: "Get My Free Estimate" }).click();
    await expect(form.getByRole("status")).toContainText("Thank you! Your request is in.");
    expect(await leadsFor(email)).toHaveLength(0);
    expect(mailsContaining(email)).toHaveLength(0);
  });

  test("the same request sent fifty times at once is stored once and answered the same way", async ({
    page,
    baseURL,
  }) => {
    const email = uniqueEmail("burst");
    await page.goto("/");
    const key = crypto.randomUUID();
    const body = new URLSearchParams({
      firstName: "Sam",
      lastName: "Lee",
      email,
      phone: "2085550100",
      zipcode: "83702",
      agreed: "on",
      _idem: key,
    }).toString();
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        page.request.post("/estimate", {
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL! },
          data: body,
        }),
      ),
    );
    expect(responses.map((r) => r.status())).toEqual(Array(50).fill(200));
    const texts = new Set(
      await Promise.all(responses.map(async (r) => /Thank you! Your request is in\./.test(await r.text()))),
    );
    expect([...texts]).toEqual([true]);
    expect(await leadsFor(email)).toHaveLength(1);
  });

  test("a request from another origin is refused and stores nothing", async ({ page }) => {
    const email = uniqueEmail("csrf");
    const body = new URLSearchParams({
      firstName: "Eve",
      lastName: "X",
      email,
      phone: "2085550100",
      zipcode: "83702",
      agreed: "on",
    }).toString();
    const response = await page.request.post("/estimate", {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://evil.example" },
      data: body,
    });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain(business.phone.display);
    expect(await leadsFor(email)).toHaveLength(0);
  });

  test("an SMTP outage followed by recovery delivers the message exactly once", async ({ page }) => {
    const email = uniqueEmail("outage");
    setSmtpDown(true);
    try {
      await page.goto("/");
      await hydrated(page);
      const form = sidebar(page);
      await fillEstimate(form, { email });
      await form.getByRole("button", { name: "Get My Free Estimate" }).click();
      await expect(form.getByRole("status")).toContainText("Thank you!");
      const [lead] = await leadsFor(email);
      await expect
        .poll(async () => (await leadDetail(lead!.id))?.jobs.find((j) => j.kind === "email")?.attempts ?? 0, {
          timeout: 15_000,
        })
        .toBeGreaterThanOrEqual(1);
      expect(mailsContaining(email)).toHaveLength(0);
    } finally {
      setSmtpDown(false);
    }
    await ownerMail(email);
    const [lead] = await leadsFor(email);
    await expect
      .poll(async () => (await leadDetail(lead!.id))?.jobs.find((j) => j.kind === "email")?.status, { timeout: 15_000 })
      .toBe("sent");
    expect(mailsTo(LEADS_TO, email)).toHaveLength(1);
    await expect.poll(() => mailsTo(email, email).length, { timeout: 15_000 }).toBe(1); // the visitor's reply, once
  });
});

test.describe("forms without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sidebar form posts, is redirected to a confirmation of what was received, and a refresh does not post again", async ({
    page,
  }) => {
    const email = uniqueEmail("nojs");
    await page.goto("/services");
    await fillEstimate(sidebar(page), { email });
    const [post] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      sidebar(page).getByRole("button", { name: "Get My Free Estimate" }).click(),
    ]);
    expect(post.status()).toBe(303);
    await expect(page).toHaveURL(/\/request-received\/[\w.-]+$/);
    const status = page.getByRole("main").getByRole("status");
    await expect(status).toContainText("Thank you! Your request is in.");
    await expect(status).toContainText(`within ${business.replyWithinHours} hours`);
    await expect(status.getByRole("link", { name: business.phone.display })).toHaveAttribute(
      "href",
      business.phone.href,
    );
    const received = page.getByRole("region", { name: "What we received" });
    await expect(received).toContainText(email);
    await expect(received).toContainText("(208) 555-0199");
    await expect(received).toContainText("83646");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    const refresh = await page.reload(); // a GET of the confirmation: nothing is sent again
    expect(refresh?.request().method()).toBe("GET");
    expect(refresh?.headers()["cache-control"]).toBe("private, no-store");
    await expect(page.getByRole("main").getByRole("status")).toContainText("Thank you!");
    const rows = await leadsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.context.page).toBe("/services");
    await ownerMail(email);
  });

  test("server errors come back beside each field with the values kept and a summary", async ({ page }) => {
    const email = "jane@invalid";
    await page.goto("/services");
    const form = sidebar(page);
    await fillEstimate(form, { email, phone: "555-12" });
    await form.getByRole("button", { name: "Get My Free Estimate" }).click();
    await expect(page).toHaveURL("/estimate");
    const main = page.getByRole("main");
    await expect(main.getByRole("alert")).toContainText("Please fix 2 fields");
    await expect(main.getByText(`Enter a 10-digit phone number like ${business.phone.display}`)).toHaveCount(2);
    await expect(main.getByText("Enter an e-mail address like name@example.com")).toHaveCount(2);
    await expect(main.getByRole("textbox", { name: "First name", exact: true })).toHaveValue("Jane");
    await expect(main.getByRole("textbox", { name: "Phone", exact: true })).toHaveValue("555-12");
    await expect(main.getByRole("textbox", { name: "Phone", exact: true })).toHaveAttribute("aria-invalid", "true");
  });

  test("the job application posts with its résumé and confirms", async ({ page }) => {
    const email = uniqueEmail("apply-nojs");
    await page.goto("/careers/apply?position=pressure-washing-technician");
    const form = page.locator("#application-form");
    await expect(form.getByRole("combobox", { name: "Position" })).toHaveValue("pressure-washing-technician");
    await form.getByRole("textbox", { name: "First name", exact: true }).fill("Ana");
    await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Ruiz");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("2085550123");
    await form
      .getByRole("textbox", { name: "Your work experience", exact: true })
      .fill("Landscaping crew, three summers.");
    await form.getByRole("radio", { name: "Seasonal (spring to fall)" }).check();
    await form
      .getByLabel(/Résumé/)
      .setInputFiles({ name: "ana.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
    await form.getByRole("button", { name: "Send Application" }).click();
    await expect(page).toHaveURL(/\/request-received\//);
    await expect(page.getByRole("status")).toContainText("Thank you for applying!");
    await expect(page.getByRole("region", { name: "What we received" })).toContainText("ana.pdf");
    const [lead] = await leadsFor(email);
    expect(lead?.fields).toMatchObject({
      position: "Pressure Washing Technician",
      availability: "Seasonal (spring to fall)",
    });
    const { message } = await ownerMail(email);
    expect(headerValue(message, "reply-to")).toContain(email);
    expect(leaves(message).some((p) => headerValue(p, "content-disposition").includes("ana.pdf"))).toBe(true);
    // The applicant's own copy, without the résumé.
    await expect.poll(() => mailsTo(email, email).length, { timeout: 15_000 }).toBe(1);
    const reply = parsePart(mailsTo(email, email)[0]!.replace(/\r?\n/g, "\r\n"));
    expect(headerValue(reply, "subject")).toMatch(
      /^We received your job application \(reference GS-[0-9A-F]{4}-[0-9A-F]{4}\)$/,
    );
    expect(leaves(reply).some((p) => headerValue(p, "content-disposition").includes("ana.pdf"))).toBe(false);
  });

  test("the contact form sends every field", async ({ page }) => {
    const email = uniqueEmail("contact-nojs");
    await page.goto("/contact?city=Nampa");
    const form = page.locator("#contact-form");
    await expect(form.getByRole("textbox", { name: "City", exact: true })).toHaveValue("Nampa");
    await form.getByRole("textbox", { name: "First name", exact: true }).fill("Maria");
    await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Garcia");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("+1 208 555 0142");
    await form.getByRole("textbox", { name: "ZIP code", exact: true }).fill("83651");
    await form.getByRole("radio", { name: "Commercial" }).check();
    await form.getByRole("checkbox", { name: "Roof Cleaning" }).check();
    await form.getByRole("checkbox", { name: "Other" }).check();
    await form
      .getByRole("textbox", { name: "Project details" })
      .fill("Storefront and <b>sidewalk</b>, before 7 AM please.");
    await form.getByRole("radio", { name: "Email" }).check();
    await form.getByRole("button", { name: "Send My Request" }).click();
    await expect(page).toHaveURL(/\/request-received\//);
    await expect(page.getByRole("status")).toContainText("Thank you!");
    await expect(page.getByRole("region", { name: "What we received" })).toContainText("Roof Cleaning, Other");
    const [lead] = await leadsFor(email);
    expect(lead?.kind).toBe("estimate"); // services and a property named: an estimate request, from /contact
    expect(lead?.fields).toMatchObject({
      city: "Nampa",
      serviceType: "commercial",
      servicesNeeded: ["Roof Cleaning", "Other"],
      contactMethod: "email",
      agreed: false,
    });
    expect(lead?.consent).toBeNull();
    const { text } = await ownerMail(email);
    expect(text).toContain("Storefront and &lt;b&gt;sidewalk&lt;/b&gt;");
  });
});

test.describe("contact form with JavaScript", () => {
  test("choosing text messages requires consent; the request is stored with its attribution", async ({ page }) => {
    const email = uniqueEmail("contact");
    await page.goto("/locations/pressure-washing-boise-id");
    await hydrated(page);
    await page.getByRole("main").getByRole("link", { name: "Get Free Quote", exact: true }).click();
    await expect(page).toHaveURL("/contact?city=Boise");
    await hydrated(page);
    const form = page.locator("#contact-form");
    await expect(form.getByRole("textbox", { name: "City", exact: true })).toHaveValue("Boise");
    await form.getByRole("textbox", { name: "First name", exact: true }).fill("Dave");
    await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Ross");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("208.555.0177");
    await form.getByRole("textbox", { name: "ZIP code", exact: true }).fill("83702");
    await form.getByRole("radio", { name: "Residential" }).check();
    await form.getByRole("radio", { name: "Text message" }).check();
    await form.getByRole("button", { name: "Send My Request" }).click();
    await expect(form.getByRole("alert")).toContainText("Tick the box to agree to text messages");
    await form.getByRole("checkbox", { name: /I agree/ }).check();
    await form.getByRole("button", { name: "Send My Request" }).click();
    await expect(page.getByRole("status")).toContainText("Thank you!");
    await expect(page).toHaveURL(/\/contact/); // with JavaScript the confirmation replaces the form in place
    const [lead] = await leadsFor(email);
    expect(lead?.fields).toMatchObject({ contactMethod: "text", agreed: true });
    expect(lead?.consent?.text).toContain("Consent is not a condition of purchase");
    expect(lead?.context.landingPage).toBe("/locations/pressure-washing-boise-id");
    expect(lead?.context.page).toBe("/contact?city=Boise");
  });
});

test.describe("job application", () => {
  const pdf = {
    name: "resume.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
  };

  test("Apply Now prefills the position; a PDF résumé is attached to the owner's e-mail", async ({ page }) => {
    const email = uniqueEmail("apply");
    await page.goto("/careers");
    await hydrated(page);
    await page.getByRole("link", { name: /Apply Now.*Commercial Cleaning Specialist/ }).click();
    await expect(page).toHaveURL("/careers/apply?position=commercial-cleaning-specialist");
    await hydrated(page);
    const form = page.locator("#application-form");
    await expect(form.getByRole("combobox", { name: "Position" })).toHaveValue("commercial-cleaning-specialist");
    await form.getByRole("textbox", { name: "First name", exact: true }).fill("Luis");
    await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Ortega");
    await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
    await form.getByRole("textbox", { name: "Phone", exact: true }).fill("2085550111");
    await form
      .getByRole("textbox", { name: "Your work experience", exact: true })
      .fill("Two years on a commercial cleaning crew in Nampa.");
    await form.getByRole("radio", { name: "Full-time" }).check();
    await form
      .getByLabel(/Résumé/)
      .setInputFiles({ ...pdf, name: "not-a-pdf.pdf", buffer: Buffer.from("hello, I am a text file") });
    await form.getByRole("button", { name: "Send Application" }).click();
    await expect(form.getByRole("alert")).toContainText("Attach your résumé as a PDF file");
    expect(await leadsFor(email)).toHaveLength(0);
    await form.getByLabel(/Résumé/).setInputFiles(pdf);
    await form.getByRole("button", { name: "Send Application" }).click();
    await expect(page.getByRole("status")).toContainText("Thank you for applying!");
    await expect(page).toHaveURL(/\/careers\/apply/); // with JavaScript the confirmation replaces the form in place
    const [lead] = await leadsFor(email);
    expect(lead?.kind).toBe("application");
    expect(lead?.fields).toMatchObject({ position: "Commercial Cleaning Specialist", availability: "Full-time" });
    const { message } = await ownerMail(email);
    const attachment = leaves(message).find((p) => headerValue(p, "content-disposition").startsWith("attachment"));
    expect(headerValue(attachment!, "content-disposition")).toContain("resume.pdf");
    expect(decode(attachment!).startsWith("%PDF-")).toBe(true);
  });
});

test.describe("holiday lights estimate modal", () => {
  test("closed by default, opened by every estimate button, closed by X, Escape and the backdrop, focus returned; it sends the request", async ({
    page,
  }) => {
    await page.goto("/services/holiday-light-installation");
    await hydrated(page);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const openers = page.getByRole("main").locator('button[aria-haspopup="dialog"]');
    expect(await openers.count()).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < (await openers.count()); i++) {
      const opener = openers.nth(i);
      await opener.click();
      const dialog = page.getByRole("dialog", { name: "Get Free Estimate" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("textbox", { name: "First name", exact: true })).toBeVisible();
      // Modal: focus is inside, the page behind is inert and does not scroll.
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
      expect(
        await page
          .locator("header a")
          .first()
          .evaluate((el: HTMLElement) => (el.focus(), document.activeElement === el)),
      ).toBe(false);
      if (i % 3 === 0) await dialog.getByRole("button", { name: "Close" }).click();
      else if (i % 3 === 1) await page.keyboard.press("Escape");
      else await page.mouse.click(5, 5);
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }
    const email = uniqueEmail("holiday");
    await openers.first().click();
    const dialog = page.getByRole("dialog", { name: "Get Free Estimate" });
    await fillEstimate(dialog, { email });
    await dialog.getByRole("button", { name: "Get My Free Estimate" }).click();
    await expect(dialog.getByRole("status")).toContainText("Thank you!");
    const [lead] = await leadsFor(email);
    expect(lead?.fields.source).toBe("holiday-modal");
    expect(lead?.context.page).toBe("/services/holiday-light-installation");
  });
});

test("no header can be injected into the owner's e-mail", async ({ page, baseURL }) => {
  const email = uniqueEmail("inject");
  const body = new URLSearchParams({
    firstName: "Jane\r\nBcc: victim@evil.test",
    lastName: "Doe",
    email,
    phone: "2085550100",
    zipcode: "83702",
    agreed: "on",
  }).toString();
  const response = await page.request.post("/estimate", {
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL! },
    data: body,
  });
  expect(response.status()).toBe(200);
  const { message } = await ownerMail(email);
  expect(headerValues(message, "bcc")).toEqual([]);
  expect(headerValue(message, "subject")).not.toMatch(/[\r\n]/);
});
