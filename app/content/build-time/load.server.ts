/**
 * Reads a content collection from content/ and validates it with its schema (../collections.ts).
 *
 * Node code (scripts, tests, the configuration files) calls this directly and reads the files. Code that Vite
 * builds (the pages, the browser bundle, the server bundle) never reads a file at run time: it imports a
 * collection's module (../modules/), which the content plugin (./vite-plugin.server.ts) makes at build time from
 * what this same function returns, so an invalid file fails the build (docs/decisions/028-content-modules.md).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { YAMLParseError, parse as parseYaml } from "yaml";
import type { z } from "zod";
import { type Collection, type CollectionName, type CollectionOutput, collections } from "../collections.ts";

/** The content/ folder beside app/ (CONTENT_DIR overrides it, for the tests that edit a copy). */
export const defaultContentDir = () => process.env.CONTENT_DIR || path.join(projectFolder(), "content");

/**
 * The nearest folder above this module that holds package.json: the project, whether this runs from
 * app/content/build-time/ or bundled into the server build (build/server/, which the sitemap's dates read from).
 */
function projectFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

/** A content file that cannot be used: the message names the file, the field and the fix. */
export class ContentError extends Error {
  override name = "ContentError";
  readonly file: string;
  readonly problems: string[];
  constructor(file: string, problems: string[]) {
    super(
      `${file} has ${problems.length === 1 ? "a problem" : `${problems.length} problems`}:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
    );
    this.file = file;
    this.problems = problems;
  }
}

/** Every file a collection reads, relative to the content folder (the plugin watches them). */
export function collectionFiles(name: CollectionName, contentDir = defaultContentDir()): string[] {
  const collection = collections[name] as Collection;
  if (collection.kind === "file") return [collection.file];
  const extension = collection.format === "markdown" ? ".md" : ".yaml";
  return readdirSync(path.join(contentDir, collection.folder))
    .filter((file) => file.endsWith(extension) && !file.startsWith("_") && !file.startsWith("."))
    .sort()
    .map((file) => `${collection.folder}/${file}`);
}

/** A folder collection's entries by slug (file name without extension), as the loader names them. */
export const collectionSlugs = (name: CollectionName, contentDir = defaultContentDir()): string[] =>
  collectionFiles(name, contentDir).map(slugOf);

const slugOf = (file: string) => path.basename(file).replace(/\.(md|yaml)$/, "");

export function loadCollection<N extends CollectionName>(
  name: N,
  contentDir = defaultContentDir(),
): CollectionOutput<N> {
  const collection = collections[name] as Collection;
  if (collection.kind === "file") {
    const file = collection.file;
    return validate(collection.schema, readYaml(contentDir, file), `content/${file}`) as CollectionOutput<N>;
  }
  const bodyField = collection.body ?? "body";
  const entries = collectionFiles(name, contentDir).map((file) => {
    const slug = slugOf(file);
    const source = readText(contentDir, file);
    const data =
      collection.format === "yaml"
        ? parseYamlText(source, `content/${file}`)
        : collection.frontMatterOptional && !source.startsWith("---\n")
          ? { [bodyField]: source.trim() }
          : readMarkdown(source, `content/${file}`, bodyField);
    if (!isRecord(data))
      throw new ContentError(`content/${file}`, ["the file must hold named fields (name: value), one per line"]);
    if ("slug" in data && data.slug !== slug) {
      throw new ContentError(`content/${file}`, [
        `slug: "${String(data.slug)}" differs from the file name. Fix: rename the file to ${String(data.slug)}${path.extname(file)}, or remove the slug line`,
      ]);
    }
    const entry: unknown = validate(
      collection.schema,
      { ...data, slug },
      `content/${file}`,
      collection.format === "markdown" ? bodyField : undefined,
    );
    return { file: `content/${file}`, entry };
  });
  return (collection.ordered ? byOrder(entries) : entries.map(({ entry }) => entry)) as CollectionOutput<N>;
}

/** The entries by their `order` number, which no two files may share (the lists follow it). */
function byOrder(entries: { file: string; entry: unknown }[]): unknown[] {
  const orderOf = ({ entry }: { entry: unknown }) =>
    isRecord(entry) && typeof entry.order === "number" ? entry.order : Number.POSITIVE_INFINITY;
  const taken = new Map<number, string>();
  for (const item of entries) {
    const order = orderOf(item);
    const first = taken.get(order);
    if (first) {
      throw new ContentError(item.file, [
        `order: ${order} is also the order of ${first}. Fix: give each file its own order number (1 comes first); for example, change this file's order to ${Math.max(...taken.keys()) + 1}`,
      ]);
    }
    taken.set(order, item.file);
  }
  return [...entries].sort((a, b) => orderOf(a) - orderOf(b)).map(({ entry }) => entry);
}

