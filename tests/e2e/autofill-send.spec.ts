/**
 * Values a browser extension or password manager sets are in the fields without the events typing makes
 * (some fire only `change`, some nothing at all). With the app started, the request is sent from what the
 * fields hold: Enter in a text field (the form's implicit submission) or the send button stores it once and
 * confirms it, on the two forms of /pricing and /careers/apply.
 */
import { priceBook } from "../../app/content/price-book.ts";
import { expectedQuote } from "../support/price-rule.ts";
import { CONFIRMATION } from "../support/processes.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { leadsFor, uniqueEmail } from "./leads.ts";

test.skip(({ isMobile }) => isMobile, "forms are exercised once, on the desktop project");

const quote = expectedQuote(priceBook, { service: "house-washing", size: 2000, stories: "1", option: "vinyl" });
const forms = [
  { title: "/pricing's request", path: quote.url, id: "pricing-request-form", confirmation: CONFIRMATION },
  {
    title: "the job application",
    path: "/careers/apply?position=pressure-washing-technician",
    id: "application-form",
    confirmation: "Thank you for applying!",
  },
];
const VALUES: Record<string, string> = {
  firstName: "Dana",
  lastName: "Price",
  phone: "2085550147",
  zipcode: "83702",
  experience: "Three seasons washing fleet trucks.",
};

for (const form of forms) {
  for (const { way, events } of [
    { way: "Enter in the e-mail field", events: [] as string[] },
    { way: "the send button", events: ["change"] },
  ]) {
    test(`${form.title}, filled with ${events.join(" and ") || "no"} events after the app started, is sent by ${way}: stored once and confirmed`, async ({
      page,
    }) => {
      const email = uniqueEmail("autofill");
      await page.goto(form.path);
      await hydrated(page);
      await page.locator(`#${form.id}`).evaluate(
        (element: HTMLFormElement, { values, email, events }) => {
          for (const control of element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
            "input[required]:not([type=radio]):not([type=checkbox]), textarea[required]",
          )) {
            control.value = control.name === "email" ? email : values[control.name]!;
            for (const type of events) control.dispatchEvent(new Event(type, { bubbles: true }));
          }
          const radio = element.querySelector<HTMLInputElement>("input[type=radio][required]");
          if (radio) radio.checked = true;
        },
        { values: VALUES, email, events },
      );
      const fields = page.locator(`#${form.id}`);
      if (way.startsWith("Enter")) {
        await fields.getByRole("textbox", { name: "Email", exact: true }).focus();
        await page.keyboard.press("Enter");
      } else await fields.locator("button[type=submit]").click();
      await expect(page.getByRole("status").filter({ hasText: form.confirmation })).toBeVisible();
      await expect.poll(async () => (await leadsFor(email)).length).toBe(1);
      await expect(page.getByRole("status").filter({ hasText: form.confirmation })).toHaveCount(1);
    });
  }
}
