/**
 * The browser editor's configuration (/cms: Sveltia CMS, which reads Decap CMS's configuration format,
 * docs/decisions/029-browser-editor.md; the generator is decision 017's), generated from the content
 * collections (./collections.ts) and their Zod schemas, so the editor asks for the same fields, required
 * marks, limits and choices as the build checks. Zod's JSON Schema of each schema (the input side:
 * what the file holds) is the intermediate. Node only: the build (react-router.config.ts) and the server in
 * development (app/server/cms.server.ts) call it; no page imports it.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse as parseYaml, stringify } from "yaml";
import { z } from "../lib/zod.ts";
import { type Collection, collections } from "./collections.ts";
import { defaultContentDir } from "./build-time/load.server.ts";

/** Where uploaded photos go (the gallery collection) and how a content file names them. */
export const MEDIA_FOLDER = "content/gallery/photos";
export const PUBLIC_FOLDER = "photos";
/** A string field longer than this (its limit, or today's longest value when it has none) gets a multi-line box. */
const LONG_TEXT = 200;
/** A key the editor can name a field by: letters, digits, "_" and "-" (no spaces, no dots). */
const FIELD_NAME = /^[\w-]+$/;
const SLUG_PATTERN = "^[a-z0-9]+(?:-[a-z0-9]+)*$";
const DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";

export interface DecapField {
  name: string;
  label: string;
  widget: string;
  required?: false;
  hint?: string;
  pattern?: [string, string];
  options?: (string | { label: string; value: string })[];
  value_type?: "int" | "float";
  min?: number;
  max?: number;
  step?: number;
  fields?: DecapField[];
  field?: DecapField;
  collapsed?: boolean;
  summary?: string;
  media_folder?: string;
  public_folder?: string;
  /** An image or file field's "Replace with URL" button (Decap shows it unless this is false). */
  choose_url?: false;
}

export interface DecapCollection {
  name: string;
  label: string;
  description?: string;
  editor: { preview: false };
  files?: { name: string; label: string; file: string; fields: DecapField[] }[];
  folder?: string;
  extension?: string;
  format?: "yaml" | "frontmatter";
  create?: boolean;
  slug?: string;
  identifier_field?: string;
  summary?: string;
  fields?: DecapField[];
}

/** The production backend: the git host the editor saves to (each save is a commit; docs/cms.md). */
export interface CmsBackend {
  /** owner/name of the repository on GitHub. */
  repo: string;
  branch: string;
  /** The OAuth proxy that signs the owner in to GitHub (its origin, e.g. https://cms-auth.example.com). */
  authUrl?: string;
}

/** The backend from the build's environment: CMS_REPO, CMS_BRANCH, CMS_AUTH_URL (README "Settings"). */
export function cmsBackendFromEnv(env: NodeJS.ProcessEnv = process.env): CmsBackend {
  const repo = env.CMS_REPO?.trim() || "OWNER/REPOSITORY";
  if (!/^[\w.-]+\/[\w.-]+$/.test(repo))
    throw new Error(`CMS_REPO must be the GitHub repository as owner/name (got ${JSON.stringify(repo)})`);
  const authUrl = env.CMS_AUTH_URL?.trim() || undefined;
  if (authUrl && !/^https:\/\/[^/]+/.test(authUrl))
    throw new Error(`CMS_AUTH_URL must be the https:// address of the OAuth proxy (got ${JSON.stringify(authUrl)})`);
  return { repo, branch: env.CMS_BRANCH?.trim() || "main", authUrl: authUrl?.replace(/\/+$/, "") };
}

