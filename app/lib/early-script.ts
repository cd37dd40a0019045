/**
 * The page's first script: about 1 KB gzip inlined at the top of <head> (app/root.tsx), before the
 * stylesheet, so it runs before the first paint and needs no download. It makes what the HTML already
 * does complete from the first tap, whether or not the app has started (docs/decisions/006-native-controls.md):
 *
 * - following a link in a popover menu closes the menu (after hydration the page stays, so the browser
 *   would leave it open); whether a menu is open, its button says by itself (the browser exposes a
 *   `popovertarget` button's expanded state; HTML forbids aria-expanded on it);
 * - "Copy address" buttons (`data-copy`) write their text to the clipboard and show "Copied"
 *   (`data-copied`) for a moment; a refused clipboard is ignored;
 * - the page behind the phone menu or a modal dialog does not scroll;
 * - where the browser lacks anchor positioning, a desktop menu opens under its own button;
 * - where the browser lacks invoker commands (`commandfor`/`command`), `<dialog closedby="any">` or
 *   exclusive `<details name>`, they are supplied;
 * - an accordion (`data-accordion`): arrows, Home and End move between its questions, wrapping around;
 *   the question named by the URL hash opens and is scrolled to, smoothly, 100 ms after load;
 * - the first page of the visit and its referrer are remembered for the request forms (attribution);
 * - the app starts on the visitor's first interaction (app/entry.server.tsx defers its module script;
 *   scripts/externalize-hydration.ts moves a prerendered page's hydration data into a file): a page load
 *   fetches no JavaScript, and links and forms work as plain HTML until then.
 *
 * It only sets attributes React does not render differently afterwards and listens on the document, so
 * hydration neither undoes it nor adds a second listener. The function is written into the page with
 * toString(): it must not use anything from outside its own body and its argument.
 */
import { ATTRIBUTION_KEY } from "./attribution.ts";
import { ENTRY_IMPORT_SOURCE } from "./framework-output.ts";

/** The `type` that keeps React Router's module script from running until the app is started. */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";

export type EarlyScriptConfig = {
  /** The `type` app/entry.server.tsx gives React Router's module script to keep it from running. */
  deferredType: string;
  /** sessionStorage key of the visit's first page and referrer (app/lib/attribution.ts reads it). */
  attributionKey: string;
  /** How React Router's module script imports the client entry (app/lib/framework-output.ts), as a RegExp source. */
  entryImport: string;
};

