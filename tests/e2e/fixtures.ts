import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test as base, expect } from "@playwright/test";

/**
 * Every test runs with requests to other hosts blocked (the map frame, social links): the site must
 * work from its own origin alone. Console messages are collected for the tests that assert on them.
 */
export const test = base.extend<{ consoleMessages: string[] }>({
  context: async ({ context, baseURL }, use) => {
    const origin = new URL(baseURL!).origin;
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort("blockedbyclient"),
    );
    await use(context);
  },
  consoleMessages: async ({ page }, use) => {
    const messages: string[] = [];
    page.on("console", (m) => messages.push(`${m.type()}: ${m.text()}`));
    await use(messages);
  },
});

export { expect };

/**
 * Starts the app the way a visitor does, with a first interaction (a page load itself fetches no
 * JavaScript: app/lib/early-script.ts), and waits until React has hydrated the page (the root sets
 * data-hydrated after its first effect).
 */
export async function hydrated(page: import("@playwright/test").Page) {
  await page.mouse.move(1, 1);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Scrolls to an element the way a person reaches it before a tap: the page sections it passes render as
 * they come near the viewport (content-visibility: auto, app/app.css) and take their real height, which can
 * move the element; a person taps what has stopped moving. Playwright jumps there and taps at once, so this
 * scrolls to the element again until it stays where it is (works without JavaScript too).
 */
export async function scrollIntoViewSettled(locator: import("@playwright/test").Locator) {
  let last = "";
  for (let attempt = 0; attempt < 10; attempt++) {
    await locator.scrollIntoViewIfNeeded();
    const box = JSON.stringify(await locator.boundingBox());
    if (box === last) return;
    last = box;
  }
  throw new Error("the element kept moving after 10 scrolls into view");
}

/**
 * For the spec files that start processes of their own: what each test set up (servers, sinks, temporary
 * folders) is undone after it, last first. Call once at the top of the file.
 */
export function cleanupAfterEach() {
  const undo: (() => Promise<unknown> | unknown)[] = [];
  base.afterEach(async () => {
    while (undo.length > 0) await undo.pop()!();
  });
  /** A new temporary folder, removed after the test. */
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
    undo.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  return { undo, tempDir };
}
