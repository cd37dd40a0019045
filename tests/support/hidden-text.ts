/**
 * For the text-hygiene tests (app/lib/text.ts): what no cleaned or shown text may carry, written out
 * code point by code point (not with the module's own expressions), and text that carries plenty of it.
 */
import fc from "fast-check";

/** One example of each kind of hidden character. */
export const HIDDEN_SAMPLES = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\u000B",
  "\u000C",
  "\u001B",
  "\u001F",
  "\u007F",
  "\u0080",
  "\u0085",
  "\u009B",
  "\u009F",
  "\u061C",
  "\u200E",
  "\u200F",
  "\u202A",
  "\u202B",
  "\u202C",
  "\u202D",
  "\u202E",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
];
/** Lone surrogate halves, and the line breaks and tab a single line may not hold. */
const OTHER_SAMPLES = ["\uD800", "\uDBFF", "\uDC00", "\uDFFF", "\t", "\n", "\r", "\r\n", "\u2028", "\u2029"];

/** Characters every text keeps: accents, emoji with joiners and flags, CJK, right-to-left letters, U+FFFD. */
export const KEPT_SAMPLES = [
  "é",
  "Zoë",
  "ñ",
  "ß",
  "👍🏽",
  "👨‍👩‍👧",
  "🏴󠁧󠁢󠁳󠁣󠁴󠁿",
  "漢字",
  "שלום",
  "مرحبا",
  "a\u200Cb",
  "\u200D",
  "\uFFFD",
  " ",
  "'",
  '"',
  "<",
];

/** Text mixing hidden characters, line breaks, any code point and the characters that must be kept. */
export const hostileText = (maxLength = 40) =>
  fc.string({
    unit: fc.oneof(
      fc.constantFrom(...HIDDEN_SAMPLES, ...OTHER_SAMPLES),
      fc.constantFrom(...KEPT_SAMPLES),
      fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
      fc.string({ unit: "grapheme-ascii", minLength: 1, maxLength: 3 }),
    ),
    maxLength,
  });

const isHidden = (cp: number) =>
  (cp <= 0x1f && cp !== 0x09 && cp !== 0x0a) ||
  (cp >= 0x7f && cp <= 0x9f) ||
  cp === 0x061c ||
  cp === 0x200e ||
  cp === 0x200f ||
  (cp >= 0x202a && cp <= 0x202e) ||
  (cp >= 0x2066 && cp <= 0x2069) ||
  cp === 0x2028 ||
  cp === 0x2029 ||
  (cp >= 0xd800 && cp <= 0xdfff); // only a lone half reaches here: for…of joins a pair

/**
 * The code points of `text` (as U+XXXX) that a text of this kind may not carry: hidden characters, CR,
 * U+2028/U+2029 and lone surrogates; a single line ("one") no tab or line feed either.
 */
export function forbiddenIn(text: string, lines: "one" | "many"): string[] {
  const found: string[] = [];
  for (const char of text) {
    const cp = char.codePointAt(0)!;
    if (isHidden(cp) || (lines === "one" && (cp === 0x09 || cp === 0x0a)))
      found.push(`U+${cp.toString(16).toUpperCase().padStart(4, "0")}`);
  }
  return found;
}

/** Every string in a value (object keys and values, array items), for data a page or a program gets. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value === null || typeof value !== "object" || value instanceof Date) return [];
  return Object.entries(value).flatMap(([key, inner]) => [key, ...stringsIn(inner)]);
}

/** `forbiddenIn` over every string of a value. */
export const forbiddenInAll = (value: unknown, lines: "one" | "many"): string[] =>
  stringsIn(value).flatMap((text) => forbiddenIn(text, lines));
