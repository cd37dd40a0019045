/**
 * The browser editor at /cms (Decap CMS, docs/decisions/017-browser-editor.md), driven as the owner drives it:
 * a copy of content/ in a temporary folder is served by decap-server (a real process, the local backend of
 * `npm run cms`), the built site runs with CMS_LOCAL_BACKEND pointing at it, and Chromium edits a FAQ answer
 * and the house-washing low rate through the editor's own controls. The files on disk change, and still load
 * with the site's loader (the build would accept them). Every request to another host is refused and
 * recorded, and so is every Content-Security-Policy violation: both lists must stay empty. It also opens a
 * service (Markdown) and a new gallery pair (image fields, choices), saves a service and a city page, and adds a
 * gallery pair with two photos uploaded through the media library, as the owner would.
 */
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Page, expect, test } from "@playwright/test";
import { collections } from "../../app/content/collections.ts";
import { galleryProblems } from "../../app/content/build/gallery-check.server.ts";
import { loadCollection } from "../../app/content/build/load.server.ts";
import { type DecapServer, startDecapServer } from "../support/decap-server.ts";
import { freePort, ROOT, type ServerHandle, startSite } from "../support/processes.ts";
import { testPhoto } from "../support/test-photos.ts";
import { cleanupAfterEach } from "./fixtures.ts";

test.skip(({ isMobile }) => isMobile, "the editor is used at a desk: checked on the desktop project");

const { undo, tempDir } = cleanupAfterEach();

interface Editor {
  repo: string;
  contentDir: string;
  decap: DecapServer;
  site: ServerHandle;
  /** Requests the page tried to send to any other host (refused). */
  offsite: string[];
  /** Content-Security-Policy violations the page reported. */
  violations: string[];
}

async function openEditor(page: Page): Promise<Editor> {
  const repo = tempDir("gs-cms");
  const contentDir = path.join(repo, "content");
  cpSync(path.join(ROOT, "content"), contentDir, { recursive: true });
  // The backend answers the pages of one site: its port is chosen first.
  const sitePort = await freePort();
  const decap = await startDecapServer(repo, sitePort);
  undo.push(() => decap.stop());
  const site = await startSite({ NODE_ENV: "test", CMS_LOCAL_BACKEND: decap.url }, { port: sitePort });
  undo.push(() => site.stop());

  const offsite: string[] = [];
  await page.context().route(
    (url) => url.origin !== site.origin && url.origin !== decap.origin,
    (route) => {
      offsite.push(route.request().url());
      return route.abort("blockedbyclient");
    },
  );
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (violation: string) => violations.push(violation));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });

  await page.goto(`${site.origin}/cms/`);
  // With the local backend found, Decap offers a plain "Login" (no git host account).
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Collections" })).toBeVisible();
  return { repo, contentDir, decap, site, offsite, violations };
}

/** Opens a file collection's one file from the collections list, as the owner does. */
async function openFile(page: Page, label: string) {
  await page.getByRole("complementary").getByRole("link", { name: label, exact: true }).click();
  await page.getByRole("main").getByRole("link", { name: label }).click();
  await expect(page.getByText(/Writing in .* collection/)).toBeVisible();
}

/** Expands the entry of a collapsed list whose summary reads `summary` (its first button is the chevron). */
async function expandListItem(page: Page, summary: string) {
  const item = page
    .locator("div")
    .filter({ has: page.getByText(summary, { exact: true }) })
    .filter({ has: page.getByRole("button") })
    .last();
  await item.getByRole("button").first().click();
}

/** Publish → Publish now, then waits until the editor says the change is saved. */
async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await page.getByRole("menuitem", { name: "Publish now" }).click();
  await expect(page.getByText("Changes saved", { exact: true })).toBeVisible();
}