export interface DecapConfig {
  backend: Record<string, unknown>;
  app_title: string;
  logo: { src: string };
  site_url: string;
  display_url: string;
  media_folder: string;
  public_folder: string;
  media_libraries: { stock_assets: false };
  publish_mode: "simple";
  collections: DecapCollection[];
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  additionalProperties?: boolean | JsonSchema;
  description?: string;
  title?: string;
  widget?: string;
  format?: string;
  /** The schema's own words for its pattern (its error message), written by fillFormats. */
  "x-message"?: string;
  /** `.meta({ entryOf: "services" })`: the value is the slug of an entry of that folder collection. */
  entryOf?: string;
  /** `.meta({ paragraphs })`: Markdown text read as paragraphs separated by a blank line (schema.ts). */
  paragraphs?: { min: number; max: number; maxLength: number };
};

/** "minRangeWidth" → "Min range width", "fromHomeSize" → "From home size". */
export const humanize = (name: string) => {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .trim()
    .toLowerCase()
    .replace(/\b(id|url|zip)\b/g, (word) => word.toUpperCase());
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** One JSON Schema node, with $ref followed and a union narrowed to the branch a text file can hold. */
function resolve(node: JsonSchema, root: JsonSchema): JsonSchema {
  if (node.$ref) {
    const name = node.$ref.replace(/^#\/\$defs\//, "");
    const target = root.$defs?.[name];
    return target ? resolve({ ...target, ...node, $ref: undefined }, root) : {};
  }
  const union = node.anyOf ?? node.oneOf;
  if (union) {
    const typed = union.map((branch) => resolve(branch, root)).filter((b) => b.type !== "null");
    const chosen = typed.find((b) => b.type === "string") ?? typed.find((b) => b.type) ?? {};
    const { anyOf: _a, oneOf: _o, ...rest } = node;
    return { ...chosen, ...rest };
  }
  if (node.allOf?.length)
    return node.allOf.reduce<JsonSchema>((merged, part) => ({ ...merged, ...resolve(part, root) }), {
      ...node,
      allOf: undefined,
    });
  return node;
}

/** The Decap `pattern` (a regular expression and the sentence shown when a value does not match) for a string's form and length. */
function stringPattern(node: JsonSchema, message = node["x-message"]): [string, string] | undefined {
  const { minLength, maxLength, pattern } = node;
  const hasMin = minLength !== undefined && minLength > 1;
  const hasMax = maxLength !== undefined;
  if (!hasMin && !hasMax && !pattern) return undefined;
  const length = hasMin || hasMax ? `(?=[\\s\\S]{${hasMin ? minLength : 0},${hasMax ? maxLength : ""}}$)` : "";
  // The schema's own pattern, as a lookahead from the start (an unanchored one may match anywhere).
  const form = pattern ? `(?=${pattern.startsWith("^") ? "" : "[\\s\\S]*?"}(?:${pattern}))` : "";
  const regex = `^${length}${form}`;
  const sentences: string[] = [];
  if (pattern === SLUG_PATTERN) sentences.push("lowercase words and numbers joined by hyphens, like house-washing");
  else if (pattern === DATE_PATTERN) sentences.push("a date written like 2026-03-12");
  else if (pattern) sentences.push(message ?? `in the form ${pattern}`);
  if (hasMin && hasMax) sentences.push(`${minLength} to ${maxLength} characters`);
  else if (hasMax) sentences.push(`at most ${maxLength} characters`);
  else if (hasMin) sentences.push(`at least ${minLength} characters`);
  return [regex, sentences.join(", ")];
}

/**
 * The Decap pattern of an image or file field. Decap (3.16) checks such a field's pattern against the file's
 * name only (the file widget's getValidateValue: the value's basename), while the file keeps
 * "<public_folder>/<name>" (what the schema checks). So the schema's pattern must begin with
 * "^<public_folder>/" (in any case or escaping), which is dropped here, and its length limits lose that prefix.
 */
function fileNamePattern(node: JsonSchema, at: string): [string, string] | undefined {
  const prefix = `${PUBLIC_FOLDER}/`;
  let pattern = node.pattern;
  if (pattern) {
    const escaped = prefix.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    const forms = [prefix, escaped, caseless(escaped), caseless(prefix)].map((form) => `^${form}`);
    const form = forms.find((f) => pattern!.startsWith(f));
    if (!form)
      throw new Error(
        `${at}: an image field's pattern must begin with ^${prefix} (the editor writes "${prefix}<file name>"); got ${pattern}`,
      );
    pattern = `^${pattern.slice(form.length)}`;
  }
  const shorter = (n: number | undefined) => (n === undefined ? undefined : Math.max(n - prefix.length, 0));
  return stringPattern({ ...node, pattern, minLength: shorter(node.minLength), maxLength: shorter(node.maxLength) });
}

/**
 * The Decap pattern for Markdown read as paragraphs (blank-line separated): how many, and how long each may be
 * (a paragraph's line breaks count as one character, as the pages join its lines with a space).
 */
export function paragraphsPattern({
  min,
  max,
  maxLength,
}: {
  min: number;
  max: number;
  maxLength: number;
}): [string, string] {
  const paragraph = `[^\\S\\n]*(?=\\S)(?:(?!\\n[^\\S\\n]*\\n)[\\s\\S]){1,${maxLength}}`;
  const regex = `^\\s*${paragraph}(?:\\n[^\\S\\n]*\\n\\s*${paragraph}){${min - 1},${max - 1}}\\s*$`;
  const count = min === max ? `${min}` : `${min}–${max}`;
  return [regex, `${count} paragraphs separated by a blank line, each at most ${maxLength} characters`];
}

/** The entries of a folder collection as choices: the file name (slug) as the value, the title as the label. */
function entryOptions(collectionName: string, contentDir = defaultContentDir()): { label: string; value: string }[] {
  const collection = (collections as Record<string, Collection>)[collectionName];
  if (collection?.kind !== "folder")
    throw new Error(`.meta({ entryOf: "${collectionName}" }) names no folder collection in app/content/collections.ts`);
  const options = rawEntries(collection, contentDir).map(({ slug, data }) => {
    const record = (data ?? {}) as Record<string, unknown>;
    const title = ["title", "city", "name"].map((key) => record[key]).find((v) => typeof v === "string");
    return { label: typeof title === "string" ? title : slug, value: slug };
  });
  return options.sort((a, b) => a.label.localeCompare(b.label));
}

/** Today's values of each field (by path, list positions left out), to choose a one-line or a multi-line box. */
type Samples = Map<string, unknown[]>;
function collectSamples(value: unknown, at: string, samples: Samples) {
  if (Array.isArray(value)) for (const item of value) collectSamples(item, at, samples);
  else if (value && typeof value === "object")
    for (const [key, inner] of Object.entries(value)) collectSamples(inner, at ? `${at}.${key}` : key, samples);
  else samples.set(at, [...(samples.get(at) ?? []), value]);
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * `required`: the schema's mark, except inside an optional group of fields (an object), where Decap would ask
 * for the group's required fields even when the group is left out: there they are optional in the editor, and
 * the build's check (./build-time/load.server.ts) still refuses a group given without them.
 */
/** The JSON Schema of a schema's output side, where a check after a transform (a date's form) is written. */
interface Output {
  node?: JsonSchema;
  root: JsonSchema;
}
const outputAt = (output: Output, pick: (node: JsonSchema) => JsonSchema | undefined): Output => {
  const node = output.node ? resolve(output.node, output.root) : undefined;
  const next = node ? pick(node) : undefined;
  return { node: next, root: output.root };
};

function toField(
  name: string,
  raw: JsonSchema,
  required: boolean,
  root: JsonSchema,
  samples: Samples,
  at: string,
  output: Output = { root: {} },
): DecapField | undefined {
  const node = resolve(raw, root);
  const out = output.node ? resolve(output.node, output.root) : {};
  const base: DecapField = {
    name,
    label: node.title ?? humanize(name),
    widget: "string",
    ...(required ? {} : { required: false as const }),
    ...(node.description ? { hint: node.description } : {}),
  };
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== "null") : node.type;
  if (node.widget === "image" || node.widget === "file") {
    const pattern = fileNamePattern(node, at);
    // No "Replace with URL": a photo must be a file in the media folder (the build makes its sizes from it).
    // Relative to the entry's file (content/gallery/<pair>.yaml): the photo goes to content/gallery/photos/ and the
    // entry keeps "photos/<file>", as the site reads it (an absolute folder would be written "/photos/<file>").
    return {
      ...base,
      widget: node.widget,
      media_folder: PUBLIC_FOLDER,
      public_folder: PUBLIC_FOLDER,
      choose_url: false,
      ...(pattern ? { pattern } : {}),
    };
  }
  if (node.entryOf) {
    // The slug of another collection's entry: a choice among today's entries, labelled with their titles.
    return { ...base, widget: "select", options: entryOptions(node.entryOf) };
  }
  if (node.enum || node.const !== undefined) {
    const options = (node.enum ?? [node.const]).map(String);
    return { ...base, widget: "select", options };
  }
  switch (type) {
    case "string": {
      const long =
        node.maxLength !== undefined
          ? node.maxLength > LONG_TEXT
          : (samples.get(at) ?? []).some((v) => typeof v === "string" && (v.length > LONG_TEXT || v.includes("\n")));
      const pattern = stringPattern(
        {
          ...node,
          pattern: node.pattern ?? (out.type === "string" ? out.pattern : undefined),
          minLength: node.minLength ?? (out.type === "string" ? out.minLength : undefined),
          maxLength: node.maxLength ?? (out.type === "string" ? out.maxLength : undefined),
        },
        node.pattern ? node["x-message"] : out["x-message"],
      );
      if (node.paragraphs) return { ...base, widget: "markdown", pattern: paragraphsPattern(node.paragraphs) };
      return { ...base, widget: node.widget ?? (long ? "text" : "string"), ...(pattern ? { pattern } : {}) };
    }
    case "integer":
    case "number": {
      const int = type === "integer";
      const field: DecapField = { ...base, widget: "number", value_type: int ? "int" : "float", step: int ? 1 : 0.01 };
      if (node.minimum !== undefined && node.minimum > -MAX_SAFE) field.min = node.minimum;
      if (node.maximum !== undefined && node.maximum < MAX_SAFE) field.max = node.maximum;
      // Decap's bounds include the bound: an integer moves to the next whole number. A decimal number that must be
      // above 0 (a rate) is checked by a pattern instead, since a pattern replaces Decap's min and max checks.
      if (node.exclusiveMinimum !== undefined) {
        if (int) field.min = Math.floor(node.exclusiveMinimum) + 1;
        else if (node.exclusiveMinimum === 0 && field.max === undefined)
          field.pattern = ["^(?=[^-]*[1-9])\\d*\\.?\\d*$", "must be more than 0"];
        else field.min = node.exclusiveMinimum;
      }
      if (node.exclusiveMaximum !== undefined)
        field.max = int ? Math.ceil(node.exclusiveMaximum) - 1 : node.exclusiveMaximum;
      return field;
    }
    case "boolean":
      return { ...base, widget: "boolean" };
    case "array": {
      const limits = {
        ...(node.minItems !== undefined && node.minItems > 0 ? { min: node.minItems } : {}),
        ...(node.maxItems !== undefined ? { max: node.maxItems } : {}),
      };
      // A fixed-length list (a tuple such as coordinates: [longitude, latitude]) is a list of numbers with that many
      // items, each within the range that covers every position (the hint says which is which; the build checks each).
      if (node.prefixItems?.length) {
        const parts = node.prefixItems.map((part) => resolve(part, root));
        if (!parts.every((part) => part.type === "number" || part.type === "integer")) return undefined;
        const hull: JsonSchema = {
          type: parts.every((part) => part.type === "integer") ? "integer" : "number",
          ...(parts.every((part) => part.minimum !== undefined)
            ? { minimum: Math.min(...parts.map((part) => part.minimum!)) }
            : {}),
          ...(parts.every((part) => part.maximum !== undefined)
            ? { maximum: Math.max(...parts.map((part) => part.maximum!)) }
            : {}),
        };
        const inner = toField("item", hull, true, root, samples, at);
        return (
          inner && {
            ...base,
            widget: "list",
            min: parts.length,
            max: parts.length,
            field: { ...inner, label: "Number" },
          }
        );
      }
      const itemSchema = node.items;
      if (!itemSchema) return undefined;
      const item = resolve(itemSchema, root);
      if (item.type === "object" && item.properties) {
        const fields = objectFields(
          item,
          root,
          samples,
          at,
          false,
          outputAt(output, (o) => o.items),
        );
        const summaryField = ["title", "question", "label", "name", "slug"].find((key) =>
          fields.some((f) => f.name === key && f.widget === "string"),
        );
        return {
          ...base,
          widget: "list",
          ...limits,
          collapsed: true,
          ...(summaryField ? { summary: `{{fields.${summaryField}}}` } : {}),
          fields,
        };
      }
      const inner = toField(
        "item",
        item,
        true,
        root,
        samples,
        at,
        outputAt(output, (o) => o.items),
      );
      if (!inner) return undefined;
      return {
        ...base,
        widget: "list",
        ...limits,
        field: { ...inner, label: humanize(name).replace(/s$/, "") || "Item" },
      };
    }
    case "object": {
      if (!node.properties) return undefined;
      const fields = objectFields(node, root, samples, at, !required, output);
      // A group none of whose keys can be a field (an object keyed by phrases) is left out whole.
      return fields.length ? { ...base, widget: "object", fields } : undefined;
    }
    default:
      return undefined;
  }
}

function objectFields(
  node: JsonSchema,
  root: JsonSchema,
  samples: Samples,
  at: string,
  inOptionalGroup = false,
  output: Output = { root: {} },
): DecapField[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) => {
    // The editor names a field by its key and refuses a name with spaces or dots (Sveltia's configuration
    // check stops the whole editor): such a key is left out, its value kept as it is.
    if (!FIELD_NAME.test(key)) return [];
    const childOutput = outputAt(output, (o) => o.properties?.[key]);
    const field = toField(
      key,
      child,
      required.has(key) && !inOptionalGroup,
      root,
      samples,
      at ? `${at}.${key}` : key,
      childOutput,
    );
    // A field Decap has no widget for (a free-form map) is left out: the editor keeps its value as it is.
    return field ? [field] : [];
  });
}

