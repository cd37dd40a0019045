import type { Locator, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures.ts";
import { leadsFor, ownerMail, uniqueEmail } from "./leads.ts";

/** Exercised once, on the desktop project (the page's layout is covered by the a11y and screenshot checks). */
test.skip(({ isMobile }) => isMobile, "the price page is exercised once, on the desktop project");

const HOUSE = "/pricing?service=house-washing&sqft=2000&stories=2&siding=vinyl";
const HOUSE_LINE = "House washing — 2,000 sq ft · 2 stories · vinyl siding: $345 – $690";

const main = (page: Page) => page.getByRole("main");
const range = (page: Page) => page.getByTestId("price-range");
const result = (page: Page) => main(page).getByRole("region", { name: "3. Your price range" });
const requestForm = (page: Page) => main(page).getByRole("region", { name: /Request this estimate|Request a call/ });

async function fillRequest(form: Locator, email: string, zip = "83702") {
  await form.getByRole("textbox", { name: "First name", exact: true }).fill("Pat");
  await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Price");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("(208) 555-0177");
  await form.getByRole("textbox", { name: "ZIP code", exact: true }).fill(zip);
}

/** The text of the one e-mail the owner received about `email`. */
const ownerMailText = async (email: string) => (await ownerMail(email)).text;

test.describe("instant price without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a shared URL shows the range, what is included, the minimum and that the final price follows a visit", async ({ page }) => {
    await page.goto(HOUSE);
    await expect(range(page)).toHaveText("$345 – $690");
    await expect(result(page)).toContainText("House washing: 2,000 sq ft · 2 stories · vinyl siding");
    await expect(result(page)).toContainText("Minimum charge for house washing: $199.");
    await expect(result(page).getByRole("listitem").first()).toContainText("Soft wash of every side of the house");
    await expect(result(page)).toContainText("The final price follows a free look at the property");
    // The inputs are filled in from the URL.
    await expect(main(page).getByRole("textbox", { name: /Home size/ })).toHaveValue("2000");
    await expect(main(page).getByRole("radio", { name: "2 stories" })).toBeChecked();
    await expect(main(page).getByRole("radio", { name: "Vinyl" })).toBeChecked();

    await page.goto("/pricing?service=driveway-cleaning&sqft=600");
    await expect(range(page)).toHaveText("$149 – $180");
    await expect(result(page)).toContainText("Our minimum charge for driveway cleaning is $149");
  });

  test("the GET form works before any script: choose a service, enter the size, get a shareable URL", async ({ page }) => {
    await page.goto("/pricing");
    await main(page).getByRole("link", { name: "Driveway cleaning", exact: true }).click();
    await expect(page).toHaveURL("/pricing?service=driveway-cleaning");
    await expect(main(page).getByRole("link", { name: "Driveway cleaning", exact: true })).toHaveAttribute("aria-current", "page");
    // Nothing entered yet: a prompt, not error messages.
    await expect(result(page)).toContainText("Enter the size above");
    await main(page)
      .getByRole("textbox", { name: /Driveway area/ })
      .fill("1200");
    await main(page).getByRole("button", { name: "Show my price" }).click();
    await expect(page).toHaveURL("/pricing?service=driveway-cleaning&sqft=1200&zipcode=");
    await expect(range(page)).toHaveText("$180 – $360");
  });

  test("nonsense gets a clear message beside each field, with the values kept", async ({ page }) => {
    await page.goto("/pricing?service=house-washing&sqft=lots&stories=7&siding=glass");
    await expect(range(page)).toHaveCount(0);
    await expect(result(page)).toContainText("We cannot price this yet");
    const size = main(page).getByRole("textbox", { name: /Home size/ });
    await expect(size).toHaveValue("lots");
    await expect(size).toHaveAttribute("aria-invalid", "true");
    await expect(size).toHaveAccessibleDescription(/Enter the home size as a number of square feet, like 2,000/);
    await expect(main(page).getByRole("group", { name: "Stories" })).toHaveAccessibleDescription("Choose 1, 2 or 3 stories");
    await expect(main(page).getByRole("group", { name: "Siding" })).toHaveAccessibleDescription("Choose the siding: vinyl, brick, stucco or wood");
    await expect(requestForm(page)).toHaveCount(0);

    await page.goto("/pricing?service=driveway-cleaning&sqft=250000");
    await expect(result(page)).toContainText("Enter a driveway area from 50 to 10,000 sq ft; for a larger property, call us for a quote");
  });

  test("the service-area answer for a primary, an extended and an outside ZIP comes with the result", async ({ page }) => {
    await page.goto(`${HOUSE}&zipcode=83702`);
    await expect(main(page).locator("form[method=get] [data-area]")).toHaveAttribute("data-area", "primary");
    await expect(main(page).locator("form[method=get]")).toContainText("83702 is in our primary service area (Boise)");
    await expect(main(page).locator("form[method=get]")).toContainText("same-day visits are often available");
    await page.goto(`${HOUSE}&zipcode=83661`);
    await expect(main(page).locator("form[method=get]")).toContainText("83661 is in our extended service area (Payette)");
    await expect(main(page).locator("form[method=get]")).toContainText("A travel fee may apply");
    await page.goto(`${HOUSE}&zipcode=99501`);
    await expect(main(page).locator("form[method=get]")).toContainText("99501 is outside our usual service area");
    await expect(main(page).locator("form[method=get]")).toContainText("We travel across Idaho for larger jobs");
  });

  test("Request this estimate stores the range the server computed, shows it in the confirmation and e-mails it", async ({ page }) => {
    const email = uniqueEmail("price-nojs");
    await page.goto(HOUSE);
    await fillRequest(requestForm(page), email, "83661");
    const [post] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), requestForm(page).getByRole("button", { name: "Request This Estimate" }).click()]);
    expect(post.status()).toBe(303);
    await expect(page).toHaveURL(/\/request-received\//);
    await expect(page.getByRole("main").getByRole("status")).toContainText("83661 is in our extended service area (Payette)");
    await expect(page.getByRole("main").getByRole("status")).toContainText(`Your estimate: ${HOUSE_LINE}`);

    const [lead] = await leadsFor(email);
    expect(lead?.kind).toBe("estimate");
    expect(lead?.fields).toMatchObject({ priceService: "house-washing", priceInputs: "2,000 sq ft · 2 stories · vinyl siding", priceLow: "345", priceHigh: "690", priceEstimate: HOUSE_LINE });
    expect(lead?.inServiceArea).toBe(true);
    const mail = await ownerMailText(email);
    expect(mail).toContain(`Instant estimate: ${HOUSE_LINE}`);
  });

  test("commercial and fleet work get a call-back form instead of a price, through the same request pipeline", async ({ page }) => {
    const email = uniqueEmail("fleet");
    await page.goto("/pricing?service=fleet-cleaning");
    await expect(range(page)).toHaveCount(0);
    await expect(main(page)).toContainText("Fleet cleaning: priced after a call");
    const form = requestForm(page);
    await fillRequest(form, email);
    await form.getByRole("textbox", { name: "What needs cleaning" }).fill("Six box trucks, weekly");
    await form.getByRole("button", { name: "Request a Call" }).click();
    await expect(page).toHaveURL(/\/request-received\//);
    const [lead] = await leadsFor(email);
    expect(lead?.fields).toMatchObject({
      priceService: "fleet-cleaning",
      priceLow: null,
      priceEstimate: "Fleet cleaning — no online price: call back to plan a walk-through",
      message: "Six box trucks, weekly",
    });
    expect(await ownerMailText(email)).toContain("Six box trucks, weekly");
  });
});

