/**
 * Every control works from the first paint: without JavaScript, and with JavaScript before the app has
 * hydrated (its scripts are held back here, so the page cannot hydrate during the test), keyboard
 * included, and opening any of them breaks no Content-Security-Policy rule.
 * (docs/decisions/006-native-controls.md)
 */
import type { Page } from "@playwright/test";
import { EXTERNAL_PREFIX } from "../../app/lib/first-effects/vite-plugin.ts";
import { business } from "../../app/content/business.ts";
import { locations } from "../../app/content/locations.ts";
import { expandedInAccessibilityTree } from "./accessibility-tree.ts";
import { expect, hydrated, scrollIntoViewSettled, test } from "./fixtures.ts";

const CITY = locations[0]!;
const cityPath = `/locations/pressure-washing-${CITY.slug}-id`;
const HOLIDAY = "/services/holiday-light-installation";

/**
 * Holds back every script of the app: the page stays as the server sent it, with its early script and its
 * first-effect scripts (inline, or files of their own: app/lib/first-effects/vite-plugin.ts, EXTERNAL_PREFIX).
 */
async function holdAppScripts(page: Page) {
  await page.route(
    (url) =>
      url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js") && !url.pathname.startsWith(EXTERNAL_PREFIX),
    () => {},
  );
}

/** Records Content-Security-Policy violations from the start of every document. */
async function recordCspViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
}
const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);

const modes = [
  { name: "without JavaScript", javaScriptEnabled: false },
  { name: "before hydration", javaScriptEnabled: true },
] as const;

for (const mode of modes) {
  test.describe(`${mode.name}`, () => {
    test.use({ javaScriptEnabled: mode.javaScriptEnabled });
    test.beforeEach(async ({ page }) => {
      if (mode.javaScriptEnabled) {
        await holdAppScripts(page);
        await recordCspViolations(page);
      }
    });
    test.afterEach(async ({ page }, testInfo) => {
      if (mode.javaScriptEnabled && testInfo.status !== "skipped") {
        expect(await cspViolations(page)).toEqual([]);
        expect(await page.locator("html[data-hydrated]").count()).toBe(0);
      }
    });

    test("phone menu: opens by tap and by keyboard, closes with Escape and its close button", async ({
      page,
      isMobile,
    }) => {
      test.skip(!isMobile, "the phone menu");
      await page.goto("/about");
      const open = page.getByRole("button", { name: "Open menu" });
      const panel = page.locator("#site-menu");
      // A screen reader hears the button's state: the browser exposes it, with or without JavaScript.
      await expect.poll(() => expandedInAccessibilityTree(page, "button", "Open menu")).toBe(false);
      await open.tap();
      await expect(panel).toBeVisible();
      await expect.poll(() => expandedInAccessibilityTree(page, "button", "Open menu")).toBe(true);
      await expect(
        panel.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "FAQ" }),
      ).toHaveAttribute("href", "/faq");
      await panel.getByRole("button", { name: "Close menu" }).tap();
      await expect(panel).toBeHidden();
      await expect.poll(() => expandedInAccessibilityTree(page, "button", "Open menu")).toBe(false);
      await open.focus();
      await page.keyboard.press("Enter");
      await expect(panel).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(panel).toBeHidden();
      await expect(open).toBeFocused();
    });

    test("desktop menus: open by click and keyboard, Tab into the list, Escape returns focus, a link navigates", async ({
      page,
      isMobile,
    }) => {
      test.skip(isMobile, "the desktop menus");
      await page.goto("/about");
      for (const [label, id] of [
        ["SERVICES", "#nav-services"],
        ["LOCATIONS", "#nav-locations"],
      ] as const) {
        const trigger = page.getByRole("button", { name: label });
        const menu = page.locator(id);
        await expect.poll(() => expandedInAccessibilityTree(page, "button", label)).toBe(false);
        await trigger.click();
        await expect(menu).toBeVisible();
        await expect.poll(() => expandedInAccessibilityTree(page, "button", label)).toBe(true);
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
        await expect.poll(() => expandedInAccessibilityTree(page, "button", label)).toBe(false);
        await trigger.focus();
        await page.keyboard.press("Enter");
        await expect(menu).toBeVisible();
        await page.keyboard.press("Tab");
        await expect(menu.getByRole("link").first()).toBeFocused();
        await page.keyboard.press("Escape");
        await expect(menu).toBeHidden();
        await expect(trigger).toBeFocused();
      }
      await page.getByRole("button", { name: "LOCATIONS" }).click();
      await page
        .locator("#nav-locations")
        .getByRole("link", { name: `${CITY.city}, ID` })
        .click();
      await expect(page).toHaveURL(cityPath);
    });

    test("holiday estimate: a modal dialog that every opener opens; X, Escape and the backdrop close it; focus returns", async ({
      page,
      isMobile,
    }) => {
      await page.goto(HOLIDAY);
      const openers = page.getByRole("main").getByRole("button", { name: /estimate|reserve|quote/i });
      expect(await openers.count()).toBeGreaterThanOrEqual(3);
      const dialog = page.getByRole("dialog", { name: "Get Free Estimate" });
      for (let i = 0; i < 3; i++) {
        const opener = openers.nth(i);
        await scrollIntoViewSettled(opener);
        if (isMobile) await opener.tap();
        else await opener.click();
        await expect(dialog).toBeVisible();
        expect(await dialog.evaluate((el) => el.matches(":modal") && el.contains(document.activeElement))).toBe(true);
        await expect(dialog.getByRole("textbox", { name: "First name", exact: true })).toBeVisible();
        if (i === 0) await dialog.getByRole("button", { name: "Close" }).click();
        else if (i === 1) await page.keyboard.press("Escape");
        else await page.mouse.click(3, 3);
        await expect(dialog).toBeHidden();
        await expect(opener).toBeFocused();
      }
      // By keyboard.
      await openers.first().focus();
      await page.keyboard.press("Enter");
      await expect(dialog).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(openers.first()).toBeFocused();
    });

    test("FAQ: a question opens and closes, one at a time", async ({ page }) => {
      await page.goto("/faq");
      const items = page.getByRole("main").locator("details");
      await items.nth(0).locator("summary").click();
      await expect(items.nth(0)).toHaveAttribute("open", "");
      await items.nth(1).locator("summary").click();
      await expect(items.nth(1)).toHaveAttribute("open", "");
      await expect(items.nth(0)).not.toHaveAttribute("open");
      await items.nth(1).locator("summary").click();
      await expect(items.nth(1)).not.toHaveAttribute("open");
    });

    test("city map: Show map brings the Google Maps frame; nothing is asked of another host before", async ({
      page,
      baseURL,
    }) => {
      const foreign: string[] = [];
      page.on("request", (r) => {
        if (new URL(r.url()).origin !== new URL(baseURL!).origin && !r.url().startsWith("data:")) foreign.push(r.url());
      });
      await page.goto(cityPath);
      await expect(page.locator("#map iframe")).toHaveCount(0);
      expect(foreign).toEqual([]);
      await page.locator("#map").getByRole("button", { name: "Show map" }).click();
      const frame = page.locator("#map iframe");
      await expect(frame).toHaveAttribute("title", `Map of ${CITY.city}, Idaho`);
      expect(await frame.getAttribute("src")).toContain(`q=${encodeURIComponent(`${CITY.city}, ID`)}&z=11`);
      // Before hydration the form is sent as it is: the server answers with the frame in place.
      await expect(page).toHaveURL(`${cityPath}?map=show#map`);
    });
  });
}

