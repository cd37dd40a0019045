/**
 * The first effect of an interaction, as a new visitor on a phone sees it (part of `npm run bench`,
 * docs/performance.md, docs/decisions/024-first-effect.md): the /pricing range after a tap on a number of
 * stories, the service-area answer after the last digit of a ZIP code, a lead form's field message after the tap
 * that leaves a changed field, the error summary (shown and focused) after a tap on Send with wrong fields, and
 * "Copied" after a tap on Copy address.
 * Chromium throttled like Lighthouse's mobile profile (scripts/bench-first-tap.ts), a fresh browser context per
 * visit. Each visit makes the interaction three times: 0.3 s after the load event (before the app has started:
 * the first interaction starts it), again as soon as the app is starting (its module preloads are in the
 * document: it downloads, evaluates and hydrates), and again once it has hydrated.
 *
 * An effect is timed from the input event that caused it (the `timeStamp` of the tap's pointerdown or the
 * key's keydown, the last one before the change) to the frame that shows it: a MutationObserver notes the
 * change the effect is made of (and, each frame, the URL), then a requestAnimationFrame callback, which runs
 * as that frame is rendered, reads the clock. Budget: 200 ms.
 * A benchmark, not a test: timings depend on the machine.
 */
import type { Browser, Page } from "@playwright/test";
import { chromium } from "@playwright/test";
import { business } from "../app/content/business.ts";
import { type FieldRule, fieldProblem, formRules } from "../app/forms/field-rules.ts";
import { formatRange, quote } from "../app/lib/price.ts";
import { areaSays, areaZips } from "../tests/support/service-area-cases.ts";
import { devices, throttledPage, waitForSelector } from "./bench-first-tap.ts";

export const FIRST_EFFECT_BUDGET_MS = 200;
const FIRST_DELAY_MS = 300;
const SHOWN_WITHIN_MS = 8000;
const MOMENTS = ["before", "while", "after"] as const;
type Moment = (typeof MOMENTS)[number];

/** What the page shows once the effect is there: an element (visible, focused), its text, the URL's query. */
type Shown = { selector: string; text?: string; query?: string; focused?: boolean };
type Step = { prepare?: (page: Page) => Promise<void>; act: (page: Page) => Promise<void>; shown: Shown };
type Effect = { name: string; page: string; device: "phone" | "desktop"; steps: Record<Moment, Step> };

/** Figures the issue measured on main ce309b9, the build before this benchmark, for the table. */
export const FIRST_EFFECT_BEFORE: Record<string, string> = {
  "/pricing range": "2,614–2,636 (before the app; 78–193 after)",
};

const houseQuery = (stories: string) => `service=house-washing&sqft=2000&stories=${stories}&siding=vinyl`;
const houseRange = (stories: "1" | "2" | "3") => {
  const q = quote({ service: "house-washing", sqft: 2000, stories, siding: "vinyl" });
  return formatRange(q.low, q.high);
};
const chooseStories = (stories: "1" | "2" | "3"): Step => ({
  act: (page) => tap(page, `main form[method=get] input[name="stories"][value="${stories}"]`),
  shown: { selector: '[data-testid="price-range"]', text: houseRange(stories), query: `stories=${stories}` },
});
const ZIP_FIELD = '#contact-form input[name="zipcode"]';
const typeZip = (zip: string): Step => ({
  act: async (page) => {
    await tap(page, ZIP_FIELD);
    // Emptied without an event, as if selected: the answer then changes with the last digit only.
    await page.evaluate((selector) => {
      document.querySelector<HTMLInputElement>(selector)!.value = "";
    }, ZIP_FIELD);
    await page.keyboard.type(zip);
  },
  shown: { selector: "#contact-form [data-area]", text: areaSays(zip).title },
});
const contactRules = formRules(business.phone.display).contact.fields as Record<string, FieldRule>;
/**
 * Types into an empty field of the contact form (keys as pressed, leaving `value`), then taps the next one: the
 * message of the field left, as the rules give it.
 */
