/**
 * The owner's instant text message (docs/decisions/019-owner-text-alert.md): the real server, its TWILIO_* settings
 * pointing at a local fake of the Twilio API (tests/support/fake-twilio.ts), and a request sent through a page's form
 * as a visitor does. What the owner's phone would get is what the fake received.
 */
import type { Page } from "@playwright/test";
import { gsm7Length, SEGMENT } from "../../app/server/notify/sms.server.ts";
import { listLeads } from "../../app/server/features/admin/listing.server.ts";
import { getLead } from "../../app/server/kit/leads.server.ts";
import { zipTable } from "../../app/server/kit/service-area.server.ts";
import { uniqueEmail } from "./leads.ts";
import { addOwnerWithCli, sendRequest, signIn, uniqueOwner } from "./owners.ts";
import { fakeTextSettings } from "../support/fake-twilio.ts";
import { SITE_URL, withTextSite } from "../support/text-site.ts";
import type { Database } from "../../app/server/kit/db/database.server.ts";
import { expect, hydrated } from "./fixtures.ts";

const { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: FROM, OWNER_PHONE } = fakeTextSettings("");

const test = withTextSite("sms");

test.skip(({ isMobile }) => isMobile, "server behaviour, checked once on the desktop project");

/** A first name no other test sends (letters only: the text keeps only a plain name). */
const uniqueName = () =>
  `Dana${Array.from({ length: 6 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;

/** The stored request sent with `email`. */
async function storedLead(database: Database, email: string) {
  await expect
    .poll(async () => (await listLeads(database, {})).filter((l) => l.contact.email === email).length)
    .toBe(1);
  return (await listLeads(database, {})).find((l) => l.contact.email === email)!;
}

/** Fills and sends the contact page's request form, as a visitor does with JavaScript. */
async function sendContactRequest(
  page: Page,
  person: { first: string; email: string; zip: string; services: string[] },
) {
  await page.goto("/contact");
  await hydrated(page);
  const form = page.locator("#contact-form");
  await form.getByRole("textbox", { name: "First name", exact: true }).fill(person.first);
  await form.getByRole("textbox", { name: "Last name", exact: true }).fill("Lastnameonly");
  await form.getByRole("textbox", { name: "Email", exact: true }).fill(person.email);
  await form.getByRole("textbox", { name: "Phone", exact: true }).fill("+1 208 555 0177");
  await form.getByRole("textbox", { name: "City", exact: true }).fill("Cityonly");
  await form.getByRole("textbox", { name: "ZIP code", exact: true }).fill(person.zip);
  await form.getByRole("radio", { name: "Residential" }).check();
  for (const service of person.services) await form.getByRole("checkbox", { name: service }).check();
  await form.getByRole("textbox", { name: "Project details" }).fill("Gate code 4321, dog in the yard.");
  await form.getByRole("radio", { name: "Email" }).check();
  await form.getByRole("button", { name: "Send My Request" }).click();
  await expect(page.getByRole("status")).toContainText("Thank you!");
}

test("a request sent through the contact form texts the owner once: first name, services, city and ZIP, the inbox link, nothing else personal; naming services, it is an estimate request in the text and the report", async ({
  page,
  site: { database, twilio: fake, dataDir },
}) => {
  const first = uniqueName();
  const email = uniqueEmail("sms");
  const zip = Object.keys(zipTable)[0]!;
  await sendContactRequest(page, { first, email, zip, services: ["Roof Cleaning"] });
  const lead = await storedLead(database, email);

  const mine = () => fake.requests.filter((r) => r.form.Body?.includes(first));
  await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(1);
  const [message] = mine();
  expect(message!.status).toBe(201);
  expect(message!.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`);
  expect(message!.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`);
  expect(message!.form.To).toBe(OWNER_PHONE);
  expect(message!.form.From).toBe(FROM);
  const body = message!.form.Body!;
  // Services and a property named on /contact: an estimate request, its page kept.
  expect(body).toContain(`New estimate request: ${first}, `);
  expect(lead.kind).toBe("estimate");
  expect(lead.context.page).toBe("/contact");
  expect(body).toContain(", roof cleaning, ");
  expect(gsm7Length(body)).toBeLessThanOrEqual(SEGMENT); // one text message
  expect(body).toContain(`${zipTable[zip]![0]} ${zip}`);
  expect(body).toMatch(new RegExp(`${SITE_URL.replaceAll(".", "\\.")}/admin/requests/${lead.id}$`));
  for (const personal of [email, "Lastnameonly", "555", "0177", "Gate code", "4321", "dog", "Cityonly"])
    expect(body, personal).not.toContain(personal);

  // Sent once: the job is marked sent, and the owner's page for the request says so.
  await expect
    .poll(async () => (await getLead(database, lead.id))?.jobs.find((j) => j.kind === "sms")?.status)
    .toBe("sent");
  await expect.poll(() => mine().length).toBe(1);

  // The report's Estimate column counts it: its figures are the stored requests' kinds (this worker's site holds
  // only this run's requests, all within the report's 12 weeks; the sum over the weeks is safe across a Monday).
  const owner = uniqueOwner("sms-report");
  await addOwnerWithCli(owner, dataDir);
  await signIn(page, owner);
  await page.goto("/admin/report");
  const table = page.getByTestId("report-weeks");
  const headers = await table.locator("thead th").allInnerTexts();
  const weeks = await table
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll("th, td"), (cell) => cell.textContent ?? "")),
    );
  const column = (label: string) => weeks.reduce((sum, week) => sum + Number(week[headers.indexOf(label)]), 0);
  const stored = await listLeads(database, {});
  const count = (kind: string) => stored.filter((l) => l.kind === kind).length;
  expect(count("estimate")).toBeGreaterThanOrEqual(1);
  expect([column("Estimate"), column("Contact form")]).toEqual([count("estimate"), count("contact")]);
});

test("a text the API refuses twice (500) is retried by the outbox and delivered once", async ({
  page,
  site: { database, twilio: fake, server },
}) => {
  const first = uniqueName();
  const email = uniqueEmail("sms-retry");
  fake.failNext(2, 500);
  await sendContactRequest(page, {
    first,
    email,
    zip: Object.keys(zipTable)[1]!,
    services: ["Roof Cleaning", "House Washing"],
  });
  const lead = await storedLead(database, email);

  const mine = () => fake.requests.filter((r) => r.form.Body?.includes(first));
  await expect
    .poll(() => fake.delivered().filter((r) => r.form.Body?.includes(first)).length, { timeout: 15_000 })
    .toBe(1);
  expect(mine().map((r) => r.status)).toEqual([500, 500, 201]);
  await expect
    .poll(async () => (await getLead(database, lead.id))?.jobs.find((j) => j.kind === "sms"))
    .toMatchObject({ status: "sent", attempts: 3 });
  // The failures were logged with their code, never the text, the numbers or the token.
  const log = server.log();
  expect(log).toContain("HTTP_500 20500");
  for (const secret of [TOKEN, first, OWNER_PHONE, email]) expect(log, secret).not.toContain(secret);
  await expect.poll(() => mine().length).toBe(3);
});

test("the text's link opens the request in the owner's inbox, whose Delivery section lists the text message as sent", async ({
  page,
  site: { twilio: fake, dataDir },
}) => {
  const owner = uniqueOwner("sms");
  await addOwnerWithCli(owner, dataDir);
  const first = uniqueName();
  await sendRequest(page, { first, email: uniqueEmail("sms-inbox") }); // the /estimate page's form
  await expect.poll(() => fake.delivered().filter((r) => r.form.Body?.includes(first)).length).toBe(1);
  const body = fake.delivered().find((r) => r.form.Body?.includes(first))!.form.Body!;
  expect(body).toMatch(new RegExp(`^New estimate request: ${first}, .*83702\\. `));
  const link = new URL(/\S+$/.exec(body)![0]);
  expect(link.origin).toBe(SITE_URL);

  await signIn(page, owner);
  const delivery = page.getByRole("region", { name: "Delivery" });
  // The fake has answered; the job is marked sent right after (the page is loaded again until it says so).
  await expect(async () => {
    await page.goto(link.pathname);
    await expect(page.getByRole("heading", { level: 1, name: `${first} Inboxtest` })).toBeVisible();
    await expect(delivery).toContainText(/Text message to the owner\s*sent, 1 attempt/, { timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await expect(delivery).toContainText("E-mail to the owner");
});