test.describe("instant price with JavaScript", () => {
  test("the range updates in place as inputs change, the URL follows, and bad input gets a message", async ({ page }) => {
    await page.goto(HOUSE);
    await hydrated(page);
    // A marker on the document: a full page load would remove it.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const size = main(page).getByRole("textbox", { name: /Home size/ });
    await size.fill("3000");
    await expect(range(page)).toHaveText("$515 – $1,035");
    await expect(page).toHaveURL(/[?&]sqft=3000(&|$)/);
    await main(page).getByRole("radio", { name: "1 story" }).check();
    await main(page).getByRole("radio", { name: "Stucco" }).check();
    await expect(range(page)).toHaveText("$540 – $1,080");
    await expect(page).toHaveURL("/pricing?service=house-washing&sqft=3000&stories=1&siding=stucco");
    await size.fill("3 bedrooms");
    await expect(range(page)).toHaveCount(0);
    await expect(size).toHaveAccessibleDescription(/Enter the home size as a number of square feet, like 2,000/);
    await size.fill("2000");
    await expect(range(page)).toHaveText("$360 – $720");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // The URL is the estimate: opening it again shows the same range.
    await page.goto(page.url());
    await expect(range(page)).toHaveText("$360 – $720");
  });

  test("a service chosen after the app started shows its inputs and prices without a page load", async ({ page }) => {
    await page.goto("/pricing");
    await hydrated(page);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await main(page).getByRole("link", { name: "Gutter cleaning", exact: true }).click();
    await expect(page).toHaveURL("/pricing?service=gutter-cleaning");
    await main(page)
      .getByRole("textbox", { name: /Or the home size/ })
      .fill("2000");
    await main(page).getByRole("radio", { name: "1 story" }).check();
    await expect(range(page)).toHaveText("$195 – $280");
    await expect(result(page)).toContainText("about 197 linear ft (from a 2,000 sq ft home) · 1 story");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  test("Request this estimate carries the inputs as changed in place; the server recomputes the range", async ({ page }) => {
    const email = uniqueEmail("price-js");
    await page.goto(HOUSE);
    await hydrated(page);
    await main(page).getByRole("radio", { name: "3 stories" }).check();
    await expect(range(page)).toHaveText("$405 – $810");
    const form = requestForm(page);
    await fillRequest(form, email);
    await form.getByRole("button", { name: "Request This Estimate" }).click();
    const status = form.getByRole("status");
    await expect(status).toContainText("Thank you! Your request is in.");
    await expect(status).toContainText("House washing — 2,000 sq ft · 3 stories · vinyl siding: $405 – $810");
    await expect(status).toContainText("83702 is in our primary service area (Boise)");
    const [lead] = await leadsFor(email);
    expect(lead?.fields).toMatchObject({ priceLow: "405", priceHigh: "810", priceInputs: "2,000 sq ft · 3 stories · vinyl siding" });
    expect(await ownerMailText(email)).toContain("Instant estimate: House washing — 2,000 sq ft · 3 stories · vinyl siding: $405 – $810");
  });

  test("a range sent by a browser is ignored: the stored estimate is the price book's", async ({ page }) => {
    const email = uniqueEmail("tamper");
    await page.goto("/");
    const response = await page.request.post("/pricing?service=driveway-cleaning&sqft=600", {
      form: { service: "driveway-cleaning", sqft: "600", priceLow: "1", priceHigh: "2", priceEstimate: "free", firstName: "T", lastName: "Amper", email, phone: "2085550100", zipcode: "83702" },
      headers: { accept: "text/html" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    const [lead] = await leadsFor(email);
    expect(lead?.fields).toMatchObject({ priceLow: "149", priceHigh: "180", priceEstimate: "Driveway cleaning — 600 sq ft: $149 – $180" });
  });

  test("every ZIP field answers at once: primary, extended, outside", async ({ page }) => {
    await page.goto("/faq");
    await hydrated(page);
    const zip = page.getByRole("complementary", { name: "FREE ESTIMATE" }).getByRole("textbox", { name: "ZIP code", exact: true });
    const answer = page.getByRole("complementary", { name: "FREE ESTIMATE" }).locator("[data-area]");
    await zip.fill("83646");
    await expect(answer).toContainText("83646 is in our primary service area (Meridian)");
    await zip.fill("83638");
    await expect(answer).toContainText("83638 is in our extended service area (McCall)");
    await expect(answer).toContainText("visits are scheduled by appointment");
    await zip.fill("59801");
    await expect(answer).toContainText("59801 is outside our usual service area");
    await page.goto("/contact");
    await hydrated(page);
    await main(page).getByRole("textbox", { name: "ZIP code", exact: true }).fill("83687");
    await expect(main(page).locator("[data-area]")).toContainText("83687 is in our primary service area (Nampa)");
  });
});

test("the price page is linked from the header, the home hero, each service page (preselected) and the estimate forms", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "or an instant price" })).toHaveAttribute("href", "/pricing");
  await expect(main(page).getByRole("link", { name: "See Prices Instantly" })).toHaveAttribute("href", "/pricing");
  await expect(page.getByRole("complementary", { name: "FREE ESTIMATE" }).getByRole("link", { name: "See an instant price" })).toHaveAttribute("href", "/pricing");
  await page.goto("/services/roof-cleaning");
  await main(page).getByRole("link", { name: "See Pricing" }).click();
  await expect(page).toHaveURL("/pricing?service=roof-cleaning");
  await expect(main(page).getByRole("textbox", { name: /Roof area/ })).toBeVisible();
  await page.goto("/services/commercial-pressure-washing");
  await expect(main(page).getByRole("link", { name: "See Pricing" })).toHaveAttribute("href", "/pricing?service=commercial-pressure-washing");
});
