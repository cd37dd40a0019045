/**
 * A request counts whenever it is sent (docs/decisions/012-fill-time-and-flags.md). Pages are used as HTML
 * first and the app starts on the first interaction (decision 006), so a visitor can send a form at four
 * moments of the page's life. For every form and every moment: the request is stored exactly once, the owner
 * gets exactly one e-mail and the visitor exactly one confirmation on the page and one e-mail (the reply; for
 * the newsletter its confirmation link). On /pricing the first change shows the new range at every moment.
 *
 * Against a server of its own with a real minimum fill time (LEAD_MIN_FILL_SECONDS), one per worker, mailing
 * the runner's SMTP sink (tests/e2e/sinks.ts). The moments:
 * - "no JavaScript": javaScriptEnabled false;
 * - "before the app starts": the app's scripts are held (page.route) until the request is sent;
 * - "while the app starts": the first touch starts it, the form is filled and sent as its held scripts are released;
 * - "after an autofill": the page has been shown longer than the minimum fill time, the app has started,
 *   then every field is set at once (as a browser's autofill does) and the form is sent within a second.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { EXTERNAL_PREFIX } from "../../app/lib/first-effects/vite-plugin.ts";
import { openDatabase, type Database } from "../../app/server/kit/db/database.server.ts";
import { parsePricingQuery } from "../../app/forms/pricing.ts";
import { formatRange, quote } from "../../app/lib/price.ts";
import { areaAnswer } from "../../app/lib/service-area.ts";
import { zipTable } from "../../app/server/kit/service-area.server.ts";
import { listLeads } from "../../app/server/features/admin/listing.server.ts";
import { CONFIRMATION, freePort, startServer, type ServerHandle } from "../support/processes.ts";
import { smtpUrl } from "../support/smtp-sink.ts";
import { expect, test as base } from "./fixtures.ts";
import { ownerMail, uniqueEmail } from "./leads.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";
import { headerValue } from "../support/mime-reader.ts";
import { LEADS_TO, MAIL_FROM, mailsTo, SMTP_PORT } from "./sinks.ts";

const MIN_FILL_SECONDS = 2;

type Site = { server: ServerHandle; database: Database; dataDir: string };

const test = base.extend<object, { site: Site }>({
  site: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dir = mkdtempSync(path.join(tmpdir(), "gs-lifecycle-"));
      const server = await startServer({
        port: await freePort(),
        dataDir: path.join(dir, "data"),
        env: {
          LEAD_MIN_FILL_SECONDS: String(MIN_FILL_SECONDS),
          SITE_URL: "https://www.gemstateexteriorcleaning.com",
          SMTP_URL: smtpUrl(SMTP_PORT),
          MAIL_FROM,
          LEADS_TO,
          OUTBOX_FIRST_RETRY_SECONDS: "1",
          LOG_LEVEL: "info",
        },
      });
      const database = await openDatabase({ DATA_DIR: path.join(dir, "data"), DATABASE_URL: undefined });
      await use({ server, database, dataDir: path.join(dir, "data") });
      await database.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  baseURL: async ({ site }, use) => use(site.server.origin),
});

test.skip(({ isMobile }) => isMobile, "the matrix runs once, at desktop width (where the sidebar form is shown)");
test.describe.configure({ mode: "parallel", timeout: 60_000 });

/** One control of a form and the value a visitor gives it. */
type Entry =
  | { name: string; text: string }
  | { name: string; choose: string } // a radio button or checkbox, by value
  | { name: string; select: string }
  | { name: string; file: { name: string; mimeType: string; content: string } };

interface FormCase {
  title: string;
  path: string;
  /** The form, shown (the holiday form is in a dialog its button opens). */
  form(page: Page): Promise<Locator>;
  entries(email: string): Entry[];
  submit: string;
  /** What the visitor is shown when it is received. */
  confirmation: string;
  kind: string;
}

const person = (email: string): Entry[] => [
  { name: "firstName", text: "Maria" },
  { name: "lastName", text: "Garcia" },
  { name: "email", text: email },
  { name: "phone", text: "208-555-0142" },
];
const estimate = (email: string): Entry[] => [
  ...person(email),
  { name: "zipcode", text: "83646" },
  { name: "serviceType", choose: "residential" },
  { name: "agreed", choose: "on" },
];
const HOUSE_1_STORY = "/pricing?service=house-washing&sqft=2000&stories=1&siding=vinyl";