/** The input-side JSON Schema of a collection's schema (what its file holds, before transforms). */
export const jsonSchemaOf = (schema: z.ZodType, io: "input" | "output" = "input") =>
  z.toJSONSchema(schema, { io, unrepresentable: "any", override: fillFormats }) as JsonSchema;

/** "abc" → "[aA][bB][cC]" outside escapes and character classes: a pattern with the `i` flag, for Decap (which has no flags). */
export function caseless(pattern: string): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === "\\") {
      out += char + (pattern[i + 1] ?? "");
      i++;
    } else if (inClass) {
      out +=
        /[a-z]/i.test(char) && pattern[i + 1] !== "-" && pattern[i - 1] !== "-"
          ? char.toLowerCase() + char.toUpperCase()
          : char;
      if (char === "]") inClass = false;
    } else if (char === "[") {
      inClass = true;
      out += char;
    } else out += /[a-z]/i.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char;
  }
  return out;
}

type ErrorFn = (issue: object) => unknown;
type ZodDef = {
  type?: string;
  format?: string;
  protocol?: RegExp;
  error?: ErrorFn;
  checks?: { _zod: { def: { check?: string; format?: string; pattern?: RegExp; error?: ErrorFn } } }[];
};
/** The message a check was given (`.regex(re, "a five-digit ZIP code")`), if it is a plain text. */
const messageOf = (error: ErrorFn | undefined) => {
  const message = error?.({});
  return typeof message === "string"
    ? message
    : typeof message === "object" && message && "message" in message && typeof message.message === "string"
      ? message.message
      : undefined;
};
/** Words for a format whose schema gave none. */
const formatWords: Record<string, string> = {
  email: "an e-mail address like name@example.com",
  date: "a date written like 2026-03-12",
  url: "a web address like https://www.example.com",
};
/**
 * What Zod's JSON Schema leaves out and Decap needs as a pattern: a regular expression's `i` flag (written into
 * the pattern) and a URL's form (Zod checks it with \`new URL()\` and its protocol).
 */
