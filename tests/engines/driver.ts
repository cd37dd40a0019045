/**
 * One small interface over the two engines of the cross-engine suite (docs/decisions/023-three-engines.md):
 * Firefox ESR through WebDriver BiDi (puppeteer-core) and WebKitGTK through WebKitWebDriver (WebDriver
 * classic over HTTP, spoken here with fetch). Every call is bounded in time, so a frozen page fails a check
 * instead of hanging the suite.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import puppeteer, { type Browser, type Page } from "puppeteer-core";
import { exitOf, freePort, waitFor } from "../support/processes.ts";

export type EngineName = "firefox" | "webkit";
/** "today": the engine as it ships; "older-safari": no invoker commands, anchor positioning or requestIdleCallback. */
export type Profile = "today" | "older-safari";

export interface Tab {
  readonly engine: EngineName;
  readonly profile: Profile;
  /** Loads `url` and waits for its load event. */
  open(url: string): Promise<void>;
  /** Makes the viewport `width` × `height` CSS pixels. */
  resize(width: number, height: number): Promise<void>;
  /** Runs `body` (a function body; its arguments are `args`) in the page and returns its result, within `timeoutMs`. */
  run<T>(body: string, args?: unknown[], timeoutMs?: number): Promise<T>;
  /** A real click (pointer events) on the first element matching `selector`, scrolled into view. */
  click(selector: string): Promise<void>;
  /** Types `text` into the element matching `selector` with real key events (focusing it first). */
  type(selector: string, text: string): Promise<void>;
  /** Presses one key (Enter, Tab, Escape) on whatever has the focus. */
  press(key: "Enter" | "Tab" | "Escape"): Promise<void>;
  /** The errors the current page met so far (tests/engines/catch-errors.js, and the engine's console). */
  errors(): Promise<string[]>;
  close(): Promise<void>;
}

const HERE = import.meta.dirname;
const CATCH_ERRORS = readFileSync(path.join(HERE, "catch-errors.js"), "utf8");
const CALL_TIMEOUT_MS = 30_000;

/** The older-Safari profile in Firefox: the two properties and the function deleted before the page's scripts. */
const OLDER_SAFARI_INIT = `(() => {
  delete Window.prototype.requestIdleCallback; delete window.requestIdleCallback;
  delete Window.prototype.cancelIdleCallback; delete window.cancelIdleCallback;
  delete HTMLButtonElement.prototype.command; delete HTMLButtonElement.prototype.commandForElement;
})();`;

const ERRORS_SCRIPT = "return (window.__engineErrors || []).slice()";

/**
 * Scrolls the element matching arguments[0] to the window's middle, waits two frames, and names what its middle
 * shows if that is not it. A page that still moves on its own (Firefox scrolls a field just typed in back into
 * view on its next frame, after our scroll) is looked at again, up to five times, as a person looks again
 * before a tap; a page that never holds still still fails.
 */
const AIM_SCRIPT = `const element = document.querySelector(arguments[0]);
  if (!element) return "nothing: no element matches";
  const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  // A scroll still under way (Firefox scrolls a field just typed in smoothly) would carry the page on past
  // scrollIntoView: wait until the page holds still for three frames, as a person waits before a tap.
  const settle = async () => {
    let last = -1, still = 0;
    for (let frames = 0; still < 3 && frames < 120; frames++) {
      await frame();
      still = scrollY === last ? still + 1 : 0;
      last = scrollY;
    }
  };
  const look = () => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    if (hit && (element.contains(hit) || hit.closest("label")?.control === element)) return null;
    return hit ? hit.outerHTML.slice(0, 120) : "nothing (outside the window)";
  };
  return (async () => {
    let seen = null;
    for (let attempt = 0; attempt < 5; attempt++) {
      await settle();
      element.scrollIntoView({ block: "center" });
      await frame();
      await frame();
      seen = look();
      if (seen === null) return null;
    }
    return seen;
  })();`;

// ---- Firefox ESR (WebDriver BiDi) -------------------------------------------------------------------

