/**
 * The /pricing range from the first paint (docs/decisions/024-first-effect.md): written into the page by the
 * server (app/routes/pricing.tsx), it follows every change of the price form before the app has started,
 * with the same functions the server and the app use (app/forms/price-query.ts: the query's rules,
 * pricingView; app/lib/price.ts: the range, from the price book bundled in), into the same elements
 * (app/components/pricing.tsx's PriceResult, field messages and request form, all in the page whatever the
 * inputs), and replaces the URL with the choices as the app does. The app reads that URL when it starts, so it
 * renders what is shown; from then on it answers itself.
 */
import { listItemsHtml, parsePricingQuery, pricingView, searchOf } from "../../forms/price-query.ts";
import { appStarted } from "./global.ts";

export function install() {
  document.addEventListener("input", (event) => {
    const form = (event.target as Element | null)?.closest?.("form[data-price-form]");
    if (appStarted() || !(form instanceof HTMLFormElement)) return;
    const search = searchOf(form);
    const pricing = parsePricingQuery(new URLSearchParams(search));
    show(form, pricing.values, pricingView(pricing));
    // The request is sent to the page of these inputs, as the app would send it: a reply without the app
    // shows the same estimate.
    form.ownerDocument.querySelector('[data-price="request"] form')?.setAttribute("action", `/pricing${search}`);
    if (search !== location.search) history.replaceState(history.state, "", `${location.pathname}${search}`);
  });
}

/** Writes a view into the page's elements, as app/components/pricing.tsx renders it. */
function show(form: HTMLFormElement, values: Record<string, string>, view: ReturnType<typeof pricingView>) {
  const page = form.ownerDocument;
  const slot = (name: string) => page.querySelector<HTMLElement>(`[data-price="${name}"]`);
  const write = (name: string, text: string) => {
    const element = slot(name);
    if (element) element.textContent = text;
  };
  const hide = (name: string, hidden: boolean) => {
    const element = slot(name);
    if (element) element.hidden = hidden;
  };
  write("range", view.range);
  write("summary", view.summary);
  write("minimum", view.minimum);
  write("request-range", view.requestRange);
  for (const name of ["quote", "includes", "request"]) hide(name, !view.quote);
  hide("problems", view.problems.length === 0);
  hide("prompt", Boolean(view.quote) || view.problems.length > 0);
  const list = slot("problem-list");
  if (list) list.innerHTML = listItemsHtml(view.problems);
  for (const message of form.querySelectorAll<HTMLElement>("[data-error-for]")) {
    const name = message.dataset.errorFor ?? "";
    const error = view.errors[name];
    message.textContent = error ?? "";
    message.hidden = !error;
    for (const control of form.querySelectorAll(`[name="${name}"]`)) {
      if (error) control.setAttribute("aria-invalid", "true");
      else control.removeAttribute("aria-invalid");
    }
  }
  // A request sent before the app has started carries the inputs shown.
  for (const input of page.querySelectorAll<HTMLInputElement>("input[data-price-input]"))
    if (input.name !== "service") input.value = values[input.name] ?? "";
}