test("the owner edits a FAQ answer and a price in the browser editor, and the files change", async ({ page }) => {
  test.setTimeout(90_000);
  const editor = await openEditor(page);
  const priceFile = path.join(editor.contentDir, collections.priceBook.file);
  const faqBefore = loadCollection("faq", editor.contentDir);
  const pricesBefore = loadCollection("priceBook", editor.contentDir);

  // A FAQ answer: the first question's, with a sentence added.
  const [first, ...others] = faqBefore.questions;
  const answer = `${first!.answer.slice(0, 1400)} Updated in the browser editor.`;
  await openFile(page, collections.faq.label);
  await expandListItem(page, first!.question);
  await page.getByLabel("Answer", { exact: true }).filter({ visible: true }).fill(answer);
  // The README's picture of the editor (docs/images/cms-editor.png): CMS_SCREENSHOT=docs/images/cms-editor.png.
  if (process.env.CMS_SCREENSHOT) {
    mkdirSync(path.dirname(process.env.CMS_SCREENSHOT), { recursive: true });
    await page.screenshot({ path: process.env.CMS_SCREENSHOT });
  }
  await publish(page);
  await expect.poll(() => loadCollection("faq", editor.contentDir).questions[0]?.answer).toBe(answer);
  const faqAfter = loadCollection("faq", editor.contentDir);
  expect(faqAfter.questions.slice(1)).toEqual(others);
  expect(faqAfter.questions[0]).toEqual({ ...first, answer });

  // A price: the house-washing low rate, raised by a cent per square foot (still below the high rate).
  const house = pricesBefore.services["house-washing"]!;
  const low = Math.round((house.rate.low + 0.01) * 100) / 100;
  expect(low).toBeLessThanOrEqual(house.rate.high);
  await page.getByRole("link", { name: /Writing in/ }).click();
  await openFile(page, collections.priceBook.label);
  await expandListItem(page, house.title);
  const lowField = page.getByLabel("Low", { exact: true }).filter({ visible: true });
  await expect(lowField).toHaveValue(String(house.rate.low));
  await lowField.fill(String(low));
  await publish(page);
  await expect.poll(() => loadCollection("priceBook", editor.contentDir).services["house-washing"]?.rate.low).toBe(low);
  const pricesAfter = loadCollection("priceBook", editor.contentDir);
  expect(pricesAfter).toEqual({
    ...pricesBefore,
    services: { ...pricesBefore.services, "house-washing": { ...house, rate: { ...house.rate, low } } },
  });

  // The file is still YAML a person can read: the rate is written as a plain number.
  expect(readFileSync(priceFile, "utf8")).toMatch(new RegExp(`low: ${low}\\b`));

  expect(editor.offsite).toEqual([]);
  expect(editor.violations).toEqual([]);
});

