/**
 * The read-only checks of every page, at 390 px (mobile project) and 1440 px (desktop project), in one walk: one
 * browser page visits the pages of its part one after another, and on each
 *
 * 1. axe-core finds no violation of WCAG 2.2 AA or best practice, on the page as it loads (tests/e2e/axe.ts);
 * 2. the app starts on the first interaction, a client-side navigation to the privacy policy works, and nothing
 *    on the way broke the Content-Security-Policy (a `securitypolicyviolation` event).
 *
 * These were one test per page and check (a fresh browser context for each: 92 tests in a11y.spec.ts, 88 in
 * security.spec.ts, 4 in blog.spec.ts, over the two projects); each page is still checked in each project, and each failure names its
 * page (soft assertions: a failing page does not hide the next). The walk is split into parts so that the workers
 * share it. The checks of pages that need a state made first (a menu open, a signed-in owner, a booking link) stay
 * in a11y.spec.ts; the policy's headers in security.spec.ts. docs/testing.md "End-to-end and cross-engine".
 */
import { expectNoViolations } from "./axe.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { pages } from "./site-pages.ts";

const walked = [
  ...pages,
  // The price page with a range and a service-area answer, with errors, and a call-back form.
  "/pricing?service=house-washing&sqft=2000&stories=2&siding=vinyl&zipcode=83702",
  "/pricing?service=roof-cleaning&sqft=-3&stories=1",
  "/pricing?service=fleet-cleaning",
  // The blog filtered, and by a category without posts (its empty state).
  "/blog?category=safety",
  "/blog?category=gardening",
  // Server-rendered per request: the 404, and a page with a query (a nonce instead of hashes).
  "/no-such-page",
  "/contact?city=Eagle",
];

const PARTS = 8;
const parts = Array.from({ length: PARTS }, (_, i) => walked.filter((_, j) => j % PARTS === i));

type Watched = { violations: string[] };

for (const [i, part] of parts.entries()) {
  test(`every page, part ${i + 1} of ${PARTS}: no accessibility violation, the app starts, no policy violation (${part[0]} …)`, async ({
    page,
  }) => {
    // The same time per page as when each page was a test of its own.
    test.setTimeout(30_000 * part.length);
    // Before any script of each page: every policy violation from its first byte on is kept.
    await page.addInitScript(() => {
      (window as unknown as Watched).violations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        (window as unknown as Watched).violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    for (const path of part) {
      await test.step(path, async () => {
        await page.goto(path);
        await expectNoViolations(page, path, { soft: true });
        // The mouse rests at (0, 0) between pages, so the move to (1, 1) is a real first interaction on each.
        await hydrated(page);
        await page
          .getByRole("contentinfo")
          .getByRole("link", { name: "Privacy Policy" })
          .evaluate((a: HTMLAnchorElement) => a.click());
        await expect.soft(page, path).toHaveURL("/privacy-policy");
        await expect.soft(page.getByRole("heading", { level: 1 }), path).toHaveText("Privacy Policy");
        expect.soft(await page.evaluate(() => (window as unknown as Watched).violations), path).toEqual([]);
        await page.mouse.move(0, 0);
      });
    }
  });
}
