/**
 * Every text field of every form starts here: `line()` for a single-line field, `multiline()` for one that
 * keeps line breaks (a message, a note). Each is a Zod string whose first step cleans the value
 * (app/lib/text.ts: hidden characters removed, line breaks made plain) before any trim, length or format
 * check, so nothing stored carries a control character or a direction override. Both register in
 * `textFields`, which app/forms/text.test.ts reads to check that no form field is a bare z.string().
 */
import { z } from "../lib/zod.ts";
import { cleanLine, cleanText } from "../lib/text.ts";

export const textFields = z.registry<{ lines: "one" | "many" }>();

type StringParams = Parameters<typeof z.string>[0];

/** A single-line text field. */
export function line(params?: StringParams): z.ZodString {
  const schema = z.string(params).overwrite(cleanLine);
  textFields.add(schema, { lines: "one" });
  return schema;
}

/** A multi-line text field (tabs and line feeds kept). */
export function multiline(params?: StringParams): z.ZodString {
  const schema = z.string(params).overwrite(cleanText);
  textFields.add(schema, { lines: "many" });
  return schema;
}