export async function firefoxTab(profile: Profile): Promise<Tab> {
  const browser: Browser = await puppeteer.launch({
    browser: "firefox",
    protocol: "webDriverBiDi",
    executablePath: process.env.FIREFOX_PATH ?? "/usr/bin/firefox-esr",
    headless: true,
    extraPrefsFirefox: {
      // Every host but this machine goes to a proxy that does not exist.
      "network.proxy.type": 1,
      "network.proxy.http": "127.0.0.1",
      "network.proxy.http_port": 9,
      "network.proxy.ssl": "127.0.0.1",
      "network.proxy.ssl_port": 9,
      "network.proxy.no_proxies_on": "localhost, 127.0.0.1, [::1]",
      "network.proxy.allow_hijacking_localhost": false,
      // Firefox's own switch for anchor positioning; invoker commands and requestIdleCallback have none.
      ...(profile === "older-safari" ? { "layout.css.anchor-positioning.enabled": false } : {}),
    },
  });
  const page: Page = await browser.newPage();
  page.setDefaultTimeout(CALL_TIMEOUT_MS);
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => consoleErrors.push(`page error: ${String(error)}`));
  await page.evaluateOnNewDocument(CATCH_ERRORS);
  if (profile === "older-safari") await page.evaluateOnNewDocument(OLDER_SAFARI_INIT);
  const run = <T>(body: string, args: unknown[] = [], timeoutMs = CALL_TIMEOUT_MS) =>
    withTimeout(
      page.evaluate(`(function () { ${body} }).apply(null, ${JSON.stringify(args)})`) as Promise<T>,
      timeoutMs,
    );
  // puppeteer clicks the middle of an element without scrolling when any of it is in the viewport, so an
  // element under the sticky header or the phone's fixed bottom bar got a click meant for it: focus stayed
  // on the page and Enter then sent nothing, a form's send button opened /contact. The element is scrolled
  // to the middle of the window first, as a visitor brings what they tap into view, with two frames for the
  // layout to settle (sections near the viewport are rendered as they come near it), and a click that
  // would still land on something else fails, naming what it would hit.
  const aim = (selector: string) =>
    run<string | null>(AIM_SCRIPT, [selector]).then((hit) => {
      if (hit) throw new Error(`a click on ${selector} would land on ${hit}`);
    });
  return {
    engine: "firefox",
    profile,
    async open(url) {
      await page.goto(url, { waitUntil: "load" });
      // What the page being left logged as it went (a request it had under way, cut off) is not this page's;
      // this page's own errors from its first script on are in catch-errors.js's list.
      consoleErrors.length = 0;
    },
    async resize(width, height) {
      await page.setViewport({ width, height });
    },
    run,
    async click(selector) {
      await aim(selector);
      await page.click(selector);
    },
    // Tapped first, as a visitor does before typing (focus() alone would scroll the field only just into
    // view, where the sticky header can cover it).
    async type(selector, text) {
      await aim(selector);
      await page.click(selector);
      await page.keyboard.type(text);
    },
    async press(key) {
      await page.keyboard.press(key);
    },
    async errors() {
      return [...consoleErrors, ...(await run<string[]>(ERRORS_SCRIPT))];
    },
    async close() {
      await browser.close();
    },
  };
}

// ---- WebKitGTK (WebKitWebDriver, WebDriver classic) -------------------------------------------------

/** The property naming a web element in WebDriver (W3C WebDriver, "Elements"). */
const ELEMENT = "element-6066-11e4-a52e-4f735466cecf";
const KEYS = { Enter: "\uE007", Tab: "\uE004", Escape: "\uE00C" } as const;

