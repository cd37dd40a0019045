/**
 * The before/after gallery (docs/decisions/016-gallery-images.md). With photos: a copy of the project
 * (tests/support/project-copy.ts) with the pairs of tests/support/test-photos.ts, photos the test makes (with EXIF, GPS
 * and an orientation tag), built once for the run and served by each worker. Without photos: the site as it is built
 * for the other tests, checked only while its gallery is empty (the rule: photos are real or absent).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { loadCollection } from "../../app/content/build-time/load.server.ts";
import { services } from "../../app/content/services.ts";
import { limits } from "../../app/lib/limits.ts";
import { locationPath, servicePath } from "../../app/lib/paths.ts";
import { htmlErrors } from "../../scripts/html-checker.ts";
import { freePort, startServer, waitFor } from "../support/processes.ts";
import { copyProject } from "../support/project-copy.ts";
import { newestFirst, TEST_CAMERA, TEST_GALLERY, writeTestGallery } from "../support/test-photos.ts";
import { expect, hydrated, test as siteTest } from "./fixtures.ts";
import { pages } from "./site-pages.ts";

const SITE_URL = "https://www.gemstateexteriorcleaning.com";

/**
 * The site copy with the test gallery, built once per run: the first worker builds it, the other waits for it
 * (a folder made with mkdir is the lock). Each worker serves it with a server of its own.
 */
async function builtCopyWithGallery(): Promise<string> {
  const shared = path.join(process.env.E2E_DATA_DIR!, "gallery-site");
  const ready = path.join(shared, "ready");
  try {
    mkdirSync(shared);
  } catch {
    await waitFor(
      "the other worker's build of the gallery site",
      () => existsSync(ready) || existsSync(path.join(shared, "failed")),
      400_000,
      500,
    );
    if (!existsSync(ready))
      throw new Error(`the gallery site's build failed:\n${readFileSync(path.join(shared, "failed"), "utf8")}`);
    return readFileSync(ready, "utf8");
  }
  // In the run's data folder, with the rest of what the run leaves behind.
  const copy = copyProject("gs-copy", { parent: shared });
  try {
    await writeTestGallery(copy);
    await copy.runOk("npm", ["run", "build"], { env: { SITE_URL } });
  } catch (error) {
    writeFileSync(path.join(shared, "failed"), String(error));
    throw error;
  }
  writeFileSync(ready, copy.dir);
  return copy.dir;
}

const test = siteTest.extend<object, { gallerySite: { origin: string; dir: string } }>({
  gallerySite: [
    // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const dir = await builtCopyWithGallery();
      const dataDir = path.join(process.env.E2E_DATA_DIR!, `gallery-site-data-${process.pid}`, "data");
      const site = await startServer({
        port: await freePort(),
        dataDir,
        cwd: dir,
        script: path.join(dir, "server.ts"),
        env: { MAIL_TRANSPORT: "files", SITE_URL },
      });
      await use({ origin: site.origin, dir });
      await site.stop();
    },
    { scope: "worker", timeout: 420_000 },
  ],
  baseURL: async ({ gallerySite }, use) => use(gallerySite.origin),
});

const cards = (page: Page) => page.locator("article.compare");
const titlesOf = async (page: Page) => cards(page).getByRole("heading").allTextContents();
const newest = newestFirst(TEST_GALLERY);

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
  ).toEqual([]);
}

/** Scrolls through every photo until it has loaded (lazy ones load near the viewport). */
async function loadAllPhotos(page: Page) {
  const images = page.locator("picture img");
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  }
  return images;
}

