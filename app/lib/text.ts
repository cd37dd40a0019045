/**
 * Text hygiene, in one place, for the browser and the server alike: which characters a text may carry.
 *
 * Hidden characters are the ones a reader cannot see but that change what a text shows or how a program
 * reads it: the C0 controls (U+0000–U+001F) but tab and line feed, DEL (U+007F), the C1 controls
 * (U+0080–U+009F), the bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069),
 * which make "Bob\u202Egnp.exe" read "Bobexe.png", and the direction marks (U+200E, U+200F, U+061C), which
 * reorder digits and punctuation just as invisibly. Letters of every script, accents, emoji (with their
 * joiners, U+200C/U+200D) and right-to-left letters themselves are kept as they are.
 *
 * Two uses:
 * - Input (`cleanLine`, `cleanText`; the forms' fields in app/forms/text.ts): hidden characters are removed
 *   silently, since the visitor never saw them; a carriage return (CRLF, a lone CR) and U+2028/U+2029 become a
 *   line feed in a multi-line field; a single-line field gets a space for each run of tabs and line breaks. A
 *   lone surrogate (not Unicode, and what the UTF-8 decoder already turns any bad byte into) becomes U+FFFD.
 * - Output (`visible`, `visibleLine`): whatever reaches a page, a file or a message without the forms (a row
 *   stored before these rules, the command line, the database itself) shows each hidden character as U+FFFD
 *   "�", so the owner sees that something was there instead of text that lies about itself.
 */

/** Hidden characters (see above). */
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's purpose
const HIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** A surrogate pair, or a half without its other half (not toWellFormed() or a lookbehind: older browsers lack them). */
const SURROGATES = /[\uD800-\uDBFF][\uDC00-\uDFFF]|[\uD800-\uDFFF]/g;
const LINE_BREAK = /\r\n?|[\u2028\u2029]/g;
/** What a single line holds instead of a tab or line break: a space for each run. */
const BREAKS_AND_TABS = /[\t\n\r\u2028\u2029]+/g;

/** The marker a hidden character is shown as. */
export const MARKER = "\uFFFD";

/** The text with each lone surrogate as U+FFFD (what a UTF-8 decoder makes of a bad byte). */
const wellFormed = (value: string) => value.replace(SURROGATES, (match) => (match.length === 2 ? match : MARKER));

/** A multi-line field's text: hidden characters removed, line breaks as "\n"; tabs kept. */
export const cleanText = (value: string): string => wellFormed(value).replace(LINE_BREAK, "\n").replace(HIDDEN, "");

/** A single-line field's text: hidden characters removed, each run of tabs and line breaks one space. */
export const cleanLine = (value: string): string => wellFormed(value).replace(HIDDEN, "").replace(BREAKS_AND_TABS, " ");

/** Any character `visible` changes: a hidden one, a surrogate (paired or not), a CR or U+2028/U+2029. */
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's purpose
const TOUCHED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u2028-\u202E\u2066-\u2069\uD800-\uDFFF]/;

/** Text for output, line breaks kept as "\n" (a multi-line value, a whole message body): each hidden character as "�". */
// Most text has nothing to change: one test spares the three replacements (an export writes 20,000 rows of cells).
export const visible = (value: string): string =>
  TOUCHED.test(value) ? wellFormed(value).replace(LINE_BREAK, "\n").replace(HIDDEN, MARKER) : value;

/** Text for one line of output (an e-mail header, a table cell): hidden characters as "�", tabs and line breaks one space, trimmed. */
export const visibleLine = (value: string): string =>
  visible(value)
    .replace(/[\t\n]+/g, " ")
    .replace(/ {2,}/g, " ")
    .trim();

/** `visible` on every string of a plain value (objects, arrays), for data a page renders; other values as they are. */
export function visibleDeep<T>(value: T): T {
  if (typeof value === "string") return visible(value) as T;
  if (Array.isArray(value)) return value.map(visibleDeep) as T;
  if (value !== null && typeof value === "object") {
    const proto = Object.getPrototypeOf(value) as unknown;
    if (proto !== Object.prototype && proto !== null) return value;
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, visibleDeep(v)])) as T;
  }
  return value;
}
