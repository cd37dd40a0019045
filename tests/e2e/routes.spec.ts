import { expect, test } from "./fixtures.ts";
import { pages } from "./site-pages.ts";
import { locations } from "../../app/content/locations.ts";

const ORIGIN = "https://www.gemstateexteriorcleaning.com";

test.describe("route table", () => {
  test.skip(({ isMobile }) => isMobile, "server responses do not depend on the viewport");

  test("every page answers 200 with its own title and canonical URL", async ({ request }) => {
    const titles = new Map<string, string>();
    for (const path of pages) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, `${path} has a title`).toBeTruthy();
      expect(titles.get(title!), `${path} shares its title with another page`).toBeUndefined();
      titles.set(title!, path);
      expect(html, `${path} canonical`).toContain(`<link rel="canonical" href="${ORIGIN}${path === "/" ? "/" : path}"`);
      expect(html).toMatch(/<meta name="description" content="[^"]{30,}"/);
      expect(html).toMatch(/<meta name="keywords" content="[^"]+"/);
      expect(html).toMatch(/<meta property="og:image" content="https:\/\/[^"]+\.png"/);
    }
  });

  test("the short city paths answer 301 to the city page: /locations/{slug}, and with spaces for a name of two words", async ({
    request,
  }) => {
    const aliases = locations.flatMap((l) => [
      [l.slug, l.slug] as const,
      ...(l.slug.includes("-") ? [[l.slug.replaceAll("-", " "), l.slug] as const] : []),
    ]);
    expect(aliases.length, "a city of two words (Garden City) is among them").toBeGreaterThan(locations.length);
    for (const [alias, slug] of aliases) {
      const response = await request.get(`/locations/${encodeURIComponent(alias)}`, { maxRedirects: 0 });
      expect(response.status(), alias).toBe(301);
      expect(new URL(response.headers().location!, "http://x").pathname).toBe(`/locations/pressure-washing-${slug}-id`);
    }
  });

  test('an unknown path answers 404 with the "Oops! Page not found" page', async ({ request }) => {
    for (const path of ["/no-such-page", "/services/no-such-service", "/locations/atlantis", "/blog/no-such-post"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      const html = await response.text();
      expect(html).toContain("Oops! Page not found");
      expect(html).toContain("Return to Home");
    }
  });

  test("sitemap.xml lists every page and robots.txt points to it", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.sort()).toEqual(pages.map((p) => `${ORIGIN}${p}`).sort());
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  test("health check, compression and caching", async ({ request }) => {
    expect((await request.get("/healthz")).status()).toBe(200);
    const page = await request.get("/about", { headers: { "Accept-Encoding": "br, gzip" } });
    expect(page.headers()["content-encoding"]).toMatch(/br|gzip/);
    expect(page.headers()["cache-control"]).toContain("max-age=300");
    const html = await page.text();
    const asset = /\/assets\/[^"\s]+\.js/.exec(html)?.[0];
    const assetResponse = await request.get(asset!);
    expect(assetResponse.headers()["cache-control"]).toContain("immutable");
  });
});

test("404 page writes the unknown path to the console", async ({ page, consoleMessages }) => {
  const response = await page.goto("/this/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
  await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expect.poll(() => consoleMessages.join("\n")).toContain("/this/does-not-exist");
});
