/**
 * Texts with customers who agreed to them (docs/decisions/034-customer-texts.md), with the real server process,
 * its TWILIO_* settings at the local fake of the API (what the customers' phones get is what the fake received),
 * the customers' answers sent to /webhooks/twilio signed as Twilio signs them, and the server's clock set with
 * faketime, as the booking reminder's test does: the day before a confirmed window, the text answered C (the
 * inbox shows the window confirmed) and R (the reschedule link texted); "On our way" from the request's page;
 * STOP stopping everything after it; an answer typed at 10 PM going at 8 AM; a customer who chose texts getting
 * the quote by text, and REVOKE and a plain sentence each ending the texts to their number, as the owner sees on
 * the request page. axe and the Nu checker on the request page with its texts.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { htmlErrors } from "../../scripts/html-checker.ts";
import { localDateString, localParts, localTime } from "../../app/server/kit/business-time.server.ts";
import { windowsOn } from "../../app/server/kit/arrival-windows.server.ts";
import { openDatabase, type Database } from "../../app/server/kit/db/database.server.ts";
import { decide, requestWindow } from "../../app/server/features/bookings/bookings.server.ts";
import { recordLead } from "../../app/server/features/leads/store.server.ts";
import { saveDraft, sendDraft } from "../../app/server/features/quotes/quotes.server.ts";
import type { QuoteContent } from "../../app/forms/quote.ts";
import { fakeTextSettings, sendInbound, startFakeTwilio, type FakeTwilio } from "../support/fake-twilio.ts";
import { freePort, startServer, type ServerHandle } from "../support/processes.ts";
import { sampleLead } from "../support/storage.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test as base } from "./fixtures.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";

const SITE_URL = "https://www.gemstateexteriorcleaning.com";
const SIGNED_URL = `${SITE_URL}/webhooks/twilio`;
const LIBFAKETIME = [
  "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1",
  "/usr/lib/aarch64-linux-gnu/faketime/libfaketime.so.1",
].find((file) => existsSync(file));
const hasFaketime =
  LIBFAKETIME !== undefined && spawnSync("faketime", ["-f", "@2030-01-01 00:00:00", "true"]).status === 0;

/** One port per test, the same across the server's restarts: the browser reaches only its base URL's origin. */
const test = base.extend<{ port: number }>({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  port: async ({}, use) => use(await freePort()),
  baseURL: async ({ port }, use) => use(`http://127.0.0.1:${port}`),
});

test.skip(({ isMobile }) => isMobile, "server behaviour, checked once on the desktop project");
test.skip(!hasFaketime, "faketime is not installed (Debian: apt-get install faketime; npm test installs it)");

/** The server's environment with its clock starting at `at` (it runs on from there). */
const fakeClock = (at: Date) => ({
  LD_PRELOAD: LIBFAKETIME!,
  FAKETIME: `@${at.toISOString().slice(0, 19).replace("T", " ")}`,
  FAKETIME_DONT_FAKE_MONOTONIC: "1",
});

interface Texting {
  fake: FakeTwilio;
  dir: string;
  dataDir: string;
  env: Record<string, string>;
  owner: string;
}

async function texting(): Promise<Texting> {
  const fake = await startFakeTwilio();
  const dir = mkdtempSync(path.join(tmpdir(), "gs-texts-"));
  const dataDir = path.join(dir, "data");
  const env = { SITE_URL, MAIL_TRANSPORT: "files", LOG_LEVEL: "info", TZ: "UTC", ...fakeTextSettings(fake.url) };
  return { fake, dir, dataDir, env, owner: uniqueOwner("texts") };
}

/**
 * A request that agreed to texts at `phone`, stored through the intake's store; its contact method is a phone
 * call unless said (one who chose texts also gets the quote and the window's changes by text).
 */
async function customer(database: Database, phone: string, name: string, now: Date, contactMethod = "phone") {
  const lead = sampleLead({ idempotencyKey: `key:texts-${name}-${Date.now()}` });
  lead.contact = { ...lead.contact, name: `${name} Texter`, phone, email: `${name.toLowerCase()}@example.com` };
  lead.fields = {
    ...lead.fields,
    firstName: name,
    lastName: "Texter",
    phone,
    priceService: "house-washing",
    contactMethod,
  };
  return (await recordLead(database, lead, { webhook: false, now })).id;
}

