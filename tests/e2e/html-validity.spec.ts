/**
 * Valid HTML on every page: the Nu Html Checker (scripts/html-checker.ts) reports no error on any page the
 * build prerenders (build/client/**\/*.html) nor on the pages the server renders per request (the 404, the
 * price page with answers, the newsletter's link pages, the review opt-out, a request's receipt, the owner's
 * inbox with a request that asks for an arrival window), as they are
 * sent. Each error names its page, line and message. One run of the checker for all of them.
 */
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { htmlErrors } from "../../scripts/html-checker.ts";
import { testPhoto } from "../support/test-photos.ts";
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
import { requestedWindow, storedRequest, zipWhere } from "./bookings.ts";

const BUILD = "build/client";

/** Every prerendered page: its file, and the path it is served at. */
function prerenderedPages(dir = BUILD): { file: string; where: string }[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
    .map((entry) => {
      const file = path.join(entry.parentPath, entry.name);
      const where = `/${path
        .relative(dir, file)
        .replace(/(^|\/)index\.html$/, "")
        .replace(/\.html$/, "")}`;
      return { file, where: `${where} (prerendered)` };
    });
}

test.skip(({ isMobile }) => isMobile, "the HTML is the same at every width");
// Without JavaScript, so a form is sent as plain HTML and lands on its server-rendered receipt.
test.use({ javaScriptEnabled: false });

test("the Nu Html Checker finds no error on any page, prerendered or server-rendered", async ({ page }, testInfo) => {
  // The checker's JVM takes seconds to start and to read ~60 pages on a busy machine.
  test.setTimeout(180_000);
  const checked = prerenderedPages();
  expect(checked.length, "prerendered pages in build/client (run `npm run build` first)").toBeGreaterThan(30);

  // The HTML as the server sends it (the browser's DOM would be a re-serialization), with the page's cookies.
  const sources: { html: string; where: string }[] = [];
  const fetchPage = async (where: string) => {
    const response = await page.request.get(where, { maxRedirects: 0 });
    // A page, whatever its status (the 404, a broken link's 400), not a redirect.
    expect(`${where}: ${response.status()} ${response.headers()["content-type"]}`).toMatch(/: [245]\d\d text\/html/);
    sources.push({ html: await response.text(), where });
  };
  const links = await newsletterLinkPaths(uniqueEmail("vnu"));
  const reminders = await reminderLinkPaths(uniqueEmail("vnu-reminders"));
  for (const where of [
    "/no-such-page",
    "/pricing?service=house-washing&sqft=2000&stories=2&siding=vinyl&zipcode=83702",
    "/pricing?service=roof-cleaning&sqft=-3&stories=1",
    "/pricing?service=fleet-cleaning",
    links.confirm,
    links.unsubscribe,
    "/newsletter/unsubscribe?t=broken",
    await reviewOptOutPath(uniqueEmail("vnu-review")),
    "/reviews/opt-out?t=broken",
    reminders.remindMe,
    reminders.optOut,
    "/reminders/remind-me?t=broken",
    "/reminders/opt-out?t=broken",
    "/admin/sign-in",
    // The customer's page without a link, with a broken one, and "Send me my link" answered (issue 43).
    "/account",
    "/account?t=broken",
    "/account/link?sent=1",
  ]) {
    await fetchPage(where);
  }

  // Choosing an arrival window (docs/decisions/020-booking.md): the list, after a choice, by appointment, the manage
  // link, without a link.
  const booking = await storedRequest("83702");
  await fetchPage(booking.book);
  await page.goto(booking.book);
  const firstWindow = await page.locator("#window-form input[type=radio]").first().getAttribute("value");
  const manage = await requestedWindow(page.request, booking.id, booking.book, firstWindow!);
  for (const where of [
    `${booking.book}&done=1`,
    manage,
    (await storedRequest(zipWhere("appointment"))).book,
    "/book?r=broken",
    "/book?service=house-washing&zipcode=83702",
    "/book?service=nope&zipcode=8",
  ])
    await fetchPage(where);

  // A request's receipt, and the owner's inbox with that request in it.
  const email = uniqueEmail("vnu-inbox");
  await sendRequest(page, { first: "Valid", email });
  expect(new URL(page.url()).pathname).toMatch(/^\/request-received\//);
  await fetchPage(new URL(page.url()).pathname);
  // The request asks for an arrival window: its page has the owner's decision forms.
  await askForWindow((await leadsFor(email))[0]!.id);
  const owner = uniqueOwner("vnu");
  await addOwnerWithCli(owner);
  // The sign-in form with its error, as the server answers a wrong password (for another account: a failure
  // makes the next attempt for its account wait a moment, docs/security.md "Guessing is stopped").
  await page.goto("/admin/sign-in");
  await page.getByRole("textbox", { name: "E-mail address" }).fill(uniqueOwner("vnu-wrong"));
  await page.getByLabel("Password").fill("not the password");
  const [failed] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
  sources.push({ html: await failed.text(), where: "/admin/sign-in after a wrong password" });
  await signIn(page, owner);
  await page.getByRole("listitem").filter({ hasText: email }).getByRole("link", { name: "Valid Inboxtest" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Stage" })).toBeVisible();
  // A request with photos, one refused: its receipt names it, its page in the inbox shows the photos.
  const withPhotos = uniqueEmail("vnu-photos");
  const photoForm = new FormData();
  for (const [name, value] of Object.entries({
    firstName: "Photo",
    lastName: "Valid",
    email: withPhotos,
    phone: "(208) 555-0177",
    zipcode: "83702",
    agreed: "on",
  }))
    photoForm.append(name, value);
  const photo = await testPhoto({ width: 320, height: 240, from: "#1e3a8a", to: "#0f172a" });
  photoForm.append("photos", new File([new Uint8Array(photo)], "deck.jpg", { type: "image/jpeg" }));
  photoForm.append("photos", new File(["not a photo"], "notes.jpg", { type: "image/jpeg" }));
  const sent = await page.request.post("/estimate", {
    multipart: photoForm,
    headers: { Origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(303);
  await fetchPage(sent.headers().location!);
  await fetchPage(`/admin/requests/${(await leadsFor(withPhotos))[0]!.id}`);
  for (const where of [
    "/admin",
    new URL(page.url()).pathname,
    "/admin/report",
    "/admin/invoices",
    "/admin/calendar",
    "/admin?kind=spam&from=2030-02-30",
  ])
    await fetchPage(where);

  sources.forEach((source, i) => {
    const file = testInfo.outputPath(`server-rendered-${i}.html`);
    writeFileSync(file, source.html);
    checked.push({ file, where: source.where });
  });

  const where = new Map(checked.map((c) => [c.file, c.where]));
  const errors = await htmlErrors(checked.map((c) => c.file));
  const report = errors.map(
    (e) =>
      `${where.get(e.file) ?? e.file}, line ${e.line ?? "?"}: ${e.message}${e.extract ? ` [${e.extract.trim().slice(0, 160)}]` : ""}`,
  );
  expect(
    report,
    `${errors.length} errors on ${new Set(errors.map((e) => e.file)).size} of ${checked.length} pages`,
  ).toEqual([]);
});