function earlyScript(config: EarlyScriptConfig) {
  const doc = document;
  const COPIED_MS = 2500;
  const HASH_SCROLL_DELAY_MS = 100;

  try {
    if (!sessionStorage.getItem(config.attributionKey)) {
      sessionStorage.setItem(
        config.attributionKey,
        JSON.stringify({ landing: location.pathname + location.search, referrer: doc.referrer }),
      );
    }
  } catch {
    // Storage can be unavailable (private mode); attribution is best effort.
  }

  // Start the app once: React Router's module script, kept from running by its type, is run as written,
  // with the module preloads the server took out of the head.
  const PRELOADS_PER_TASK = 8;
  const starters = ["pointerdown", "touchstart", "keydown", "mousemove", "wheel", "scroll", "focusin"];
  const start = () => {
    const deferred = doc.querySelector<HTMLScriptElement>(`script[type="${config.deferredType}"]`);
    if (!deferred) return;
    const modules = (deferred.dataset.preload ?? "").split(" ").filter(Boolean);
    // The module the script imports last starts React (hydrateRoot): it is never evaluated early.
    const entry = new RegExp(config.entryImport).exec(deferred.textContent ?? "")?.[1];
    const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
    // Every module is fetched at once (preloads, a few per task), then evaluated one per task, in the
    // order React Router lists them (dependencies first): evaluating them all in one go was a main-thread
    // task of ~90 ms on a throttled phone, long enough to delay a tap.
    const preloaded = (async () => {
      for (let i = 0; i < modules.length; i += PRELOADS_PER_TASK) {
        const preloads = doc.createDocumentFragment();
        for (const href of modules.slice(i, i + PRELOADS_PER_TASK))
          preloads.append(Object.assign(doc.createElement("link"), { rel: "modulepreload", href }));
        doc.head.append(preloads);
        await nextTask();
      }
    })();
    const run = async () => {
      await preloaded;
      for (const href of modules) {
        if (href === entry) continue;
        try {
          await import(/* @vite-ignore */ href);
        } catch {
          break; // React Router's own script below loads what is left, and reports what fails.
        }
        await nextTask();
      }
      const script = doc.createElement("script");
      script.type = "module";
      script.nonce = deferred.nonce;
      script.textContent = deferred.textContent;
      doc.head.append(script);
    };
    // A prerendered page's hydration data is a file of its own (scripts/externalize-hydration.ts): it runs first.
    const data = deferred.dataset.hydration;
    if (!data) return void run();
    const loader = Object.assign(doc.createElement("script"), { src: data, async: false });
    loader.addEventListener("load", () => void run());
    doc.head.append(loader);
  };
  // Never during the interaction itself: the tap's own effect (a menu, a dialog) is shown first. The app
  // is started once the interaction is over (START_DELAY_MS) and the browser is idle (within a second).
  const START_DELAY_MS = 400;
  const onFirstInteraction = () => {
    for (const type of starters) removeEventListener(type, onFirstInteraction, true);
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 100));
    setTimeout(() => {
      whenIdle(
        () =>
          doc.readyState === "loading" ? doc.addEventListener("DOMContentLoaded", start, { once: true }) : start(),
        { timeout: 1000 },
      );
    }, START_DELAY_MS);
  };
  for (const type of starters) addEventListener(type, onFirstInteraction, { capture: true, passive: true });

  // The page behind the phone menu (`data-lock-scroll`) or a modal dialog does not scroll.
  const lockScroll = () => {
    if (doc.querySelector("dialog:modal, [data-lock-scroll]:popover-open"))
      doc.documentElement.dataset.scrollLocked = "";
    else delete doc.documentElement.dataset.scrollLocked;
  };
  doc.addEventListener("close", lockScroll, true);

  doc.addEventListener(
    "toggle",
    (event) => {
      lockScroll();
      const element = event.target as HTMLElement;
      const open = (event as ToggleEvent).newState === "open";
      // Exclusive accordions where <details name> is not supported.
      if (
        open &&
        element instanceof HTMLDetailsElement &&
        element.getAttribute("name") &&
        !("name" in HTMLDetailsElement.prototype)
      ) {
        for (const other of doc.querySelectorAll<HTMLDetailsElement>(
          `details[name="${element.getAttribute("name")}"][open]`,
        )) {
          if (other !== element) other.open = false;
        }
      }
    },
    true,
  );

  // Where anchor positioning is missing, a desktop menu opens under its own button (app/app.css).
  if (!CSS.supports("anchor-name: --a")) {
    doc.addEventListener(
      "beforetoggle",
      (event) => {
        const menu = event.target as HTMLElement;
        if ((event as ToggleEvent).newState !== "open" || !menu.classList?.contains("nav-dropdown")) return;
        const button = doc.querySelector(`[popovertarget="${menu.id}"]`);
        if (!button) return;
        const box = button.getBoundingClientRect();
        menu.style.setProperty("--dropdown-top", `${box.bottom}px`);
        menu.style.setProperty("--dropdown-left", `${box.left}px`);
      },
      true,
    );
  }

  doc.addEventListener("click", (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;

    const menu = target.closest("a[href]")?.closest<HTMLElement>("[popover]");
    if (menu?.matches(":popover-open")) menu.hidePopover();

    const copy = target.closest<HTMLElement>("[data-copy]");
    if (copy) {
      navigator.clipboard?.writeText(copy.dataset.copy ?? "").then(
        () => {
          copy.dataset.copied = "";
          setTimeout(() => delete copy.dataset.copied, COPIED_MS);
        },
        () => {},
      );
    }

    if (!("command" in HTMLButtonElement.prototype)) {
      const invoker = target.closest("button[commandfor]");
      const dialog = invoker && doc.getElementById(invoker.getAttribute("commandfor") ?? "");
      if (invoker && dialog instanceof HTMLDialogElement) {
        const command = invoker.getAttribute("command");
        if (command === "show-modal" && !dialog.open) dialog.showModal();
        else if (command === "close" || command === "request-close") dialog.close();
        lockScroll();
      }
    }

    // A click on the backdrop of a modal dialog lands on the dialog itself, outside its box.
    if (
      !("closedBy" in HTMLDialogElement.prototype) &&
      target instanceof HTMLDialogElement &&
      target.open &&
      target.getAttribute("closedby") === "any"
    ) {
      const box = target.getBoundingClientRect();
      const { clientX: x, clientY: y } = event;
      if (x < box.left || x > box.right || y < box.top || y > box.bottom) target.close();
    }
  });

  doc.addEventListener("keydown", (event) => {
    const summary = (event.target as Element).closest?.("[data-accordion] summary");
    const list = summary?.closest("[data-accordion]");
    if (!summary || !list) return;
    const summaries = [...list.querySelectorAll<HTMLElement>("summary")];
    const index = summaries.indexOf(summary as HTMLElement);
    const next = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: summaries.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    summaries[(next + summaries.length) % summaries.length]?.focus();
  });

  const openFromHash = () => {
    let id: string;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch {
      return;
    }
    const details = id ? doc.getElementById(id) : null;
    if (!(details instanceof HTMLDetailsElement) || !details.closest("[data-accordion]")) return;
    details.open = true;
    setTimeout(() => {
      const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
      details.scrollIntoView({ behavior: reduced ? "auto" : "smooth", block: "start" });
    }, HASH_SCROLL_DELAY_MS);
  };
  doc.addEventListener("DOMContentLoaded", openFromHash, { once: true });
  addEventListener("hashchange", openFromHash);
}

/** The script as it is written into every page (its hash is in the Content-Security-Policy). */
export const earlyScriptSource = `(${earlyScript.toString()})(${JSON.stringify({ deferredType: DEFERRED_MODULE_TYPE, attributionKey: ATTRIBUTION_KEY, entryImport: ENTRY_IMPORT_SOURCE } satisfies EarlyScriptConfig)})`;
