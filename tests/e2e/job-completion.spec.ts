/**
 * Completed means done, and a late cancellation says the terms (docs/decisions/039-completion-and-late-cancellation.md),
 * with the real server process under faketime (11:00 in Boise), its texts at the local fake of Twilio's API and its
 * e-mails written as files. The owner at 1440 px: "On our way" for a window two days away is asked about first;
 * "Completed" two days before the window is asked about, then confirmed, and the day-before jobs show called off.
 * The customer at 390 px: the manage link of a completed job cannot cancel or move it; a cancellation within the
 * rule's hours of a window with a paid deposit shows the rule before it is confirmed, both e-mails state it, and the
 * owner's text arrives.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { localDateString, localTime } from "../../app/server/kit/business-time.server.ts";
import { windowLabel, windowsOn } from "../../app/server/kit/arrival-windows.server.ts";
import { openDatabase, type Database } from "../../app/server/kit/db/database.server.ts";
import { decide, requestWindow } from "../../app/server/features/bookings/bookings.server.ts";
import { queueDayBeforeTexts } from "../../app/server/features/texts/texts.server.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { changeLeadStatus } from "../../app/server/kit/leads.server.ts";
import { linkSecret, signedPath } from "../../app/server/kit/signed-links.server.ts";
import { formatAmount } from "../../app/lib/money.ts";
import {
  lateCancellationForCustomer,
  lateCancellationForOwner,
  lateCancellationRule,
} from "../../app/lib/late-cancellation.ts";
import { fakeTextSettings, startFakeTwilio, type FakeTwilio } from "../support/fake-twilio.ts";
import { fakeClock, hasFaketime, NO_FAKETIME } from "../support/faketime.ts";
import { decode, headerValue, leaves, parsePart } from "../support/mime-reader.ts";
import { freePort, startServer, type ServerHandle } from "../support/processes.ts";
import { sampleLead } from "../support/storage.ts";
import { htmlErrors } from "../../scripts/html-checker.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test as base } from "./fixtures.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";

const SITE_URL = "https://www.gemstateexteriorcleaning.com";
const SHOTS = "/work/shots/complete";

/** One port per test: the browser reaches only its base URL's origin (as tests/e2e/customer-texts.spec.ts). */
const test = base.extend<{ port: number }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  port: async ({}, use) => use(await freePort()),
  baseURL: async ({ port }, use) => use(`http://127.0.0.1:${port}`),
});

test.skip(!hasFaketime, NO_FAKETIME);
test.describe.configure({ timeout: 150_000 });

/** The first day from tomorrow on whose next day has windows too: the server's "today" (11:00) and the window days. */
function days() {
  for (let d = 1; d < 30; d++) {
    const today = localDateString(new Date(Date.now() + d * 86_400_000));
    const next = (n: number) => localDateString(new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000));
    if (windowsOn(next(1)).length > 0 && windowsOn(next(2)).length > 0)
      return { today, tomorrow: next(1), later: next(2) };
  }
  throw new Error("no two days with windows in a month");
}

interface Server {
  server: ServerHandle;
  database: Database;
  fake: FakeTwilio;
  dir: string;
  dataDir: string;
  now: Date;
  day: ReturnType<typeof days>;
}

