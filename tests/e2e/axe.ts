/** axe-core in the end-to-end tests. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

// axe-core's WCAG 2.2 AA and best-practice rules on the page as it is now; each violation names the page (or state)
// and up to three of its elements. `soft`: the test goes on after a failure (a walk over many pages).
export async function expectNoViolations(page: Page, where: string, { soft = false } = {}) {
  // The sections below the first screen render when they come near the view (content-visibility: auto,
  // app/app.css), which the browser decides at its next rendering update: right after a navigation, the footer of
  // a short page could still be unrendered, and axe measured its links' targets as overlapping (target-size, once
  // in five full runs). Two frames, and what is near the view has been rendered, as a visitor sees it.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${where} ${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")})`,
  );
  (soft ? expect.soft : expect)(summary).toEqual([]);
}
