/**
 * The first tap, as a new visitor on a phone makes it (part of `npm run bench`, docs/performance.md):
 * Chromium throttled like Lighthouse's mobile profile (4× slower CPU, 150 ms RTT, 1.6 Mbps; the DevTools
 * values Lighthouse applies), a fresh browser context per tap, the tap made 0.3 s, 1.5 s or 4 s after the
 * load event. Each tap is measured as INP measures an interaction: the page's own Event Timing entries
 * (PerformanceObserver, type "event", durationThreshold 16), the longest `duration` among the tap's
 * events (pointerdown, pointerup, click…): from the input to the next frame after its handlers. A tap whose
 * events all took less than 16 ms has no entry: it is reported as under 16 ms. A tap whose effect (the
 * menu open, the dialog shown, "Copied", the answer open) is not on the page within 3 s is lost.
 * After it, a second tap on the same page (closing the menu or the dialog, copying again, another
 * question) is made as soon as the first tap has started the app (its module preloads are in the
 * document), while the app downloads, evaluates and hydrates: the main thread is then at its busiest.
 * It also notes the longest main-thread task from the first tap until the app has hydrated (the start-up
 * the tap triggers), from the browser's long-task timing.
 * A benchmark, not a test: timings depend on the machine.
 */
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { throttling } from "lighthouse/core/config/constants.js";

export const FIRST_TAP_BUDGET_MS = 100;
const TAP_DELAYS_MS = [300, 1500, 4000] as const;
const LOST_AFTER_MS = 3000;
/** A tap's Event Timing entries are collected until none has come for ENTRY_SETTLE_MS, at most ENTRY_WAIT_MS (then: none, under 16 ms). */
const ENTRY_SETTLE_MS = 300;
const ENTRY_WAIT_MS = 2000;

type Control = {
  name: string;
  page: string;
  device: "phone" | "desktop";
  /** What the visitor taps. */
  target: string;
  /** True once the control shows its effect. */
  effect: string;
  /** The second tap, made while the app is starting, and its effect. */
  second: { target: string; effect: string };
};

// Each selector also matches the markup before decision 006 (Radix menus and dialog), so that the same
// benchmark measures a build from before it (`--before`); except Copy address's effect, whose old form (a
// check icon) is now always in the button, hidden, and so told nothing.
const controls: Control[] = [
  {
    name: "phone menu",
    page: "/",
    device: "phone",
    target: 'button[popovertarget="site-menu"], header button[aria-label="Open menu"]',
    effect: '#site-menu:popover-open, [role="dialog"]',
    second: { target: '#site-menu button[popovertargetaction="hide"]', effect: "#site-menu:not(:popover-open)" },
  },
  {
    name: "Services menu",
    page: "/",
    device: "desktop",
    target: 'button[popovertarget="nav-services"], nav[aria-label="Main"] li:nth-child(2) > button',
    effect: '#nav-services:popover-open, [role="menu"]',
    second: { target: 'button[popovertarget="nav-services"]', effect: "#nav-services:not(:popover-open)" },
  },
  {
    name: "Locations menu",
    page: "/",
    device: "desktop",
    target: 'button[popovertarget="nav-locations"], nav[aria-label="Main"] li:nth-child(3) > button',
    effect: '#nav-locations:popover-open, [role="menu"]',
    second: { target: 'button[popovertarget="nav-locations"]', effect: "#nav-locations:not(:popover-open)" },
  },
  {
    name: "holiday estimate dialog",
    page: "/services/holiday-light-installation",
    device: "phone",
    target: 'main [aria-haspopup="dialog"]',
    effect: 'dialog[open], [role="dialog"]',
    second: { target: 'dialog[open] button[command="close"]', effect: "dialog:not([open])" },
  },
  {
    name: "Copy address",
    page: "/contact",
    device: "phone",
    target: "button[data-copy], main button:has(> span[aria-live])",
    // Only the early script's mark: the check icon is always in the button, hidden until then.
    effect: "button[data-copied]",
    second: { target: "button[data-copy]", effect: "button[data-copied]" },
  },
  {
    name: "FAQ question",
    page: "/faq",
    device: "phone",
    target: "main details summary",
    effect: "main details[open]",
    second: { target: "main details:not([open]) summary", effect: "main details[open]" },
  },
];

export type TapResult = {
  control: string;
  page: string;
  device: Control["device"];
  delayMs: number;
  /** The tap's Event Timing duration (0: under the 16 ms threshold); null when the tap was lost. */
  ms: number | null;
  hydratedAtTap: boolean;
  /** The second tap, made while the app was starting: its Event Timing duration as above; undefined when it could not be made (a build without its target). */
  second?: { ms: number | null; hydratedAtTap: boolean };
  /** The longest main-thread task from the tap until the app had hydrated (0: none over 50 ms); null if it did not hydrate within 15 s. */
  longestStartupTaskMs: number | null;
};