const forms: FormCase[] = [
  {
    title: "sidebar estimate",
    path: "/about",
    form: async (page) => page.getByRole("complementary", { name: "FREE ESTIMATE" }).locator("form"),
    entries: estimate,
    submit: "Get My Free Estimate",
    confirmation: CONFIRMATION,
    kind: "estimate",
  },
  {
    title: "contact",
    path: "/contact",
    form: async (page) => page.locator("#contact-form"),
    entries: (email) => [
      ...person(email),
      { name: "city", text: "Nampa" },
      { name: "zipcode", text: "83651" },
      { name: "serviceType", choose: "residential" },
      { name: "servicesNeeded", choose: "roof-cleaning" },
      { name: "message", text: "Moss on the north side." },
      { name: "contactMethod", choose: "email" },
    ],
    submit: "Send My Request",
    confirmation: CONFIRMATION,
    // It names a service and a property: an estimate request, though sent from /contact (decision 040).
    kind: "estimate",
  },
  {
    title: "holiday dialog",
    path: "/services/holiday-light-installation",
    form: async (page) => {
      await page.getByRole("main").locator('button[aria-haspopup="dialog"]').first().click();
      const dialog = page.getByRole("dialog", { name: "Get Free Estimate" });
      await expect(dialog).toBeVisible();
      return dialog.locator("form");
    },
    entries: estimate,
    submit: "Get My Free Estimate",
    confirmation: CONFIRMATION,
    kind: "estimate",
  },
  {
    title: "request this estimate on /pricing",
    path: HOUSE_1_STORY,
    form: async (page) => page.locator("#pricing-request-form"),
    entries: (email) => [
      ...person(email),
      { name: "zipcode", text: "83702" },
      { name: "message", text: "Side gate is unlocked." },
    ],
    submit: "Request This Estimate",
    confirmation: CONFIRMATION,
    kind: "estimate",
  },
  {
    title: "newsletter",
    path: "/blog",
    form: async (page) => page.getByRole("region", { name: /seasonal tips by e-mail/i }).locator("form"),
    entries: (email) => [{ name: "email", text: email }],
    submit: "Subscribe",
    confirmation: "Please check your inbox",
    kind: "newsletter",
  },
  {
    title: "job application (multipart, with a résumé)",
    path: "/careers/apply?position=pressure-washing-technician",
    form: async (page) => page.locator("#application-form"),
    entries: (email) => [
      ...person(email),
      { name: "experience", text: "Landscaping crew, three summers." },
      { name: "availability", choose: "seasonal" },
      { name: "resume", file: { name: "maria.pdf", mimeType: "application/pdf", content: "%PDF-1.4\n%%EOF\n" } },
    ],
    submit: "Send Application",
    confirmation: "Thank you for applying!",
    kind: "application",
  },
];

/** Fills the form as a visitor does, control by control. */
async function fill(form: Locator, entries: Entry[]) {
  for (const entry of entries) {
    if ("text" in entry) await form.locator(`[name="${entry.name}"]`).fill(entry.text);
    else if ("choose" in entry) await form.locator(`[name="${entry.name}"][value="${entry.choose}"]`).check();
    else if ("select" in entry) await form.locator(`[name="${entry.name}"]`).selectOption(entry.select);
    else
      await form.locator(`[name="${entry.name}"]`).setInputFiles({
        name: entry.file.name,
        mimeType: entry.file.mimeType,
        buffer: Buffer.from(entry.file.content),
      });
  }
}

/**
 * What a browser's autofill does, then Send: the visitor focuses the first field, every control is set at
 * once with the input and change events autofill fires, and the submit button is clicked, all in one task
 * (so the request is sent well within a second of the autofill).
 */
