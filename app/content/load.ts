/**
 * Reads a content collection from content/ and validates it with its schema (./collections.ts).
 *
 * Node code (server.ts, scripts, tests) calls this directly and reads the files. Code that Vite builds
 * (the pages, the browser bundle, the server bundle) never reads a file at run time: the content plugin
 * (./vite-plugin.ts) runs this same function at build time and writes the validated data in place of each
 * `loadCollection("name")` call, so an invalid file fails the build (docs/decisions/015-content-collections.md).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { YAMLParseError, parse as parseYaml } from "yaml";
import type { z } from "zod";
import { type Collection, type CollectionName, type CollectionOutput, collections } from "./collections.ts";

/** The content/ folder beside app/ (CONTENT_DIR overrides it, for the tests that edit a copy). */
export const defaultContentDir = () => process.env.CONTENT_DIR || fileURLToPath(new URL("../../content/", import.meta.url));

/** A content file that cannot be used: the message names the file, the field and the fix. */
export class ContentError extends Error {
  override name = "ContentError";
  readonly file: string;
  readonly problems: string[];
  constructor(file: string, problems: string[]) {
    super(`${file} has ${problems.length === 1 ? "a problem" : `${problems.length} problems`}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
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

export function loadCollection<N extends CollectionName>(name: N, contentDir = defaultContentDir()): CollectionOutput<N> {
  const collection = collections[name] as Collection;
  if (collection.kind === "file") {
    const file = collection.file;
    return validate(collection.schema, readYaml(contentDir, file), `content/${file}`) as CollectionOutput<N>;
  }
  const entries = collectionFiles(name, contentDir).map((file) => {
    const slug = path.basename(file).replace(/\.(md|yaml)$/, "");
    const source = readText(contentDir, file);
    const data = collection.format === "markdown" ? readMarkdown(source, `content/${file}`, collection.body ?? "body") : parseYamlText(source, `content/${file}`);
    if (!isRecord(data)) throw new ContentError(`content/${file}`, ["the file must hold named fields (name: value), one per line"]);
    if ("slug" in data && data.slug !== slug) {
      throw new ContentError(`content/${file}`, [`slug: "${String(data.slug)}" differs from the file name. Fix: rename the file to ${String(data.slug)}${path.extname(file)}, or remove the slug line`]);
    }
    return validate(collection.schema, { ...data, slug }, `content/${file}`);
  });
  return entries as CollectionOutput<N>;
}

function readText(contentDir: string, file: string) {
  try {
    return readFileSync(path.join(contentDir, file), "utf8").replace(/\r\n/g, "\n");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new ContentError(`content/${file}`, ["the file is missing. Fix: restore it (git checkout) or create it"]);
    throw error;
  }
}

function readYaml(contentDir: string, file: string): unknown {
  return parseYamlText(readText(contentDir, file), `content/${file}`);
}

function parseYamlText(source: string, file: string): unknown {
  try {
    return parseYaml(source, { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    if (error instanceof YAMLParseError) {
      const where = error.linePos?.[0] ? `line ${error.linePos[0].line}, column ${error.linePos[0].col}` : "somewhere";
      const first = error.message.split("\n")[0];
      throw new ContentError(file, [`${where}: ${first}. Fix: check the indentation, the colon after the field name and the quotes on that line (text with a colon or # in it needs quotes)`]);
    }
    throw error;
  }
}

/** Front matter between --- lines, then the Markdown body (given to the schema as the field `bodyField`). */
function readMarkdown(source: string, file: string, bodyField: string): unknown {
  const match = /^---\n([\s\S]*?)\n---\n?([\s\S]*)$/.exec(source);
  if (!match) throw new ContentError(file, ["the front matter is missing. Fix: start the file with a line of three dashes (---), the fields, and another --- line"]);
  const data = parseYamlText(match[1] ?? "", file);
  if (!isRecord(data)) throw new ContentError(file, ["the front matter must hold named fields (name: value), one per line"]);
  return { ...data, [bodyField]: (match[2] ?? "").trim() };
}

function validate<S extends z.ZodType>(schema: S, data: unknown, file: string): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw new ContentError(
    file,
    result.error.issues.map((issue) => describeIssue(issue, data)),
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** "faq entry 14 (“Do you …”), answer: missing. Fix: …" — in words the owner can act on. */
export function describeIssue(issue: z.core.$ZodIssue, data: unknown): string {
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
      problem = issue.origin === "string" ? (Number(issue.minimum) <= 1 ? "is empty" : `is shorter than ${issue.minimum} characters`) : `has fewer than ${issue.minimum} ${unit(issue.origin)}`;
      fix = issue.origin === "string" ? "write the text" : `add ${unit(issue.origin)} up to at least ${issue.minimum}`;
      break;
    case "too_big":
      problem = `is longer than ${issue.maximum} ${unit(issue.origin)}`;
      fix = issue.origin === "string" ? `shorten it to ${issue.maximum} characters or fewer` : `keep at most ${issue.maximum} ${unit(issue.origin)}`;
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

function describePath(issuePath: PropertyKey[], data: unknown): string {
  if (issuePath.length === 0) return "the file";
  const parts: string[] = [];
  let node: unknown = data;
  for (const key of issuePath) {
    if (typeof key === "number") {
      const entry = Array.isArray(node) ? node[key] : undefined;
      const label = isRecord(entry) ? (entry.id ?? entry.slug ?? entry.title ?? entry.question ?? entry.name) : undefined;
      parts.push(`#${key + 1}${typeof label === "string" ? ` ("${label.length > 40 ? `${label.slice(0, 40)}…` : label}")` : ""}`);
    } else {
      parts.push(String(key));
    }
    node = isRecord(node) || Array.isArray(node) ? (node as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return parts.join(" › ");
}

function valueAt(data: unknown, issuePath: PropertyKey[]): unknown {
  let node = data;
  for (const key of issuePath) node = isRecord(node) || Array.isArray(node) ? (node as Record<PropertyKey, unknown>)[key] : undefined;
  return node;
}

const kindOf = (value: unknown) => (Array.isArray(value) ? "a list" : value === null ? "empty" : isRecord(value) ? "a group of fields" : `${article(typeof value)} (${JSON.stringify(value)})`);
const article = (type: string) => ({ string: "a text", number: "a number", boolean: "true or false", array: "a list", object: "a group of fields", date: "a date" })[type] ?? type;
const unit = (origin: string) => (origin === "array" ? "items" : origin === "string" ? "characters" : origin === "number" ? "" : "entries");