const leaveField = (name: string, keys: string[], value: string, next: string): Step => ({
  act: async (page) => {
    await tap(page, `#contact-form [name="${name}"]`);
    for (const key of keys) await page.keyboard.press(key);
    await tap(page, `#contact-form [name="${next}"]`);
  },
  shown: { selector: `#contact-form-${name}-error`, text: fieldProblem(contactRules[name]!, [value]) ?? "" },
});
/** Send with wrong fields: the summary shows and takes the focus (moved to the button first, as a tap would). */
const sendWrong: Step = {
  prepare: (page) =>
    page.evaluate(() => document.querySelector<HTMLElement>("#contact-form button[type=submit]")?.focus()),
  act: (page) => tap(page, "#contact-form button[type=submit]"),
  shown: { selector: "#contact-form [data-error-summary]", text: "Please fix", focused: true },
};
const copy: Step = {
  // "Copied" lasts 2.5 s: the mark of the previous copy is removed first, as its timer would.
  prepare: (page) => page.evaluate(() => document.querySelector("button[data-copied]")?.removeAttribute("data-copied")),
  act: (page) => tap(page, "button[data-copy]"),
  shown: { selector: "button[data-copied]" },
};

const effects: Effect[] = [
  {
    name: "/pricing range",
    page: `/pricing?${houseQuery("1")}`,
    device: "phone",
    steps: { before: chooseStories("2"), while: chooseStories("3"), after: chooseStories("1") },
  },
  {
    name: "ZIP code's service-area answer",
    page: "/contact",
    device: "phone",
    steps: {
      before: typeZip(areaZips.primary),
      while: typeZip(areaZips.outside),
      after: typeZip(areaZips.extendedTown),
    },
  },
  {
    name: "A field's message on leaving it",
    page: "/contact",
    device: "phone",
    steps: {
      before: leaveField("email", ["n", "@"], "n@", "phone"),
      while: leaveField("phone", ["1", "2"], "12", "city"),
      after: leaveField("lastName", ["a", "Backspace"], "", "email"),
    },
  },
  {
    name: "A send's error summary",
    page: "/contact",
    device: "phone",
    steps: { before: sendWrong, while: sendWrong, after: sendWrong },
  },
  {
    name: "Copy address's Copied",
    page: "/contact",
    device: "phone",
    steps: { before: copy, while: copy, after: copy },
  },
];

export type EffectResult = {
  effect: string;
  page: string;
  /** Each moment's time from the input to the frame that showed the effect (null: not shown within 8 s; undefined: not made). */
  ms: Partial<Record<Moment, number | null>>;
  /** What the app was doing when the effect showed. */
  state: Partial<Record<Moment, "not started" | "starting" | "hydrated">>;
};

export async function measureFirstEffects(
  origin: string,
  executablePath: string,
  args: string[],
  pages?: string[],
): Promise<EffectResult[]> {
  const browser = await chromium.launch({ executablePath, args });
  const results: EffectResult[] = [];
  try {
    for (const effect of effects.filter((e) => !pages || pages.includes(e.page.split("?")[0]!))) {
      const result = await visit(browser, origin, effect);
      results.push(result);
      console.log(
        `first effect: ${effect.name} (${effect.page}): ${MOMENTS.map((m) => `${m} ${effectText(result.ms[m])} (${result.state[m] ?? "–"})`).join(", ")}`,
      );
    }
  } finally {
    await browser.close();
  }
  return results;
}

async function visit(browser: Browser, origin: string, effect: Effect): Promise<EffectResult> {
  const context = await browser.newContext(devices[effect.device]);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
  const result: EffectResult = { effect: effect.name, page: effect.page, ms: {}, state: {} };
  try {
    const page = await throttledPage(context);
    await page.addInitScript(() => {
      const w = window as unknown as EffectWindow;
      w.__inputs = [];
      for (const type of ["pointerdown", "keydown"])
        addEventListener(type, (event) => w.__inputs.push(event.timeStamp), { capture: true, passive: true });
    });
    await page.goto(`${origin}${effect.page}`, { waitUntil: "load" });
    await page.waitForTimeout(FIRST_DELAY_MS);
    for (const moment of MOMENTS) {
      if (moment === "while" && !(await waitForSelector(page, 'link[rel="modulepreload"]', 15_000))) break;
      if (moment === "after" && !(await waitForSelector(page, 'html[data-hydrated="true"]', 20_000))) break;
      const timed = await measure(page, effect.steps[moment]);
      result.ms[moment] = timed ? timed.ms : null;
      if (timed) result.state[moment] = timed.state;
    }
  } finally {
    await context.close();
  }
  return result;
}

type EffectWindow = Window & {
  __inputs: number[];
  __effect?: Promise<{ ms: number; state: "not started" | "starting" | "hydrated" } | null>;
};