/** Xvfb, WebKitWebDriver and the browser session: started once per profile, stopped by close(). */
export async function webkitTab(profile: Profile): Promise<Tab> {
  const processes: ChildProcess[] = [];
  const stopAll = async () => {
    for (const proc of processes.reverse()) {
      // Each was started as a process group of its own: the browser and its web processes go with the driver.
      if (proc.exitCode === null && proc.signalCode === null && proc.pid) {
        process.kill(-proc.pid, "SIGKILL");
        await exitOf(proc);
      }
    }
  };
  try {
    // Xvfb picks a free display and writes its number on the pipe given as -displayfd.
    const xvfb = spawn("Xvfb", ["-displayfd", "3", "-screen", "0", "1600x1000x24", "-nolisten", "tcp"], {
      stdio: ["ignore", "ignore", "ignore", "pipe"],
      detached: true,
    });
    processes.push(xvfb);
    let display = "";
    xvfb.stdio[3]!.on("data", (chunk: Buffer) => (display += chunk.toString()));
    await waitFor("Xvfb's display", () => display.includes("\n"), 10_000, 20);
    const port = await freePort();
    const driver = spawn(process.env.WEBKIT_WEBDRIVER_PATH ?? "WebKitWebDriver", [`--port=${port}`], {
      stdio: "ignore",
      detached: true,
      env: { ...process.env, DISPLAY: `:${display.trim()}` },
    });
    processes.push(driver);
    const base = `http://127.0.0.1:${port}`;
    await waitFor(
      "WebKitWebDriver",
      async () => {
        if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited with ${driver.exitCode}`);
        return fetch(`${base}/status`).then(
          (r) => r.ok,
          () => false,
        );
      },
      10_000,
      50,
    );
    const call = async <T>(method: string, route: string, body?: unknown, timeoutMs = CALL_TIMEOUT_MS): Promise<T> => {
      let response: Response;
      try {
        response = await fetch(`${base}${route}`, {
          method,
          headers: { "content-type": "application/json" },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        if ((err as Error).name === "TimeoutError")
          throw new Error(`the page did not answer within ${timeoutMs} ms`, { cause: err });
        throw err;
      }
      const answer = (await response.json()) as { value: T & { error?: string; message?: string } };
      if (!response.ok) throw new Error(`WebDriver ${route}: ${answer.value.error}: ${answer.value.message}`);
      return answer.value;
    };
    const session = await call<{ sessionId: string }>("POST", "/session", {
      capabilities: {
        alwaysMatch: {
          "webkitgtk:browserOptions": {
            binary: path.join(HERE, "webkit-browser.py"),
            args: profile === "older-safari" ? ["--disable-features=CSSAnchorPositioning"] : [],
          },
        },
      },
    });
    const s = `/session/${session.sessionId}`;
    const find = async (selector: string) =>
      (await call<Record<string, string>>("POST", `${s}/element`, { using: "css selector", value: selector }))[
        ELEMENT
      ]!;
    const run = <T>(body: string, args: unknown[] = [], timeoutMs = CALL_TIMEOUT_MS) =>
      call<T>("POST", `${s}/execute/sync`, { script: body, args }, timeoutMs);
    // Scrolled to the middle, then two frames for the layout to settle (sections near the viewport are
    // rendered as they come near it, which moves what follows them), so the click lands where it aims.
    const settle = (element: string) =>
      call("POST", `${s}/execute/async`, {
        script: `const done = arguments[1]; arguments[0].scrollIntoView({ block: "center" });
                 requestAnimationFrame(() => requestAnimationFrame(() => done(null)));`,
        args: [{ [ELEMENT]: element }],
      });
    return {
      engine: "webkit",
      profile,
      async open(url) {
        await call("POST", `${s}/url`, { url });
      },
      async resize(width, height) {
        await call("POST", `${s}/window/rect`, { width, height });
      },
      run,
      // The element is scrolled to the middle of the window first, as a visitor would, clear of the
      // sticky header and the phone's fixed bottom bar (WebDriver scrolls it only just into view).
      async click(selector) {
        const element = await find(selector);
        await settle(element);
        await call("POST", `${s}/element/${element}/click`, {}).catch((err: Error) => {
          throw new Error(`click on ${selector}: ${err.message}`, { cause: err });
        });
      },
      async type(selector, text) {
        const element = await find(selector);
        await settle(element);
        await call("POST", `${s}/element/${element}/value`, { text }).catch((err: Error) => {
          throw new Error(`typing into ${selector}: ${err.message}`, { cause: err });
        });
      },
      async press(key) {
        const value = KEYS[key];
        await call("POST", `${s}/actions`, {
          actions: [
            {
              type: "key",
              id: "keyboard",
              actions: [
                { type: "keyDown", value },
                { type: "keyUp", value },
              ],
            },
          ],
        });
      },
      errors: () => run<string[]>(ERRORS_SCRIPT),
      async close() {
        // A frozen page keeps the session from ending: the processes are stopped whatever it answers.
        await call("DELETE", s, undefined, 5000).catch(() => {});
        await stopAll();
      },
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the page did not answer within ${timeoutMs} ms`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}
