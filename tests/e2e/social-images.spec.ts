import { expect, test } from "./fixtures.ts";
import { pages } from "./site-pages.ts";

/** Social preview images (scripts/og-images.ts): one 1200×630 PNG per page, referenced by its <head>. */
test.describe("social preview images", () => {
  test.skip(({ isMobile }) => isMobile, "server responses do not depend on the viewport");

  for (const path of pages) {
    test(`${path}: og:image and twitter:image are its own 1200×630 PNG`, async ({ request }) => {
      const html = await (await request.get(path)).text();
      const meta = metaTags(html);
      const image = meta.get("og:image") ?? "";
      const url = new URL(image);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? "";
      expect(url.origin, "on the canonical origin").toBe(new URL(canonical).origin);
      expect(url.pathname).toMatch(/^\/og\/[a-z0-9-]+\.png$/);
      expect(meta.get("twitter:image"), "twitter:image").toBe(image);
      expect(meta.get("og:image:width")).toBe("1200");
      expect(meta.get("og:image:height")).toBe("630");
      expect(meta.get("og:image:alt")?.trim(), "og:image:alt").toBeTruthy();

      // The same path on this server: a PNG whose header (IHDR) says 1200×630.
      const response = await request.get(url.pathname);
      expect(response.status(), url.pathname).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/png");
      expect(pngSize(await response.body())).toEqual({ width: 1200, height: 630 });
    });
  }
});

/** The site's icon (app/assets/favicon.svg): inline in every page, and as a PNG for search results and home screens. */
test.describe("site icon", () => {
  test.skip(({ isMobile }) => isMobile, "the icon does not depend on the viewport");

  test("every page carries its icon inline, as an image the browser can draw", async ({ page }) => {
    for (const path of ["/", "/services/roof-cleaning", "/contact"]) {
      await page.goto(path);
      const href = (await page.locator('head link[rel="icon"]').getAttribute("href")) ?? "";
      expect(href, path).toMatch(/^data:image\/svg\+xml,/);
      // The browser can draw it under the page's own policy (img-src allows data:).
      const drawn = await page.evaluate(async (src) => {
        const image = new Image();
        image.src = src;
        await image.decode();
        return { width: image.naturalWidth, height: image.naturalHeight };
      }, href);
      expect(drawn.width, path).toBeGreaterThan(0);
      expect(drawn.height, path).toBeGreaterThan(0);
    }
  });

  test("search results and home screens get the icon as a 180×180 PNG", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const href = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1] ?? "";
    expect(href).toBe("/apple-touch-icon.png");
    const response = await request.get(href);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/png");
    expect(pngSize(await response.body())).toEqual({ width: 180, height: 180 });
  });
});

/** A PNG's size, from its header (IHDR); fails on anything that is not a PNG. */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8).toString("hex"), "PNG signature").toBe("89504e470d0a1a0a");
  expect(png.subarray(12, 16).toString("ascii")).toBe("IHDR");
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The page's <meta> tags, by property or name, with their content (HTML entities decoded). */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/g)) {
    const key = /\b(?:property|name)="([^"]+)"/.exec(tag)?.[1];
    const content = /\bcontent="([^"]*)"/.exec(tag)?.[1];
    if (key && content !== undefined && !tags.has(key)) tags.set(key, decode(content));
  }
  return tags;
}

function decode(text: string) {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
