/**
 * The first tap, as a new visitor on a phone makes it (part of `npm run bench`, docs/performance.md):
 * Chromium throttled like Lighthouse's mobile profile (4× slower CPU, 150 ms RTT, 1.6 Mbps; the DevTools
 * values Lighthouse applies), a fresh browser context per tap, the tap made 0.3 s, 1.5 s or 4 s after the
 * load event. The time is from the tap's input event to the first frame in which the control shows its
 * effect (the menu open, the dialog shown, "Copied", the answer open). A tap with no effect within 3 s is lost.
 * It also notes the longest main-thread task from the tap until the app has hydrated (the start-up the
 * tap triggers), from the browser's long-task timing.
 * A benchmark, not a test: timings depend on the machine.
 */
import { chromium, type Browser, type BrowserContextOptions } from "@playwright/test";
import { throttling } from "lighthouse/core/config/constants.js";

export const FIRST_TAP_BUDGET_MS = 100;
const TAP_DELAYS_MS = [300, 1500, 4000] as const;
const LOST_AFTER_MS = 3000;

type Control = {
  name: string;
  page: string;
  device: "phone" | "desktop";
  /** What the visitor taps. */
  target: string;
  /** True once the control shows its effect. */
  effect: string;
};

// Each selector also matches the markup before decision 006 (Radix menus and dialog), so that the same
// benchmark measures a build from before it (`--before`).
const controls: Control[] = [
  {
    name: "phone menu",
    page: "/",
    device: "phone",
    target: 'button[popovertarget="site-menu"], header button[aria-label="Open menu"]',
    effect: '#site-menu:popover-open, [role="dialog"]',
  },
  {
    name: "Services menu",
    page: "/",
    device: "desktop",
    target: 'button[popovertarget="nav-services"], nav[aria-label="Main"] li:nth-child(2) > button',
    effect: '#nav-services:popover-open, [role="menu"]',
  },
  {
    name: "Locations menu",
    page: "/",
    device: "desktop",
    target: 'button[popovertarget="nav-locations"], nav[aria-label="Main"] li:nth-child(3) > button',
    effect: '#nav-locations:popover-open, [role="menu"]',
  },
  {
    name: "holiday estimate dialog",
    page: "/services/holiday-light-installation",
    device: "phone",
    target: 'main [aria-haspopup="dialog"]',
    effect: 'dialog[open], [role="dialog"]',
  },
  {
    name: "Copy address",
    page: "/contact",
    device: "phone",
    target: "button[data-copy], main button:has(> span[aria-live])",
    effect: "button[data-copied], main button:has(> svg.lucide-check)",
  },
  { name: "FAQ question", page: "/faq", device: "phone", target: "main details summary", effect: "main details[open]" },
];

export type TapResult = {
  control: string;
  page: string;
  device: Control["device"];
  delayMs: number;
  /** Input event to the first frame showing the effect; null when the tap was lost. */
  ms: number | null;
  hydratedAtTap: boolean;
  /** The longest main-thread task from the tap until the app had hydrated (0: none over 50 ms); null if it did not hydrate within 15 s. */
  longestStartupTaskMs: number | null;
};

const devices: Record<Control["device"], BrowserContextOptions> = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  desktop: { viewport: { width: 1440, height: 900 } },
};

