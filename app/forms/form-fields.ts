/**
 * A lead form defined once (docs/decisions/027-form-fields.md): an ordered object of its fields, each with its
 * rule (app/forms/fields.ts) and how the owner reads it. From a definition come the form's schema (schemaOf),
 * the names its action reads from a body (fieldListOf), the fields stored with the request in the
 * definition's order (storedFields), and, on the server, the labels and formats of the owner's e-mail, text
 * message, inbox and spreadsheets (app/server/notify/labels.server.ts reads every form's definition).
 */
import { z } from "../lib/zod.ts";

/** A stored field's value (app/server/kit/leads.server.ts `Fields`). */
export type StoredValue = string | string[] | boolean | null;

/** The parts of the owner's text message a field can give (app/server/notify/sms.server.ts). */
export type TextPart =
  /** the visitor's first name, when it is plainly a name */
  | { part: "name" }
  /** the city typed, when the ZIP code names none and it is plainly a place name */
  | { part: "place" }
  /** what the request is about, in the words given (never free text); the first such field that gives words */
  | { part: "service"; words: (value: StoredValue) => string }
  /** the property type, when no field says what the request is about */
  | { part: "property"; words: (value: StoredValue) => string };

/** How a stored field appears to the owner. Every stored field is in the owner's e-mail and inbox. */
export interface OwnerView {
  /** Its label in the owner's e-mail, the inbox, the spreadsheets' header and the visitor's confirmation. */
  label: string;
  /** "phone": +12085550134 is shown (208) 555-0134; otherwise lists are joined with ", ", booleans Yes/No. */
  format?: "phone";
  /** A stored code value in the owner's words ("residential" → "Residential"); a value not listed is shown as it is. */
  words?: Readonly<Record<string, string>>;
  /** false: not repeated back to the visitor (a value they did not type, or one shown on its own). */
  echo?: false;
  /** Its column in the CSV and .xlsx: the label unless named here; false when a column of the request's own (the contact's) shows it. */
  column?: string | false;
  /** "dollars": a whole-dollar amount, a number in the CSV and .xlsx (shown $1,234 there) so a sheet can add it up. */
  sheet?: "dollars";
  /** Its part in the owner's text message; without it, the field is not in the text. */
  text?: TextPart;
}

/** A field the visitor sends, checked by `rule` and stored (by default as validated, a missing value as null). */
interface SentEntry<S extends z.ZodType = z.ZodType> {
  kind: "sent";
  rule: S;
  view: OwnerView;
  store?: (value: z.output<S>) => StoredValue;
}
/** A field the visitor sends whose choices are given when the schema is built (schemaOf's `rules`). */
interface ChoiceEntry {
  kind: "choice";
  view: OwnerView;
}
/** A field the visitor sends that is checked but not stored as such (the action stores what it makes of it). */
interface InputEntry<S extends z.ZodType = z.ZodType> {
  kind: "input";
  rule: S;
}
/** A field the action adds from what was sent (the instant estimate): stored and shown, never sent. */
interface AddedEntry {
  kind: "added";
  view: OwnerView;
  /** Not stored at all when the action gives no value (the photos of a request sent without any). */
  omitEmpty?: true;
}
/** A file input the action reads and checks itself (a résumé, photos): neither in the schema nor a stored field. */
interface FileEntry {
  kind: "file";
  /** Several files under the one name (`<input type="file" multiple>`). */
  multiple?: true;
}

export type FieldEntry = SentEntry<z.ZodType> | ChoiceEntry | InputEntry<z.ZodType> | AddedEntry | FileEntry;
export type FormDefinition = Record<string, FieldEntry>;

/** A field the visitor sends, stored as validated (`store` turns the value into what the owner reads, e.g. an option's label). */
export const sent = <S extends z.ZodType>(
  rule: S,
  view: OwnerView,
  store?: (value: z.output<S>) => StoredValue,
): SentEntry<S> => ({ kind: "sent", rule, view, ...(store ? { store } : {}) });
/** A field whose rule is given when the schema is built (its choices come from the content); the action gives its stored value. */
export const choice = (view: OwnerView): ChoiceEntry => ({ kind: "choice", view });
/** A field the visitor sends that is not stored as such. */
export const input = <S extends z.ZodType>(rule: S): InputEntry<S> => ({ kind: "input", rule });
/** A field the action adds to the stored request; `omitEmpty`: left out of it when the action gives null. */
export const added = (view: OwnerView, options: { omitEmpty?: true } = {}): AddedEntry => ({
  kind: "added",
  view,
  ...options,
});
/** A file input (read by the action); `multiple`: it sends several files under its name. */
export const file = (options: { multiple?: true } = {}): FileEntry => ({ kind: "file", ...options });