/** Arms the watch, makes the interaction, and resolves with the time from its input to the frame that showed the effect. */
async function measure(page: Page, step: Step) {
  await step.prepare?.(page);
  await page.evaluate(
    ({ shown, timeoutMs }) => {
      const w = window as unknown as EffectWindow;
      const matches = () => {
        const element = document.querySelector<HTMLElement>(shown.selector);
        return (
          element !== null &&
          element.checkVisibility() &&
          (shown.text === undefined || (element.textContent ?? "").includes(shown.text)) &&
          (!shown.focused || document.activeElement === element) &&
          (shown.query === undefined || location.search.includes(shown.query))
        );
      };
      if (matches()) throw new Error(`the effect is already shown: ${JSON.stringify(shown)}`);
      w.__effect = new Promise((resolve) => {
        let done = false;
        const finish = (changedAt: number) => {
          if (done) return;
          done = true;
          observer.disconnect();
          // The frame that shows the change: its requestAnimationFrame callbacks run as it is rendered.
          requestAnimationFrame(() => {
            const frameAt = performance.now();
            const input = Math.max(...w.__inputs.filter((t) => t <= changedAt));
            const root = document.documentElement;
            resolve({
              ms: Math.round(frameAt - input),
              state:
                root.dataset.hydrated === "true"
                  ? "hydrated"
                  : document.querySelector('link[rel="modulepreload"]')
                    ? "starting"
                    : "not started",
            });
          });
        };
        const observer = new MutationObserver(() => {
          if (matches()) finish(performance.now());
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
        // The URL changes without a mutation: it is looked at every frame too.
        const poll = () => {
          if (done) return;
          if (matches()) finish(performance.now());
          else requestAnimationFrame(poll);
        };
        requestAnimationFrame(poll);
        setTimeout(() => {
          if (!done) {
            done = true;
            observer.disconnect();
            resolve(null);
          }
        }, timeoutMs);
      });
    },
    { shown: step.shown, timeoutMs: SHOWN_WITHIN_MS },
  );
  await step.act(page);
  return page.evaluate(() => (window as unknown as EffectWindow).__effect!);
}

/** Taps the centre of an element, scrolled into view first as a person scrolls to it. */
async function tap(page: Page, selector: string) {
  const point = await page.evaluate(async (selector) => {
    const element = document.querySelector(selector);
    if (!element) return undefined;
    const r0 = element.getBoundingClientRect();
    if (r0.top < 0 || r0.bottom > innerHeight) {
      element.scrollIntoView({ block: "center" });
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    }
    const { x, y, width, height } = element.getBoundingClientRect();
    return { x: x + width / 2, y: y + height / 2 };
  }, selector);
  if (!point) throw new Error(`nothing to tap: ${selector}`);
  await page.touchscreen.tap(point.x, point.y);
}

const effectText = (ms: number | null | undefined) =>
  ms === undefined ? "not made" : ms === null ? "NOT SHOWN" : `${ms} ms`;

export function firstEffectFailures(results: EffectResult[]): string[] {
  return results.flatMap((r) =>
    MOMENTS.flatMap((m) => {
      const ms = r.ms[m];
      if (ms === undefined || (ms !== null && ms <= FIRST_EFFECT_BUDGET_MS)) return [];
      return [
        `first effect ${r.effect} (${r.page}) ${m} the app started: ${ms === null ? "not shown within 8 s" : `${ms} ms > ${FIRST_EFFECT_BUDGET_MS} ms`}`,
      ];
    }),
  );
}

export function firstEffectMarkdown(results: EffectResult[]): string {
  const cell = (r: EffectResult, m: Moment) => {
    const ms = r.ms[m];
    if (ms === undefined) return "–";
    if (ms === null) return "not shown";
    return `${ms}${r.state[m] === "hydrated" ? "" : r.state[m] === "starting" ? "†" : "*"}`;
  };
  return [
    "| Effect | Page | before the app | while it starts | after | before this design |",
    "|---|---|--:|--:|--:|--:|",
    ...results.map(
      (r) =>
        `| ${r.effect} | ${r.page} (phone) | ${MOMENTS.map((m) => cell(r, m)).join(" | ")} | ${FIRST_EFFECT_BEFORE[r.effect] ?? "–"} |`,
    ),
    "",
    `Milliseconds from the input event (the tap's pointerdown, the last digit's keydown) to the frame that shows the effect (budget ${FIRST_EFFECT_BUDGET_MS} ms): * the app had not started, † it was starting (downloading, evaluating or hydrating). ` +
      "Before the app: 0.3 s after the load event, the visit's first interaction. While it starts: as soon as the app's module preloads are in the document. After: once it has hydrated. " +
      "Before this design: the issue's figures on main ce309b9 (2 stories chosen on the same URL, same profile).",
  ].join("\n");
}
