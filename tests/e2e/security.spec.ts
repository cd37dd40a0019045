import { expect, hydrated, test } from "./fixtures.ts";
import { pages } from "./site-pages.ts";

const strictScriptSrc = (csp: string) => {
  const scriptSrc =
    csp
      .split(";")
      .map((d) => d.trim())
      .find((d) => d.startsWith("script-src")) ?? "";
  return scriptSrc.length > 0 && !scriptSrc.includes("'unsafe-inline'") && !scriptSrc.includes("'unsafe-eval'");
};

test.describe("security headers", () => {
  test.skip(({ isMobile }) => isMobile, "headers do not depend on the viewport");

  test("every page, static or server-rendered, carries a strict policy and the other headers", async ({ request }) => {
    for (const path of [...pages, "/no-such-page", "/contact?city=Boise", "/blog?category=safety"]) {
      const response = await request.get(path);
      const headers = response.headers();
      const csp = headers["content-security-policy"] ?? "";
      expect(strictScriptSrc(csp), `${path}: ${csp}`).toBe(true);
      for (const directive of [
        "default-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "object-src 'none'",
        "form-action 'self'",
        "frame-src https://www.google.com",
      ]) {
        expect(csp, path).toContain(directive);
      }
      expect(csp, path).toMatch(/script-src 'self' ('sha256-[^']+' ?)+|script-src 'self' 'nonce-[^']+'/);
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(headers["permissions-policy"]).toContain("camera=()");
      expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    }
  });

  test("responses with a nonce are never cached; no static file is served without the policy", async ({ request }) => {
    for (const path of ["/no-such-page", "/contact?city=Boise", "/blog?category=safety"]) {
      const headers = (await request.get(path)).headers();
      expect(headers["content-security-policy"], path).toMatch(/'nonce-/);
      expect(headers["cache-control"], path).toBe("private, no-store");
    }
    // Prerendered pages carry hashes, not a nonce, and may be cached.
    const home = (await request.get("/")).headers();
    expect(home["content-security-policy"]).not.toContain("'nonce-");
    expect(home["cache-control"]).toContain("public");

    const html = await (await request.get("/")).text();
    const asset = /<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
    expect(asset).toBeTruthy();
    for (const path of [
      asset!,
      "/apple-touch-icon.png",
      "/about.data",
      "/robots.txt",
      "/sitemap.xml",
      "/blog/rss.xml",
      "/og/home.png",
    ]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const csp = response.headers()["content-security-policy"] ?? "";
      expect(csp, path).toContain("default-src 'none'");
      expect(csp, path).toContain("frame-ancestors 'none'");
    }
  });

  test("server-rendered responses get a fresh nonce each time", async ({ request }) => {
    const nonce = async () =>
      /'nonce-([^']+)'/.exec((await request.get("/no-such-page")).headers()["content-security-policy"] ?? "")?.[1];
    const [a, b] = [await nonce(), await nonce()];
    expect(a).toBeTruthy();
    expect(a).not.toBe(b);
  });
});

// Every page loads without a policy violation and still hydrates: the walk of every-page.spec.ts.

// The app's own form checks (Zod, through Conform) run under the same policy: a parser compiled with `new Function`,
// or Zod's probe for it, would be refused and reported (app/lib/zod.ts).
test("no policy violation when the app checks a form's fields and a send", async ({ page }) => {
  await page.addInitScript(() => {
    (window as unknown as { violations: string[] }).violations = [];
    document.addEventListener("securitypolicyviolation", (e) =>
      (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await page.goto("/contact");
  await hydrated(page);
  const form = page.locator("#contact-form");
  const email = form.getByRole("textbox", { name: "Email", exact: true });
  await email.fill("name@");
  await email.blur();
  await expect(form).toHaveAttribute("data-validation", "app");
  await email.fill("name@example");
  await email.blur();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await form.getByRole("button", { name: /send/i }).click();
  await expect(form.locator("[data-error-summary]")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
});
