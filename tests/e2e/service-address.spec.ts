/**
 * The service address from the form to the crew (docs/decisions/038-service-address-and-day-sheet.md): a visitor
 * at 390 px fills /estimate in one autofill-like step (every field by its autocomplete token, as a phone fills
 * it), the owner at 1440 px sees the address with its map link, a quote is accepted and a deposit paid (through
 * the stores, as the quote's page and Stripe's webhook leave them), the window is confirmed, and the customer's
 * invite, the owner's feed and the day sheet carry the address, what was sold and what is left to collect.
 */
import { formatAmount } from "../../app/lib/money.ts";
import { openDatabase } from "../../app/server/kit/db/database.server.ts";
import { referenceOf } from "../../app/server/kit/reference.server.ts";
import { readCalendar } from "../support/ical.ts";
import { acceptAndPay } from "../support/crew-jobs.ts";
import { decode, headerValue, leaves, parsePart } from "../support/mime-reader.ts";
import { expect, test } from "./fixtures.ts";
import { askForWindow, leadsFor, uniqueEmail } from "./leads.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";
import { mailsTo } from "./sinks.ts";

const SHOTS = process.env.SHOTS_DIR;
const STREET = "1234 W Main St, Apt 5";

test("the address typed by a phone's autofill reaches the owner, the invite, the feed and the day sheet", async ({
  page,
  browser,
  baseURL,
  isMobile,
}) => {
  test.skip(isMobile, "one walk: the visitor in a 390 px context, the owner on the desktop project");
  test.setTimeout(90_000);
  const email = uniqueEmail("address");

  // The visitor, on a phone: one fill of every field by its autocomplete token, then the consent and Send.
  const phone = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const visitor = await phone.newPage();
  await visitor.goto("/estimate");
  const filled = await visitor.evaluate(
    (values) => {
      const form = document.querySelector("main form")!;
      return Object.entries(values).map(([token, value]) => {
        const input = form.querySelector<HTMLInputElement>(`input[autocomplete="${token}"]`);
        if (!input) return token;
        input.value = value;
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));
        return null;
      });
    },
    {
      "given-name": "Addie",
      "family-name": "Street",
      email,
      tel: "(208) 555-0188",
      "address-line1": STREET,
      "postal-code": "83702",
    },
  );
  expect(filled.filter(Boolean), "autocomplete tokens missing from /estimate").toEqual([]);
  if (SHOTS) await visitor.screenshot({ path: `${SHOTS}/estimate-390.png`, fullPage: true });
  await visitor.getByRole("checkbox", { name: /I agree to receive conversational text messages/ }).check();
  await visitor.getByRole("button", { name: "Get My Free Estimate" }).click();
  await expect(visitor.getByText("Thank you! Your request is in.")).toBeVisible();
  await phone.close();
  await expect.poll(async () => (await leadsFor(email)).length).toBe(1);
  const [lead] = await leadsFor(email);

  // The owner at 1440 px: the address with a map link, in what the customer asked.
  const owner = uniqueOwner("address");
  await addOwnerWithCli(owner);
  await signIn(page, owner);
  await page.goto(`/admin/requests/${lead!.id}`);
  const block = page.getByTestId("service-address");
  await expect(block).toContainText(STREET);
  const mapHref = await block.getByRole("link", { name: /Open in Maps/ }).getAttribute("href");
  expect(new URL(mapHref!).searchParams.get("query")).toMatch(new RegExp(`^${STREET}, .+, ID 83702$`));

  // Sold and part paid, then a window asked for and confirmed by the owner.
  const lines = [
    { text: "House washing", cents: 41_000 },
    { text: "Oil-stain treatment", cents: 6_500 },
  ];
  const total = lines.reduce((sum, l) => sum + l.cents, 0);
  const paid = 11_875;
  const database = await openDatabase({ DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: undefined });
  try {
    await acceptAndPay(
      database,
      lead!.id,
      {
        firstName: "Addie",
        quote: { options: [{ label: "Better", lines, totalCents: total }], accept: 0 },
        payments: [{ cents: paid, status: "paid" }],
      },
      new Date(),
    );
  } finally {
    await database.close();
  }
  const window = await askForWindow(lead!.id);
  await page.reload();
  await page
    .getByRole("form", { name: "Confirm this window" })
    .getByRole("button", { name: "Confirm the window" })
    .click();
  await expect(page.getByRole("status")).toHaveText(/Window confirmed/);

  // The customer's invite: LOCATION is the service address.
  let invite = "";
  await expect
    .poll(
      () =>
        (invite =
          mailsTo(email, "BEGIN:VCALENDAR")
            .map((raw) => leaves(parsePart(raw.replace(/\r?\n/g, "\r\n"))))
            .map((parts) => parts.find((p) => headerValue(p, "content-type").startsWith("text/calendar")))
            .map((part) => (part ? decode(part) : ""))
            .find((text) => text.includes("METHOD:REQUEST")) ?? ""),
      { timeout: 15_000 },
    )
    .not.toBe("");
  const [invited] = readCalendar(invite).events;
  expect(invited?.location).toMatch(new RegExp(`^${STREET}, .+, ID 83702$`));

  // The owner's feed: the same LOCATION, and what the crew needs.
  await page.goto("/admin/calendar");
  const feedUrl = new URL(await page.getByRole("textbox", { name: "Your calendar’s address" }).inputValue());
  const feed = readCalendar(await (await page.request.get(feedUrl.pathname)).text());
  const job = feed.events.find((e) => e.location === invited?.location);
  expect(job, "the feed lists the job at its address").toBeDefined();
  expect(job!.description).toContain(`To collect: ${formatAmount(total - paid)}`);

  // The day sheet, from the calendar page: the job with the accepted lines and the amount to collect.
  await page.getByRole("link", { name: "Today’s day sheet" }).click();
  await page.getByLabel("Day", { exact: true }).fill(window.day);
  await page.getByRole("button", { name: "Show this day" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/day\\?date=${window.day}$`));
  const card = page.getByRole("article").filter({ hasText: referenceOf(lead!.id) });
  await expect(card).toContainText(STREET);
  for (const line of lines) await expect(card).toContainText(`${line.text}: ${formatAmount(line.cents)}`);
  await expect(card).toContainText(`${formatAmount(total - paid)} (deposits paid ${formatAmount(paid)})`);
  await expect(card.getByRole("link", { name: "(208) 555-0188" })).toHaveAttribute("href", "tel:+12085550188");
  if (SHOTS) {
    await page.screenshot({ path: `${SHOTS}/day-sheet-1440.png`, fullPage: true });
    await page.emulateMedia({ media: "print" });
    await page.screenshot({ path: `${SHOTS}/day-sheet-print.png`, fullPage: true });
    await page.emulateMedia({ media: "screen" });
  }
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Owner pages" })).toBeHidden();
});