test("the editor opens a service's Markdown intro and the gallery's photo and choice fields", async ({ page }) => {
  test.setTimeout(60_000);
  const editor = await openEditor(page);
  const [service] = loadCollection("services", editor.contentDir);
  const [cityPage] = loadCollection("cities", editor.contentDir);

  // A service (Markdown with front matter): its fields and its intro in the Markdown box, with the collection's description.
  await page.getByRole("complementary").getByRole("link", { name: collections.services.label, exact: true }).click();
  await expect(page.getByText(collections.services.description, { exact: true })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: service!.title, exact: true }).click();
  await expect(page.getByText(/Writing in .* collection/)).toBeVisible();
  await expect(page.getByLabel("Title", { exact: true }).first()).toHaveValue(service!.title);
  const firstParagraph = service!.page.intro[0]!;
  await expect(page.getByRole("textbox").filter({ hasText: firstParagraph.slice(0, 60) })).toBeVisible();

  // A new gallery pair: two photo fields that open the media library, and the service and city chosen by name.
  await page.getByRole("link", { name: /Writing in/ }).click();
  await page.getByRole("complementary").getByRole("link", { name: collections.gallery.label, exact: true }).click();
  await page.getByRole("link", { name: `Create entry of type ${collections.gallery.label}` }).click();
  await expect(page.getByRole("button", { name: "Choose an image" })).toHaveCount(2);
  for (const [label, title] of [
    ["Service", service!.title],
    ["City", cityPage!.city],
  ] as const) {
    const select = page.getByLabel(label, { exact: true });
    await select.click();
    await expect(page.getByRole("option", { name: title, exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
  }
  // The legal pages (all text, no title field): listed by file name, without a New button, the page in the Markdown box.
  await page.getByRole("link", { name: /Writing in/ }).click();
  await page.getByRole("complementary").getByRole("link", { name: collections.legal.label, exact: true }).click();
  await expect(page.getByRole("link", { name: `Create entry of type ${collections.legal.label}` })).toHaveCount(0);
  await page.getByRole("main").getByRole("link", { name: "privacy-policy", exact: true }).click();
  await expect(page.getByRole("textbox").filter({ hasText: "Privacy Policy" })).toBeVisible();
  if (process.env.CMS_SCREENSHOT_GALLERY)
    await page.screenshot({ path: process.env.CMS_SCREENSHOT_GALLERY, fullPage: true });

  expect(editor.offsite).toEqual([]);
  expect(editor.violations).toEqual([]);
});

test("the owner adds a before/after pair with two photos uploaded in the editor, and the build accepts it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const editor = await openEditor(page);
  const galleryDir = path.join(editor.contentDir, collections.gallery.folder);
  const photosDir = path.join(galleryDir, "photos");
  const entriesBefore = new Set(readdirSync(galleryDir));
  const filesIn = (dir: string) => new Set(readdirSync(dir, { recursive: true }).map(String));
  const repoBefore = filesIn(editor.repo);
  const service = loadCollection("services", editor.contentDir).find((s) => s.slug === "driveway-cleaning")!;
  const city = loadCollection("cities", editor.contentDir).find((c) => c.slug === "garden-city")!;

  // Two photos the test makes (never a real photo), as files on the owner's computer.
  const desk = tempDir("gs-cms-photos");
  const photos = {
    before: {
      file: path.join(desk, "garden-city-driveway-before.jpg"),
      label: "BEFORE",
      from: "#4b5563",
      to: "#1f2937",
    },
    after: { file: path.join(desk, "garden-city-driveway-after.jpg"), label: "AFTER", from: "#e5e7eb", to: "#cbd5e1" },
  };
  for (const photo of Object.values(photos))
    writeFileSync(
      photo.file,
      await testPhoto({ width: 640, height: 480, from: photo.from, to: photo.to, label: photo.label }),
    );

  await page.getByRole("complementary").getByRole("link", { name: collections.gallery.label, exact: true }).click();
  await page.getByRole("link", { name: `Create entry of type ${collections.gallery.label}` }).click();
  await expect(page.getByText(/Writing in .* collection/)).toBeVisible();

  // Each photo: "Choose an image" → the media library → Upload → the file → Choose selected.
  for (const which of ["before", "after"] as const) {
    const name = path.basename(photos[which].file);
    await page.getByRole("button", { name: "Choose an image" }).first().click();
    const library = page.getByRole("dialog");
    const chooser = page.waitForEvent("filechooser");
    await library.getByText("Upload", { exact: true }).click();
    await (await chooser).setFiles(photos[which].file);
    await expect(library.getByText(name, { exact: true })).toBeVisible();
    await library.getByRole("button", { name: "Choose selected" }).click();
    await expect(library).toBeHidden();
  }

  const title = "Oil stains lifted from a Garden City driveway";
  const alt = {
    before: "Concrete driveway dark with oil stains and tire marks by the garage",
    after: "The same driveway clean and evenly light grey, the stains gone",
  };
  await page.getByLabel("Title", { exact: true }).fill(title);
  for (const [label, option] of [
    ["Service", service.title],
    ["City", city.city],
  ] as const) {
    await page.getByLabel(label, { exact: true }).click();
    await page.getByRole("option", { name: option, exact: true }).click();
  }
  await page.getByLabel("Date of the job", { exact: true }).fill("2026-06-14");
  await page
    .getByLabel("Caption", { exact: true })
    .fill("Hot-water surface cleaning at 3,000 PSI, then a degreaser on the oil spots.");
  const altFields = page.getByLabel("Description for screen readers (alt text)", { exact: true });
  await altFields.nth(0).fill(alt.before);
  await altFields.nth(1).fill(alt.after);
  if (process.env.CMS_SCREENSHOT_UPLOAD)
    await page.screenshot({ path: process.env.CMS_SCREENSHOT_UPLOAD, fullPage: true });
  await publish(page);

  // What the owner receives: one new pair file, its photos in content/gallery/photos/ with the uploaded bytes.
  await expect.poll(() => readdirSync(galleryDir).filter((f) => !entriesBefore.has(f))).toHaveLength(1);
  const [added] = readdirSync(galleryDir).filter((f) => !entriesBefore.has(f));
  const pairs = loadCollection("gallery", editor.contentDir);
  const pair = pairs.find((p) => `${p.slug}.yaml` === added)!;
  expect(pair).toMatchObject({ title, service: service.slug, city: city.slug, date: "2026-06-14" });
  for (const which of ["before", "after"] as const) {
    expect(pair[which]).toEqual({ image: `photos/${path.basename(photos[which].file)}`, alt: alt[which] });
    expect(readFileSync(path.join(galleryDir, pair[which].image))).toEqual(readFileSync(photos[which].file));
  }
  // Exactly these files were added to the repository: the pair and its two photos (no copy anywhere else).
  expect([...filesIn(editor.repo)].filter((f) => !repoBefore.has(f)).sort()).toEqual(
    [
      path.join("content", collections.gallery.folder, added!),
      ...Object.values(photos).map((p) => path.join(path.relative(editor.repo, photosDir), path.basename(p.file))),
    ].sort(),
  );
  // The build's own check: the service and city are the site's, the photos are there.
  const known = {
    services: loadCollection("services", editor.contentDir).map((s) => s.slug),
    cities: loadCollection("cities", editor.contentDir).map((c) => c.slug),
  };
  expect(galleryProblems(pairs, known, editor.contentDir)).toEqual([]);

  expect(editor.offsite).toEqual([]);
  expect(editor.violations).toEqual([]);
});

test("a service and a city page saved from the editor keep their intro paragraphs and coordinates and still load", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const editor = await openEditor(page);
  const before = loadCollection("services", editor.contentDir);
  const service = before.find((s) => s.slug === "house-washing")!;
  const tagline = `${service.page.tagline.slice(0, 140)} Edited.`;
  await page.getByRole("complementary").getByRole("link", { name: collections.services.label, exact: true }).click();
  await page.getByRole("main").getByRole("link", { name: service.title, exact: true }).click();
  await page.getByLabel("Tagline", { exact: true }).fill(tagline);
  await publish(page);
  await expect
    .poll(() => loadCollection("services", editor.contentDir).find((s) => s.slug === "house-washing")?.page.tagline)
    .toBe(tagline);
  const after = loadCollection("services", editor.contentDir).find((s) => s.slug === "house-washing")!;
  expect(after).toEqual({ ...service, page: { ...service.page, tagline } });

  // A city page: its coordinates (a list of two numbers) are saved as they were.
  const city = loadCollection("cities", editor.contentDir).find((c) => c.slug === "boise")!;
  const headline = `${city.page.headline.slice(0, 60)} Edited`;
  await page.getByRole("link", { name: /Writing in/ }).click();
  await page.getByRole("complementary").getByRole("link", { name: collections.cities.label, exact: true }).click();
  await page.getByRole("main").getByRole("link", { name: city.city, exact: true }).click();
  await page.getByLabel("Headline", { exact: true }).fill(headline);
  await publish(page);
  await expect
    .poll(() => loadCollection("cities", editor.contentDir).find((c) => c.slug === "boise")?.page.headline)
    .toBe(headline);
  expect(loadCollection("cities", editor.contentDir).find((c) => c.slug === "boise")).toEqual({
    ...city,
    page: { ...city.page, headline },
  });
  expect(editor.offsite).toEqual([]);
  expect(editor.violations).toEqual([]);
});

