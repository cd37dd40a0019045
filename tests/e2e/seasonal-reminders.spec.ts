/**
 * Seasonal reminders, by consent (docs/decisions/033-seasonal-reminders.md), at 390 px with the real server
 * process: two customers send the contact form for a house wash; the owner marks both jobs completed in the inbox;
 * each customer gets the offer e-mail and asks for reminders on its page. The server is stopped and started again
 * under faketime when the wash is due a year later: both reminders arrive at the SMTP sink. One customer's link
 * opens the request form prefilled with their details, which they send; the report counts the reminders and that
 * request. The other opts out on the reminder's page. Moved on to the next due date, no one gets another.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { openDatabase, type Database } from "../../app/server/kit/db/database.server.ts";
import { sendAt } from "../../app/server/features/reminders/due-dates.server.ts";
import { htmlErrors } from "../../scripts/html-checker.ts";
import { fakeClock, hasFaketime, NO_FAKETIME } from "../support/faketime.ts";
import { decode, headerValue, leaves, parsePart, type Part } from "../support/mime-reader.ts";
import { freePort, startServer, type ServerHandle } from "../support/processes.ts";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test as base } from "./fixtures.ts";
import { uniqueEmail } from "./leads.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";

const SITE_URL = "https://www.gemstateexteriorcleaning.com";

/** One port for the server in all its runs: the pages open only their own origin (fixtures.ts). */
const test = base.extend<object, { sitePort: number }>({
  sitePort: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => use(await freePort()),
    { scope: "worker" },
  ],
  baseURL: async ({ sitePort }, use) => use(`http://127.0.0.1:${sitePort}`),
});

test.skip(({ isMobile }) => !isMobile, "the customer's and the owner's phone: checked once, at 390 px");
test.skip(!hasFaketime, NO_FAKETIME);

interface Received {
  to: string[];
  message: Part;
}

const textOf = (message: Part) =>
  decode(leaves(message).find((p) => headerValue(p, "content-type").startsWith("text/plain"))!);
/** The path of the link to `pathname` in an e-mail's text (the e-mail names the production origin). */
const linkIn = (message: Part, pathname: string) => {
  const found = new RegExp(`${SITE_URL}(${pathname.replace(/\//g, "\\/")}\\?\\w+=[^\\s]+)`).exec(textOf(message));
  expect(found, `a link to ${pathname}`).not.toBeNull();
  return found![1]!;
};