test.describe("with JavaScript, before hydration", () => {
  test.beforeEach(async ({ page }) => {
    await holdAppScripts(page);
    await recordCspViolations(page);
  });

  test("Copy address is honoured on the first tap", async ({ page, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.goto("/contact");
    const hq = page.getByRole("region", { name: "Headquarters" });
    await hq.getByRole("button", { name: "Copy address" }).click();
    await expect(hq.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${business.headquarters.display}\n${business.mapsUrl}`,
    );
    await expect(hq.getByRole("button", { name: "Copy address" })).toBeVisible();
    expect(await cspViolations(page)).toEqual([]);
  });
});

test.describe("the app starts on the first interaction", () => {
  for (const path of [
    "/",
    HOLIDAY,
    cityPath,
    "/contact",
    "/faq",
    "/pricing",
    "/pricing?service=house-washing&sqft=2000&stories=2&siding=vinyl",
  ]) {
    test(`${path}: a page load fetches none of the app's JavaScript; the first interaction hydrates it`, async ({
      page,
    }) => {
      await recordCspViolations(page);
      const scripts: string[] = [];
      page.on("request", (r) => {
        // The page's own first-effect scripts are not the app (decision 024); everything else is.
        const { pathname } = new URL(r.url());
        if (r.resourceType() === "script" && !pathname.startsWith(EXTERNAL_PREFIX)) scripts.push(pathname);
      });
      await page.goto(path, { waitUntil: "load" });
      // Nothing is waiting to start it: the network is idle and still no script was asked for.
      await page.waitForLoadState("networkidle");
      expect(scripts).toEqual([]);
      await hydrated(page);
      expect(scripts.length).toBeGreaterThan(0);
      expect(await cspViolations(page)).toEqual([]);
    });
  }

  test("after hydration, Show map brings the frame without leaving the page", async ({ page }) => {
    await page.goto(cityPath);
    await hydrated(page);
    await page.locator("#map").getByRole("button", { name: "Show map" }).click();
    await expect(page.locator("#map iframe")).toHaveAttribute("title", `Map of ${CITY.city}, Idaho`);
    await expect(page).toHaveURL(cityPath);
    await expect(page.locator("#map iframe")).toBeFocused();
  });
});
