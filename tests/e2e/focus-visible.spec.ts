/**
 * Focus Not Obscured (WCAG 2.2 2.4.11): a control reached with the keyboard is shown whole, never under the
 * sticky header or the phone's fixed bottom bar. The browser scrolls a newly focused control only just into
 * view, so each page is tabbed through forward and then back with Shift+Tab, by keyboard alone, and after
 * every press the focused control's box must lie inside the window minus the header's and the bar's boxes
 * as they are at that moment (the header can change height). Focusing the sticky header's own controls must
 * not scroll the page.
 */
import type { Page } from "@playwright/test";
import { businessDay, jobs, openJobs } from "../../app/content/careers.ts";
import { expect, hydrated, test } from "./fixtures.ts";

const job = openJobs(jobs, businessDay(new Date()))[0]!;

const pages = [
  "/",
  "/contact",
  "/pricing?service=house-washing",
  `/careers/apply?position=${job.slug}`,
  "/faq",
  "/services/holiday-light-installation",
];

/** More presses than any page has controls: a page that never ends its Tab order fails rather than hangs. */
const MAX_PRESSES = 400;

type Focus = {
  /** Where the focused element is: the header, the content (main, sidebar, footer), the bottom bar, or none. */
  zone: "header" | "content" | "bar" | "dialog" | "none";
  /** A short description of the focused element, for the failure message. */
  name: string;
  /** How much of its box lies outside the unobscured part of the window, in CSS pixels (0: all of it shows). */
  hidden: { top: number; bottom: number; left: number; right: number };
  scrollY: number;
};

/** The focused element, and how much of it lies outside the window minus the sticky header and the bottom bar. */
function focusState(page: Page): Promise<Focus> {
  return page.evaluate(() => {
    const el = document.activeElement;
    const scrollY = window.scrollY;
    const none = { zone: "none" as const, name: "", hidden: { top: 0, bottom: 0, left: 0, right: 0 }, scrollY };
    if (!el || el === document.body || el === document.documentElement) return none;
    const header = document.querySelector("body header");
    const bar = document.querySelector('nav[aria-label="Quick actions"]');
    const dialog = el.closest("dialog[open]");
    const zone = dialog
      ? "dialog"
      : header?.contains(el)
        ? "header"
        : bar?.contains(el)
          ? "bar"
          : el.closest("main, aside, footer")
            ? "content"
            : "none";
    const label =
      el.getAttribute("aria-label") ||
      (el as HTMLInputElement).labels?.[0]?.textContent ||
      el.textContent ||
      el.getAttribute("name") ||
      "";
    const name = `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${label.replace(/\s+/g, " ").trim().slice(0, 60)}"`;
    // The part of the window nothing of the site's own is drawn over: below the sticky header, above the
    // bottom bar (each only where it is shown). A modal dialog is drawn above both, inside its own box.
    let top = 0;
    let bottom = document.documentElement.clientHeight;
    let left = 0;
    let right = document.documentElement.clientWidth;
    if (dialog) {
      const d = dialog.getBoundingClientRect();
      top = Math.max(top, d.top);
      bottom = Math.min(bottom, d.bottom);
      left = Math.max(left, d.left);
      right = Math.min(right, d.right);
    } else if (zone === "content") {
      const h = header?.getBoundingClientRect();
      if (h && h.height > 0 && h.bottom > 0) top = Math.max(top, h.bottom);
      const b = bar?.getBoundingClientRect();
      if (b && b.height > 0 && b.top < bottom) bottom = Math.min(bottom, b.top);
    }
    const r = el.getBoundingClientRect();
    // Chromium scrolls a focused text area only until its caret shows, ignoring its scroll-margin (below the
    // header a tall one can show little more than its last lines): a text area is held to the minimum of
    // 2.4.11, not entirely hidden.
    if (el.tagName === "TEXTAREA") {
      const shown = Math.min(r.bottom, bottom) - Math.max(r.top, top);
      const hidden = shown > 0 ? 0 : 1 - shown;
      return { zone, name, hidden: { top: hidden, bottom: 0, left: 0, right: 0 }, scrollY };
    }
    const rBottom = r.bottom;
    return {
      zone,
      name,
      hidden: {
        top: Math.max(0, top - r.top),
        bottom: Math.max(0, rBottom - bottom),
        left: Math.max(0, left - r.left),
        right: Math.max(0, r.right - right),
      },
      scrollY,
    };
  });
}

