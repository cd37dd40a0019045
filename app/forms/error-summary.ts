/**
 * A lead form's error summary, as text and HTML without React: LeadForm renders it, and the page's own script
 * writes the same into it before the app has started (app/lib/first-effects/validate.ts), so the app takes over
 * what is shown. Each item links to its field (Conform's id: `<form id>-<name>`).
 */
export const summaryTitle = (count: number) => `Please fix ${count === 1 ? "1 field" : `${count} fields`}:`;

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
/** Text made safe to write as HTML. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c]!);

/** The summary's list items: one per field with a message, in the form's order. */
export const summaryItemsHtml = (formId: string, errors: readonly (readonly [string, string])[]) =>
  errors
    .map(
      ([name, message]) =>
        `<li><a class="underline" href="#${escapeHtml(`${formId}-${name}`)}">${escapeHtml(message)}</a></li>`,
    )
    .join("");
