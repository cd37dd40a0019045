/**
 * A request's stage follows what happened (docs/decisions/035-stages-from-events.md), walked by the owner at
 * 1440 px: a request sent from /contact, a quote sent, accepted by the customer, its deposit paid at (the fake)
 * Stripe, a window asked for and confirmed; the inbox and the request page show each stage without any stage set by
 * hand, and the request page reads as the job (the customer's words first, then the one next step), at 390 px too.
 */
import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import { listLeads } from "../../app/server/features/admin/listing.server.ts";
import { linkSecret, quotePath } from "../../app/server/kit/signed-links.server.ts";
import { checkoutEvent, sendWebhook, withFakeStripe } from "../support/fake-stripe.ts";
import { testPhoto } from "../support/test-photos.ts";
import { withTextSite } from "../support/text-site.ts";
import { expectNoViolations } from "./axe.ts";
import { typeEstimate, uniqueEmail } from "./leads.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";
import { expect } from "./fixtures.ts";

const test = withTextSite("stages", withFakeStripe);

test.skip(
  ({ isMobile }) => isMobile,
  "the owner's walk at 1440 px (its 390 px check is inside), on the desktop project",
);

const SHOTS = "/work/shots/stages";

test("a request moves from new to scheduled by what happens, shown in the inbox and on its page, never set by hand", async ({
  page,
  browser,
  site: { server, database, stripe, dataDir },
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
  const email = uniqueEmail("stages");
  const words = "Moss on the north side of the roof. Please call after 5 & ask for Rosa.";

  // The customer's request from /contact on a phone without JavaScript, with a photo.
  const phone = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    baseURL: server.origin,
  });
  const customerPage = await phone.newPage();
  await customerPage.goto("/contact");
  const form = customerPage.locator("#contact-form");
  await typeEstimate(form, { first: "Rosa", last: "Stagewalk", email });
  await form.getByRole("textbox", { name: "City", exact: true }).fill("Boise");
  // The address the crew drives to (a window cannot be booked without one: decision 038).
  await form.getByRole("textbox", { name: "Street address (optional)", exact: true }).fill("1234 W Main St");
  await form.getByRole("radio", { name: "Residential" }).check();
  await form.getByRole("checkbox", { name: "Roof Cleaning" }).check();
  await form.getByRole("textbox", { name: "Project details" }).fill(words);
  await form.getByRole("radio", { name: "Email" }).check();
  const roof = await testPhoto({ width: 800, height: 600, from: "#14532d", to: "#0f172a" });
  await form
    .getByLabel("Photos (optional)")
    .setInputFiles([{ name: "roof.jpg", mimeType: "image/jpeg", buffer: roof }]);
  await form.getByRole("button", { name: "Send My Request" }).click();
  await expect(customerPage).toHaveURL(/\/request-received\//);
  await expect.poll(async () => (await listLeads(database, {})).some((l) => l.contact.email === email)).toBe(true);
  const lead = (await listLeads(database, {})).find((l) => l.contact.email === email)!;
  const requestPage = `/admin/requests/${lead.id}`;

  const owner = uniqueOwner("stages");
  await addOwnerWithCli(owner, dataDir);
  await signIn(page, owner);
  const row = page
    .getByRole("list", { name: "Requests, newest first" })
    .getByRole("listitem")
    .filter({ hasText: email });
  /** The stage the inbox's row and the request page's header show. */
  const expectStage = async (label: string) => {
    await page.goto(`/admin?q=${encodeURIComponent(email)}`);
    await expect(row.getByText(`Stage: ${label}`, { exact: true })).toBeVisible();
    await page.goto(requestPage);
    await expect(page.locator("h1 + span")).toHaveText(`Stage: ${label}`);
  };

  // New: the page reads as the job: the customer's words, services, property and photo first, then one next step.
  await expectStage("New");
  const asked = page.getByRole("region", { name: "What they asked" });
  await expect(asked.locator("blockquote")).toHaveText(words);
  await expect(asked).toContainText("Roof Cleaning");
  await expect(asked).toContainText("Residential");
  await expect(asked).not.toContainText(/\bresidential\b|contact-page/);
  await expect(asked.getByRole("img", { name: /Photo 1 of 1/ })).toBeVisible();
  const next = page.getByRole("region", { name: "Next step" });
  await expect(next.getByRole("link", { name: "Write a quote" })).toHaveAttribute("href", `${requestPage}/quote`);
  await page.screenshot({ path: `${SHOTS}/request-new-1440.png` });

  // Quote sent (with a 25 % deposit).
  await next.getByRole("link", { name: "Write a quote" }).click();
  await page.getByLabel("Line 1: work", { exact: true }).first().fill("Roof moss treatment");
  await page.getByLabel("Line 1: $", { exact: true }).first().fill("400");
  await page.getByLabel("Deposit", { exact: true }).selectOption("percent");
  await page.getByLabel("Deposit: % or $").fill("25");
  await page.getByRole("button", { name: "Save and preview" }).click();
  await page.getByRole("button", { name: "Send to the customer" }).click();
  await expect(page.getByRole("status")).toContainText("Quote sent");
  await expectStage("Quote sent");
  await expect(page.getByRole("region", { name: "Next step" })).toContainText("Waiting for their answer");

  // Accepted by the customer, from the e-mail's link.
  const quote = await database.db
    .selectFrom("quotes")
    .select(["id", "valid_until"])
    .where("lead_id", "=", lead.id)
    .where("status", "=", "sent")
    .executeTakeFirstOrThrow();
  const link = quotePath(quote.id, quote.valid_until, await linkSecret(database, { LINK_SECRET: undefined }));
  await customerPage.goto(link);
  await customerPage.getByRole("textbox", { name: "Your full name" }).fill("Rosa Stagewalk");
  await customerPage.getByRole("checkbox", { name: "I agree to the terms above" }).check();
  await customerPage.getByRole("button", { name: "Accept", exact: true }).click();
  await expect(customerPage.getByRole("heading", { level: 1, name: "You accepted this quote" })).toBeVisible();
  await expectStage("Quote accepted");

  // The deposit, paid at Stripe: Stripe's signed webhook says so.
  await customerPage.getByRole("link", { name: "Pay the $100 deposit" }).click();
  const session = stripe.created().find((s) => s.success_url.includes("/deposit/paid") && s.amount_total === 10_000)!;
  const paid = checkoutEvent("checkout.session.completed", {
    id: session.id,
    payment_status: "paid",
    status: "complete",
  });
  expect((await sendWebhook(server.origin, paid)).status).toBe(200);
  await expectStage("Deposit paid");

  // A window asked for by the customer, confirmed by the owner from the next step.
  await customerPage.goto(link);
  await customerPage.getByRole("link", { name: "Choose an arrival window" }).click();
  await customerPage.locator("main input[type=radio][name=window]").first().check();
  await customerPage.getByRole("button", { name: "Request this window" }).click();
  await expect(customerPage.getByText("Requested — not booked yet")).toBeVisible();
  await phone.close();
  await page.goto(requestPage);
  await expect(page.getByRole("region", { name: "Next step" })).toContainText("Confirm the window they asked for");
  await page.getByRole("region", { name: "Next step" }).getByRole("link", { name: "Confirm the window" }).click();
  await page
    .getByRole("form", { name: "Confirm this window" })
    .getByRole("button", { name: "Confirm the window" })
    .click();
  await expect(page.getByRole("status")).toHaveText(/Window confirmed/);
  await expectStage("Scheduled");

  // The history: each event with the stage it gave, newest first, and no stage set by hand.
  const history = page.getByRole("list", { name: "History, newest first" }).getByRole("listitem");
  await expect(history).toHaveText([
    /Arrival window confirmed.*Stage: Scheduled/,
    /Deposit paid.*Stage: Deposit paid/,
    /The customer accepted the quote.*Stage: Quote accepted/,
    /Quote sent.*Stage: Quote sent/,
  ]);
  await expect(page.getByRole("region", { name: "Next step" })).toContainText("Scheduled for");
  await expectNoViolations(page, "the request page, scheduled, at 1440 px");
  await page.screenshot({ path: `${SHOTS}/request-scheduled-1440.png`, fullPage: true });

  // The inbox's stage filter finds it; its row is not marked neglected.
  await page.goto("/admin?stage=scheduled");
  await expect(row).toHaveCount(1);
  await expect(row).not.toHaveAttribute("data-overdue", "true");
  await page.goto("/admin?stage=new");
  await expect(row).toHaveCount(0);
  await page.goto("/admin");
  await page.screenshot({ path: `${SHOTS}/inbox-1440.png` });

  // At 390 px the first screen is the customer's words, before any form.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(requestPage);
  await expectFirstScreen(page, words);
  await expectNoViolations(page, "the request page at 390 px");
  await page.screenshot({ path: `${SHOTS}/request-390.png` });
  await page.screenshot({ path: `${SHOTS}/request-390-full.png`, fullPage: true });
  await page.goto("/admin");
  await page.screenshot({ path: `${SHOTS}/inbox-390.png` });
});

/** The customer's words are on the first screen, and above every form of the page. */
async function expectFirstScreen(page: Page, words: string) {
  const quote = page.getByRole("region", { name: "What they asked" }).locator("blockquote");
  await expect(quote).toHaveText(words);
  await expect(quote).toBeInViewport();
  const wordsBox = (await quote.boundingBox())!;
  const firstForm = (await page.locator("main form").first().boundingBox())!;
  expect(wordsBox.y + wordsBox.height).toBeLessThan(firstForm.y);
}