export async function measureFirstTaps(origin: string, executablePath: string, args: string[]): Promise<TapResult[]> {
  const browser = await chromium.launch({ executablePath, args });
  const results: TapResult[] = [];
  try {
    for (const control of controls) {
      for (const delayMs of TAP_DELAYS_MS) {
        const result = await tapOnce(browser, origin, control, delayMs);
        results.push(result);
        console.log(
          `first tap: ${control.name} (${control.page}, ${control.device}) ${delayMs} ms after load: ${result.ms === null ? "LOST" : `${result.ms} ms`}${result.hydratedAtTap ? " (hydrated)" : " (before hydration)"}; longest start-up task ${result.longestStartupTaskMs ?? "–"} ms`,
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
    // The tap's input event time, and a frame loop from then on that notes the first frame with the effect.
    await page.addInitScript((effect: string) => {
      const w = window as unknown as { __tap?: { at: number; effectAt?: number }; __longTasks: { start: number; duration: number }[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) w.__longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: "longtask", buffered: true });
      const onInput = (event: Event) => {
        if (w.__tap) return;
        w.__tap = { at: event.timeStamp };
        const frame = () => {
          if (document.querySelector(effect)) w.__tap!.effectAt = performance.now();
          else requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
      };
      for (const type of ["pointerdown", "touchstart", "mousedown"]) addEventListener(type, onInput, { capture: true, passive: true });
    }, control.effect);
    await page.goto(`${origin}${control.page}`, { waitUntil: "load" });
    await page.waitForTimeout(delayMs);
    const box = await page.locator(control.target).first().boundingBox();
    if (!box) throw new Error(`${control.name}: nothing to tap (${control.target})`);
    const hydratedAtTap = await page.evaluate(() => document.documentElement.dataset.hydrated === "true");
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    if (control.device === "phone") await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);
    const ms = await page
      .waitForFunction(
        () => {
          const tap = (window as unknown as { __tap?: { at: number; effectAt?: number } }).__tap;
          return tap?.effectAt !== undefined ? tap.effectAt - tap.at : undefined;
        },
        null,
        { timeout: LOST_AFTER_MS, polling: 50 },
      )
      .then((handle) => handle.jsonValue() as Promise<number>)
      .catch(() => null);
    const longestStartupTaskMs = await page
      .waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 15_000 })
      .then(() =>
        page.evaluate(() => {
          const w = window as unknown as { __tap?: { at: number }; __longTasks: { start: number; duration: number }[] };
          const after = w.__longTasks.filter((t) => t.start + t.duration >= (w.__tap?.at ?? 0));
          return Math.round(Math.max(0, ...after.map((t) => t.duration)));
        }),
      )
      .catch(() => null);
    return { control: control.name, page: control.page, device: control.device, delayMs, ms: ms === null ? null : Math.round(ms), hydratedAtTap, longestStartupTaskMs };
  } finally {
    await context.close();
  }
}

export function firstTapFailures(results: TapResult[]): string[] {
  return results
    .filter((r) => r.ms === null || r.ms > FIRST_TAP_BUDGET_MS)
    .map((r) => `first tap on ${r.control} (${r.page}) ${r.delayMs} ms after load: ${r.ms === null ? "lost" : `${r.ms} ms > ${FIRST_TAP_BUDGET_MS} ms`}`);
}

export function firstTapMarkdown(results: TapResult[]): string {
  const rows = controls.map((c) => {
    const cells = TAP_DELAYS_MS.map((d) => {
      const r = results.find((x) => x.control === c.name && x.delayMs === d);
      return !r ? "–" : r.ms === null ? "lost" : `${r.ms}${r.hydratedAtTap ? "" : "*"}`;
    });
    const longest = results.filter((x) => x.control === c.name).map((x) => x.longestStartupTaskMs);
    const startup = longest.some((v) => v === undefined) ? "–" : longest.some((v) => v === null) ? "did not start" : `${Math.max(...(longest as number[]))}`;
    return `| ${c.name} | ${c.page} (${c.device}) | ${cells.join(" | ")} | ${startup} |`;
  });
  return [
    "| Control | Page | 0.3 s | 1.5 s | 4 s | longest start-up task |",
    "|---|---|--:|--:|--:|--:|",
    ...rows,
    "",
    `Milliseconds from the tap to the first frame showing its effect (budget ${FIRST_TAP_BUDGET_MS} ms); * the page had not hydrated when tapped. ` +
      "Longest start-up task: the longest main-thread task (ms, throttled) from the tap until the app had hydrated, over the three taps (0: none over 50 ms).",
  ].join("\n");
}