test("/cms answers with its own headers, and no public page loads anything of it", async ({ page, request }) => {
  const editor = await openEditor(page);
  const answer = await request.get(`${editor.site.origin}/cms/`);
  expect(answer.status()).toBe(200);
  const headers = answer.headers();
  expect(headers["x-robots-tag"]).toContain("noindex");
  expect(headers["cache-control"]).toBe("no-store");
  const csp = headers["content-security-policy"]!;
  const directive = (name: string) =>
    csp
      .split("; ")
      .find((d) => d.startsWith(`${name} `))
      ?.split(" ")
      .slice(1) ?? [];
  expect(directive("default-src")).toEqual(["'none'"]);
  expect(directive("script-src")).toEqual(["'self'", "'unsafe-eval'"]);
  // Connections: this site, the photos chosen in the media library (blob:, read back on Publish), the git host's
  // API, and the local backend this server was started with, nothing else.
  expect(directive("connect-src")).toEqual(["'self'", "blob:", "https://api.github.com", editor.decap.origin]);
  expect(directive("frame-ancestors")).toEqual(["'none'"]);
  // The same page at /cms, without the slash (its base URL points Decap at /cms/config.yml either way).
  expect(await (await request.get(`${editor.site.origin}/cms`, { maxRedirects: 0 })).text()).toBe(await answer.text());

  // config.yml names the local backend only because CMS_LOCAL_BACKEND is set (the built file does not).
  const config = await (await request.get(`${editor.site.origin}/cms/config.yml`)).text();
  expect(config).toContain(`url: "${editor.decap.url}"`);
  expect(readFileSync(path.join(ROOT, "build/client/cms/config.yml"), "utf8")).not.toContain("local_backend");

  // Not in the sitemap, disallowed for robots, and no prerendered page refers to anything under /cms.
  expect(await (await request.get(`${editor.site.origin}/robots.txt`)).text()).toMatch(/^Disallow: \/cms$/m);
  expect(await (await request.get(`${editor.site.origin}/sitemap.xml`)).text()).not.toContain("/cms");
  const pages = JSON.parse(readFileSync(path.join(ROOT, "build/csp-hashes.json"), "utf8")) as Record<string, string[]>;
  expect(Object.keys(pages).length).toBeGreaterThan(1);
  expect(Object.keys(pages)).not.toContain("/cms");
  for (const pagePath of Object.keys(pages)) {
    const html = readFileSync(path.join(ROOT, "build/client", pagePath, "index.html"), "utf8");
    expect(html, pagePath).not.toMatch(/["'(]\/cms\b/);
  }
  // A public page answers with the site's own policy, not the editor's.
  const home = await request.get(`${editor.site.origin}/`);
  expect(home.headers()["content-security-policy"]).not.toContain("unsafe-eval");
});
