/**
 * The owner decides on an arrival window at 390 px (a phone on a roof), without JavaScript: confirm, propose
 * another window, decline, each with a note to the customer; then marks the job completed, which sends its
 * customer one review request (REVIEW_URL) REVIEW_DELAY_HOURS later, with a working one-click opt-out; a second completed job of the same
 * customer sends none.
 */
import type { Page } from "@playwright/test";
import { openDatabase, type Database } from "../../app/server/kit/db/database.server.ts";
import type { BookingMailPayload } from "../../app/server/features/bookings/payload.ts";
import { decode, leaves, parsePart } from "../support/mime-reader.ts";
import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import { askForWindow, leadsFor, uniqueEmail } from "./leads.ts";
import { addOwnerWithCli, sendRequest, signIn, uniqueOwner } from "./owners.ts";
import { mailsTo, REVIEW_URL } from "./sinks.ts";
import { REVIEW_DELAY_HOURS } from "../../app/server/features/reviews/reviews.server.ts";

test.describe.configure({ timeout: 120_000 });

let database: Promise<Database> | undefined;
const db = () => (database ??= openDatabase({ DATA_DIR: process.env.E2E_DATA_DIR!, DATABASE_URL: undefined }));

/** The booking e-mails queued for a request (sent once helper "mail"'s sender is there), oldest first. */
const bookingMails = async (leadId: string) =>
  (
    await (
      await db()
    ).db
      .selectFrom("outbox_jobs")
      .select("payload")
      .where("lead_id", "=", leadId)
      .where("kind", "=", "booking")
      .orderBy("created_at")
      .execute()
  ).map((j) => JSON.parse(j.payload ?? "null") as BookingMailPayload);

const reviewJobs = async (leadId: string) =>
  (await db()).db
    .selectFrom("outbox_jobs")
    .select("status")
    .where("lead_id", "=", leadId)
    .where("kind", "=", "review")
    .execute();