function fillFormats(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }) {
  const def = (ctx.zodSchema as { _zod: { def: ZodDef } })._zod.def;
  if (def.type !== "string") return;
  const json = ctx.jsonSchema;
  for (const check of def.checks ?? []) {
    const regex = check._zod.def.pattern;
    if (check._zod.def.format !== "regex" || !regex) continue;
    if (regex.flags.includes("i") && json.pattern === regex.source) json.pattern = caseless(regex.source);
    const message = messageOf(check._zod.def.error);
    if (message) json["x-message"] = message;
  }
  if (def.format && def.format !== "regex" && json["x-message"] === undefined) {
    const words = messageOf(def.error) ?? formatWords[def.format];
    if (words) json["x-message"] = words;
  }
  if (def.format === "url" && json.pattern === undefined) {
    const protocol = def.protocol ? def.protocol.source.replace(/^\^|\$$/g, "") : "[a-zA-Z][a-zA-Z0-9+.-]*";
    json.pattern = `^(?:${protocol}):\\/\\/[^\\s/?#]+\\S*$`;
  }
}

function rawEntries(
  collection: Collection & { kind: "folder" },
  contentDir: string,
): { slug: string; data: unknown }[] {
  try {
    const extension = collection.format === "markdown" ? ".md" : ".yaml";
    return readdirSync(path.join(contentDir, collection.folder))
      .filter((file) => file.endsWith(extension))
      .map((file) => {
        const text = readFileSync(path.join(contentDir, collection.folder, file), "utf8");
        const slug = file.slice(0, -extension.length);
        if (collection.format === "yaml") return { slug, data: parseYaml(text) as unknown };
        const front = /^(?:#.*\n)*---\n([\s\S]*?)\n---/.exec(text.replace(/\r\n/g, "\n"))?.[1];
        return { slug, data: front ? (parseYaml(front) as unknown) : {} };
      });
  } catch {
    return [];
  }
}

function rawData(collection: Collection, contentDir: string): unknown[] {
  if (collection.kind === "folder") return rawEntries(collection, contentDir).map((entry) => entry.data);
  try {
    return [parseYaml(readFileSync(path.join(contentDir, collection.file), "utf8"))];
  } catch {
    return [];
  }
}

/** The Decap collection for one content collection. */
export function decapCollection(
  name: string,
  collection: Collection,
  contentDir = defaultContentDir(),
): DecapCollection {
  const schema = jsonSchemaOf(collection.schema);
  const samples: Samples = new Map();
  for (const data of rawData(collection, contentDir)) collectSamples(data, "", samples);
  const outputRoot = jsonSchemaOf(collection.schema, "output");
  const fields = objectFields(resolve(schema, schema), schema, samples, "", false, {
    node: outputRoot,
    root: outputRoot,
  });
  if (collection.kind === "file") {
    return {
      name,
      label: collection.label,
      ...(collection.description ? { description: collection.description } : {}),
      editor: { preview: false },
      files: [{ name, label: collection.label, file: `content/${collection.file}`, fields }],
    };
  }
  // The file name is the entry's slug (./build-time/load.server.ts), so a slug field is not asked for; Markdown's text below the
  // front matter is Decap's "body" field, whatever the schema calls it.
  const entryFields = fields.filter((f) => f.name !== "slug");
  if (collection.format === "markdown") {
    const bodyIndex = entryFields.findIndex((f) => f.name === collection.body);
    // The body keeps its pattern (a legal page's "# Title" line, the intro's paragraphs): Decap checks it on the Markdown text.
    const body: DecapField = {
      ...(entryFields[bodyIndex] ?? { label: humanize(collection.body ?? "body") }),
      name: "body",
      widget: "markdown",
    };
    if (bodyIndex >= 0) entryFields.splice(bodyIndex, 1, body);
    else entryFields.push(body);
  }
  // Decap names a new entry's file from a field (title, or identifier_field): the first of these names that is a
  // field, else the first required text field. A collection with none (the legal pages: all text) is listed by
  // its file names and gets no "New" button: its entries are pages the site's routes name.
  const named = ["title", "name", "question", "city", "caption", "label"].find((key) =>
    entryFields.some((f) => f.name === key),
  );
  const identifier =
    named ?? entryFields.find((f) => (f.widget === "string" || f.widget === "text") && f.required !== false)?.name;
  return {
    name,
    label: collection.label,
    ...(collection.description ? { description: collection.description } : {}),
    editor: { preview: false },
    folder: `content/${collection.folder}`,
    extension: collection.format === "markdown" ? "md" : "yaml",
    format: collection.format === "markdown" ? "frontmatter" : "yaml",
    create: identifier !== undefined,
    slug: "{{slug}}",
    ...(identifier === undefined
      ? { summary: "{{filename}}" }
      : identifier !== "title"
        ? { identifier_field: identifier }
        : {}),
    fields: entryFields,
  };
}

/** The whole configuration: every collection of ./collections.ts, the git backend, where photos go. */
export function decapConfig({
  backend,
  siteUrl,
  contentDir,
}: {
  backend: CmsBackend;
  siteUrl: string;
  contentDir?: string;
}): DecapConfig {
  return {
    backend: {
      name: "github",
      repo: backend.repo,
      branch: backend.branch,
      ...(backend.authUrl ? { base_url: backend.authUrl } : {}),
      commit_messages: commitMessages,
    },
    app_title: "Gem State Exterior Cleaning: content",
    // The site's own icon on the sign-in page and the tab (the editor's default is a data: image it fetches,
    // which the page's connect-src does not allow).
    logo: { src: "/apple-touch-icon.png" },
    site_url: siteUrl,
    display_url: siteUrl,
    media_folder: MEDIA_FOLDER,
    public_folder: PUBLIC_FOLDER,
    // Photos are the owner's own, uploaded into the repository: no stock photo libraries (other hosts).
    media_libraries: { stock_assets: false },
    publish_mode: "simple",
    collections: Object.entries(collections).map(([name, collection]) =>
      decapCollection(name, collection as Collection, contentDir),
    ),
  };
}

/** Each save is one commit; its message says what the owner changed, in words. */
const commitMessages = {
  create: "Content: new {{collection}} “{{slug}}” (browser editor)",
  update: "Content: {{collection}} “{{slug}}” edited (browser editor)",
  delete: "Content: {{collection}} “{{slug}}” removed (browser editor)",
  uploadMedia: "Content: photo {{path}} added (browser editor)",
  deleteMedia: "Content: photo {{path}} removed (browser editor)",
};

const HEADER =
  "# Generated by the build from app/content/collections.ts and app/content/schema.ts (app/content/cms-config.ts): edit those, not this file.\n";

export const decapConfigYaml = (config: DecapConfig) => HEADER + stringify(config, { lineWidth: 0 });

/** The owner guide's table of collections (docs/owner-guide.md, "Editing the site's content"): one row per collection, from ./collections.ts. */
export function collectionsTable(): string {
  const cell = (text: string) => text.replace(/\|/g, "\\|").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  const rows = Object.values(collections as Record<string, Collection>).map((collection) => {
    const where =
      collection.kind === "file"
        ? `content/${collection.file}`
        : `content/${collection.folder}/*.${collection.format === "markdown" ? "md" : "yaml"}`;
    return `| ${cell(collection.label)} | \`${where}\` | ${cell(collection.description ?? "")} |`;
  });
  return ["| collection | file | what it is |", "| --- | --- | --- |", ...rows].join("\n");
}