export const devices: Record<"phone" | "desktop", BrowserContextOptions> = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  desktop: { viewport: { width: 1440, height: 900 } },
};

/** Every control's taps; with `pages`, only the controls on those pages. */
export async function measureFirstTaps(
  origin: string,
  executablePath: string,
  args: string[],
  pages?: string[],
): Promise<TapResult[]> {
  const browser = await chromium.launch({ executablePath, args });
  const results: TapResult[] = [];
  try {
    for (const control of controls.filter((c) => !pages || pages.includes(c.page))) {
      for (const delayMs of TAP_DELAYS_MS) {
        const result = await tapOnce(browser, origin, control, delayMs);
        results.push(result);
        const second = result.second
          ? `${tapText(result.second.ms)}${result.second.hydratedAtTap ? " (hydrated)" : " (before hydration)"}`
          : "not made";
        console.log(
          `first tap: ${control.name} (${control.page}, ${control.device}) ${delayMs} ms after load: ${tapText(result.ms)}${result.hydratedAtTap ? " (hydrated)" : " (before hydration)"}; second tap while starting: ${second}; longest start-up task ${result.longestStartupTaskMs ?? "–"} ms`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

async function tapOnce(browser: Browser, origin: string, control: Control, delayMs: number): Promise<TapResult> {
  const context = await browser.newContext(devices[control.device]);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  try {
    const page = await throttledPage(context);
    // Every Event Timing entry of an interaction (INP's measure), the time of each tap's first input event,
    // and the long tasks.
    await page.addInitScript(() => {
      const w = window as unknown as BenchWindow;
      w.__events = [];
      w.__inputs = [];
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
          if (entry.interactionId) w.__events.push({ start: entry.startTime, duration: entry.duration });
        }
      }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: "longtask", buffered: true });
      addEventListener("pointerdown", (event) => w.__inputs.push(event.timeStamp), { capture: true, passive: true });
    });
    await page.goto(`${origin}${control.page}`, { waitUntil: "load" });
    await page.waitForTimeout(delayMs);
    const first = await tap(page, control, control.target, control.effect);
    if (!first) throw new Error(`${control.name}: nothing to tap (${control.target})`);
    // The second tap, as soon as the first has started the app (its module preloads are in the document).
    await waitForSelector(page, 'link[rel="modulepreload"], html[data-hydrated="true"]', 15_000);
    const second =
      first.ms === null ? undefined : await tap(page, control, control.second.target, control.second.effect);
    const longestStartupTaskMs = (await waitForSelector(page, 'html[data-hydrated="true"]', 15_000))
      ? await page.evaluate(() => {
          const w = window as unknown as BenchWindow;
          const after = w.__longTasks.filter((t) => t.start + t.duration >= (w.__inputs[0] ?? 0));
          return Math.round(Math.max(0, ...after.map((t) => t.duration)));
        })
      : null;
    return {
      control: control.name,
      page: control.page,
      device: control.device,
      delayMs,
      ms: first.ms,
      hydratedAtTap: first.hydratedAtTap,
      second,
      longestStartupTaskMs,
    };
  } finally {
    await context.close();
  }
}

/** A new page throttled like Lighthouse's mobile profile: 4× slower CPU, 150 ms RTT, 1.6 Mbps. */
export async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const profile = throttling.mobileSlow4G;
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: profile.requestLatencyMs,
    downloadThroughput: (profile.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (profile.uploadThroughputKbps * 1024) / 8,
  });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdownMultiplier });
  return page;
}

type BenchWindow = Window & {
  __events: { start: number; duration: number }[];
  __inputs: number[];
  __longTasks: { start: number; duration: number }[];
};

/**
 * Taps (or clicks) `target` and waits for `effect`; resolves with the tap's Event Timing duration (null:
 * lost), or undefined when there is nothing to tap.
 */