async function autofillAndSend(form: Locator, entries: Entry[], submit: string) {
  await form.evaluate(
    (element: HTMLFormElement, { all, label }: { all: Entry[]; label: string }) => {
      const changed: Element[] = [];
      for (const entry of all) {
        const controls = [
          ...element.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
            `[name="${entry.name}"]`,
          ),
        ];
        if (changed.length === 0) controls[0]!.focus();
        if ("choose" in entry) {
          const box = controls.find((c) => c.value === entry.choose) as HTMLInputElement;
          box.checked = true;
          changed.push(box);
        } else if ("file" in entry) {
          const files = new DataTransfer();
          files.items.add(new File([entry.file.content], entry.file.name, { type: entry.file.mimeType }));
          (controls[0] as HTMLInputElement).files = files.files;
          changed.push(controls[0]!);
        } else {
          controls[0]!.value = "text" in entry ? entry.text : entry.select;
          changed.push(controls[0]!);
        }
      }
      for (const control of changed) {
        control.dispatchEvent(new Event("input", { bubbles: true }));
        control.dispatchEvent(new Event("change", { bubbles: true }));
      }
      [...element.querySelectorAll<HTMLButtonElement>("button[type=submit]")]
        .find((b) => b.textContent?.trim() === label)!
        .click();
    },
    { all: entries, label: submit },
  );
}

/**
 * Holds every script of the app the page asks for (its modules and hydration data) until release(); the page's
 * own first-effect scripts in files of their own (app/lib/first-effects/vite-plugin.ts) are not the app's.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(
    (url) => url.pathname.endsWith(".js") && !url.pathname.startsWith(EXTERNAL_PREFIX),
    async (route) => {
      held++;
      await released;
      // The page may have moved on (a form posted without the app): nothing is waiting for this answer.
      await route.continue().catch(() => {});
    },
  );
  return {
    release,
    /** Waits until the app has asked for its scripts (it is starting) and is held. */
    starting: () => expect.poll(() => held, { timeout: 10_000 }).toBeGreaterThan(0),
  };
}

const notHydrated = async (page: Page) => expect(page.locator("html[data-hydrated]")).toHaveCount(0);

/** Waits until the page has been shown for longer than the minimum fill time (performance.now() counts from the navigation start). */
const shownLongerThanMinimum = (page: Page) =>
  page.waitForFunction((ms) => performance.now() > ms, MIN_FILL_SECONDS * 1000 + 250);

/** The one request stored for `email`, once every message about it has been sent; then exactly one e-mail to the owner and one to the visitor. */
async function expectDeliveredOnce(database: Database, email: string, kind: string) {
  const leads = async () => (await listLeads(database, {})).filter((l) => l.contact.email === email);
  await expect.poll(async () => (await leads()).length, { timeout: 15_000 }).toBe(1);
  const [lead] = await leads();
  expect(lead!.kind).toBe(kind);
  const jobs = () =>
    database.db.selectFrom("outbox_jobs").select(["kind", "status"]).where("lead_id", "=", lead!.id).execute();
  await expect
    .poll(async () => (await jobs()).map((j) => `${j.kind}:${j.status}`).sort(), { timeout: 20_000 })
    .toEqual(["email:sent", "reply:sent"]);
  expect(mailsTo(LEADS_TO, email)).toHaveLength(1);
  expect(mailsTo(email, email)).toHaveLength(1);
  expect((await leads()).length).toBe(1);
  return lead!;
}

/** The visitor's one confirmation: in place of the form with the app, or the page a plain POST lands on. */
async function expectConfirmed(page: Page, text: string) {
  const confirmation = page.getByRole("status").filter({ hasText: text });
  await expect(confirmation).toHaveCount(1);
  await expect(confirmation).toBeVisible();
}

