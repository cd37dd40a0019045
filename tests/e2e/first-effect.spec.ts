/**
 * Every effect of a first interaction shows before the app has started, and the app takes the page over as
 * it is (docs/decisions/024-first-effect.md): the /pricing range and its URL, the service-area answer beside a
 * ZIP field, a lead form's field messages (on leaving a changed field, on a send), the copy-address feedback. "Before the app starts" holds back every script the page asks for
 * (the app's modules and hydration data), so React never starts; "after" releases them and checks that the
 * app shows the same, answers the next change once, and reports no error (a hydration mismatch is one).
 */
import type { Page } from "@playwright/test";
import { business } from "../../app/content/business.ts";
import { priceBook } from "../../app/content/price-book.ts";
import { emailMessages, fieldProblem, formRules } from "../../app/forms/field-rules.ts";
import { expectedQuote } from "../support/price-rule.ts";
import { areaSays, areaZips } from "../support/service-area-cases.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { uniqueEmail } from "./leads.ts";
import { EXTERNAL_PREFIX } from "../../app/lib/first-effects/vite-plugin.ts";

/**
 * Holds every script of the app the page asks for (its modules and its hydration data) until release(); the
 * page's own first-effect scripts in files of their own are not the app's, and load.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith(".js") && !url.pathname.startsWith(EXTERNAL_PREFIX),
    async (route) => {
      await released;
      await route.continue().catch(() => {});
    },
  );
  return release;
}

/** Errors the page reports: uncaught ones (React reports a hydration mismatch so) and console errors. */
function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  return errors;
}

/** Every POST the page sends (a send the page's script stops sends none). */
function posts(page: Page) {
  const sent: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") sent.push(request.url());
  });
  return sent;
}

const notStarted = (page: Page) => expect(page.locator("html[data-hydrated]")).toHaveCount(0);

test.describe("/pricing", () => {
  test.skip(({ isMobile }) => isMobile, "the price page is exercised once, on the desktop project");

  const house = (stories: "1" | "2" | "3", size = 2000) =>
    expectedQuote(priceBook, { service: "house-washing", size, stories, option: "vinyl" });
  const range = (page: Page) => page.getByTestId("price-range");
  const form = (page: Page) => page.locator("main form[method=get]");
  const request = (page: Page) => page.getByRole("main").getByRole("region", { name: /Request this estimate/ });

  test("before the app starts, a change shows its range, its messages and its URL, and a request carries it", async ({
    page,
  }) => {
    await holdScripts(page);
    await page.goto(house("1").url);
    await expect(range(page)).toHaveText(house("1").range);
    await page.getByRole("radio", { name: "2 stories" }).check();
    await expect(range(page)).toHaveText(house("2").range);
    await expect(page.getByRole("main")).toContainText(`House washing: ${house("2").summary}`);
    await expect(request(page)).toContainText(`(${house("2").range})`);
    await expect(page).toHaveURL(house("2").url);
    await expect(request(page).locator('input[type=hidden][name="stories"]')).toHaveValue("2");
    // A request sent without the app is answered on the page of the inputs shown.
    await expect(request(page).locator("form")).toHaveAttribute("action", house("2").url);

    // Nonsense: the range gives way to the field's message, beside the field and in the result.
    const size = form(page).getByRole("textbox", { name: /Home size/ });
    await size.fill("abc");
    await expect(range(page)).toBeHidden();
    await expect(size).toHaveAttribute("aria-invalid", "true");
    const message = page.locator("#price-sqft-error");
    await expect(message).toBeVisible();
    await expect(page.getByTestId("price-result")).toContainText((await message.textContent())!);
    await expect(request(page)).toBeHidden();
    await size.fill("3000");
    await expect(range(page)).toHaveText(house("2", 3000).range);
    await expect(message).toBeHidden();
    await expect(size).not.toHaveAttribute("aria-invalid");
    await notStarted(page);
  });

  test("the app takes over what was shown: no error, the next change updates once, the URL follows", async ({
    page,
  }) => {
    const errors = pageErrors(page);
    const release = await holdScripts(page);
    await page.goto(house("1").url);
    await page.getByRole("radio", { name: "2 stories" }).check();
    await expect(range(page)).toHaveText(house("2").range);
    await notStarted(page);
    release();
    await hydrated(page);
    await expect(range(page)).toHaveText(house("2").range);
    await expect(page.getByRole("radio", { name: "2 stories" })).toBeChecked();
    await expect(page).toHaveURL(house("2").url);
    // A full page load would remove this marker.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole("radio", { name: "3 stories" }).check();
    await expect(range(page)).toHaveText(house("3").range);
    await expect(range(page)).toHaveCount(1);
    await expect(page).toHaveURL(house("3").url);
    await expect(request(page).locator('input[type=hidden][name="stories"]')).toHaveValue("3");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(errors).toEqual([]);
  });
});

