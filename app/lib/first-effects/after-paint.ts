/**
 * Runs a first-effect script that is a file of its own (./vite-plugin.ts, EXTERNAL: the field messages) once the
 * page has loaded and painted, or at the visitor's first touch if that comes sooner (part of ./page.ts)
 * (docs/decisions/024-first-effect.md). The page fetches the file from the start (`<link rel="preload">` in
 * app/root.tsx), so it is there when it is needed; it only runs later, after the largest paint, so that neither
 * the first nor the largest paint waits for it. The file's own `install` reads the page's data from the element
 * that loads it (`data-install`).
 *
 * A form sent before the file has run (a very fast visitor, or a file still on its way) is held until it has, then
 * sent again by the same button: the field messages stop it if they must, and the form goes as before if not. If
 * the file cannot load, the form goes at once, as a plain post the server answers with the same messages.
 */
import { appStarted } from "./global.ts";

export function install({ src, data }: { src: string; data: unknown }) {
  let started = false;
  let ran = false;
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;

  const release = () => {
    ran = true;
    if (!held) return;
    const { form, submitter } = held;
    held = null;
    form.requestSubmit(submitter as HTMLButtonElement | null);
  };
  const run = () => {
    if (started) return;
    started = true;
    const script = document.createElement("script");
    script.src = src;
    script.dataset.install = JSON.stringify(data);
    script.onload = script.onerror = release;
    document.body.append(script);
  };

  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (ran || appStarted() || !(form instanceof HTMLFormElement) || !("requestSubmit" in form)) return;
      event.preventDefault();
      held = { form, submitter: event.submitter };
      run();
    },
    true,
  );
  // A visitor quicker than the page's load.
  for (const type of ["pointerdown", "keydown", "focusin"])
    document.addEventListener(type, run, { capture: true, once: true, passive: true });

  // Two frames after the load event: the page and everything it loaded have been painted.
  const afterPaint = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(run)));
  if (document.readyState === "complete") afterPaint();
  else addEventListener("load", afterPaint, { once: true });
}