function readText(contentDir: string, file: string) {
  try {
    return readFileSync(path.join(contentDir, file), "utf8").replace(/\r\n/g, "\n");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new ContentError(`content/${file}`, ["the file is missing. Fix: restore it (git checkout) or create it"]);
    throw error;
  }
}

function readYaml(contentDir: string, file: string): unknown {
  return parseYamlText(readText(contentDir, file), `content/${file}`);
}

/** `firstLine`: the file's line the text starts on (front matter starts on line 2), so messages name the file's line. */
function parseYamlText(source: string, file: string, firstLine = 1): unknown {
  try {
    return parseYaml(source, { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const at = error.linePos?.[0]?.line;
      const column = error.linePos?.[0]?.col;
      const line = at === undefined ? undefined : at + firstLine - 1;
      const text = at === undefined ? undefined : source.split("\n")[at - 1]?.trim();
      const where =
        line === undefined
          ? "somewhere"
          : `line ${line}${column ? `, column ${column}` : ""}${text ? ` ("${text.length > 50 ? `${text.slice(0, 50)}…` : text}")` : ""}`;
      const first = (error.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
      throw new ContentError(file, [
        `${where}: ${first}. Fix: check the indentation of that line and the lines just above it (fields of one group start in the same column; use spaces, not tabs), the colon after each field name, and quotes around text that holds a colon or #`,
      ]);
    }
    throw error;
  }
}

/** Front matter between --- lines, then the Markdown body (given to the schema as the field `bodyField`). */
function readMarkdown(source: string, file: string, bodyField: string): unknown {
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(source);
  if (!match)
    throw new ContentError(file, [
      "the front matter is missing. Fix: start the file with a line of three dashes (---), the fields, and another --- line",
    ]);
  const data = parseYamlText(match[1] ?? "", file, 2);
  if (!isRecord(data))
    throw new ContentError(file, ["the front matter must hold named fields (name: value), one per line"]);
  return { ...data, [bodyField]: (match[2] ?? "").trim() };
}

function validate<S extends z.ZodType>(schema: S, data: unknown, file: string, bodyField?: string): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const { issues } = result.error;
  const renamed = misspellings(issues, data);
  const problems = issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      const rest = issue.keys.filter((key) => !renamed.some((r) => r.issue === issue && r.key === key));
      const own = renamed.filter((r) => r.issue === issue).map((r) => r.message);
      return rest.length ? [...own, describeIssue({ ...issue, keys: rest }, data, bodyField)] : own;
    }
    return renamed.some((r) => r.missing === issue) ? [] : [describeIssue(issue, data, bodyField)];
  });
  throw new ContentError(file, problems);
}

/**
 * A field the schema does not know beside a required one that is missing, spelt alike ("answr" and
 * "answer"): one message that says which to rename, instead of two that each tell half of it.
 */
function misspellings(issues: z.core.$ZodIssue[], data: unknown) {
  const found: { issue: z.core.$ZodIssue; key: string; missing: z.core.$ZodIssue; message: string }[] = [];
  for (const issue of issues) {
    if (issue.code !== "unrecognized_keys") continue;
    const parent = JSON.stringify(issue.path);
    const missing = issues.filter(
      (other) =>
        other.code === "invalid_type" &&
        other.path.length === issue.path.length + 1 &&
        JSON.stringify(other.path.slice(0, -1)) === parent &&
        valueAt(data, other.path) === undefined,
    );
    for (const key of issue.keys) {
      const match = missing.find((m) => !found.some((f) => f.missing === m) && alike(key, String(m.path.at(-1))));
      if (!match) continue;
      const field = String(match.path.at(-1));
      found.push({
        issue,
        key,
        missing: match,
        message: `${describePath([...issue.path, key], data)}: is not a field here; "${field}" is missing. Fix: rename ${key} to ${field}`,
      });
    }
  }
  return found;
}