test.describe("the service-area answer beside a ZIP field", () => {
  const zipField = (page: Page) =>
    page.getByRole("main").getByRole("textbox", { name: "ZIP code", exact: true }).first();
  const notes = (page: Page, zip: string) => page.locator("[data-area]:visible", { hasText: areaSays(zip).title });

  test("answers before the app starts", async ({ page }) => {
    await holdScripts(page);
    await page.goto("/estimate");
    await zipField(page).fill(areaZips.primary);
    await expect(notes(page, areaZips.primary)).toHaveCount(1);
    await expect(notes(page, areaZips.primary)).toContainText(areaSays(areaZips.primary).text);
    await zipField(page).fill(areaZips.outside);
    await expect(notes(page, areaZips.outside)).toHaveCount(1);
    await expect(page.locator("[data-area]:visible")).toHaveCount(1);
    await zipField(page).fill("836");
    await expect(page.locator("[data-area]:visible")).toHaveCount(0);
    await notStarted(page);
  });

  test("the app takes over the answer shown: once, no error, and it follows the next ZIP", async ({ page }) => {
    const errors = pageErrors(page);
    const release = await holdScripts(page);
    await page.goto("/contact");
    await zipField(page).fill(areaZips.extendedTown);
    await expect(notes(page, areaZips.extendedTown)).toHaveCount(1);
    await notStarted(page);
    release();
    await hydrated(page);
    await expect(notes(page, areaZips.extendedTown)).toHaveCount(1);
    await zipField(page).fill(areaZips.primary);
    await expect(notes(page, areaZips.primary)).toHaveCount(1);
    await expect(page.locator("[data-area]:visible")).toHaveCount(1);
    expect(errors).toEqual([]);
  });
});