for (const c of forms) {
  test.describe(c.title, () => {
    test.describe(() => {
      test.use({ javaScriptEnabled: false });
      test("no JavaScript: stored once, one e-mail each, one confirmation", async ({ page, site }) => {
        const email = uniqueEmail("life-nojs");
        await page.goto(c.path);
        const form = await c.form(page);
        await fill(form, c.entries(email));
        await form.getByRole("button", { name: c.submit }).click();
        await expect(page).toHaveURL(/\/request-received\//);
        await expectConfirmed(page, c.confirmation);
        await expectDeliveredOnce(site.database, email, c.kind);
      });
    });

    test("sent before the app starts: stored once, one e-mail each, one confirmation", async ({ page, site }) => {
      const scripts = await holdScripts(page);
      const email = uniqueEmail("life-before");
      await page.goto(c.path);
      const form = await c.form(page);
      await fill(form, c.entries(email));
      await scripts.starting();
      await notHydrated(page);
      await form.getByRole("button", { name: c.submit }).click();
      await expect(page).toHaveURL(/\/request-received\//);
      await expectConfirmed(page, c.confirmation);
      scripts.release();
      await expectDeliveredOnce(site.database, email, c.kind);
    });

    test("sent right after the first touch, while the app starts: stored once, one e-mail each, one confirmation", async ({
      page,
      site,
    }) => {
      const scripts = await holdScripts(page);
      const email = uniqueEmail("life-starting");
      await page.goto(c.path);
      const form = await c.form(page);
      await form.locator(`[name="${c.entries(email)[0]!.name}"]`).click(); // the first touch starts the app
      await scripts.starting();
      await fill(form, c.entries(email));
      scripts.release();
      await form.getByRole("button", { name: c.submit }).click();
      await expectConfirmed(page, c.confirmation);
      await expectDeliveredOnce(site.database, email, c.kind);
    });

    test("sent after the app started, within a second of an autofill: stored once, one e-mail each, one confirmation", async ({
      page,
      site,
    }) => {
      const email = uniqueEmail("life-autofill");
      await page.goto(c.path);
      await shownLongerThanMinimum(page);
      await page.mouse.move(1, 1); // the first touch
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await autofillAndSend(await c.form(page), c.entries(email), c.submit);
      await expectConfirmed(page, c.confirmation);
      await expect(page).not.toHaveURL(/\/request-received\//); // sent by the app, in place
      const lead = await expectDeliveredOnce(site.database, email, c.kind);
      // Shown longer than the minimum fill time before it was sent: nothing to flag.
      expect(lead.fields.spamSignal).toBeUndefined();
    });
  });
}

test.describe("/pricing: the first change shows the new range", () => {
  const TWO_STORIES = HOUSE_1_STORY.replace("stories=1", "stories=2");
  const rangeOf = (query: string) => {
    const { inputs } = parsePricingQuery(new URL(query, "http://x").searchParams);
    const q = quote(inputs!);
    return formatRange(q.low, q.high);
  };
  const range = (page: Page) => page.getByTestId("price-range");
  const stories = (page: Page, label: string) => page.getByRole("main").getByRole("radio", { name: label });

  test.beforeAll(() => expect(rangeOf(TWO_STORIES)).not.toBe(rangeOf(HOUSE_1_STORY)));

  test.describe(() => {
    test.use({ javaScriptEnabled: false });
    test("no JavaScript: the GET form answers with the new range", async ({ page }) => {
      await page.goto(HOUSE_1_STORY);
      await expect(range(page)).toHaveText(rangeOf(HOUSE_1_STORY));
      await stories(page, "2 stories").check();
      await page.getByRole("button", { name: "Show my price" }).click();
      await expect(page).toHaveURL(/stories=2/);
      await expect(range(page)).toHaveText(rangeOf(TWO_STORIES));
    });
  });

  test("before the app starts: the GET form answers with the new range", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto(HOUSE_1_STORY);
    await stories(page, "2 stories").check();
    await scripts.starting();
    await notHydrated(page);
    await page.getByRole("button", { name: "Show my price" }).click();
    await expect(page).toHaveURL(/stories=2/);
    await expect(range(page)).toHaveText(rangeOf(TWO_STORIES));
    scripts.release();
  });

  test("chosen as the first touch, while the app starts: the new range at once, kept once the app has started, without a reload", async ({
    page,
  }) => {
    const scripts = await holdScripts(page);
    await page.goto(HOUSE_1_STORY);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await stories(page, "2 stories").check(); // the first touch: the app starts, its scripts are held
    await scripts.starting();
    // The page's own script answers (app/lib/first-effects/pricing.ts), with the URL.
    await expect(range(page)).toHaveText(rangeOf(TWO_STORIES));
    await expect(page).toHaveURL(/stories=2/);
    scripts.release();
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await expect(range(page)).toHaveText(rangeOf(TWO_STORIES));
    await expect(page).toHaveURL(/stories=2/);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });

  test("after the app started: the new range in place", async ({ page }) => {
    await page.goto(HOUSE_1_STORY);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.mouse.move(1, 1);
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
    await stories(page, "2 stories").check();
    await expect(range(page)).toHaveText(rangeOf(TWO_STORIES));
    await expect(page).toHaveURL(/stories=2/);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  });
});

test("a ZIP code typed while the app starts is answered at once, and still once the app has started (the app takes the field as it is at hydration)", async ({
  page,
}) => {
  const scripts = await holdScripts(page);
  await page.goto("/contact");
  const zip = page.locator("#contact-form").getByRole("textbox", { name: "ZIP code", exact: true });
  await zip.fill("83646"); // the first touch: the app starts, its scripts are held
  await scripts.starting();
  const answer = page.locator("#contact-form [data-area]");
  // The page's own script answers (app/lib/first-effects/zip.ts).
  await expect(answer).toHaveAttribute("data-area", areaAnswer("83646", zipTable)!.tier);
  scripts.release();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(answer).toHaveAttribute("data-area", areaAnswer("83646", zipTable)!.tier);
  await expect(answer).toHaveCount(1);
});

test("a request sent sooner than the minimum fill time is kept and flagged for the owner: e-mail subject, inbox list and request page", async ({
  page,
  request,
  site,
  baseURL,
}) => {
  const email = uniqueEmail("life-fast");
  // As the app sends it (app/components/forms/lead-form.tsx), 0.3 s after the form was shown.
  const fields = {
    firstName: "Fast",
    lastName: "Filler",
    email,
    phone: "2085550142",
    zipcode: "83646",
    agreed: "on",
    _idem: crypto.randomUUID(),
    _elapsed_ms: "300",
  };
  const answer = await request.post("/estimate", { form: fields, headers: { origin: baseURL! } });
  expect(answer.ok()).toBe(true);
  const lead = await expectDeliveredOnce(site.database, email, "estimate");
  expect(lead.fields.spamSignal).toBe("sent fast");
  expect(headerValue((await ownerMail(email)).message, "subject")).toMatch(
    /^\[Check: sent fast\] New estimate request: Fast Filler/,
  );
  // The visitor's reply does not mention it.
  expect(mailsTo(email, email)[0]).not.toContain("sent fast");

  const owner = uniqueOwner("fast");
  await addOwnerWithCli(owner, site.dataDir);
  await signIn(page, owner);
  const row = page
    .getByRole("list", { name: "Requests, newest first" })
    .getByRole("listitem")
    .filter({ hasText: "Fast Filler" });
  await expect(row).toContainText("Check: sent fast");
  await row.getByRole("link", { name: "Fast Filler" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fast Filler");
  await expect(page.getByRole("main")).toContainText("Check: sent fast");
});

test("a form a client-side navigation showed counts its fill time from that navigation, not from the page load", async ({
  page,
  site,
}) => {
  const email = uniqueEmail("life-navigated");
  await page.goto("/about");
  await shownLongerThanMinimum(page);
  await page.mouse.move(1, 1);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const beforeNavigation = await page.evaluate(() => performance.now());
  await page.locator('a[href="/contact"]:visible').first().click();
  await expect(page).toHaveURL("/contact");
  const contact = forms.find((f) => f.path === "/contact")!;
  const [post] = await Promise.all([
    page.waitForRequest((r) => r.method() === "POST"),
    autofillAndSend(await contact.form(page), contact.entries(email), contact.submit),
  ]);
  const sentAt = await page.evaluate(() => performance.now());
  // The contact form posts multipart (it takes photos).
  const body = post.postData() ?? "";
  const elapsed = Number(
    (post.headers()["content-type"] ?? "").startsWith("multipart/form-data")
      ? /name="_elapsed_ms"\r\n\r\n([^\r]*)/.exec(body)?.[1]
      : new URLSearchParams(body).get("_elapsed_ms"),
  );
  // Shown after the navigation began: less than the time since then (counted from the page load it would be more).
  expect(elapsed).toBeGreaterThan(0);
  expect(elapsed).toBeLessThan(sentAt - beforeNavigation);
  await expectConfirmed(page, contact.confirmation);
  await expectDeliveredOnce(site.database, email, contact.kind);
});
