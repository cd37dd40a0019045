import { services } from "../../app/content/services.ts";
import { locations } from "../../app/content/locations.ts";
import { expect, hydrated, test } from "./fixtures";

test.describe("desktop header", () => {
  test.skip(({ isMobile }) => isMobile, "desktop navigation");

  test("top strip, logo and navigation in the spec's order", async ({ page }) => {
    await page.goto("/about");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "(208) 555-0134" })).toHaveAttribute("href", "tel:+12085550134");
    await expect(banner.getByRole("link", { name: "info@gemstateexteriorcleaning.com" })).toHaveAttribute("href", "mailto:info@gemstateexteriorcleaning.com");
    await expect(banner).toContainText("Licensed & Insured | Serving All of Idaho");
    await expect(banner.getByRole("link", { name: /home/i }).first()).toHaveAttribute("href", "/");
    const items = page.getByRole("navigation", { name: "Main" }).locator(":scope > ul > li");
    await expect(items).toHaveText(["ABOUT US", "SERVICES", "LOCATIONS", "BLOG", "CAREERS", "FAQ", "CONTACT US"]);
    await expect(banner.getByRole("link", { name: "GET FREE QUOTE" })).toHaveAttribute("href", "/contact");
  });

  test("Services and Locations dropdowns work by keyboard and Escape returns focus", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const trigger = page.getByRole("button", { name: "SERVICES" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("menu");
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const items = menu.getByRole("menuitem");
    await expect(items).toHaveCount(services.length + 1);
    await expect(items.first()).toHaveText("All Services");
    await expect(items.nth(1)).toHaveAttribute("href", `/services/${services[0]!.slug}`);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();

    const locationsTrigger = page.getByRole("button", { name: "LOCATIONS" });
    await locationsTrigger.focus();
    await page.keyboard.press("ArrowDown");
    const locationItems = page.getByRole("menu").getByRole("menuitem");
    await expect(locationItems).toHaveCount(locations.length + 1);
    await expect(locationItems.first()).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(locationItems.nth(1)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(`/locations/pressure-washing-${locations[0]!.slug}-id`);
  });

  test("the FREE ESTIMATE sidebar is visible at 1440 px", async ({ page }) => {
    await page.goto("/faq");
    const sidebar = page.getByRole("complementary", { name: "FREE ESTIMATE" });
    await expect(sidebar).toBeVisible();
    for (const label of ["First name", "Last name", "Email", "Phone", "ZIP code"]) {
      await expect(sidebar.getByRole("textbox", { name: label, exact: true })).toBeVisible();
    }
    await expect(sidebar.getByRole("textbox", { name: "Email", exact: true })).toHaveAttribute("type", "email");
    await expect(sidebar.getByRole("textbox", { name: "Phone", exact: true })).toHaveAttribute("type", "tel");
    await expect(sidebar.getByRole("radio")).toHaveCount(2);
    await expect(sidebar.getByRole("checkbox")).not.toBeChecked();
    await expect(sidebar).toContainText("Reply STOP to opt out");
    await expect(sidebar).toContainText("HELP");
    await expect(sidebar).toContainText("Message and data rates may apply");
  });
});

test.describe("mobile layout", () => {
  test.skip(({ isMobile }) => !isMobile, "mobile navigation");

  test("side menu opens, traps focus, lists 6 services and 8 locations, closes with Escape and returns focus", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const open = page.getByRole("button", { name: "Open menu" });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Menu" });
    await expect(dialog).toBeVisible();
    const servicesGroup = dialog.getByRole("region", { name: "Services" });
    await expect(servicesGroup.getByRole("link")).toHaveCount(6 + 1);
    await expect(servicesGroup.getByRole("link").first()).toHaveText(services[0]!.title);
    const locationsGroup = dialog.getByRole("region", { name: "Locations" });
    await expect(locationsGroup.getByRole("link")).toHaveCount(8 + 1);
    // Focus stays inside the dialog.
    for (let i = 0; i < 30; i++) await page.keyboard.press("Tab");
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();
  });

  test("side menu closes with its close button and the overlay, and a link navigates", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.mouse.click(10, 400);
    await expect(page.getByRole("dialog")).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL("/faq");
    await expect(page.getByRole("dialog")).toBeHidden();
  });

  test("bottom bar has Call Now and Free Quote and covers no content; the sidebar is hidden", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("link", { name: "Call Now" })).toHaveAttribute("href", "tel:+12085550134");
    await expect(page.getByRole("link", { name: "Free Quote" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("complementary", { name: "FREE ESTIMATE" })).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bar = await page.getByRole("link", { name: "Call Now" }).boundingBox();
    const lastLink = await page.getByRole("contentinfo").getByRole("link", { name: "Sitemap" }).boundingBox();
    expect(lastLink!.y + lastLink!.height).toBeLessThanOrEqual(bar!.y);
  });
});

test("footer: 5 services, 6 cities, legal links and the current year", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const servicesNav = footer.getByRole("navigation", { name: "Services" });
  await expect(servicesNav.getByRole("link")).toHaveText([...services.slice(0, 5).map((s) => s.title), "View All Services"]);
  const citiesNav = footer.getByRole("navigation", { name: "Service Areas" });
  await expect(citiesNav.getByRole("link")).toHaveText(["Boise", "Meridian", "Eagle", "Caldwell", "Nampa", "Kuna", "View All Locations"]);
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
  await expect(footer.getByRole("link", { name: "Sitemap" })).toHaveAttribute("href", "/sitemap.xml");
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer).toContainText("RCE-PLACEHOLDER");
});

test("navigation scrolls to the top and back restores the position", async ({ page, isMobile }) => {
  await page.goto("/privacy-policy");
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, 1500));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  const before = await page.evaluate(() => window.scrollY);
  // A link that stays in view (sticky header, fixed bottom bar), followed with the keyboard: a pointer
  // click in the test tool would scroll the page first.
  await page.getByRole("link", { name: isMobile ? "Free Quote" : "GET FREE QUOTE", exact: true }).focus();
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/contact");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL("/privacy-policy");
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
});

test("a client-side navigation to a short city path replaces the history entry", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.goto("/faq");
  await hydrated(page);
  await page.evaluate(() => (window as any).__reactRouterDataRouter.navigate("/locations/meridian"));
  await expect(page).toHaveURL("/locations/pressure-washing-meridian-id");
  await page.goBack();
  await expect(page).toHaveURL("/faq");
});
