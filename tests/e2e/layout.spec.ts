import { services } from "../../app/content/services.ts";
import { locations } from "../../app/content/locations.ts";
import { expandedInAccessibilityTree } from "./accessibility-tree.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { business } from "../../app/content/business.ts";
import { firstN, limits } from "../../app/lib/limits.ts";

test.describe("desktop header", () => {
  test.skip(({ isMobile }) => isMobile, "desktop navigation");

  test("top strip, logo and navigation from ABOUT US to CONTACT US, then GET FREE QUOTE", async ({ page }) => {
    await page.goto("/about");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: business.phone.display })).toHaveAttribute(
      "href",
      business.phone.href,
    );
    await expect(banner.getByRole("link", { name: business.email })).toHaveAttribute(
      "href",
      `mailto:${business.email}`,
    );
    await expect(banner).toContainText(business.tagline);
    await expect(banner.getByRole("link", { name: /home/i }).first()).toHaveAttribute("href", "/");
    // Each item's link or menu button (a menu's list of links follows its button).
    const items = page.getByRole("navigation", { name: "Main" }).locator(":scope > ul > li > :first-child");
    await expect(items).toHaveText(["ABOUT US", "SERVICES", "LOCATIONS", "BLOG", "CAREERS", "FAQ", "CONTACT US"]);
    await expect(banner.getByRole("link", { name: "GET FREE QUOTE" })).toHaveAttribute("href", "/contact");
  });

  test("Services and Locations are disclosure menus: keyboard, Escape, light dismiss, one open at a time", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const trigger = page.getByRole("button", { name: "SERVICES" });
    const menu = page.locator("#nav-services");
    await expect.poll(() => expandedInAccessibilityTree(page, "button", "SERVICES")).toBe(false);
    await expect(menu).toBeHidden();
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toBeVisible();
    await expect.poll(() => expandedInAccessibilityTree(page, "button", "SERVICES")).toBe(true);
    const links = menu.getByRole("link");
    await expect(links).toHaveCount(services.length + 1);
    await expect(links.first()).toHaveText("All Services");
    await expect(links.nth(1)).toHaveAttribute("href", `/services/${services[0]!.slug}`);
    // The list sits under its button.
    const [button, list] = [await trigger.boundingBox(), await menu.boundingBox()];
    expect(list!.y).toBeGreaterThanOrEqual(button!.y + button!.height);
    expect(Math.abs(list!.x - button!.x)).toBeLessThan(40);
    // Tab goes from the button into the list; Escape closes it and returns focus to the button.
    await page.keyboard.press("Tab");
    await expect(links.first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect.poll(() => expandedInAccessibilityTree(page, "button", "SERVICES")).toBe(false);

    // Opening the other menu closes this one; a click elsewhere closes it.
    await trigger.click();
    const locationsTrigger = page.getByRole("button", { name: "LOCATIONS" });
    await locationsTrigger.click();
    const locationsMenu = page.locator("#nav-locations");
    await expect(locationsMenu).toBeVisible();
    await expect(menu).toBeHidden();
    await expect.poll(() => expandedInAccessibilityTree(page, "button", "LOCATIONS")).toBe(true);
    await expect.poll(() => expandedInAccessibilityTree(page, "button", "SERVICES")).toBe(false);
    await expect(locationsMenu.getByRole("link")).toHaveCount(locations.length + 1);
    // Light dismiss: a click on something that is not a control (a fixed point could be a link, a phone link
    // among them, whose external navigation then cancels the app's next one).
    await page.getByRole("heading", { level: 1 }).click();
    await expect(locationsMenu).toBeHidden();

    // Following a link navigates in the app and closes the menu.
    await locationsTrigger.click();
    await locationsMenu.getByRole("link").nth(1).click();
    await expect(page).toHaveURL(`/locations/pressure-washing-${locations[0]!.slug}-id`);
    await expect(locationsMenu).toBeHidden();
    await expect.poll(() => expandedInAccessibilityTree(page, "button", "LOCATIONS")).toBe(false);
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

  test("side menu: a disclosure that opens by keyboard, lists the first services and locations, closes with Escape and returns focus", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    const open = page.getByRole("button", { name: "Open menu" });
    const panel = page.locator("#site-menu");
    await expect.poll(() => expandedInAccessibilityTree(page, "button", "Open menu")).toBe(false);
    await open.focus();
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    await expect.poll(() => expandedInAccessibilityTree(page, "button", "Open menu")).toBe(true);
    const nav = panel.getByRole("navigation", { name: "Mobile" });
    const servicesGroup = nav.getByRole("region", { name: "Services" });
    await expect(servicesGroup.getByRole("link")).toHaveCount(Math.min(services.length, limits.mobileMenuServices) + 1);
    await expect(servicesGroup.getByRole("link").first()).toHaveText(services[0]!.title);
    const locationsGroup = nav.getByRole("region", { name: "Locations" });
    await expect(locationsGroup.getByRole("link")).toHaveCount(
      Math.min(locations.length, limits.mobileMenuLocations) + 1,
    );
    // Tab goes from the button into the panel.
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("button", { name: "Close menu" })).toBeFocused();
    // The page behind does not scroll while the panel is open.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(open).toBeFocused();
    await expect.poll(() => expandedInAccessibilityTree(page, "button", "Open menu")).toBe(false);
  });

  test("side menu closes with its close button and the backdrop, and a link navigates", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const panel = page.locator("#site-menu");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(panel).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(panel).toBeVisible();
    await page.mouse.click(10, 400);
    await expect(panel).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await panel.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL("/faq");
    await expect(panel).toBeHidden();
  });

  test("bottom bar has Call Now and Free Quote and covers no content; the sidebar is hidden", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("link", { name: "Call Now" })).toHaveAttribute("href", business.phone.href);
    await expect(page.getByRole("link", { name: "Free Quote" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("complementary", { name: "FREE ESTIMATE" })).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const bar = await page.getByRole("link", { name: "Call Now" }).boundingBox();
    const lastLink = await page.getByRole("contentinfo").getByRole("link", { name: "Sitemap" }).boundingBox();
    expect(lastLink!.y + lastLink!.height).toBeLessThanOrEqual(bar!.y);
  });
});

test("footer: the first services and cities, legal links and the current year", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const servicesNav = footer.getByRole("navigation", { name: "Services" });
  await expect(servicesNav.getByRole("link")).toHaveText([
    ...firstN(services, limits.footerServices).map((s) => s.title),
    "View All Services",
  ]);
  const citiesNav = footer.getByRole("navigation", { name: "Service Areas" });
  await expect(citiesNav.getByRole("link")).toHaveText([
    ...firstN(locations, limits.footerCities).map((l) => l.city),
    "View All Locations",
  ]);
  await expect(footer.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
  await expect(footer.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
  await expect(footer.getByRole("link", { name: "Sitemap" })).toHaveAttribute("href", "/sitemap.xml");
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await expect(footer).toContainText(business.license);
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