test("a completed job, the customer opts in, the reminder arrives a year later and prefills a request that is counted; the opt-out stops the next one", async ({
  page,
  sitePort,
}, testInfo) => {
  test.setTimeout(240_000);
  const received: Received[] = [];
  const sink: SmtpSink = await startSmtpSink({
    onMessage: (raw, envelope) =>
      void received.push({ to: envelope.to, message: parsePart(raw.toString("utf8").replace(/\r?\n/g, "\r\n")) }),
  });
  const mailsTo = (to: string, tag: string) =>
    received
      .filter((m) => m.to.includes(to) && headerValue(m.message, "message-id").startsWith(`<${tag}-`))
      .map((m) => m.message);
  const dir = mkdtempSync(path.join(tmpdir(), "gs-seasonal-"));
  const dataDir = path.join(dir, "data");
  const env = { SITE_URL, SMTP_URL: sink.url, LOG_LEVEL: "info", TZ: "UTC", LEAD_MIN_FILL_SECONDS: "0" };
  let server: ServerHandle | undefined;
  let database: Database | undefined;
  try {
    server = await startServer({ port: sitePort, dataDir, env });
    database = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
    const db = database;
    const origin = server.origin;
    /** The new pages as the server sends them, for the Nu Html Checker at the end (with the owner's cookie). */
    const served: string[] = [];
    const keep = async (where: string) => {
      const file = testInfo.outputPath(`served-${served.length}.html`);
      writeFileSync(file, await (await page.request.get(where)).text());
      served.push(file);
    };
    const owner = uniqueOwner("seasonal");
    await addOwnerWithCli(owner, dataDir);

    // Two customers ask for a house wash on the contact page.
    const customers = { asks: uniqueEmail("seasonal-asks"), stops: uniqueEmail("seasonal-stops") };
    async function contactForm(p: Page, email: string, first: string) {
      await p.goto(`${origin}/contact`);
      const form = p.locator("#contact-form");
      await form.getByRole("textbox", { name: "First name" }).fill(first);
      await form.getByRole("textbox", { name: "Last name" }).fill("Seasonal");
      await form.getByRole("textbox", { name: "Email" }).fill(email);
      await form.getByRole("textbox", { name: "Phone" }).fill(`(208) 555-01${first === "Ann" ? "61" : "62"}`);
      await form.getByRole("textbox", { name: "City" }).fill("Boise");
      await form.getByRole("textbox", { name: "ZIP code" }).fill("83702");
      await form.getByRole("radio", { name: "Residential" }).check();
      await form.getByRole("checkbox", { name: "House Washing" }).check();
      await form.getByRole("button", { name: "Send My Request" }).click();
      await expect(p.getByText("Thank you! Your request is in.")).toBeVisible();
    }
    await contactForm(page, customers.asks, "Ann");
    await contactForm(page, customers.stops, "Bo");
    const leadOf = async (email: string) =>
      (await db.db.selectFrom("leads").select("id").where("email", "=", email).orderBy("created_at").execute())[0]!.id;
    const ids = { asks: await leadOf(customers.asks), stops: await leadOf(customers.stops) };

    // The owner marks both jobs completed in the inbox: each customer gets one offer, no reminder yet.
    await signIn(page, owner, { origin });
    for (const id of Object.values(ids)) {
      await page.goto(`${origin}/admin/requests/${id}`);
      await page.getByRole("combobox", { name: "Set the stage" }).selectOption("completed");
      await page.getByRole("button", { name: "Save the stage" }).click();
      await expect(page.getByRole("status")).toContainText("Stage saved: Completed.");
      await expect(page.getByRole("status")).toContainText("Reminder offer queued");
    }
    for (const email of Object.values(customers))
      await expect.poll(() => mailsTo(email, "reminder-offer").length, { timeout: 20_000 }).toBe(1);
    const planned = () =>
      db.db
        .selectFrom("outbox_jobs")
        .select(["lead_id", "ref", "status"])
        .where("kind", "=", "seasonal-reminder")
        .orderBy("ref")
        .execute();
    expect(await planned()).toEqual([]);

    // Each opens the offer's link (a GET agrees to nothing) and asks for the reminder.
    for (const [who, email] of Object.entries(customers)) {
      const offer = mailsTo(email, "reminder-offer")[0]!;
      expect(textOf(offer)).toContain("Remind me when it's due");
      await page.goto(`${origin}${linkIn(offer, "/reminders/remind-me")}`);
      await expect(page.getByRole("heading", { level: 1, name: "Remind me when it's due" })).toBeVisible();
      expect(await planned()).toHaveLength(who === "asks" ? 0 : 1);
      if (who === "asks") {
        await expectNoViolations(page, "/reminders/remind-me at 390 px");
        await keep(page.url());
      }
      await page.getByRole("button", { name: "Yes, remind me" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "We will remind you" })).toBeVisible();
      if (who === "asks") {
        await expectNoViolations(page, "/reminders/remind-me, agreed, at 390 px");
        await keep(page.url());
      }
    }
    const [first] = await planned();
    const due = first!.ref;
    expect((await planned()).map((j) => [j.ref, j.status])).toEqual([
      [due, "pending"],
      [due, "pending"],
    ]);
    expect(due > new Date().toISOString().slice(0, 10)).toBe(true);
    await server.stop();

    // A year later, when the wash is due: the server starts on that day; both reminders go out.
    server = await startServer({
      port: sitePort,
      dataDir,
      env: { ...env, ...fakeClock(new Date(sendAt(due).getTime() + 30_000)) },
    });
    for (const email of Object.values(customers))
      await expect.poll(() => mailsTo(email, "seasonal-reminder").length, { timeout: 30_000 }).toBe(1);
    const reminder = mailsTo(customers.asks, "seasonal-reminder")[0]!;
    expect(headerValue(reminder, "subject")).toMatch(/house washing is due/i);
    expect(headerValue(reminder, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");

    // Its link: the request form, filled in with the customer's details, sent in one tap.
    await page.goto(`${origin}${linkIn(reminder, "/contact")}`);
    const form = page.locator("#contact-form");
    await expect(form.getByRole("textbox", { name: "First name" })).toHaveValue("Ann");
    await expect(form.getByRole("textbox", { name: "Email" })).toHaveValue(customers.asks);
    await expect(form.getByRole("textbox", { name: "ZIP code" })).toHaveValue("83702");
    await expect(form.getByRole("textbox", { name: "City" })).toHaveValue("Boise");
    await expect(form.getByRole("checkbox", { name: "House Washing" })).toBeChecked();
    await expectNoViolations(page, "/contact prefilled from a reminder at 390 px");
    await keep(page.url());
    await form.getByRole("button", { name: "Send My Request" }).click();
    await expect(page.getByText("Thank you! Your request is in.")).toBeVisible();

    // The other customer opts out on the reminder's page: the next one is called off at once.
    await page.goto(`${origin}${linkIn(mailsTo(customers.stops, "seasonal-reminder")[0]!, "/reminders/opt-out")}`);
    await expect(page.getByRole("heading", { level: 1, name: "Stop seasonal reminders?" })).toBeVisible();
    await expectNoViolations(page, "/reminders/opt-out at 390 px");
    await keep(page.url());
    await page.getByRole("button", { name: "Stop these reminders" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "No more reminders" })).toBeVisible();
    await expectNoViolations(page, "/reminders/opt-out, stopped, at 390 px");
    await keep(page.url());
    const next = (await planned()).find((j) => j.status !== "sent" && j.lead_id === ids.asks)!.ref;
    expect((await planned()).filter((j) => j.lead_id === ids.stops).map((j) => j.status)).toEqual([
      "sent",
      "cancelled",
    ]);

    // The owner's report counts both reminders and the request one of them brought.
    await signIn(page, owner, { origin });
    await page.goto(`${origin}/admin/report`);
    await expect(page.getByTestId("report-reminders-sent")).toContainText("2");
    await expect(page.getByText("1 request sent from a reminder's link")).toBeVisible();
    await keep(page.url());
    expect(await htmlErrors(served), "the Nu Html Checker on the new pages").toEqual([]);
    await server.stop();

    // At the next due date: nothing more, for the customer who asked again nor for the one who opted out.
    server = await startServer({
      port: sitePort,
      dataDir,
      env: { ...env, ...fakeClock(new Date(sendAt(next).getTime() + 30_000)) },
    });
    await expect
      .poll(
        async () => (await planned()).map((j) => `${j.lead_id === ids.asks ? "asks" : "stops"} ${j.status}`).sort(),
        {
          timeout: 30_000,
        },
      )
      .toEqual(["asks cancelled", "asks sent", "stops cancelled", "stops sent"]);
    for (const email of Object.values(customers)) expect(mailsTo(email, "seasonal-reminder")).toHaveLength(1);
  } finally {
    await database?.close();
    await server?.stop();
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
