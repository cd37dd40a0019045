/**
 * Choosing an arrival window (docs/decisions/020-booking.md) as a visitor does it: after a request, without JavaScript
 * and with it; the last place of a window; the manage link of every booking e-mail (another window, cancel); broken
 * links and areas without online windows. The windows listed are checked against the content's rules
 * (content/availability.yaml), not against today's calendar.
 */
import type { Page } from "@playwright/test";
import { availability } from "../../app/content/availability.ts";
import { business } from "../../app/content/business.ts";
import { dayLabel, timesLabel } from "../../app/server/kit/arrival-windows.server.ts";
import {
  bookingOf,
  linkInMailTo,
  bookPathSignedAt,
  placesOf,
  requestedWindow,
  singlePlaceTimes,
  storedRequest,
  todayInBoise,
  zipWhere,
} from "./bookings.ts";
import { expect, test } from "./fixtures.ts";
import { leadsFor, uniqueEmail } from "./leads.ts";
import { addOwnerWithCli, sendRequest, signIn, uniqueOwner } from "./owners.ts";
import { LEADS_TO, mailsTo } from "./sinks.ts";
import { referenceOf } from "../../app/server/kit/reference.server.ts";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
const weekdayOf = (day: string) => WEEKDAYS[new Date(`${day}T12:00:00Z`).getUTCDay()]!;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

const windowForm = (page: Page) => page.locator("#window-form");
/** The radio values ("YYYY-MM-DD HH:MM-HH:MM") the page offers, once it has arrived whole (a server-rendered page streams). */
async function offered(page: Page) {
  await page.waitForLoadState("load");
  return windowForm(page)
    .getByRole("radio")
    .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));
}

/** The windows of the page's form are the content's: working days only, none on a blackout date, none before the next working day or after daysShown days, each under its day's legend. */
async function expectWindowsByTheRules(page: Page) {
  const today = todayInBoise();
  const working = (day: string) =>
    (availability.workingDays as string[]).includes(weekdayOf(day)) && !availability.blackoutDates.includes(day);
  let first = addDays(today, 1);
  while (!working(first)) first = addDays(first, 1);
  // The page whole (a server-rendered page streams), then its fieldsets.
  await page.waitForLoadState("load");
  const groups = windowForm(page).getByRole("group");
  await expect(groups.first()).toBeVisible();
  for (const group of await groups.all()) {
    const values = await group.getByRole("radio").evaluateAll((rs) => rs.map((r) => (r as HTMLInputElement).value));
    const days = new Set(values.map((v) => v.split(" ")[0]!));
    expect(days.size, "one day per fieldset").toBe(1);
    const [day] = [...days] as [string];
    await expect(group.locator("legend")).toHaveText(dayLabel(day));
    expect(working(day), `${day} is a working day and no blackout date`).toBe(true);
    expect(day >= first, `${day} is not before the next working day (${first})`).toBe(true);
    expect(day <= addDays(today, availability.daysShown), `${day} is within ${availability.daysShown} days`).toBe(true);
    for (const v of values) {
      const times = v.split(" ")[1]!;
      expect(availability.windows.map((w) => `${w.start}-${w.end}`)).toContain(times);
      await expect(group.getByRole("radio", { name: timesLabel(times), exact: true })).toHaveCount(1);
    }
  }
}

