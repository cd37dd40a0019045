/**
 * A lead form's field messages from the first paint (docs/decisions/024-first-effect.md): written into each page
 * by the server (app/root.tsx), with the phone number its messages show, it checks a field the visitor changed
 * when they leave it, and every field on a send, with the same rules the app's and the server's schemas are built
 * from (app/forms/field-rules.ts), into the same elements (app/components/forms/controls.tsx's messages, the
 * error summary of app/components/forms/lead-form.tsx, `aria-invalid`, `aria-describedby`). A send with a wrong
 * field is stopped and the summary takes the focus, as the app does; a send without one goes as a plain POST.
 * It names the fields it has validated on the form (`data-validated`); the form's validator, once it has arrived,
 * reads them and their messages and goes on from there (`data-validation="app"`), and this script stands aside.
 */
import { summaryItemsHtml, summaryTitle } from "../../forms/error-summary.ts";
import { type FormRules, fieldProblem, formRules } from "../../forms/field-rules.ts";
import { refusalsHtml, sortPhotos } from "../../forms/photo-rules.ts";
import { appStarted } from "./global.ts";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** The form a control belongs to, while this script answers for it (the form has rules, the app's validator has not arrived). */
function formOf(target: EventTarget | null, tables: Record<string, FormRules>) {
  const form = target instanceof HTMLFormElement ? target : (target as Control | null)?.form;
  if (!(form instanceof HTMLFormElement) || form.dataset.validation === "app") return null;
  const table = tables[form.dataset.rules ?? ""];
  return table ? { form, table } : null;
}

const controlsOf = (form: HTMLFormElement, name: string) =>
  [...form.elements].filter((e): e is Control => (e as Control).name === name && (e as Control).type !== "hidden");

/** The fields validated so far: those named on the form, and those the server's answer shows a message for. */
function validatedIn(form: HTMLFormElement) {
  const names = new Set(form.dataset.validated?.split(" ").filter(Boolean));
  for (const note of form.querySelectorAll<HTMLElement>("[data-error-for]:not([hidden])"))
    if (note.dataset.errorFor) names.add(note.dataset.errorFor);
  return names;
}

/** Writes a field's message (or none), as the field's component renders it from Conform's errors. */
function show(form: HTMLFormElement, name: string, message: string | null) {
  const note = form.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
  if (!note) return;
  note.textContent = message ?? "";
  note.hidden = !message;
  // A radio group or list of checkboxes is described by its fieldset; its radios are marked invalid.
  const group = note.parentElement instanceof HTMLFieldSetElement ? note.parentElement : null;
  const describe = (element: Element) =>
    message ? element.setAttribute("aria-describedby", note.id) : element.removeAttribute("aria-describedby");
  if (group) describe(group);
  for (const control of controlsOf(form, name)) {
    if (!group) describe(control);
    if (group && control.type === "checkbox") continue;
    if (message) control.setAttribute("aria-invalid", "true");
    else control.removeAttribute("aria-invalid");
  }
}

/** Validates `names` (with those validated before) and shows every validated field's message and the summary. */
function check(form: HTMLFormElement, table: FormRules, names: readonly string[]) {
  const validated = validatedIn(form);
  for (const name of names) if (name in table.fields) validated.add(name);
  form.dataset.validated = [...validated].join(" ");
  const data = new FormData(form);
  const across = table.across?.((name) => (data.get(name) as string | null) ?? undefined) ?? {};
  const errors: [string, string][] = [];
  for (const [name, rule] of Object.entries(table.fields)) {
    if (!validated.has(name)) continue;
    const choices = controlsOf(form, name).flatMap((control) =>
      control instanceof HTMLSelectElement ? [...control.options].map((option) => option.value) : [control.value],
    );
    const message = fieldProblem(rule, data.getAll(name) as string[], choices) ?? across[name] ?? null;
    show(form, name, message);
    if (message) errors.push([name, message]);
  }
  const summary = form.querySelector<HTMLElement>("[data-error-summary]");
  if (summary) {
    summary.hidden = errors.length === 0;
    const [title, list] = [summary.querySelector("p"), summary.querySelector("ul")];
    if (title) title.textContent = summaryTitle(errors.length);
    if (list) list.innerHTML = summaryItemsHtml(form.id, errors);
  }
  return { errors, summary };
}

/** Whether a control differs from how the page came (its value, its ticks, its choice). */
function fromDefault(control: Control): boolean {
  if (control instanceof HTMLSelectElement) {
    // With no option marked selected, a single choice starts on its first option.
    const options = [...control.options];
    const marked = options.filter((o) => o.defaultSelected);
    const initial = control.multiple ? marked : [marked.at(-1) ?? options[0]];
    return options.some((o) => o.selected !== initial.includes(o));
  }
  if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio"))
    return control.checked !== control.defaultChecked;
  return "defaultValue" in control && control.value !== control.defaultValue;
}

const PHOTO_INPUT = "input[type=file][name=photos]";
/** The photo inputs (PhotoField) of a form, or of the page. */
const photoInputs = (root: ParentNode) => [...root.querySelectorAll<HTMLInputElement>(PHOTO_INPUT)];

/** Lists the chosen files that will not be sent, with why, as PhotoField renders them. */
function listRefused(input: HTMLInputElement) {
  const list = document.getElementById(`${input.id}-refused`);
  if (list) list.innerHTML = refusalsHtml(sortPhotos(input.files ?? []).refused);
}

/** Leaves the files that will not be sent out of the input, just before a plain POST sends it. */
function keepAccepted(form: HTMLFormElement) {
  for (const input of photoInputs(form)) {
    const { accepted, refused } = sortPhotos(input.files ?? []);
    if (refused.length === 0) continue;
    const kept = new DataTransfer();
    for (const file of accepted) kept.items.add(file);
    input.files = kept.files;
  }
}

export function install({ phone }: { phone: string }) {
  const tables: Record<string, FormRules> = formRules(phone);
  const changed = new WeakMap<HTMLFormElement, Set<string>>();

  document.addEventListener("input", (event) => {
    const found = formOf(event.target, tables);
    const name = (event.target as Control).name;
    if (!found || !name) return;
    const names = changed.get(found.form) ?? new Set();
    changed.set(found.form, names.add(name));
    // A field with a message follows what is typed, as the app's fields do once validated.
    if (validatedIn(found.form).has(name)) check(found.form, found.table, []);
  });

  // Photos chosen: those that will not be sent are listed at once (the app's PhotoField does it once it has started).
  document.addEventListener("change", (event) => {
    const input = event.target;
    if (input instanceof HTMLInputElement && input.matches(PHOTO_INPUT) && !appStarted()) listRefused(input);
  });
  for (const input of photoInputs(document)) if (input.files?.length) listRefused(input);

  document.addEventListener("focusout", (event) => {
    const found = formOf(event.target, tables);
    const name = (event.target as Control).name;
    if (found && name && changed.get(found.form)?.has(name)) check(found.form, found.table, [name]);
  });

  // Fields changed before this script ran (a file of its own, loaded after the first paint: a fast visitor or an autofill
  // may be first): each is counted as changed, and those already left are checked as if left now.
  for (const form of document.forms) {
    const found = formOf(form, tables);
    if (!found) continue;
    const names = new Set<string>();
    for (const control of form.elements as Iterable<Control>) {
      if (!control.name || control.type === "hidden" || !fromDefault(control)) continue;
      names.add(control.name);
    }
    if (names.size === 0) continue;
    changed.set(form, names);
    const left = [...names].filter((name) => !controlsOf(form, name).some((c) => c === document.activeElement));
    if (left.length > 0) check(form, found.table, left);
  }

  document.addEventListener(
    "submit",
    (event) => {
      const found = formOf(event.target, tables);
      if (!found) return;
      const { errors, summary } = check(found.form, found.table, Object.keys(found.table.fields));
      if (errors.length === 0) return keepAccepted(found.form);
      event.preventDefault();
      summary?.focus();
    },
    true,
  );
}
