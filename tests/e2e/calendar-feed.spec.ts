/**
 * The owner's calendar feed (docs/owner-guide.md "Booking: arrival windows, invites, reminders and review requests"):
 * /admin/calendar shows the private address, the address serves the confirmed jobs as iCalendar, and "Make a new
 * address" retires the old one (404). At 390 px the page fits.
 */
import type { Page } from "@playwright/test";
import { readCalendar } from "../support/ical.ts";
import { expect, test } from "./fixtures.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";

// Both projects share the server and its one address, which the last test replaces: the feed is fetched and
// replaced on the desktop project only, in order; the phone-sized run checks the page.
test.describe.configure({ timeout: 90_000, mode: "serial" });

/** Signs a new owner in and opens /admin/calendar from the navigation; the address shown. */
async function openCalendarPage(page: Page) {
  const owner = uniqueOwner("calendar");
  await addOwnerWithCli(owner);
  await signIn(page, owner);
  await page.getByRole("navigation", { name: "Owner pages" }).getByRole("link", { name: "Calendar" }).click();
  await expect(page).toHaveURL(/\/admin\/calendar$/);
  const address = page.getByRole("textbox", { name: "Your calendar’s address" });
  await expect(address).toHaveAttribute("readonly", "");
  const url = new URL(await address.inputValue());
  return { address, url };
}

test("the owner finds the feed's address on /admin/calendar, at 390 and 1440 px", async ({ page }) => {
  const { url } = await openCalendarPage(page);
  expect(url.origin).toBe("https://www.gemstateexteriorcleaning.com");
  expect(url.pathname).toMatch(/^\/calendar\/[A-Za-z0-9_-]{32}\.ics$/);
  await expect(page.getByRole("link", { name: "Subscribe on this iPhone" })).toHaveAttribute(
    "href",
    `webcal://${url.host}${url.pathname}`,
  );
  await expect(page.getByRole("heading", { level: 2, name: "On Android (Google Calendar)" })).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
});

test("a calendar program reads the feed at that address; a wrong token is 404, a POST 405", async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(isMobile, "the feed is fetched on the desktop project");
  const { url } = await openCalendarPage(page);
  const feed = await request.get(url.pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(feed.headers()["cache-control"]).toBe("private, no-store");
  expect(feed.headers()["x-robots-tag"]).toContain("noindex");
  expect(readCalendar(await feed.text()).method).toBe("PUBLISH");
  expect((await request.get("/calendar/not-the-token-not-the-token.ics")).status()).toBe(404);
  const post = await request.post(url.pathname, { headers: { Origin: new URL(page.url()).origin } });
  expect(post.status()).toBe(405);
  expect(await post.text()).not.toContain("VCALENDAR");
});

test('"Make a new address" retires the old one: it answers 404, the new one the feed', async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(isMobile, "the address is replaced once, on the desktop project");
  const { address, url } = await openCalendarPage(page);
  expect((await request.get(url.pathname)).status()).toBe(200);
  await page.getByRole("button", { name: "Make a new address" }).click();
  await expect(page.getByRole("status")).toContainText("The old one no longer works");
  const renewed = new URL(await address.inputValue());
  expect(renewed.pathname).not.toBe(url.pathname);
  expect((await request.get(url.pathname)).status()).toBe(404);
  expect((await request.get(renewed.pathname)).status()).toBe(200);
});