test.describe("with photos", () => {
  test("/gallery shows every pair newest first, with the photo's description and the job's service, city and month", async ({
    page,
  }) => {
    await page.goto("/gallery");
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    expect(await titlesOf(page)).toEqual(newest.map((p) => p.title));
    for (const [index, pair] of newest.entries()) {
      const card = cards(page).nth(index);
      // "After" is shown first; its description is what a screen reader reads; the other photo is hidden.
      await expect(card.getByRole("img", { name: pair.after.alt })).toBeVisible();
      await expect(card.getByRole("img", { name: pair.before.alt })).toBeHidden();
      await expect(card.getByText(pair.caption)).toBeVisible();
      const month = new Date(`${pair.date}T12:00:00Z`).toLocaleDateString("en-US", {
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
      await expect(card.locator(`time[datetime="${pair.date}"]`)).toHaveText(month);
    }
  });

  test("the service filter works in the app too (a client-side navigation with the server's loader)", async ({
    page,
  }) => {
    await page.goto("/gallery");
    await hydrated(page);
    const service = newest[newest.length - 1]!.service;
    const ofService = newest.filter((p) => p.service === service);
    const filters = page.getByRole("navigation", { name: "Photos by service" });
    const title = services.find((s) => s.slug === service)!.title;
    await filters.getByRole("link", { name: `${title} (${ofService.length})`, exact: true }).click();
    await expect(page).toHaveURL(`/gallery?service=${service}`);
    await expect.poll(() => titlesOf(page)).toEqual(ofService.map((p) => p.title));
    await filters.getByRole("link", { name: /All services/ }).click();
    await expect.poll(() => titlesOf(page)).toEqual(newest.map((p) => p.title));
  });

  test("the comparison switches with the keyboard alone", async ({ page }) => {
    await page.goto("/gallery");
    const pair = newest[0]!;
    const card = cards(page).first();
    const before = card.getByRole("radio", { name: "Before" });
    const after = card.getByRole("radio", { name: "After" });
    // Tab from the top of the page to the first photo's choice, as a keyboard user does.
    for (let presses = 0; presses < 60 && !(await after.evaluate((el) => el === document.activeElement)); presses++)
      await page.keyboard.press("Tab");
    await expect(after).toBeFocused();
    await expect(after).toBeChecked();
    await page.keyboard.press("ArrowLeft");
    await expect(before).toBeChecked();
    await expect(card.getByRole("img", { name: pair.before.alt })).toBeVisible();
    await expect(card.getByRole("img", { name: pair.after.alt })).toBeHidden();
    await page.keyboard.press("ArrowRight");
    await expect(after).toBeChecked();
    await expect(card.getByRole("img", { name: pair.after.alt })).toBeVisible();
    await expect(card.getByRole("img", { name: pair.before.alt })).toBeHidden();
    // Each pair has its own choice: the second card still shows its "After" photo.
    await expect(cards(page).nth(1).getByRole("img", { name: newest[1]!.after.alt })).toBeVisible();
  });

  test("without JavaScript the comparison switches and the service filter works", async ({ browser, gallerySite }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: gallerySite.origin });
    const page = await context.newPage();
    try {
      await page.goto("/gallery");
      const card = cards(page).first();
      await card.locator("label").filter({ hasText: "Before" }).click();
      await expect(card.getByRole("img", { name: newest[0]!.before.alt })).toBeVisible();
      await expect(card.getByRole("img", { name: newest[0]!.after.alt })).toBeHidden();

      const service = "driveway-cleaning";
      const ofService = newest.filter((p) => p.service === service);
      await page
        .getByRole("navigation", { name: "Photos by service" })
        .getByRole("link", { name: /Driveway Cleaning/ })
        .click();
      await expect(page).toHaveURL(`/gallery?service=${service}`);
      // The URL changes as the new document starts to arrive; its cards may not be parsed yet.
      await expect.poll(() => titlesOf(page)).toEqual(ofService.map((p) => p.title));
      await expect(page.getByRole("link", { name: /Driveway Cleaning/ })).toHaveAttribute("aria-current", "page");
    } finally {
      await context.close();
    }
  });

  test("service and city pages with photos show their newest few; pages without have no gallery section", async ({
    page,
  }) => {
    const recent = (where: Locator) => where.locator("#recent-work");
    const cases = [
      { path: locationPath("eagle"), pairs: newest.filter((p) => p.city === "eagle") },
      { path: servicePath("driveway-cleaning"), pairs: newest.filter((p) => p.service === "driveway-cleaning") },
      { path: locationPath("nampa"), pairs: [] },
      { path: servicePath("gutter-cleaning"), pairs: [] },
    ];
    for (const { path: where, pairs } of cases) {
      await page.goto(where);
      if (pairs.length === 0) {
        await expect(recent(page.locator("main")), where).toHaveCount(0);
        continue;
      }
      const section = recent(page.locator("main"));
      await expect(section.getByRole("heading", { level: 2 })).toHaveText(/Recent/);
      expect(await section.getByRole("heading", { level: 3 }).allTextContents(), where).toEqual(
        pairs.slice(0, limits.recentWork).map((p) => p.title),
      );
      await expect(section.getByRole("link", { name: /before & after photos/i })).toBeVisible();
    }
  });

  test("photos are offered as AVIF, WebP and JPEG in sizes that fit their slot, with no EXIF or GPS, upright", async ({
    page,
    request,
  }) => {
    for (const where of ["/gallery", locationPath("eagle")]) {
      await page.goto(where);
      const images = await loadAllPhotos(page);
      const count = await images.count();
      expect(count, where).toBeGreaterThan(0);
      const dpr = await page.evaluate(() => window.devicePixelRatio);
      for (let i = 0; i < count; i++) {
        const image = images.nth(i);
        const info = await image.evaluate((img: HTMLImageElement) => ({
          alt: img.alt,
          width: img.getAttribute("width"),
          height: img.getAttribute("height"),
          sizes: img.sizes,
          srcset: img.srcset,
          loading: img.loading,
          decoding: img.decoding,
          current: img.currentSrc,
          shown: img.getBoundingClientRect().width,
          types: [...(img.parentElement?.querySelectorAll("source") ?? [])].map((s) => s.type),
        }));
        expect(info.width, `${where} ${info.alt}`).toMatch(/^\d+$/);
        expect(info.height).toMatch(/^\d+$/);
        expect(info.sizes).not.toBe("");
        expect(info.srcset).toMatch(/ \d+w/);
        expect(info.decoding).toBe("async");
        expect(info.types).toEqual(["image/avif", "image/webp"]);
        // Chromium picks AVIF: the file it shows is one of the AVIF sources.
        expect(info.current).toMatch(/\/assets\/gallery\/[^/]+\.avif$/);
        const response = await request.get(info.current);
        expect(response.ok()).toBe(true);
        expect(response.headers()["cache-control"]).toContain("immutable");
        const bytes = await response.body();
        const metadata = await sharp(bytes).metadata();
        expect(metadata.exif, `${info.current} carries no EXIF`).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.iptc).toBeUndefined();
        expect(bytes.includes(TEST_CAMERA), "the camera's name is not in the file").toBe(false);
        // No image is more than twice as wide as the pixels it fills.
        expect(metadata.width, `${info.current} shown ${info.shown} px wide at ${dpr}x`).toBeLessThanOrEqual(
          2 * info.shown * dpr,
        );
        // The stored-on-its-side photo (EXIF orientation 6) is served upright: portrait, as taken.
        const source = TEST_GALLERY.flatMap((p) => [p.before, p.after]).find((p) => p.alt === info.alt)!;
        const portrait = (source.orientation ?? 1) >= 5 ? source.width > source.height : source.height > source.width;
        expect(metadata.height! > metadata.width!, `${info.alt} is ${portrait ? "portrait" : "landscape"}`).toBe(
          portrait,
        );
      }
      // Below the fold the photos wait (lazy); the first card of /gallery is wanted at once.
      const lazy = await images.evaluateAll((els) => els.map((el) => (el as HTMLImageElement).loading));
      expect(lazy.filter((l) => l === "lazy").length).toBeGreaterThanOrEqual(lazy.length - 2);
    }
  });

  test("no layout shift while the photos load", async ({ page }) => {
    await page.goto("/gallery");
    await loadAllPhotos(page);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
              if (!entry.hadRecentInput) total += entry.value;
          }).observe({ type: "layout-shift", buffered: true });
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(total)));
        }),
    );
    expect(shift).toBeLessThanOrEqual(0.01);
  });

  test("no accessibility violations on /gallery and a city page with photos, with Before chosen too", async ({
    page,
  }) => {
    // Three axe runs over long pages, on a machine that may be busy.
    test.setTimeout(120_000);
    await page.goto("/gallery");
    await loadAllPhotos(page);
    await expectNoAxeViolations(page);
    await cards(page).first().locator("label").filter({ hasText: "Before" }).click();
    await expectNoAxeViolations(page);
    await page.goto(locationPath("eagle"));
    await page.locator("#recent-work").scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
  });

  test("/gallery is in the sitemap and the footer links to it; the pages with photos are valid HTML", async ({
    page,
    request,
    gallerySite,
    isMobile,
  }) => {
    test.skip(isMobile, "the same at every width");
    test.setTimeout(120_000);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${SITE_URL}/gallery</loc>`);
    await page.goto("/");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Before & After Photos" })).toHaveAttribute(
      "href",
      "/gallery",
    );
    await page.goto("/services");
    await expect(page.getByRole("main").getByRole("link", { name: /before & after photos/i })).toHaveAttribute(
      "href",
      "/gallery",
    );
    const files = [
      "gallery/index.html",
      `${locationPath("eagle").slice(1)}/index.html`,
      `${servicePath("driveway-cleaning").slice(1)}/index.html`,
    ].map((f) => path.join(gallerySite.dir, "build/client", f));
    expect(await htmlErrors(files)).toEqual([]);
  });
});

siteTest.describe("the site as built, without photos", () => {
  siteTest.skip(
    loadCollection("gallery").length > 0,
    "the site has photos: the tests above cover a gallery with photos",
  );

  siteTest(
    "/gallery says photos of real jobs are coming and links to an estimate; it is not indexed, in the sitemap nor linked",
    async ({ page, request }) => {
      await page.goto("/gallery");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/before & after photos/i);
      await expect(page.getByText(/coming soon/i)).toBeVisible();
      await expect(page.getByRole("link", { name: /free estimate/i }).first()).toBeVisible();
      await expect(page.locator("article.compare, picture")).toHaveCount(0);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/gallery");
      await expect(page.getByRole("contentinfo").getByRole("link", { name: /before & after/i })).toHaveCount(0);
      await expectNoAxeViolations(page);
      await page.goto("/services");
      await expect(page.locator('a[href^="/gallery"]')).toHaveCount(0);
    },
  );

  siteTest("no page shows a gallery section or a gallery photo", async ({ request, isMobile }) => {
    siteTest.skip(isMobile, "the HTML is the same at every width");
    for (const where of pages) {
      const html = await (await request.get(where)).text();
      expect(html, where).not.toContain('id="recent-work"');
      expect(html, where).not.toContain("/assets/gallery/");
    }
  });
});