async function serverAt11(port: number): Promise<Server> {
  const fake = await startFakeTwilio();
  const dir = mkdtempSync(path.join(tmpdir(), "gs-complete-"));
  const dataDir = path.join(dir, "data");
  const day = days();
  const [y, m, d] = day.today.split("-").map(Number) as [number, number, number];
  const now = localTime(y, m, d, 11, 0);
  const env = {
    SITE_URL,
    MAIL_TRANSPORT: "files",
    LOG_LEVEL: "info",
    TZ: "UTC",
    ...fakeTextSettings(fake.url),
    ...fakeClock(now),
  };
  const server = await startServer({ port, dataDir, env });
  const database = await openDatabase({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  return { server, database, fake, dir, dataDir, now, day };
}

async function stop(s: Server | undefined) {
  await s?.server.stop();
  await s?.database.close();
  await s?.fake.close();
  if (s) rmSync(s.dir, { recursive: true, force: true });
}

/** A request that agreed to texts, with a confirmed window on `day` and the owner's note; its manage link. */
async function confirmedJob(s: Server, name: string, phone: string, day: string) {
  const lead = sampleLead({ idempotencyKey: `key:complete-${name}-${Date.now()}` });
  lead.contact = { ...lead.contact, name: `${name} Walker`, phone, email: `${name.toLowerCase()}@example.com` };
  lead.fields = { ...lead.fields, firstName: name, lastName: "Walker", phone, priceService: "house-washing" };
  const leadId = (await recordLead(s.database, lead, { webhook: false, now: s.now })).id;
  const window = { ...windowsOn(day)[0]!, capacity: 20 };
  const asked = await requestWindow(s.database, leadId, window, s.now);
  if (!asked.ok) throw new Error(`could not ask for the window: ${asked.reason}`);
  const done = await decide(s.database, asked.booking.id, { action: "confirm" }, "Leave the side gate unlocked", s.now);
  if (!done.ok) throw new Error(`could not confirm: ${done.reason}`);
  const manage = signedPath("manage", asked.booking.id, await linkSecret(s.database, {}), s.now);
  return { leadId, window, manage, label: windowLabel(day, window.times) };
}

/** The e-mails the server wrote (MAIL_TRANSPORT=files) to `to` ("": all), as plain text. */
function mailsTo(dataDir: string, to: string): string[] {
  const dir = path.join(dataDir, "mail");
  return readdirSync(dir)
    .map((file) => parsePart(readFileSync(path.join(dir, file), "utf8").replace(/\r?\n/g, "\r\n")))
    .filter((message) => headerValue(message, "to").includes(to))
    .map((message) => decode(leaves(message).find((p) => headerValue(p, "content-type").startsWith("text/plain"))!));
}

/** The Nu HTML checker finds nothing wrong in `html`. */
async function expectValidHtml(html: string, file: string) {
  writeFileSync(file, html);
  expect((await htmlErrors([file])).map((e) => `line ${e.line}: ${e.message}`)).toEqual([]);
}

async function shoot(page: Page, name: string, locator?: ReturnType<Page["locator"]>) {
  for (const [width, height] of [
    [390, 844],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await (locator ?? page.locator("h1")).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
}

test("the owner at 1440 px: On our way and Completed two days before the window are asked about; completed, the day-before jobs are called off", async ({
  page,
  port,
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the owner's laptop");
  let s: Server | undefined;
  try {
    s = await serverAt11(port);
    const owner = uniqueOwner("complete");
    await addOwnerWithCli(owner, s.dataDir);
    const phone = "+12085550181";
    const job = await confirmedJob(s, "Robin", phone, s.day.later);
    // The day-before text, as the upkeep queues it within 48 hours of the window.
    expect(await queueDayBeforeTexts(s.database, new Date(job.window.startsAt.getTime() - 40 * 3_600_000))).toBe(1);

    await signIn(page, owner, { origin: s.server.origin });
    await page.goto(`${s.server.origin}/admin/requests/${job.leadId}`);

    // "On our way" for a window two days away: asked first, sent once confirmed.
    const texts = page.getByRole("region", { name: "Text messages" });
    await texts.getByRole("button", { name: "Text “On our way”" }).click();
    const notToday = page.getByRole("form", { name: /not today\. Text “On our way” anyway\?/ });
    await expect(notToday).toContainText(`The arrival window is ${job.label}, not today.`);
    // Nothing "on the way" went (the window's confirmation text, for a customer who chose texts, may have).
    const onTheWay = () => s!.fake.deliveredTo(phone).filter((r) => /on the way/i.test(r.form.Body ?? ""));
    expect(onTheWay()).toHaveLength(0);
    await shoot(page, "on-our-way-question", notToday);
    await page.setViewportSize({ width: 1440, height: 900 });
    await notToday.getByRole("button", { name: /Yes, text “On our way” now/ }).click();
    await expect(page.getByRole("status").filter({ hasText: "Text queued" })).toBeVisible();
    await expect.poll(() => onTheWay().length, { timeout: 20_000 }).toBe(1);

    // "Completed" two days before the window: nothing saved, asked to confirm.
    const stage = page.getByRole("region", { name: "Stage" });
    await stage.getByLabel("Set the stage").selectOption("completed");
    await stage.getByRole("button", { name: "Save the stage" }).click();
    const early = page.getByRole("form", { name: /Complete it early\?/ });
    await expect(early).toContainText(`The window starts ${job.label}. Complete it early?`);
    // Nothing was saved: the history has no completion, and the page still reads the stage events gave.
    await expect(page.getByRole("list", { name: /History, newest first/ })).not.toContainText("Completed");
    await shoot(page, "complete-early-question", early);
    await expectNoViolations(page, "the early-completion question");
    await expectValidHtml(await page.content(), testInfo.outputPath("complete-early.html"));
    await page.setViewportSize({ width: 1440, height: 900 });
    await early.getByRole("button", { name: "Yes, mark it completed now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Stage saved: Completed." })).toBeVisible();

    // The day-before e-mail and its "Reply C" text are called off.
    const delivery = page.getByRole("region", { name: "Delivery" });
    await expect(delivery.locator("div").filter({ hasText: /^Reminder e-mail to the customer/ })).toContainText(
      "called off",
    );
    await expect(texts.getByRole("listitem").filter({ hasText: "day-before text" })).toContainText(
      "called off (the job is completed)",
    );
    await shoot(page, "completed-request-page", page.getByRole("heading", { name: "Text messages" }));
  } finally {
    await stop(s);
  }
});

test("the customer at 390 px: a completed job cannot be cancelled or moved; a late cancellation shows the rule first, both e-mails state it, the owner is texted", async ({
  page,
  port,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the customer's phone");
  let s: Server | undefined;
  try {
    s = await serverAt11(port);
    // A completed job: the link shows it so, with no way to cancel or move it, and a POST is refused.
    const done = await confirmedJob(s, "Casey", "+12085550182", s.day.later);
    await changeLeadStatus(
      s.database,
      done.leadId,
      { status: "completed", note: "", changedBy: "owner@example.com" },
      s.now,
    );
    await page.goto(`${s.server.origin}${done.manage}`);
    await expect(page.getByRole("heading", { level: 2, name: "Job completed" })).toBeVisible();
    await expect(page.getByText("can no longer be cancelled or moved online")).toBeVisible();
    await expect(page.getByRole("button", { name: "Cancel my arrival window" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: /Choose another window|Open arrival windows/ })).toHaveCount(0);
    await shoot(page, "manage-completed");
    await page.setViewportSize({ width: 390, height: 844 });
    const refused = await page.request.post(`${s.server.origin}${done.manage}`, {
      form: { intent: "cancel", confirm: "yes" },
      headers: { Origin: s.server.origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(409);
    expect(await refused.text()).toContain("This job is completed");

    // Tomorrow's window (less than the rule's hours away), with a deposit paid.
    const late = await confirmedJob(s, "Dana", "+12085550183", s.day.tomorrow);
    const cents = 18_125;
    const at = s.now.toISOString();
    await s.database.db
      .insertInto("payments")
      .values({
        checkout_session_id: `cs_test_${Date.now()}`,
        lead_id: late.leadId,
        quote_ref: "Q-1001",
        quote_version: 1,
        attempt: 1,
        amount_cents: cents,
        currency: "usd",
        status: "paid",
        checkout_url: "https://checkout.stripe.com/c/pay/cs_test",
        expires_at: at,
        created_at: at,
        updated_at: at,
        paid_at: at,
      })
      .execute();
    const rule = lateCancellationRule();
    const record = { ...rule, depositCents: cents };
    await page.goto(`${s.server.origin}${late.manage}`);
    const cancel = page.getByRole("region", { name: "Cancel this arrival window" });
    await expect(cancel).toContainText(lateCancellationForCustomer(record, false));
    await expect(cancel).toContainText(formatAmount(cents));
    await shoot(page, "manage-late-cancel", cancel);
    await expectNoViolations(page, "/book/manage with the late-cancellation rule");
    await expectValidHtml(
      await (await page.request.get(`${s.server.origin}${late.manage}`)).text(),
      testInfo.outputPath("manage-late.html"),
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await cancel.getByRole("checkbox", { name: "Yes, cancel this arrival window" }).check();
    await cancel.getByRole("button", { name: "Cancel my arrival window" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Cancelled" })).toBeVisible();
    await expect(page.getByText("Want a new date? Choose a new window below.")).toBeVisible();
    await expect(page.getByText("Leave the side gate unlocked")).toHaveCount(0);
    await shoot(page, "manage-cancelled");

    // Both e-mails state it; the customer's gives the same one next step; the owner's text arrives.
    await expect
      .poll(() => mailsTo(s!.dataDir, "dana@example.com").filter((m) => m.includes("cancelled")).length, {
        timeout: 20_000,
      })
      .toBe(1);
    const customerMail = mailsTo(s.dataDir, "dana@example.com").find((m) => m.includes("cancelled"))!;
    expect(customerMail).toContain(lateCancellationForCustomer(record, true));
    expect(customerMail).toContain("Choose a new window");
    expect(customerMail).not.toContain("Leave the side gate unlocked");
    await expect
      .poll(
        () =>
          mailsTo(s!.dataDir, "")
            .filter((m) => m.includes("What happened: Arrival window cancelled"))
            .join("\n"),
        {
          timeout: 20_000,
        },
      )
      .toContain(lateCancellationForOwner(record));
    const ownerPhone = fakeTextSettings("").OWNER_PHONE;
    await expect
      .poll(() => s!.fake.deliveredTo(ownerPhone).map((r) => r.form.Body ?? ""), { timeout: 20_000 })
      .toContainEqual(
        expect.stringContaining(`Arrival window cancelled by Dana: ${late.label}. ${lateCancellationForOwner(record)}`),
      );
  } finally {
    await stop(s);
  }
});