/** Two field names an owner could mistype one for the other: at most two letters apart, case aside. */
function alike(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  const row = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= y.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (x[i - 1] === y[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[y.length]! <= Math.min(2, Math.floor(Math.max(x.length, y.length) / 3));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** "faq entry 14 (“Do you …”), answer: missing. Fix: …" — in words the owner can act on. */
export function describeIssue(issue: z.core.$ZodIssue, data: unknown, bodyField?: string): string {
  if (bodyField !== undefined && issue.path[0] === bodyField) return describeBodyIssue(issue);
  const where = describePath(issue.path, data);
  const value = valueAt(data, issue.path);
  const missing = value === undefined;
  let problem: string;
  let fix: string;
  switch (issue.code) {
    case "invalid_type":
      problem = missing ? "missing" : `is ${kindOf(value)}, not ${article(issue.expected)}`;
      fix = missing ? `add it (${article(issue.expected)})` : `write ${article(issue.expected)} here`;
      break;
    case "too_small":
      problem =
        issue.origin === "string"
          ? Number(issue.minimum) <= 1
            ? "is empty"
            : `is shorter than ${issue.minimum} characters`
          : `has fewer than ${issue.minimum} ${unit(issue.origin)}`;
      fix = issue.origin === "string" ? "write the text" : `add ${unit(issue.origin)} up to at least ${issue.minimum}`;
      break;
    case "too_big":
      problem =
        issue.origin === "string" && typeof value === "string"
          ? `is ${value.trim().length} characters long, more than ${issue.maximum}`
          : `is longer than ${issue.maximum} ${unit(issue.origin)}`;
      fix =
        issue.origin === "string"
          ? `shorten it to ${issue.maximum} characters or fewer`
          : `keep at most ${issue.maximum} ${unit(issue.origin)}`;
      break;
    case "invalid_value":
      problem = missing ? "missing" : `"${String(value)}" is not one of the choices`;
      fix = `use one of: ${issue.values.map((v) => String(v)).join(", ")}`;
      break;
    case "invalid_format":
      problem = `"${String(value)}" is not in the right form`;
      fix = `write ${issue.message.startsWith("Invalid") ? `it as ${issue.format}` : issue.message}`;
      break;
    case "unrecognized_keys":
      problem = `has a field this kind of content does not use: ${issue.keys.join(", ")}`;
      fix = "check its spelling against the other entries, or remove it";
      break;
    default:
      problem = issue.message;
      fix = "correct the value";
  }
  return `${where}: ${problem}. Fix: ${fix}`;
}

/** The Markdown text below the front matter, read as paragraphs (a list the owner never sees as one). */
function describeBodyIssue(issue: z.core.$ZodIssue): string {
  const paragraph = typeof issue.path[1] === "number" ? `, paragraph ${issue.path[1] + 1}` : "";
  const where = `the text below the front matter${paragraph}`;
  switch (issue.code) {
    case "too_small":
      return issue.origin === "array"
        ? `${where}: has fewer than ${issue.minimum} paragraphs. Fix: write at least ${issue.minimum} paragraphs, with an empty line between them`
        : `${where}: is empty. Fix: write the text`;
    case "too_big":
      return issue.origin === "array"
        ? `${where}: has more than ${issue.maximum} paragraphs. Fix: keep at most ${issue.maximum} (an empty line starts a new paragraph)`
        : `${where}: is longer than ${issue.maximum} characters. Fix: shorten it to ${issue.maximum} characters or fewer`;
    default:
      return `${where}: ${issue.message}. Fix: write plain paragraphs with an empty line between them`;
  }
}

function describePath(issuePath: PropertyKey[], data: unknown): string {
  if (issuePath.length === 0) return "the file";
  const parts: string[] = [];
  let node: unknown = data;
  for (const key of issuePath) {
    if (typeof key === "number") {
      const entry = Array.isArray(node) ? node[key] : undefined;
      const label = isRecord(entry)
        ? (entry.id ?? entry.slug ?? entry.title ?? entry.question ?? entry.name)
        : undefined;
      parts.push(
        `#${key + 1}${typeof label === "string" ? ` ("${label.length > 40 ? `${label.slice(0, 40)}…` : label}")` : ""}`,
      );
    } else {
      parts.push(String(key));
    }
    node = isRecord(node) || Array.isArray(node) ? (node as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return parts.join(" › ");
}

function valueAt(data: unknown, issuePath: PropertyKey[]): unknown {
  let node = data;
  for (const key of issuePath)
    node = isRecord(node) || Array.isArray(node) ? (node as Record<PropertyKey, unknown>)[key] : undefined;
  return node;
}

const kindOf = (value: unknown) =>
  Array.isArray(value)
    ? "a list"
    : value === null
      ? "empty"
      : isRecord(value)
        ? "a group of fields"
        : `${article(typeof value)} (${JSON.stringify(value)})`;
const article = (type: string) =>
  ({
    string: "a text",
    number: "a number",
    boolean: "true or false",
    array: "a list",
    object: "a group of fields",
    date: "a date",
  })[type] ?? type;
const unit = (origin: string) =>
  origin === "array" ? "items" : origin === "string" ? "characters" : origin === "number" ? "" : "entries";
