import { expectNoViolations } from "./axe.ts";
import { expect, test } from "./fixtures.ts";
import {
  askForWindow,
  leadsFor,
  newsletterLinkPaths,
  reminderLinkPaths,
  reviewOptOutPath,
  uniqueEmail,
} from "./leads.ts";
import { addOwnerWithCli, sendRequest, signIn, uniqueOwner } from "./owners.ts";
import { requestedWindow, singlePlaceTimes, storedRequest, zipWhere } from "./bookings.ts";

// axe-core at 390 px (mobile project) and 1440 px (desktop project) on the pages that need a state made first. Every
// page as it loads, the price page's answers, the blog's filters and the 404 are in the walk of every-page.spec.ts.

// The pages behind the links in newsletter e-mails (not in the sitemap): with their button, and for a broken link.
test("no accessibility violations on the newsletter's confirm and unsubscribe pages", async ({ page }) => {
  const links = await newsletterLinkPaths(uniqueEmail("a11y"));
  for (const path of [links.confirm, links.unsubscribe, "/newsletter/unsubscribe?t=broken"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page, path);
  }
});

// The review request's opt-out link (not in the sitemap): with its button, and broken.
test("no accessibility violations on the review opt-out page", async ({ page }) => {
  for (const path of [await reviewOptOutPath(uniqueEmail("a11y-review")), "/reviews/opt-out?t=broken"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page, path);
  }
});

// The seasonal reminders' links (not in the sitemap): asking for them, stopping them, and a broken link.
test("no accessibility violations on the seasonal reminders' pages", async ({ page }) => {
  const links = await reminderLinkPaths(uniqueEmail("a11y-reminders"));
  for (const path of [links.remindMe, links.optOut, "/reminders/remind-me?t=broken", "/reminders/opt-out?t=broken"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoViolations(page, path);
  }
});

// The same with each menu or dialog open (they are in the top layer; the page behind a modal is inert).
const opened = [
  { name: "the phone menu", path: "/", mobile: true, open: 'button[popovertarget="site-menu"]' },
  { name: "the Services menu", path: "/", mobile: false, open: 'button[popovertarget="nav-services"]' },
  { name: "the Locations menu", path: "/", mobile: false, open: 'button[popovertarget="nav-locations"]' },
  {
    name: "the holiday estimate dialog",
    path: "/services/holiday-light-installation",
    mobile: undefined,
    open: 'main button[aria-haspopup="dialog"]',
  },
];
for (const control of opened) {
  test(`no accessibility violations with ${control.name} open`, async ({ page, isMobile }) => {
    test.skip(control.mobile !== undefined && control.mobile !== isMobile, "shown at the other width");
    await page.goto(control.path);
    await page.locator(control.open).first().click();
    await expect(page.locator(":popover-open, dialog[open]")).toHaveCount(1);
    await expectNoViolations(page, control.name);
  });
}

// The owner's inbox (/admin): the sign-in page, with and without its error, and every signed-in page.
test("no accessibility violations on the owner inbox's pages", async ({ page }) => {
  // Seven pages, each analysed by axe, plus an owner made with the command line and a request sent.
  test.setTimeout(90_000);
  // Each page once it has arrived whole: a server-rendered page streams, and axe on a half-parsed one sees
  // the last link before its text (a phone link of the inbox's last row, once).
  const axe = async (where: string) => {
    await page.waitForLoadState("load");
    await expectNoViolations(page, where);
  };
  const owner = uniqueOwner("a11y");
  await addOwnerWithCli(owner);
  const email = uniqueEmail("a11y-inbox");
  await sendRequest(page, { first: "Axe", email });
  // The request asks for an arrival window: its page has the owner's decision forms.
  await askForWindow((await leadsFor(email))[0]!.id);
  await page.goto("/admin/sign-in");
  await axe("/admin/sign-in");
  // An empty submit is stopped by the browser (required); a wrong password shows the form's error.
  await signIn(page, owner);
  await axe("/admin");
  await page.getByRole("listitem").filter({ hasText: email }).getByRole("link", { name: "Axe Inboxtest" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Stage" })).toBeVisible();
  await axe("/admin/requests/<id>");
  await page.getByRole("link", { name: "Report" }).click();
  await axe("/admin/report");
  await page.getByRole("link", { name: "Unpaid" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Unpaid invoices" })).toBeVisible();
  await axe("/admin/invoices");
  await page.getByRole("link", { name: "Calendar" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("calendar");
  await axe("/admin/calendar");
  await page.goto("/admin?kind=spam&from=2030-02-30");
  await expect(page.getByRole("alert")).toContainText("Choose a kind from the list");
  await axe("/admin with filter errors");
});

// Choosing an arrival window (docs/decisions/020-booking.md): /book with its windows, after a choice, with "just
// taken", for a ZIP served by appointment, for a broken link, without a link (with windows and with errors), and
// /book/manage.
test("no accessibility violations on /book and /book/manage", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  const axe = async (where: string) => {
    await page.waitForLoadState("load");
    await expectNoViolations(page, where);
  };
  const [a, b] = await Promise.all([storedRequest("83702"), storedRequest("83702")]);
  await page.goto(b.book);
  await axe("/book?r=…");
  // A window of one place (not the ones tests/e2e/booking.spec.ts races for), taken by another request meanwhile.
  const single = await page
    .locator("#window-form input[type=radio]")
    .evaluateAll(
      (rs, times) => rs.map((r) => (r as HTMLInputElement).value).filter((v) => times.includes(v.split(" ")[1]!)),
      singlePlaceTimes(),
    );
  const taken = testInfo.project.name === "mobile" ? single.at(-3)! : single.at(-4)!;
  await requestedWindow(page.request, a.id, a.book, taken);
  await page.locator(`#window-form input[value="${taken}"]`).check();
  await page.getByRole("button", { name: "Request this window" }).click();
  await expect(page.getByRole("alert")).toContainText("just taken");
  await axe("/book?r=… (just taken)");
  const [other] = await page
    .locator("#window-form input[type=radio]")
    .evaluateAll((rs) => rs.map((r) => (r as HTMLInputElement).value));
  const manage = await requestedWindow(page.request, b.id, b.book, other!);
  await page.goto(`${b.book}&done=1`);
  await axe("/book?r=…&done=1");
  await page.goto(manage);
  await axe("/book/manage?t=…");
  await page.goto((await storedRequest(zipWhere("appointment"))).book);
  await axe("/book?r=… (by appointment)");
  for (const path of ["/book?r=broken", "/book?service=house-washing&zipcode=83702", "/book?service=nope&zipcode=8"]) {
    await page.goto(path);
    await axe(path);
  }
});
