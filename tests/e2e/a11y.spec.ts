import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { pages } from "./site-pages";

// axe-core on every page, at 390 px (mobile project) and 1440 px (desktop project).
for (const path of [...pages, "/no-such-page"]) {
  test(`no accessibility violations on ${path}`, async ({ page }) => {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();
    const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")})`);
    expect(summary).toEqual([]);
  });
}