/** The focus after a key press, once the page has stopped scrolling (the browser scrolls to it at once). */
async function pressAndRead(page: Page, key: string): Promise<Focus> {
  await page.keyboard.press(key);
  // Sections render as they come near the window (content-visibility) and can change height a frame later.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  return focusState(page);
}

/** Half a pixel for rounding: a control is obscured when more than that of it is hidden. */
const obscured = (f: Focus) => Object.values(f.hidden).some((px) => px > 0.5);

/**
 * Tabs forward from the top of the page through every control of `zone` until focus leaves it, then back
 * with Shift+Tab until focus leaves it again; returns every control that was (partly) hidden on a press.
 */
async function walk(page: Page, zone: Focus["zone"]) {
  const problems: string[] = [];
  const check = (f: Focus, key: string) => {
    if (f.zone === zone && obscured(f)) problems.push(`${key} → ${f.name} hidden ${JSON.stringify(f.hidden)}`);
  };
  let seen = 0;
  let f: Focus | undefined;
  for (let i = 0; i < MAX_PRESSES; i++) {
    f = await pressAndRead(page, "Tab");
    if (f.zone === zone) seen++;
    else if (seen > 0) break;
    check(f, "Tab");
  }
  expect(seen, `Tab reaches the controls and leaves them (${seen} seen)`).toBeGreaterThan(0);
  expect(f!.zone).not.toBe(zone);
  let back = 0;
  for (let i = 0; i < MAX_PRESSES; i++) {
    f = await pressAndRead(page, "Shift+Tab");
    if (f.zone !== zone) break;
    back++;
    check(f, "Shift+Tab");
  }
  expect(back, "Shift+Tab goes back through the controls").toBeGreaterThan(0);
  return { problems, last: f! };
}

for (const path of pages) {
  test(`${path}: every control reached with Tab and Shift+Tab is shown whole, not under the header or bottom bar`, async ({
    page,
  }) => {
    await page.goto(path);
    await hydrated(page);
    const { problems, last } = await walk(page, "content");
    expect(problems).toEqual([]);
    // Back in the sticky header, scrolled down by keyboard: focusing its controls does not move the page.
    expect(last.zone).toBe("header");
    const before = await focusState(page);
    for (let i = 0; i < 3; i++) await page.keyboard.press("PageDown");
    await expect.poll(async () => (await focusState(page)).scrollY).toBeGreaterThan(before.scrollY + 300);
    let settled = -1;
    await expect
      .poll(async () => {
        const was = settled;
        settled = (await focusState(page)).scrollY;
        return settled === was;
      })
      .toBe(true);
    const inHeader = await pressAndRead(page, "Shift+Tab");
    expect(inHeader.zone).toBe("header");
    expect(inHeader.scrollY).toBe(settled);
  });
}

test("/services/holiday-light-installation: in the estimate dialog every control is shown whole", async ({ page }) => {
  await page.goto("/services/holiday-light-installation");
  await hydrated(page);
  // Keyboard only: Tab to the first estimate button and open the dialog with Enter.
  for (let i = 0; i < MAX_PRESSES; i++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement?.getAttribute("command") === "show-modal")) break;
  }
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Get Free Estimate" })).toBeVisible();
  const problems: string[] = [];
  let seen = 0;
  let first = "";
  for (let i = 0; i < MAX_PRESSES; i++) {
    const f = await pressAndRead(page, "Tab");
    if (f.zone !== "dialog") continue;
    // Round the dialog once: back at its first control (Close), every control has had focus.
    if (seen > 1 && f.name === first) break;
    first ||= f.name;
    seen++;
    if (obscured(f)) problems.push(`Tab → ${f.name} hidden ${JSON.stringify(f.hidden)}`);
  }
  for (let i = 0; i < seen; i++) {
    const f = await pressAndRead(page, "Shift+Tab");
    if (f.zone === "dialog" && obscured(f)) problems.push(`Shift+Tab → ${f.name} hidden ${JSON.stringify(f.hidden)}`);
  }
  expect(seen).toBeGreaterThan(3);
  expect(problems).toEqual([]);
});