test.describe("a lead form's field messages", () => {
  const contact = formRules(business.phone.display).contact;
  /** The messages an empty contact form gets on a send, from the rules, in the form's order. */
  const emptyFormSays = (except: string[] = []) =>
    Object.entries(contact.fields).flatMap(([name, rule]) => {
      const message = except.includes(name) ? null : fieldProblem(rule, []);
      return message ? [message] : [];
    });
  const form = (page: Page) => page.locator("#contact-form");
  const field = (page: Page, name: string) => form(page).getByRole("textbox", { name, exact: true });
  const summary = (page: Page) => form(page).getByRole("alert");

  test("a page that loads shows no message: a choice left as the page gave it is not a change", async ({ page }) => {
    const errors = pageErrors(page);
    await holdScripts(page);
    // The application without a position: its select starts on the first option, which no markup marks selected.
    await page.goto("/careers/apply");
    await page.waitForFunction(() => document.readyState === "complete");
    const application = page.locator("form[data-rules]").first();
    await expect(application.locator("select")).toHaveCount(1);
    await expect(application.locator("[data-error-for]:visible")).toHaveCount(0);
    await expect(application.getByRole("alert")).toBeHidden();
    expect(errors).toEqual([]);
  });

  test("before the app starts: a changed field's message on leaving it, and a send with wrong fields stopped with the summary", async ({
    page,
  }) => {
    await holdScripts(page);
    const sent = posts(page);
    await page.goto("/contact");
    const email = field(page, "Email");
    // A field left unchanged says nothing yet.
    await field(page, "First name").focus();
    await field(page, "First name").blur();
    await expect(form(page).locator("[data-error-for]:visible")).toHaveCount(0);

    await email.fill("name@");
    await email.blur();
    const message = page.locator("#contact-form-email-error");
    await expect(message).toHaveText(emailMessages.invalid);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAttribute("aria-describedby", "contact-form-email-error");
    await expect(summary(page)).toContainText("Please fix 1 field:");
    // Corrected, the message goes as the visitor types.
    await email.fill("name@example.com");
    await expect(message).toBeHidden();
    await expect(email).not.toHaveAttribute("aria-invalid");
    await expect(summary(page)).toBeHidden();

    await form(page).getByRole("button", { name: "Send My Request" }).click();
    const says = emptyFormSays(["email"]);
    await expect(summary(page)).toBeFocused();
    await expect(summary(page)).toContainText(`Please fix ${says.length} fields:`);
    await expect(summary(page).getByRole("link")).toHaveText(says);
    await expect(form(page).locator("[data-error-for]:visible")).toHaveText(says);
    await expect(form(page).getByRole("radio", { name: "Residential" })).toHaveAttribute("aria-invalid", "true");
    await summary(page).getByRole("link", { name: says[0] }).click();
    await expect(field(page, "First name")).toBeFocused();
    expect(sent).toEqual([]);
    await notStarted(page);

    // Right, the send goes as a plain POST and the server confirms it.
    await field(page, "First name").fill("Ada");
    await field(page, "Last name").fill("Byron");
    await email.fill(uniqueEmail("early-valid"));
    await field(page, "Phone").fill("208-555-0177");
    await field(page, "City").fill("Boise");
    await field(page, "ZIP code").fill("83702");
    await form(page).getByRole("radio", { name: "Residential" }).check();
    await expect(summary(page)).toBeHidden();
    await form(page).getByRole("button", { name: "Send My Request" }).click();
    await expect(page.getByText("Thank you!").first()).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  test("the app takes over the messages shown: once, no error, and it answers the next change", async ({ page }) => {
    const errors = pageErrors(page);
    const release = await holdScripts(page);
    await page.goto("/contact");
    const email = field(page, "Email");
    await email.fill("name@");
    await email.blur();
    await expect(page.locator("#contact-form-email-error")).toHaveText(emailMessages.invalid);
    await notStarted(page);
    release();
    await hydrated(page);
    await expect(form(page)).toHaveAttribute("data-validation", "app");
    await expect(form(page).getByText(emailMessages.invalid)).toHaveCount(2); // beside the field and in the summary
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(summary(page)).toContainText("Please fix 1 field:");
    // The app's own validation from here: the message follows the field, a send names every field.
    await email.fill("name@example.com");
    await expect(page.locator("#contact-form-email-error")).toBeHidden();
    await expect(summary(page)).toBeHidden();
    await form(page).getByRole("button", { name: "Send My Request" }).click();
    const says = emptyFormSays(["email"]);
    await expect(summary(page)).toBeFocused();
    await expect(summary(page).getByRole("link")).toHaveText(says);
    await expect(form(page).locator("[data-error-for]:visible")).toHaveText(says);
    expect(errors).toEqual([]);
  });

  test("a send stopped before the app starts is taken over with its summary", async ({ page }) => {
    const errors = pageErrors(page);
    const release = await holdScripts(page);
    await page.goto("/contact");
    await form(page).getByRole("button", { name: "Send My Request" }).click();
    const says = emptyFormSays();
    await expect(summary(page).getByRole("link")).toHaveText(says);
    release();
    await hydrated(page);
    await expect(form(page)).toHaveAttribute("data-validation", "app");
    await expect(summary(page).getByRole("link")).toHaveText(says);
    await expect(form(page).locator("[data-error-for]:visible")).toHaveText(says);
    await field(page, "First name").fill("Ada");
    await expect(summary(page).getByRole("link")).toHaveText(says.slice(1));
    expect(errors).toEqual([]);
  });
});

test.describe("a send made before the field-message file has run", () => {
  const form = (page: Page) => page.locator("#contact-form");
  const summary = (page: Page) => form(page).getByRole("alert");
  const send = (page: Page) => form(page).getByRole("button", { name: "Send My Request" }).click();
  /** Holds the page's field-message file (fetched from the start, run after the page has painted) until release(). */
  async function holdFile(page: Page, answer: "continue" | "abort" = "continue") {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith(EXTERNAL_PREFIX),
      async (route) => {
        await released;
        await (answer === "abort" ? route.abort() : route.continue()).catch(() => {});
      },
    );
    return release;
  }

  test("is held until the file has arrived, then stopped with the summary: nothing is posted", async ({ page }) => {
    const errors = pageErrors(page);
    await holdScripts(page);
    const releaseFile = await holdFile(page);
    const sent = posts(page);
    // The page cannot finish loading while its preloaded file is on its way.
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    await send(page);
    await expect(summary(page)).toBeHidden();
    releaseFile();
    await expect(summary(page)).toBeFocused();
    await expect(summary(page)).toContainText("Please fix");
    expect(sent).toEqual([]);
    await notStarted(page);
    expect(errors).toEqual([]);
  });

  test("a right form is held too, then sent once when the file has arrived", async ({ page }) => {
    await holdScripts(page);
    const releaseFile = await holdFile(page);
    const sent = posts(page);
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    const field = (name: string) => form(page).getByRole("textbox", { name, exact: true });
    await field("First name").fill("Ada");
    await field("Last name").fill("Byron");
    await field("Email").fill(uniqueEmail("held-send"));
    await field("Phone").fill("208-555-0177");
    await field("City").fill("Boise");
    await field("ZIP code").fill("83702");
    await form(page).getByRole("radio", { name: "Residential" }).check();
    await send(page);
    expect(sent).toEqual([]);
    releaseFile();
    await expect(page.getByText("Thank you!").first()).toBeVisible();
    expect(sent).toHaveLength(1);
  });

  test("goes as a plain post, which the server answers, when the file cannot load", async ({ page }) => {
    await holdScripts(page);
    const releaseFile = await holdFile(page, "abort");
    const sent = posts(page);
    await page.goto("/contact", { waitUntil: "domcontentloaded" });
    await send(page);
    releaseFile();
    await expect.poll(() => sent.length).toBe(1);
    await expect(summary(page)).toContainText("Please fix");
  });
});

test.describe("copy address", () => {
  test.skip(({ isMobile }) => !isMobile, "a phone's tap");

  test("says Copied before the app starts, and again after it has", async ({ page, context, baseURL }) => {
    const errors = pageErrors(page);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(baseURL!).origin });
    const release = await holdScripts(page);
    await page.goto("/contact");
    const button = page.getByRole("main").getByRole("button", { name: /Copy address|Copied/ });
    await button.tap();
    await expect(button).toContainText("Copied");
    await notStarted(page);
    release();
    await hydrated(page);
    await expect(button).toContainText("Copy address", { timeout: 10_000 });
    await button.tap();
    await expect(button).toContainText("Copied");
    expect(errors).toEqual([]);
  });
});