/** A confirmed window on `day` for the request (a window of the content's, with room for every test booking). */
async function confirmed(database: Database, leadId: string, day: string, now: Date) {
  const window = { ...windowsOn(day)[0]!, capacity: 20 };
  const asked = await requestWindow(database, leadId, window, now);
  if (!asked.ok) throw new Error(`could not ask for the window: ${asked.reason}`);
  const done = await decide(database, asked.booking.id, { action: "confirm" }, "", now);
  if (!done.ok) throw new Error(`could not confirm: ${done.reason}`);
  return { ...done.booking, window };
}

/** The first local day at least `days` ahead that has arrival windows. */
function dayWithWindows(days: number): string {
  for (let d = days; d < days + 14; d++) {
    const day = localDateString(new Date(Date.now() + d * 86_400_000));
    if (windowsOn(day).length > 0) return day;
  }
  throw new Error("no day with arrival windows in two weeks");
}

const textsSection = (page: Page) => page.getByRole("region", { name: "Text messages" });
const thread = (page: Page) => page.getByRole("list", { name: "Texts with the customer, oldest first" });

test("the day-before text answered C (the inbox shows the window confirmed) and R (the reschedule link texted); On our way; after STOP nothing goes, a later day-before text and an owner's answer both refused", async ({
  page,
  port,
}, testInfo) => {
  test.setTimeout(180_000);
  const t = await texting();
  const dana = "+12085550171";
  const lee = "+12085550172";
  const sam = "+12085550173";
  let server: ServerHandle | undefined;
  let database: Database | undefined;
  try {
    server = await startServer({ port, dataDir: t.dataDir, env: t.env });
    database = await openDatabase({ DATA_DIR: t.dataDir, DATABASE_URL: undefined });
    await addOwnerWithCli(t.owner, t.dataDir);
    const now = new Date();
    const day = dayWithWindows(10);
    const danaLead = await customer(database, dana, "Dana", now);
    const leeLead = await customer(database, lee, "Lee", now);
    const samLead = await customer(database, sam, "Sam", now);
    await confirmed(database, danaLead, day, now);
    await confirmed(database, leeLead, day, now);
    await confirmed(database, samLead, day, now);

    // Sam replies STOP (to the consent's wording) days before: recorded with its time, answered with empty TwiML.
    const stop = await sendInbound({
      target: `${server.origin}/webhooks/twilio`,
      signedUrl: SIGNED_URL,
      from: sam,
      body: "Stop",
    });
    expect(stop.status).toBe(200);
    // Confirmed once, by the site itself.
    await expect.poll(() => t.fake.deliveredTo(sam).length, { timeout: 20_000 }).toBe(1);
    const stopConfirmed = t.fake.deliveredTo(sam)[0]!.form.Body;
    expect(stopConfirmed).toMatch(/^Gem State Exterior Cleaning: .*no more texts.* START/);
    // The owner's answer to Sam is refused, with why, and the page offers no text form for Sam.
    await signIn(page, t.owner, { origin: server.origin });
    await page.goto(`${server.origin}/admin/requests/${samLead}`);
    await expect(textsSection(page).getByText("asked us to stop texting")).toBeVisible();
    await expect(textsSection(page).getByRole("button", { name: "Send the text" })).toHaveCount(0);
    const refused = await page.request.post(`${server.origin}/admin/requests/${samLead}/texts`, {
      form: { intent: "reply", body: "Are you still interested?" },
      headers: { Origin: server.origin },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(303);
    await page.goto(`${server.origin}${refused.headers().location!}`);
    await expect(page.getByRole("alert")).toHaveText(/Not sent: this customer asked us to stop texting/);
    await expect(thread(page).getByRole("listitem")).toHaveCount(2); // the STOP itself and its confirmation
    await server.stop();

    // The day before the window, 10:00:30 in Boise: the upkeep at start queues the day-before texts; they go.
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    const dayBefore = new Date(localTime(year, month, date - 1, 10, 0).getTime() + 30_000);
    server = await startServer({
      port,
      dataDir: t.dataDir,
      env: { ...t.env, ...fakeClock(dayBefore) },
    });
    const origin = server.origin;
    await expect.poll(() => t.fake.deliveredTo(dana).length, { timeout: 20_000 }).toBe(1);
    await expect.poll(() => t.fake.deliveredTo(lee).length, { timeout: 20_000 }).toBe(1);
    const dayBeforeText = t.fake.deliveredTo(dana)[0]!.form.Body!;
    expect(dayBeforeText).toMatch(
      /^Gem State Exterior Cleaning: we arrive \w+day, \w+ \d+, .+\. Reply C to confirm, R to reschedule\.$/,
    );
    // Sam's is recorded as not sent, and nothing went to Sam's number.
    await expect
      .poll(async () =>
        (
          await database!.db
            .selectFrom("text_messages")
            .select(["status", "reason"])
            .where("lead_id", "=", samLead)
            .where("kind", "=", "reminder")
            .execute()
        ).map((m) => `${m.status} ${m.reason}`),
      )
      .toEqual(["refused stopped"]);
    expect(t.fake.deliveredTo(sam).map((r) => r.form.Body)).toEqual([stopConfirmed]);

    // Dana answers C, Lee answers R.
    const target = `${origin}/webhooks/twilio`;
    expect((await sendInbound({ target, signedUrl: SIGNED_URL, from: dana, body: "C" })).status).toBe(200);
    expect((await sendInbound({ target, signedUrl: SIGNED_URL, from: lee, body: " r " })).status).toBe(200);
    await expect.poll(() => t.fake.deliveredTo(lee).length, { timeout: 20_000 }).toBe(2);
    // Anything else lands in the thread; the owner's phone is told who wrote, never what.
    expect(
      (await sendInbound({ target, signedUrl: SIGNED_URL, from: dana, body: "Is the side gate ok?" })).status,
    ).toBe(200);
    const ownerPhone = fakeTextSettings("").OWNER_PHONE;
    await expect
      .poll(() => t.fake.deliveredTo(ownerPhone).map((r) => r.form.Body), { timeout: 20_000 })
      .toContain(`New text from Dana: ${SITE_URL}/admin/requests/${danaLead}`);
    const link = /https:\/\/\S+\/book\/manage\?t=\S+$/.exec(t.fake.deliveredTo(lee)[1]!.form.Body!)?.[0];
    expect(link, "the reschedule link").toBeDefined();
    // The link is the booking's own: it opens Lee's window with the choice to reschedule or cancel.
    const manage = new URL(link!);
    await page.goto(`${origin}${manage.pathname}${manage.search}`);
    await expect(page.getByRole("heading", { level: 1, name: "Your arrival window" })).toBeVisible();

    // The inbox shows Dana's window confirmed by text, in the list and on the request's page.
    await page.context().clearCookies();
    await signIn(page, t.owner, { origin });
    await expect(page.getByRole("listitem").filter({ hasText: "Dana Texter" })).toContainText("confirmed by text");
    await expect(page.getByRole("listitem").filter({ hasText: "Lee Texter" })).not.toContainText("confirmed by text");
    await page.goto(`${origin}/admin/requests/${danaLead}`);
    await expect(textsSection(page).getByText(/Window confirmed by the customer by text/)).toBeVisible();
    await expect(thread(page).getByRole("listitem")).toHaveCount(4); // the day-before text, C, the thanks, the question
    await expect(thread(page).getByRole("listitem").first()).toContainText(dayBeforeText);
    await expect(thread(page).getByRole("listitem").nth(1)).toContainText("From the customer · C: confirmed");

    // On our way, 45 minutes.
    await textsSection(page).getByLabel("Arrival in about").selectOption("45");
    await textsSection(page).getByRole("button", { name: "Text “On our way”" }).click();
    // The window is tomorrow: asked first (docs/decisions/039-completion-and-late-cancellation.md), then sent.
    await page.getByRole("button", { name: "Yes, text “On our way” now (45 minutes)" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Text queued" })).toBeVisible();
    await expect
      .poll(() => t.fake.deliveredTo(dana).at(-1)?.form.Body, { timeout: 20_000 })
      .toBe("Gem State Exterior Cleaning: our crew is on the way and should arrive in about 45 minutes.");
    await page.reload();
    await expect(thread(page).getByRole("listitem").last()).toContainText("To the customer · on our way");
    await expect(thread(page).getByRole("listitem").last()).toContainText("sent");
    await expectNoViolations(page, `/admin/requests/${danaLead} with its texts`);
    const file = testInfo.outputPath("request-with-texts.html");
    const html = await (await page.request.get(`${origin}/admin/requests/${danaLead}`)).text();
    writeFileSync(file, html);
    expect((await htmlErrors([file])).map((e) => `line ${e.line}: ${e.message}`)).toEqual([]);
    // The day-before text went once.
    expect(t.fake.deliveredTo(dana).filter((r) => r.form.Body === dayBeforeText)).toHaveLength(1);
    expect(t.fake.deliveredTo(sam).map((r) => r.form.Body)).toEqual([stopConfirmed]);
  } finally {
    await database?.close();
    await server?.stop();
    await t.fake.close();
    rmSync(t.dir, { recursive: true, force: true });
  }
});

test("an answer typed at 10 PM Boise time waits, and goes at 8 AM", async ({ page, port }) => {
  test.setTimeout(180_000);
  const t = await texting();
  const phone = "+12085550174";
  let server: ServerHandle | undefined;
  let database: Database | undefined;
  try {
    const day = localDateString(new Date(Date.now() + 3 * 86_400_000));
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    const tenPm = localTime(year, month, date, 22, 0);
    server = await startServer({ port, dataDir: t.dataDir, env: { ...t.env, ...fakeClock(tenPm) } });
    database = await openDatabase({ DATA_DIR: t.dataDir, DATABASE_URL: undefined });
    await addOwnerWithCli(t.owner, t.dataDir);
    const leadId = await customer(database, phone, "Robin", tenPm);
    await signIn(page, t.owner, { origin: server.origin });
    await page.goto(`${server.origin}/admin/requests/${leadId}`);
    await expect(textsSection(page).getByText("a text sent now goes at 8:00 AM")).toBeVisible();
    await textsSection(page)
      .getByLabel(/^Text \(at most 480 characters/)
      .fill("Can we come at 9 tomorrow?");
    await textsSection(page).getByRole("button", { name: "Send the text" }).click();
    await expect(page.getByRole("status").filter({ hasText: "the text waits and goes at 8:00 AM" })).toBeVisible();
    await expect(thread(page).getByRole("listitem")).toContainText("waiting, goes");
    const row = await database.db
      .selectFrom("text_messages")
      .select(["due_at", "status"])
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ due_at: localTime(year, month, date + 1, 8, 0).toISOString(), status: "queued" });
    expect(t.fake.deliveredTo(phone)).toHaveLength(0);
    await server.stop();

    // The next morning, a few seconds before 8: it goes at 8.
    const justBefore = new Date(localTime(year, month, date + 1, 8, 0).getTime() - 5_000);
    server = await startServer({
      port,
      dataDir: t.dataDir,
      env: { ...t.env, ...fakeClock(justBefore) },
    });
    await expect.poll(() => t.fake.deliveredTo(phone).length, { timeout: 30_000 }).toBe(1);
    expect(t.fake.deliveredTo(phone)[0]!.form.Body).toBe("Gem State Exterior Cleaning: Can we come at 9 tomorrow?");
    const sent = await database.db
      .selectFrom("text_messages")
      .select(["sent_at", "status"])
      .where("lead_id", "=", leadId)
      .executeTakeFirstOrThrow();
    expect(sent.status).toBe("sent");
    const { hour } = localParts(new Date(sent.sent_at!));
    expect(hour).toBe(8);
  } finally {
    await database?.close();
    await server?.stop();
    await t.fake.close();
    rmSync(t.dir, { recursive: true, force: true });
  }
});

test("a customer who chose texts gets the quote by text; REVOKE and a plain sentence each end the texts to that number, as the owner sees", async ({
  page,
  port,
}) => {
  test.setTimeout(180_000);
  const t = await texting();
  const kim = "+12085550181";
  const pat = "+12085550182";
  let server: ServerHandle | undefined;
  let database: Database | undefined;
  try {
    // Noon in Boise on a weekday ahead, so no text waits for the morning.
    const day = dayWithWindows(5);
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    const noon = localTime(year, month, date - 3, 12, 0);
    server = await startServer({ port, dataDir: t.dataDir, env: { ...t.env, ...fakeClock(noon) } });
    const origin = server.origin;
    database = await openDatabase({ DATA_DIR: t.dataDir, DATABASE_URL: undefined });
    await addOwnerWithCli(t.owner, t.dataDir);
    const kimLead = await customer(database, kim, "Kim", noon, "text");
    const patLead = await customer(database, pat, "Pat", noon, "text");

    // The owner sends Kim's quote: Kim's phone gets its link, and the link opens the quote.
    const saved = await saveDraft(database, kimLead, quoteContent(day), noon);
    if (!("saved" in saved)) throw new Error(saved.refused);
    const sent = await sendDraft(database, saved.saved.id, noon);
    if (!("sent" in sent)) throw new Error(sent.refused);
    await expect.poll(() => t.fake.deliveredTo(kim).length, { timeout: 20_000 }).toBe(1);
    const quoteLink = /https:\/\/\S+\/quote\?t=\S+$/.exec(t.fake.deliveredTo(kim)[0]!.form.Body!)?.[0];
    expect(quoteLink, "the quote's link in the text").toBeDefined();
    const quoteUrl = new URL(quoteLink!);
    await page.goto(`${origin}${quoteUrl.pathname}${quoteUrl.search}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("cell", { name: "House washing", exact: true })).toBeVisible();

    // Kim answers REVOKE, Pat a plain sentence; each is confirmed once, by the site.
    const target = `${origin}/webhooks/twilio`;
    expect((await sendInbound({ target, signedUrl: SIGNED_URL, from: kim, body: "REVOKE" })).status).toBe(200);
    const said = { target, signedUrl: SIGNED_URL, from: pat, body: "Please stop texting me, thanks" };
    const patStop = await sendInbound(said);
    // The provider delivers it again, and Pat says it once more.
    expect((await sendInbound({ ...said, sid: patStop.sid })).status).toBe(200);
    expect((await sendInbound({ ...said, body: "STOP" })).status).toBe(200);
    await expect.poll(() => t.fake.deliveredTo(kim).length, { timeout: 20_000 }).toBe(2);
    await expect.poll(() => t.fake.deliveredTo(pat).length, { timeout: 20_000 }).toBe(1);
    expect(t.fake.deliveredTo(kim)[1]!.form.Body).toMatch(/no more texts.*START/);
    expect(t.fake.deliveredTo(pat)[0]!.form.Body).toBe(t.fake.deliveredTo(kim)[1]!.form.Body);

    // After it: Kim's window confirmed, a second quote, an owner's answer: none reaches either number.
    await confirmed(database, kimLead, day, noon);
    const second = await saveDraft(database, patLead, quoteContent(day), noon);
    if (!("saved" in second)) throw new Error(second.refused);
    expect("sent" in (await sendDraft(database, second.saved.id, noon))).toBe(true);
    await signIn(page, t.owner, { origin });
    for (const [leadId, what] of [
      [kimLead, "REVOKE"],
      [patLead, "Please stop texting me, thanks"],
    ] as const) {
      await page.goto(`${origin}/admin/requests/${leadId}`);
      await expect(textsSection(page).getByText("asked us to stop texting")).toBeVisible();
      await expect(textsSection(page).getByRole("button", { name: "Send the text" })).toHaveCount(0);
      const stopItem = thread(page).getByRole("listitem").filter({ hasText: what });
      await expect(stopItem).toContainText("From the customer · asked to stop texts");
      await expect(thread(page).getByRole("listitem").filter({ hasText: "stop confirmed" })).toHaveCount(1);
    }
    await page.goto(`${origin}/admin/requests/${kimLead}`);
    await expect(thread(page).getByRole("listitem").first()).toContainText("the quote");
    await page.setViewportSize({ width: 1440, height: 900 });
    await textsSection(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/work/shots/stops/request-texts-stopped-1440.png" });
    await page.setViewportSize({ width: 390, height: 844 });
    await textsSection(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: "/work/shots/stops/request-texts-stopped-390.png" });
    await expectNoViolations(page, `/admin/requests/${kimLead} after a stop`);
    // The window's and the second quote's e-mails went; no text followed them.
    await expect
      .poll(async () =>
        (
          await database!.db
            .selectFrom("outbox_jobs")
            .select("status")
            .where("lead_id", "in", [kimLead, patLead])
            .where("kind", "in", ["booking", "quote"])
            .execute()
        ).map((job) => job.status),
      )
      .toEqual(["sent", "sent", "sent", "sent"]); // two quotes, Kim's window asked for (the owner's) and confirmed
    expect(t.fake.deliveredTo(kim)).toHaveLength(2);
    expect(t.fake.deliveredTo(pat)).toHaveLength(1);
  } finally {
    await database?.close();
    await server?.stop();
    await t.fake.close();
    rmSync(t.dir, { recursive: true, force: true });
  }
});

/** A quote of one option for house washing, good until a week after `day`. */
function quoteContent(day: string): QuoteContent {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return {
    service: "House washing",
    city: "Meridian",
    options: [{ label: "Standard", lines: [{ text: "House washing", cents: 40_000 }], totalCents: 40_000 }],
    note: "",
    validUntil: localDateString(localTime(year, month, date + 7, 12)),
    deposit: { kind: "none" },
    terms: "The price holds for the work listed.",
  };
}