/** A definition, checked and kept with its literal types. */
export const defineForm = <const D extends FormDefinition>(fields: D): D => fields;

type KeysOf<D, E> = { [K in keyof D]: D[K] extends E ? K : never }[keyof D] & string;

/** The rules schemaOf needs besides the definition's: one per choice field. */
export type ChoiceRules<D extends FormDefinition> = { [K in KeysOf<D, ChoiceEntry>]: z.ZodType };

/** The schema's shape: the sent fields (their rules, or the choice rules given), in the definition's order. */
export type ShapeOf<D extends FormDefinition, R extends ChoiceRules<D>> = {
  [K in keyof D as D[K] extends SentEntry | InputEntry | ChoiceEntry ? K : never]: D[K] extends {
    rule: infer S extends z.ZodType;
  }
    ? S
    : K extends keyof R
      ? R[K]
      : z.ZodNever;
};

/** The form's schema: an object of its sent fields, in the definition's order (a refinement is added by the caller). */
export function schemaOf<const D extends FormDefinition, const R extends ChoiceRules<D>>(
  definition: D,
  ...[rules]: keyof ChoiceRules<D> extends never ? [] : [R]
): z.ZodObject<ShapeOf<D, R>> {
  const given = (rules ?? {}) as Record<string, z.ZodType>;
  const shape: Record<string, z.ZodType> = {};
  for (const [key, entry] of Object.entries(definition)) {
    if (entry.kind === "sent" || entry.kind === "input") shape[key] = entry.rule;
    else if (entry.kind === "choice") {
      const rule = given[key];
      if (!rule) throw new Error(`schemaOf: no rule given for the choice field ${key}`);
      shape[key] = rule;
    }
  }
  return z.object(shape) as unknown as z.ZodObject<ShapeOf<D, R>>;
}

/** A lead form's fields: single values, repeated ones (a list of checkboxes), file inputs (of one file, of several). */
export interface FieldList {
  single: readonly string[];
  multiple?: readonly string[];
  files?: readonly string[];
  fileLists?: readonly string[];
}

/** A rule without its optional/default wrappers (public Zod API). */
export function unwrapped(rule: z.ZodType): z.ZodType {
  if (rule instanceof z.ZodOptional || rule instanceof z.ZodDefault || rule instanceof z.ZodNullable)
    return unwrapped(rule.unwrap() as z.ZodType);
  return rule;
}

/** The names the form's action reads from a body: its sent fields (an array rule: repeated), then its file inputs. */
export function fieldListOf(definition: FormDefinition): FieldList {
  const single: string[] = [];
  const multiple: string[] = [];
  const files: string[] = [];
  const fileLists: string[] = [];
  for (const [key, entry] of Object.entries(definition)) {
    if (entry.kind === "file") (entry.multiple ? fileLists : files).push(key);
    else if ("rule" in entry && unwrapped(entry.rule) instanceof z.ZodArray) multiple.push(key);
    else if (entry.kind !== "added") single.push(key);
  }
  return {
    single,
    ...(multiple.length > 0 ? { multiple } : {}),
    ...(files.length > 0 ? { files } : {}),
    ...(fileLists.length > 0 ? { fileLists } : {}),
  };
}

/** What the action gives storedFields: every added field's value, and a choice field's when it is stored otherwise than as sent. */
export type GivenValues<D extends FormDefinition> = { [K in KeysOf<D, AddedEntry>]: StoredValue } & {
  [K in KeysOf<D, ChoiceEntry>]?: StoredValue;
};

/**
 * The request's stored fields, in the definition's order: each sent field as validated (through its `store`,
 * a missing value as null), each added or choice field as `given` (an `omitEmpty` one only with a value); input
 * and file fields are not stored.
 */
export function storedFields<D extends FormDefinition>(
  definition: D,
  values: Readonly<Record<string, unknown>>,
  given: GivenValues<D>,
): Record<string, StoredValue> {
  const extra = given as Record<string, StoredValue | undefined>;
  const fields: Record<string, StoredValue> = {};
  for (const [key, entry] of Object.entries(definition)) {
    if (entry.kind === "sent") {
      const value = values[key];
      fields[key] = entry.store ? entry.store(value as never) : ((value as StoredValue | undefined) ?? null);
    } else if (entry.kind === "added") {
      if (!entry.omitEmpty || extra[key] != null) fields[key] = extra[key] ?? null;
    } else if (entry.kind === "choice") fields[key] = extra[key] ?? (values[key] as StoredValue | undefined) ?? null;
  }
  return fields;
}

/** Each stored field's view, in the definition's order. */
export function ownerViewsOf(definition: FormDefinition): [string, OwnerView][] {
  return Object.entries(definition).flatMap(([key, entry]): [string, OwnerView][] =>
    "view" in entry ? [[key, entry.view]] : [],
  );
}
