import type { Locator, Page } from "@playwright/test";
import { priceBook } from "../../app/content/price-book.ts";
import { type PriceCase, expectedQuote, optionWords as optionsOf } from "../support/price-rule.ts";
import { areaSays, areaZips } from "../support/service-area-cases.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { leadsFor, ownerMail, uniqueEmail } from "./leads.ts";

/** Exercised once, on the desktop project (the page's layout is covered by the a11y and screenshot checks). */
test.skip(({ isMobile }) => isMobile, "the price page is exercised once, on the desktop project");

/**
 * The prices the page must show, worked out from the price book the site is built from
 * (content/price-book.yaml) by the rule written again in tests/support/price-rule.ts: the owner's price
 * changes break no test here.
 */
const priced = (c: PriceCase) => expectedQuote(priceBook, c);
const num = (n: number) => n.toLocaleString("en-US");
const usd = (dollars: number) => `$${num(dollars)}`;
/** A pattern that finds `text` within a longer one. */
const within = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
const houseCase: PriceCase = { service: "house-washing", size: 2000, stories: "2", option: "vinyl" };
const house = priced(houseCase);
const HOUSE = house.url;
const HOUSE_LINE = house.line;
const houseBook = priceBook.services["house-washing"]!;
/** The smallest driveway: below the minimum charge, so the minimum decides the low end. */
const smallDriveway = priced({
  service: "driveway-cleaning",
  size: priceBook.services["driveway-cleaning"]!.measure.min,
});
const driveway = priceBook.services["driveway-cleaning"]!;
const optionWords = (service: string) => optionsOf(priceBook, service);

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

  test("a shared URL shows the range, what is included, the minimum and that the final price follows a visit", async ({
    page,
  }) => {
    await page.goto(HOUSE);
    await expect(range(page)).toHaveText(house.range);
    await expect(result(page)).toContainText(`House washing: ${house.summary}`);
    await expect(result(page)).toContainText(
      house.minimumApplies
        ? `Our minimum charge for house washing is ${usd(houseBook.minimum)}`
        : `Minimum charge for house washing: ${usd(houseBook.minimum)}.`,
    );
    await expect(result(page).getByRole("listitem")).toHaveText(houseBook.includes);
    await expect(result(page)).toContainText("The final price follows a free look at the property");
    // The inputs are filled in from the URL.
    await expect(main(page).getByRole("textbox", { name: /Home size/ })).toHaveValue("2000");
    await expect(main(page).getByRole("radio", { name: "2 stories" })).toBeChecked();
    await expect(main(page).getByRole("radio", { name: "Vinyl" })).toBeChecked();

    expect(smallDriveway.minimumApplies, "the smallest driveway is priced below the minimum charge").toBe(true);
    await page.goto(smallDriveway.url);
    await expect(range(page)).toHaveText(smallDriveway.range);
    await expect(result(page)).toContainText(`Our minimum charge for driveway cleaning is ${usd(driveway.minimum)}`);
  });

  test("the GET form works before any script: choose a service, enter the size, get a shareable URL", async ({
    page,
  }) => {
    await page.goto("/pricing");
    await main(page).getByRole("link", { name: "Driveway cleaning", exact: true }).click();
    await expect(page).toHaveURL("/pricing?service=driveway-cleaning");
    await expect(main(page).getByRole("link", { name: "Driveway cleaning", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // Nothing entered yet: a prompt, not error messages.
    await expect(result(page)).toContainText("Enter the size above");
    await main(page)
      .getByRole("textbox", { name: /Driveway area/ })
      .fill("1200");
    await main(page).getByRole("button", { name: "Show my price" }).click();
    await expect(page).toHaveURL("/pricing?service=driveway-cleaning&sqft=1200&zipcode=");
    await expect(range(page)).toHaveText(priced({ service: "driveway-cleaning", size: 1200 }).range);
  });

  test("nonsense gets a clear message beside each field, with the values kept", async ({ page }) => {
    await page.goto("/pricing?service=house-washing&sqft=lots&stories=7&siding=glass");
    await expect(range(page)).toBeHidden();
    await expect(result(page)).toContainText("We cannot price this yet");
    const size = main(page).getByRole("textbox", { name: /Home size/ });
    await expect(size).toHaveValue("lots");
    await expect(size).toHaveAttribute("aria-invalid", "true");
    await expect(size).toHaveAccessibleDescription(
      within(`Enter the home size as a number of square feet, like ${num(houseBook.measure.min * 4)}`),
    );
    await expect(main(page).getByRole("group", { name: "Stories" })).toHaveAccessibleDescription(
      "Choose 1, 2 or 3 stories",
    );
    await expect(main(page).getByRole("group", { name: "Siding" })).toHaveAccessibleDescription(
      `Choose the siding: ${optionWords("house-washing")}`,
    );
    await expect(requestForm(page)).toHaveCount(0);

    await page.goto(`/pricing?service=driveway-cleaning&sqft=${driveway.measure.max + 1}`);
    await expect(result(page)).toContainText(
      `Enter a driveway area from ${num(driveway.measure.min)} to ${num(driveway.measure.max)} sq ft; for a larger property, call us for a quote`,
    );
  });

  test("the service-area answer for a primary, an extended and an outside ZIP comes with the result", async ({
    page,
  }) => {
    for (const [zip, tier] of [
      [areaZips.primary, "primary"],
      [areaZips.extendedTown, "extended"],
      [areaZips.outside, "outside"],
    ] as const) {
      const says = areaSays(zip);
      expect(says.tier, zip).toBe(tier);
      await page.goto(`${HOUSE}&zipcode=${zip}`);
      await expect(main(page).locator("form[method=get] [data-area]")).toHaveAttribute("data-area", tier);
      await expect(main(page).locator("form[method=get]")).toContainText(says.title);
      await expect(main(page).locator("form[method=get]")).toContainText(says.text);
    }
  });

  test("Request this estimate stores the range the server computed, shows it in the confirmation and e-mails it", async ({
    page,
  }) => {
    const email = uniqueEmail("price-nojs");
    await page.goto(HOUSE);
    await fillRequest(requestForm(page), email, areaZips.extendedTown);
    const [post] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      requestForm(page).getByRole("button", { name: "Request This Estimate" }).click(),
    ]);
    expect(post.status()).toBe(303);
    await expect(page).toHaveURL(/\/request-received\//);
    await expect(page.getByRole("main").getByRole("status")).toContainText(areaSays(areaZips.extendedTown).title);
    await expect(page.getByRole("main").getByRole("status")).toContainText(`Your estimate: ${HOUSE_LINE}`);

    const [lead] = await leadsFor(email);
    expect(lead?.kind).toBe("estimate");
    expect(lead?.fields).toMatchObject({
      priceService: "house-washing",
      priceInputs: house.summary,
      priceLow: String(house.low),
      priceHigh: String(house.high),
      priceEstimate: HOUSE_LINE,
    });
    expect(lead?.inServiceArea).toBe(true);
    const mail = await ownerMailText(email);
    expect(mail).toContain(`Instant estimate: ${HOUSE_LINE}`);
  });

  test("commercial and fleet work get a call-back form instead of a price, through the same request pipeline", async ({
    page,
  }) => {
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
  test("the range updates in place as inputs change, the URL follows, and bad input gets a message", async ({
    page,
  }) => {
    await page.goto(HOUSE);
    await hydrated(page);
    // A marker on the document: a full page load would remove it.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const size = main(page).getByRole("textbox", { name: /Home size/ });
    await size.fill("3000");
    await expect(range(page)).toHaveText(priced({ ...houseCase, size: 3000 }).range);
    await expect(page).toHaveURL(/[?&]sqft=3000(&|$)/);
    await main(page).getByRole("radio", { name: "1 story" }).check();
    await main(page).getByRole("radio", { name: "Stucco" }).check();
    await expect(range(page)).toHaveText(priced({ ...houseCase, size: 3000, stories: "1", option: "stucco" }).range);
    await expect(page).toHaveURL("/pricing?service=house-washing&sqft=3000&stories=1&siding=stucco");
    await size.fill("3 bedrooms");
    await expect(range(page)).toBeHidden();
    await expect(size).toHaveAccessibleDescription(
      within(`Enter the home size as a number of square feet, like ${num(houseBook.measure.min * 4)}`),
    );
    const stucco = priced({ ...houseCase, stories: "1", option: "stucco" });
    await size.fill("2000");
    await expect(range(page)).toHaveText(stucco.range);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // The URL is the estimate: opening it again shows the same range.
    await page.goto(page.url());
    await expect(range(page)).toHaveText(stucco.range);
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
    const gutters = priced({ service: "gutter-cleaning", size: 2000, stories: "1", fromHomeSize: true });
    await expect(range(page)).toHaveText(gutters.range);
    await expect(result(page)).toContainText(gutters.summary);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  test("Request this estimate carries the inputs as changed in place; the server recomputes the range", async ({
    page,
  }) => {
    const email = uniqueEmail("price-js");
    await page.goto(HOUSE);
    await hydrated(page);
    await main(page).getByRole("radio", { name: "3 stories" }).check();
    const threeStories = priced({ ...houseCase, stories: "3" });
    await expect(range(page)).toHaveText(threeStories.range);
    const form = requestForm(page);
    await fillRequest(form, email);
    await form.getByRole("button", { name: "Request This Estimate" }).click();
    const status = form.getByRole("status");
    await expect(status).toContainText("Thank you! Your request is in.");
    await expect(status).toContainText(threeStories.line);
    await expect(status).toContainText("83702 is in our primary service area (Boise)");
    const [lead] = await leadsFor(email);
    expect(lead?.fields).toMatchObject({
      priceLow: String(threeStories.low),
      priceHigh: String(threeStories.high),
      priceInputs: threeStories.summary,
    });
    expect(await ownerMailText(email)).toContain(`Instant estimate: ${threeStories.line}`);
  });

  test("a range sent by a browser is ignored: the stored estimate is the price book's", async ({ page }) => {
    const email = uniqueEmail("tamper");
    await page.goto("/");
    const quoted = priced({ service: "driveway-cleaning", size: 600 });
    const response = await page.request.post(quoted.url, {
      form: {
        service: "driveway-cleaning",
        sqft: "600",
        priceLow: "1",
        priceHigh: "2",
        priceEstimate: "free",
        firstName: "T",
        lastName: "Amper",
        email,
        phone: "2085550100",
        zipcode: "83702",
      },
      headers: { accept: "text/html" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(303);
    const [lead] = await leadsFor(email);
    expect(lead?.fields).toMatchObject({
      priceLow: String(quoted.low),
      priceHigh: String(quoted.high),
      priceEstimate: quoted.line,
    });
  });

  test("every ZIP field answers at once: primary, extended, outside", async ({ page }) => {
    await page.goto("/faq");
    await hydrated(page);
    const zip = page
      .getByRole("complementary", { name: "FREE ESTIMATE" })
      .getByRole("textbox", { name: "ZIP code", exact: true });
    const answer = page.getByRole("complementary", { name: "FREE ESTIMATE" }).locator("[data-area]");
    for (const zipCode of [areaZips.otherPrimary, areaZips.extendedCity, areaZips.otherOutside]) {
      await zip.fill(zipCode);
      await expect(answer).toContainText(areaSays(zipCode).title);
      await expect(answer).toContainText(areaSays(zipCode).text);
    }
    await page.goto("/contact");
    await hydrated(page);
    await main(page).getByRole("textbox", { name: "ZIP code", exact: true }).fill(areaZips.primary);
    await expect(main(page).locator("[data-area]")).toContainText(areaSays(areaZips.primary).title);
  });
});

test("the price page is linked from the header, the home hero, each service page (preselected) and the estimate forms", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("banner").getByRole("link", { name: "or an instant price" })).toHaveAttribute(
    "href",
    "/pricing",
  );
  await expect(main(page).getByRole("link", { name: "See Prices Instantly" })).toHaveAttribute("href", "/pricing");
  await expect(
    page.getByRole("complementary", { name: "FREE ESTIMATE" }).getByRole("link", { name: "See an instant price" }),
  ).toHaveAttribute("href", "/pricing");
  await page.goto("/services/roof-cleaning");
  await main(page).getByRole("link", { name: "See Pricing" }).click();
  await expect(page).toHaveURL("/pricing?service=roof-cleaning");
  await expect(main(page).getByRole("textbox", { name: /Roof area/ })).toBeVisible();
  await page.goto("/services/commercial-pressure-washing");
  await expect(main(page).getByRole("link", { name: "See Pricing" })).toHaveAttribute(
    "href",
    "/pricing?service=commercial-pressure-washing",
  );
});

test("the price page says that the accepted quote is the price, in the words of the price book", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByTestId("quote-price-note")).toHaveText(priceBook.quotes.pricingNote);
});