const post = (page: Page, path: string, form: Record<string, string>) =>
  page.request.post(path, {
    form,
    maxRedirects: 0,
    headers: { Origin: new URL(page.url() === "about:blank" ? "http://localhost" : page.url()).origin },
  });

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an estimate, then 'Choose an arrival window': the open windows by day, one chosen with the keyboard is requested, not booked", async ({
    page,
  }) => {
    const email = uniqueEmail("book-nojs");
    await sendRequest(page, { first: "Window", email });
    await expect(page).toHaveURL(/\/request-received\//);
    await page.getByRole("link", { name: "Choose an arrival window" }).click();
    await expect(page).toHaveURL(/\/book\?r=/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Choose an arrival window");
    await expect(page.getByRole("region", { name: "Your request" })).toContainText("83702");
    await expectWindowsByTheRules(page);

    // The keyboard: the whole list is one radio group (one Tab stop); an arrow key moves and chooses.
    const single = singlePlaceTimes();
    const values = await offered(page);
    const firstIndex = values.findIndex(
      (v, i) => i + 1 < values.length && !single.includes(values[i + 1]!.split(" ")[1]!),
    );
    await windowForm(page).getByRole("radio").nth(firstIndex).focus();
    await page.keyboard.press("ArrowDown");
    const chosen = values[firstIndex + 1]!;
    await expect(page.locator(`input[type=radio][value="${chosen}"]`)).toBeChecked();
    // The request gave its street address: only the optional note for the crew is between the list and the button.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("textbox", { name: "A note for the crew (optional)" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Request this window" })).toBeFocused();
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(/\/book\?r=[^&]+&done=1$/);
    const status = page.getByRole("main").getByRole("status");
    await expect(status).toContainText("Requested — not booked yet");
    const [day, times] = chosen.split(" ") as [string, string];
    await expect(status).toContainText(`${dayLabel(day)}, ${timesLabel(times)}`);
    await expect(status).toContainText(`within ${business.replyWithinHours} hours`);
    const [lead] = await leadsFor(email);
    expect(await bookingOf(lead!.id)).toMatchObject({ status: "requested", day, times });
    // The owner is told by e-mail, with the request's reference.
    const reference = referenceOf(lead!.id);
    await expect(page.getByRole("region", { name: "Your request" })).toContainText(reference);
    await expect
      .poll(() => mailsTo(LEADS_TO, reference).filter((raw) => raw.includes("Arrival window requested")).length, {
        timeout: 15_000,
      })
      .toBe(1);
    // The window held is not offered again; the others are, to change it.
    expect(await offered(page)).not.toContain(chosen);
    await expect(page.getByRole("heading", { name: "Choose another window" })).toBeVisible();

    // The reply e-mail carries the same step: its link opens this request's page.
    const fromMail = await linkInMailTo(email, "/book");
    await page.goto(fromMail);
    await expect(page.getByRole("main").getByText(`${dayLabel(day)}, ${timesLabel(times)}`)).toBeVisible();
  });

  test("on a phone (390×844) the send button is in view as soon as a window is chosen, on the first day or the last, clear of the quick-actions bar", async ({
    page,
    isMobile,
  }) => {
    test.skip(!isMobile, "the phone's layout");
    await sendRequest(page, { first: "Thumb", email: uniqueEmail("book-phone") });
    await page.getByRole("link", { name: "Choose an arrival window" }).click();
    await page.waitForLoadState("load");
    const viewport = page.viewportSize()!;
    // Two weeks of days are longer than the screen: the button is not merely at the list's end.
    expect((await windowForm(page).boundingBox())!.height).toBeGreaterThan(viewport.height);
    const quickActions = (await page.getByRole("navigation", { name: "Quick actions" }).boundingBox())!;
    const send = page.getByRole("button", { name: "Request this window" });
    const radios = windowForm(page).getByRole("radio");
    for (const radio of [radios.first(), radios.last()]) {
      await radio.check(); // a tap: the window is scrolled into view as needed
      const button = (await send.boundingBox())!;
      const chosen = (await radio.locator("xpath=..").boundingBox())!; // its label
      expect(button.y, "the button's top is on the screen").toBeGreaterThanOrEqual(0);
      expect(button.y + button.height, "above the quick-actions bar").toBeLessThanOrEqual(quickActions.y);
      expect(chosen.y, "the chosen window is on the screen").toBeGreaterThanOrEqual(0);
      expect(chosen.y + chosen.height, "and not under the button").toBeLessThanOrEqual(button.y);
    }
    await send.click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Requested — not booked yet");
  });

  test("the last place of a window: two requests at once, exactly one gets it, the other hears 'just taken'; then it is not offered", async ({
    page,
  }, testInfo) => {
    const zip = "83702";
    const [a, b, c] = await Promise.all([storedRequest(zip), storedRequest(zip), storedRequest(zip)]);
    await page.goto(a.book);
    // A window of one place (content), a different one for each project: the two run at once on one server.
    const candidates = (await offered(page)).filter((v) => singlePlaceTimes().includes(v.split(" ")[1]!));
    // From the end of the list: other tests (tests/e2e/leads.ts askForWindow) take the first open windows.
    const value = testInfo.project.name === "mobile" ? candidates.at(-1) : candidates.at(-2);
    expect(value, "a window of one place is offered").toBeTruthy();
    expect(await placesOf(zip, value!)).toBe(1);

    const answers = await Promise.all([post(page, a.book, { window: value! }), post(page, b.book, { window: value! })]);
    expect(answers.map((r) => r.status()).sort()).toEqual([303, 409]);
    const refused = answers.find((r) => r.status() === 409)!;
    expect(await refused.text()).toContain("That window was just taken — choose another.");
    const holders = [await bookingOf(a.id), await bookingOf(b.id)].filter(Boolean);
    expect(holders).toHaveLength(1);
    expect(await placesOf(zip, value!)).toBe(0);

    await page.goto(c.book);
    await expect(windowForm(page).getByRole("radio").first()).toBeVisible();
    expect(await offered(page)).not.toContain(value);
  });

  test("the manage link: another window is requested there and frees the old place; cancel needs 'Yes' and then cancels", async ({
    page,
  }, testInfo) => {
    const zip = "83702";
    const request = await storedRequest(zip);
    await page.goto(request.book);
    const single = singlePlaceTimes();
    const roomy = (await offered(page)).filter((v) => !single.includes(v.split(" ")[1]!));
    // Windows of their own for each project (they run at once and count places), from the end of the list.
    const [first, second] =
      testInfo.project.name === "mobile" ? [roomy.at(-1)!, roomy.at(-2)!] : [roomy.at(-3)!, roomy.at(-4)!];
    const manage = await requestedWindow(page.request, request.id, request.book, first);

    await page.goto(manage);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your arrival window");
    await expect(page.getByText("Requested — not booked yet")).toBeVisible();
    const firstLeft = await placesOf(zip, first);
    const secondLeft = await placesOf(zip, second);
    await page.locator(`input[type=radio][value="${second}"]`).check();
    await page.getByRole("button", { name: "Request this window" }).click();
    await expect(page).toHaveURL(/\/book\/manage\?t=[^&]+&done=1$/);
    const [day, times] = second.split(" ") as [string, string];
    await expect(page.getByRole("main").getByRole("status")).toContainText(`${dayLabel(day)}, ${timesLabel(times)}`);
    expect(await bookingOf(request.id)).toMatchObject({ status: "requested", day, times });
    expect(await placesOf(zip, first)).toBe(firstLeft + 1);
    expect(await placesOf(zip, second)).toBe(secondLeft - 1);

    // The required box: the browser does not send the form without it.
    const cancel = page.getByRole("button", { name: "Cancel my arrival window" });
    await cancel.click();
    await expect(page.getByRole("checkbox", { name: "Yes, cancel this arrival window" })).toHaveJSProperty(
      "validity.valueMissing",
      true,
    );
    expect((await bookingOf(request.id))?.status).toBe("requested");
    await page.getByRole("checkbox", { name: "Yes, cancel this arrival window" }).check();
    await cancel.click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Cancelled");
    expect((await bookingOf(request.id))?.status).toBe("cancelled");
    expect(await placesOf(zip, second)).toBe(secondLeft);
    await expect(cancel).toHaveCount(0);
  });

  test("the owner confirms; the link in the customer's e-mail moves the window (requested again) and cancels it", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "mobile", "the customer's phone; one owner account for the flow");
    test.setTimeout(90_000);
    const email = uniqueEmail("book-mail");
    await sendRequest(page, { first: "Mail", email });
    await page.getByRole("link", { name: "Choose an arrival window" }).click();
    const single = singlePlaceTimes();
    // Windows of its own, from the end of the list (the tests above count places on the last four).
    const roomy = (await offered(page)).filter((v) => !single.includes(v.split(" ")[1]!));
    const [first, second] = [roomy.at(-5)!, roomy.at(-6)!];
    await page.locator(`#window-form input[type=radio][value="${first}"]`).check();
    await page.getByRole("button", { name: "Request this window" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Requested — not booked yet");
    const [lead] = await leadsFor(email);

    const owner = uniqueOwner("book-mail");
    await addOwnerWithCli(owner);
    await signIn(page, owner);
    await page.goto(`/admin/requests/${lead!.id}`);
    await page
      .getByRole("form", { name: "Confirm this window" })
      .getByRole("button", { name: "Confirm the window" })
      .click();
    await expect(page.getByRole("status")).toHaveText(/Window confirmed/);

    // The customer's e-mail: its "Reschedule or cancel" link.
    const manage = await linkInMailTo(email, "/book/manage");
    await page.goto(manage);
    const status = page.getByRole("main").getByText("Confirmed", { exact: true });
    await expect(status).toBeVisible();
    await page.locator(`#window-form input[type=radio][value="${second}"]`).check();
    await page.getByRole("button", { name: "Request this window" }).click();
    const [day, times] = second.split(" ") as [string, string];
    await expect(page.getByRole("main").getByRole("status")).toContainText("Requested — not booked yet");
    await expect(page.getByRole("main").getByRole("status")).toContainText(`${dayLabel(day)}, ${timesLabel(times)}`);
    expect(await bookingOf(lead!.id)).toMatchObject({ status: "requested", day, times });

    await page.getByRole("checkbox", { name: "Yes, cancel this arrival window" }).check();
    await page.getByRole("button", { name: "Cancel my arrival window" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Cancelled");
    expect((await bookingOf(lead!.id))?.status).toBe("cancelled");
  });

  test("a broken or expired link, or a ZIP served by appointment: a clear page with the phone, no form", async ({
    page,
  }) => {
    const broken = await page.goto("/book?r=b.not-a-request.zz.forged");
    expect(broken?.status()).toBe(400);
    // Never stored, never indexed: the link's pages and the pages without one alike.
    for (const path of ["/book?r=b.not-a-request.zz.forged", "/book?zipcode=83702", "/book/manage?t=x"]) {
      const headers = (await page.request.get(path)).headers();
      expect([headers["cache-control"], headers["x-robots-tag"]], path).toEqual(["private, no-store", "noindex"]);
    }
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
    await expect(page.getByRole("main").getByRole("link", { name: business.phone.display })).toBeVisible();
    await expect(page.getByRole("link", { name: "Send a new request" })).toHaveAttribute("href", "/estimate");

    const request = await storedRequest("83702");
    const expired = await page.goto(await bookPathSignedAt(request.id, new Date(Date.now() - 15 * 86_400_000)));
    expect(expired?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired");

    const mccall = await storedRequest(zipWhere("appointment"));
    await page.goto(mccall.book);
    await expect(page.getByRole("main")).toContainText("by appointment");
    await expect(windowForm(page)).toHaveCount(0);
    await expect(page.getByRole("main").getByRole("link", { name: business.phone.display }).first()).toBeVisible();
  });

  test("/book without a link lists a ZIP's open windows as information and leads to a request", async ({ page }) => {
    await page.goto("/book");
    await page.getByLabel("Service", { exact: true }).selectOption("house-washing");
    await page.getByLabel("ZIP code", { exact: true }).fill("83702");
    await page.getByRole("button", { name: "Show open windows" }).click();
    await expect(page).toHaveURL(/\/book\?service=house-washing&zipcode=83702$/);
    await expect(page.getByRole("heading", { name: /Open windows for 83702/ })).toBeVisible();
    await expect(windowForm(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Get your price and send a request" })).toHaveAttribute(
      "href",
      "/pricing?service=house-washing&zipcode=83702",
    );
    const bad = await page.goto(`/book?service=${"x".repeat(500)}&zipcode=83`);
    expect(bad?.status()).toBe(400);
    await expect(page.getByText("Enter a 5-digit ZIP code like 83702")).toBeVisible();
  });
});

test.describe("with JavaScript", () => {
  test("the confirmation panel's 'Choose an arrival window' after an enhanced submit opens the request's windows", async ({
    page,
  }) => {
    const email = uniqueEmail("book-js");
    await sendRequest(page, { first: "Panel", email, hydrate: true });
    await expect(page).toHaveURL(/\/estimate$/); // answered in place, not redirected
    await page.getByRole("main").getByRole("status").getByRole("link", { name: "Choose an arrival window" }).click();
    await expect(page).toHaveURL(/\/book\?r=/);
    await expectWindowsByTheRules(page);
    const [value] = await offered(page);
    await page.locator(`input[type=radio][value="${value}"]`).check();
    await page.getByRole("button", { name: "Request this window" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText("Requested — not booked yet");
    const [lead] = await leadsFor(email);
    expect((await bookingOf(lead!.id))?.status).toBe("requested");
  });
});