/** Nothing wider than the screen: no sideways scrolling at 390 px. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test("at 390 px the owner confirms, proposes and declines a window; a completed job asks its customer for a review once", async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the owner's phone; axe also runs at 1440 px within it");
  const owner = uniqueOwner("booking");
  await addOwnerWithCli(owner);
  const email = uniqueEmail("booking-admin");
  const first = `Roof${Math.random().toString(36).slice(2, 7)}`;
  await sendRequest(page, { first, email });
  const [lead] = await leadsFor(email);
  // The customer asks for the first open window of their ZIP (83702, Boise), as /book does.
  await askForWindow(lead!.id);

  await signIn(page, owner);
  await page.goto(`/admin?q=${encodeURIComponent(email)}`);
  const item = page.getByRole("listitem").filter({ hasText: email });
  await expect(item).toContainText(/Window: \w{3} \w{3} \d{1,2}, .+ — requested/);
  await item.getByRole("link", { name: `${first} Inboxtest` }).click();

  const section = page.getByRole("region", { name: "Arrival window" });
  await expect(section).toContainText("Requested by the customer: waiting for your decision");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath("request-390.png"), fullPage: true });
  await expectNoViolations(page, "/admin/requests/<id> with a requested window at 390 px");
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: testInfo.outputPath("request-1440.png"), fullPage: true });
  await expectNoViolations(page, "/admin/requests/<id> with a requested window at 1440 px");
  await page.setViewportSize({ width: 390, height: 844 });

  // A window that cannot be offered (past), or a form this page does not have: 400 with the reason, nothing changed.
  const origin = new URL(page.url()).origin;
  const send = (form: Record<string, string>) =>
    page.request.post(page.url(), { form, headers: { Origin: origin }, maxRedirects: 0 });
  const past = await send({ intent: "propose", window: "2020-01-06 08:00-10:00", note: "" });
  expect(past.status()).toBe(400);
  expect(await past.text()).toContain("That window cannot be offered any more: choose one from the list.");
  const unknown = await send({ intent: "reschedule", note: "" });
  expect(unknown.status()).toBe(400);
  expect(await unknown.text()).toContain("This form is not one of this page&#x27;s");

  // Confirm, with a note: the booking is confirmed and the customer's e-mail (with the invite) is queued.
  const confirm = page.getByRole("form", { name: "Confirm this window" });
  await confirm.getByRole("textbox", { name: /Note to the customer/ }).fill("We will park on the street.");
  const button = confirm.getByRole("button", { name: "Confirm the window" });
  expect((await button.boundingBox())!.width).toBeGreaterThan(300); // full width on a phone
  await button.click();
  await expect(page.getByRole("status")).toHaveText(/Window confirmed/);
  await expect(section).toContainText("Confirmed");
  await expect(section).toContainText("We will park on the street.");
  await expect(page.getByRole("form", { name: "Confirm this window" })).toHaveCount(0);
  await expect
    .poll(async () => (await bookingMails(lead!.id)).at(-1))
    .toMatchObject({ to: "customer", event: "confirmed", invite: "request", note: "We will park on the street." });

  // Propose another window (a grouped list of the open ones), with a note.
  const propose = page.getByRole("form", { name: "Propose another window" });
  const choice = propose.getByRole("combobox", { name: "Window" });
  await expect(choice.locator("optgroup").first()).toHaveAttribute("label", /^\w+day, \w+ \d{1,2}$/);
  await expect(choice).toHaveValue(""); // nothing proposed by mistake: the owner chooses
  const value = await choice.locator("optgroup option").first().getAttribute("value");
  await choice.selectOption(value!);
  await propose.getByRole("textbox", { name: /Note to the customer/ }).fill("Our crew is across town that morning.");
  await propose.getByRole("button", { name: "Propose this window" }).click();
  await expect(page.getByRole("status")).toHaveText(/Window proposed/);
  await expect(section).toContainText("You proposed this window");
  await expect
    .poll(async () => (await bookingMails(lead!.id)).at(-1))
    .toMatchObject({ event: "proposed", day: value!.split(" ")[0], times: value!.split(" ")[1] });
  await expectNoSidewaysScroll(page);

  // Decline: nothing left to decide.
  const decline = page.getByRole("form", { name: "Decline" });
  await decline.getByRole("textbox", { name: /Note to the customer/ }).fill("Booked solid that week, sorry.");
  await decline.getByRole("button", { name: "Decline the window" }).click();
  await expect(page.getByRole("status")).toHaveText(/Window declined/);
  await expect(section).toContainText("Declined");
  await expect(section.getByRole("button")).toHaveCount(0);
  await expect.poll(async () => (await bookingMails(lead!.id)).at(-1)).toMatchObject({ event: "declined" });
  // A decision the booking's state no longer allows (another tab, a second phone): 409, said plainly.
  const stale = await send({ intent: "confirm", note: "" });
  expect(stale.status()).toBe(409);
  expect(await stale.text()).toContain("This arrival window has changed meanwhile");

  // Completed: one review request e-mail with REVIEW_URL's link.
  await page.getByRole("combobox", { name: "Set the stage" }).selectOption("completed");
  await page.getByRole("button", { name: "Save the stage" }).click();
  await expect(page.getByRole("status")).toContainText("Stage saved: Completed.");
  await expect(page.getByRole("status")).toContainText("Review request queued");
  // Never in the same second as "Completed": due REVIEW_DELAY_HOURS later (no invoice was sent). Time passes (the
  // job made due now), and it goes.
  const due = await (
    await db()
  ).db
    .selectFrom("outbox_jobs")
    .select(["next_attempt_at", "created_at"])
    .where("lead_id", "=", lead!.id)
    .where("kind", "=", "review")
    .executeTakeFirstOrThrow();
  expect(Date.parse(due.next_attempt_at) - Date.parse(due.created_at)).toBe(REVIEW_DELAY_HOURS * 3_600_000);
  expect(mailsTo(email, "<review-")).toHaveLength(0);
  await (
    await db()
  ).db
    .updateTable("outbox_jobs")
    .set({ next_attempt_at: new Date().toISOString() })
    .where("lead_id", "=", lead!.id)
    .where("kind", "=", "review")
    .execute();
  await expect.poll(() => mailsTo(email, "<review-").length, { timeout: 15_000 }).toBe(1);
  const text = leaves(parsePart(mailsTo(email, "<review-")[0]!.replace(/\r?\n/g, "\r\n")))
    .map(decode)
    .join("\n");
  expect(text).toContain(REVIEW_URL);
  const optOut = /https:\/\/www\.gemstateexteriorcleaning\.com(\/reviews\/opt-out\?t=[^\s"<>]+)/.exec(text)?.[1];
  expect(optOut).toBeDefined();

  // A second completed request of the same customer: nothing sent, and the page says why.
  await sendRequest(page, { first: `${first}b`, email });
  const second = (await leadsFor(email)).find((l) => l.id !== lead!.id)!;
  await page.goto(`/admin/requests/${second.id}`);
  await page.getByRole("combobox", { name: "Set the stage" }).selectOption("completed");
  await page.getByRole("button", { name: "Save the stage" }).click();
  await expect(page.getByRole("status")).toContainText("asked once already");
  expect(await reviewJobs(second.id)).toEqual([]);
  await expect.poll(() => reviewJobs(lead!.id)).toEqual([{ status: "sent" }]);
  await page.goto("/admin/report");
  await expect(page.getByTestId("report-reviews-sent")).not.toHaveText("0");

  // The opt-out link: a GET changes nothing, its button opts out; a mail program's one-click POST from its own origin works too.
  await page.goto(optOut!);
  await expect(page.getByRole("heading", { level: 1, name: "Stop review requests?" })).toBeVisible();
  await expectNoViolations(page, "/reviews/opt-out at 390 px");
  await page.getByRole("button", { name: "Do not ask me for reviews" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "You will not be asked for reviews" })).toBeVisible();
  const oneClick = await request.post(optOut!, {
    form: { "List-Unsubscribe": "One-Click" },
    headers: { Origin: "https://mail.example" },
    maxRedirects: 0,
  });
  expect(oneClick.status()).toBe(200);
  expect((await request.get(optOut!)).headers()["cache-control"]).toContain("no-store");
  expect(mailsTo(email, "<review-")).toHaveLength(1);
});