async function tap(
  page: Page,
  control: Control,
  target: string,
  effect: string,
): Promise<{ ms: number | null; hydratedAtTap: boolean } | undefined> {
  // A control below the fold is scrolled to first, as a person scrolls to it (the scroll itself starts the
  // app, as it does for them); a tap at coordinates outside the viewport would reach nothing.
  const found = await page.evaluate(async (selector) => {
    const element = document.querySelector(selector);
    if (!element) return undefined;
    const inView = () => {
      const r = element.getBoundingClientRect();
      return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    };
    if (!inView()) {
      element.scrollIntoView({ block: "center", inline: "center" });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    const { x, y, width, height } = element.getBoundingClientRect();
    return {
      x: x + width / 2,
      y: y + height / 2,
      hydrated: document.documentElement.dataset.hydrated === "true",
      inputsBefore: (window as unknown as BenchWindow).__inputs.length,
    };
  }, target);
  if (!found) return undefined;
  const { x, y, hydrated: hydratedAtTap, inputsBefore } = found;
  if (control.device === "phone") await page.touchscreen.tap(x, y);
  else await page.mouse.click(x, y);
  const shown = await waitForSelector(page, effect, LOST_AFTER_MS);
  if (!shown) return { ms: null, hydratedAtTap };
  // Entries are delivered after the frame that ends each event, one observer callback at a time: they are
  // collected until none has come for ENTRY_SETTLE_MS. A tap whose events all took under 16 ms has none.
  const ms = await page.evaluate(
    async ({ index, settleMs, waitMs }) => {
      const w = window as unknown as BenchWindow;
      const from = w.__inputs[index] ?? Number.POSITIVE_INFINITY;
      const mine = () => w.__events.filter((e) => e.start >= from - 1);
      const started = performance.now();
      let [count, changedAt] = [-1, started];
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const now = performance.now();
        if (mine().length !== count) [count, changedAt] = [mine().length, now];
        if ((count > 0 && now - changedAt >= settleMs) || now - started >= waitMs) break;
      }
      return Math.max(0, ...mine().map((e) => e.duration));
    },
    { index: inputsBefore, settleMs: ENTRY_SETTLE_MS, waitMs: ENTRY_WAIT_MS },
  );
  return { ms: Math.round(ms), hydratedAtTap };
}

/**
 * Resolves true once `selector` matches in the page, false after `timeoutMs`. Polled by a plain script:
 * Playwright's locators and waitForFunction bring its injected script into the page, which listens on
 * every pointer, touch and mouse event (capture, not passive) and so would add its own work to each tap.
 */
export function waitForSelector(page: Page, selector: string, timeoutMs: number): Promise<boolean> {
  return page.evaluate(
    ({ selector, timeoutMs }) =>
      new Promise<boolean>((resolve) => {
        const started = performance.now();
        const check = () => {
          if (document.querySelector(selector)) resolve(true);
          else if (performance.now() - started >= timeoutMs) resolve(false);
          else setTimeout(check, 50);
        };
        check();
      }),
    { selector, timeoutMs },
  );
}

const tapText = (ms: number | null) => (ms === null ? "LOST" : ms === 0 ? "< 16 ms" : `${ms} ms`);

export function firstTapFailures(results: TapResult[]): string[] {
  const miss = (ms: number | null) => ms === null || ms > FIRST_TAP_BUDGET_MS;
  const text = (ms: number | null) => (ms === null ? "lost" : `${ms} ms > ${FIRST_TAP_BUDGET_MS} ms`);
  return results.flatMap((r) => [
    ...(miss(r.ms) ? [`first tap on ${r.control} (${r.page}) ${r.delayMs} ms after load: ${text(r.ms)}`] : []),
    ...(r.second && miss(r.second.ms)
      ? [
          `second tap on ${r.control} (${r.page}) while the app started (first tap ${r.delayMs} ms after load): ${text(r.second.ms)}`,
        ]
      : []),
  ]);
}

export function firstTapMarkdown(results: TapResult[]): string {
  const cell = (ms: number | null | undefined, hydrated: boolean | undefined) =>
    ms === undefined ? "–" : ms === null ? "lost" : `${ms === 0 ? "<16" : ms}${hydrated ? "" : "*"}`;
  const rows = controls.map((c) => {
    const mine = TAP_DELAYS_MS.map((d) => results.find((x) => x.control === c.name && x.delayMs === d));
    const firsts = mine.map((r) => cell(r?.ms, r?.hydratedAtTap));
    const seconds = mine.map((r) => cell(r?.second?.ms, r?.second?.hydratedAtTap));
    const longest = results.filter((x) => x.control === c.name).map((x) => x.longestStartupTaskMs);
    const startup =
      longest.length === 0 || longest.some((v) => v === undefined)
        ? "–"
        : longest.some((v) => v === null)
          ? "did not start"
          : `${Math.max(...(longest as number[]))}`;
    return `| ${c.name} | ${c.page} (${c.device}) | ${firsts.join(" | ")} | ${seconds.join(" / ")} | ${startup} |`;
  });
  return [
    "| Control | Page | 0.3 s | 1.5 s | 4 s | second tap while starting | longest start-up task |",
    "|---|---|--:|--:|--:|--:|--:|",
    ...rows,
    "",
    `Each tap's Event Timing duration in milliseconds, as INP measures an interaction: from the input to the next frame after its handlers (budget ${FIRST_TAP_BUDGET_MS} ms; <16: under the browser's 16 ms threshold); * the page had not hydrated when tapped. ` +
      "Second tap while starting: made on the same page as soon as the first tap had started the app (after the first taps at 0.3 s / 1.5 s / 4 s). " +
      "Longest start-up task: the longest main-thread task (ms, throttled) from the first tap until the app had hydrated, over the three visits (0: none over 50 ms).",
  ].join("\n");
}
