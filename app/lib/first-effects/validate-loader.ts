/**
 * Loads the field-message script (./validate.ts, a file of its own: ./vite-plugin.ts, EXTERNAL) on the first
 * interaction with a lead form, so a page load fetches no JavaScript (decision 006) and no page carries its
 * weight in the HTML (decision 024). It arrives long before a visitor has typed a field and left it; a field
 * changed and left before that is checked when it arrives (validate.ts). A send made before it has arrived (a
 * tap on Send as the first touch) waits for it, then is made again, so the script checks it as any other; if
 * the script cannot be had within WAIT_MS, the send goes as the plain POST the server answers. Once the app has
 * started, its own form code answers every send and this stands aside.
 */
import { appStarted } from "./global.ts";

const EVENTS = ["focusin", "pointerdown", "input"] as const;
/** How long a send waits for the script before it goes as it is. */
const WAIT_MS = 3000;

export function install({ src, phone }: { src: string; phone: string }) {
  let state: "waiting" | "loading" | "done" = "waiting";
  const waiting: (() => void)[] = [];
  const settle = () => {
    state = "done";
    for (const resend of waiting.splice(0)) resend();
  };
  const load = (event: Event) => {
    const target = event.target;
    if (state !== "waiting" || !(target instanceof Element) || !target.closest("form[data-rules]")) return;
    state = "loading";
    for (const type of EVENTS) document.removeEventListener(type, load, true);
    const script = document.createElement("script");
    script.src = src;
    script.dataset.install = JSON.stringify({ phone });
    script.onload = script.onerror = settle;
    setTimeout(settle, WAIT_MS);
    document.head.append(script);
  };
  for (const type of EVENTS) document.addEventListener(type, load, true);
  document.addEventListener(
    "submit",
    (event) => {
      const form = event.target;
      if (state === "done" || appStarted() || !(form instanceof HTMLFormElement) || !form.dataset.rules) return;
      load(event);
      event.preventDefault();
      if (waiting.length > 0) return; // a second tap while the first send waits
      const submitter = (event as SubmitEvent).submitter;
      waiting.push(() => {
        if (!form.isConnected) return;
        if (submitter instanceof HTMLButtonElement && submitter.form === form) form.requestSubmit(submitter);
        else form.requestSubmit();
      });
    },
    true,
  );
}
