/**
 * The browser editor's configuration agrees with the content schemas, for whatever collections
 * ./collections.ts holds: every field, its required mark, its limits and its choices. Each limit is checked by
 * behaviour: values at and around the schema's bounds are given to the schema (Zod) and to the rule Decap
 * applies with the generated field (presence, pattern, min/max, options), and both must accept the same ones.
 * A document built from the configuration's required fields, as Decap saves it, passes the schema.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { type DecapCollection, type DecapField, decapConfig, decapConfigYaml, jsonSchemaOf } from "./cms-config.ts";
import { type Collection, collections } from "./collections.ts";

const config = decapConfig({
  backend: { repo: "owner/site", branch: "main", authUrl: "https://auth.example.com" },
  siteUrl: "https://www.example.com",
});
const entries = Object.entries(collections) as [string, Collection][];

/** The fields of a collection's entry as Decap edits them. */
function fieldsOf(decap: DecapCollection): DecapField[] {
  return decap.files?.[0]?.fields ?? decap.fields ?? [];
}

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  entries?: Record<string, string>;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The schema a file's value is checked with (the input side of transforms), and whether it may be left out. */
function unwrap(schema: z.ZodType): { schema: z.ZodType; optional: boolean } {
  let optional = false;
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (def.type === "optional" || def.type === "default") {
      optional = true;
      current = def.innerType!;
    } else if (def.type === "pipe" && def.in) current = def.in;
    else if (def.type === "nullable" || def.type === "readonly") current = def.innerType!;
    else return { schema: current, optional };
  }
}

/** What Decap accepts for a field: presence when required, then its pattern, or else its bounds and options. */
function decapAccepts(field: DecapField, value: unknown): boolean {
  const empty = value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0);
  if (empty) return field.required === false;
  // An image or file field's pattern is tested on the file's name (Decap 3.16's file widget: the value's basename).
  const tested = field.widget === "image" || field.widget === "file" ? String(value).split("/").pop()! : String(value);
  if (field.pattern) return new RegExp(field.pattern[0]).test(tested);
  if (field.widget === "number" && typeof value === "number")
    return (field.min === undefined || value >= field.min) && (field.max === undefined || value <= field.max);
  if (field.widget === "select") return optionValues(field).includes(String(value));
  return true;
}

const optionValues = (field: DecapField) =>
  field.options!.map((option) => (typeof option === "string" ? option : option.value));

/**
 * What Zod accepts, leaving out its custom refinements (a time zone Intl knows, an alt text that is not a file
 * name, rules across fields): the editor cannot state them, and the build refuses a file that breaks one
 * (decision 017), so there the editor may accept what the schema refuses, and nowhere else.
 */
const zodAccepts = (schema: z.ZodType, optional: boolean, value: unknown) => {
  if (value === undefined) return optional;
  const result = schema.safeParse(value);
  return result.success || result.error.issues.every((issue) => issue.code === "custom");
};

const bounds = (schema: z.ZodType) => jsonSchemaOf(schema) as Record<string, number | undefined>;

function stringCandidates(schema: z.ZodType): string[] {
  const { minLength = 1, maxLength = 300 } = bounds(schema);
  const lengths = [1, 2, minLength - 1, minLength, minLength + 1, maxLength - 1, maxLength, maxLength + 1].filter(
    (n) => n >= 1,
  );
  const paragraphs = (count: number, length = 40) =>
    Array.from({ length: count }, (_, i) => `Paragraph ${i + 1} `.padEnd(length, "x")).join("\n\n");
  return [
    ...[
      "",
      "house-washing",
      "Not a Slug!",
      "a-",
      "2026-03-12",
      "2026-02-30",
      "March 12, 2026",
      ...lengths.map((n) => "a".repeat(n)),
    ],
    // Forms: addresses, e-mail, phone, photo paths (any case), Markdown pages and paragraphs.
    ...[
      "https://www.example.com",
      "https://www.example.com/",
      "https://maps.example.com/?q=Boise",
      "http://www.example.com",
      "https://",
      "www.example.com",
      "owner@example.com",
      "owner@",
      "(208) 555-0134",
      "208-555-0134",
      "07:00",
      "19:00",
      "7:00 PM",
    ],
    ...[
      "photos/driveway-before.jpg",
      "photos/DRIVEWAY.JPG",
      "photos/a.heic",
      "driveway.jpg",
      "# Privacy Policy\n\nWe keep what you send us.\n",
      "Privacy Policy\n\nText.",
      "12345",
      "ID",
    ],
    ...[
      paragraphs(1),
      paragraphs(2),
      paragraphs(3),
      paragraphs(4),
      paragraphs(2, maxLength),
      paragraphs(2, maxLength + 1),
      "One\nline.\n\n  Two,\n  indented.",
    ],
  ];
}

/** Names of files an owner may upload: photos in any case, a phone's HEIC, other kinds of file, a name with spaces. */
const fileNameCandidates = [
  "driveway-before.jpg",
  "DRIVEWAY.JPG",
  "IMG_2041.jpeg",
  "roof after.png",
  "deck.webp",
  "a.avif",
  "scan.tif",
  "a.heic",
  "notes.pdf",
  "driveway",
  ".jpg",
];

function numberCandidates(schema: z.ZodType, int: boolean): number[] {
  const b = bounds(schema);
  const edges = [b.minimum, b.maximum, b.exclusiveMinimum, b.exclusiveMaximum].filter(
    (v): v is number => v !== undefined && Math.abs(v) < Number.MAX_SAFE_INTEGER,
  );
  const around = edges.flatMap((e) => [e - 1, e - 0.01, e, e + 0.01, e + 1]);
  const all = [0, 0.5, 1, 1.5, 2, -1, ...around].map((n) => Math.round(n * 100) / 100);
  // Decap's number box for whole numbers keeps the whole part of what is typed: it never saves 1.5 there.
  return [...new Set(int ? all.filter(Number.isInteger) : all)];
}

/** Checks one field against its schema, and the fields of a group against the group's shape. */
function agree(field: DecapField, schema: z.ZodType, where: string, inOptionalGroup: boolean) {
  const { schema: leaf, optional } = unwrap(schema);
  const def = defOf(leaf);
  // Inside a group that may be left out, Decap cannot ask for a field only when the group is given (cms-config.ts).
  expect(field.required !== false, `${where}: required`).toBe(!optional && !inOptionalGroup);
  const check = (value: unknown) => {
    if (value === undefined || value === "") return; // presence: checked above
    // The field's whole schema decides, checks after a transform included (a date's form).
    expect(decapAccepts(field, value), `${where}: ${JSON.stringify(value)}`).toBe(zodAccepts(schema, optional, value));
  };
  switch (def.type) {
    case "union": // a text or a date read from YAML: edited as text
    case "string":
      expect(["string", "text", "markdown", "image", "file", "select"], where).toContain(field.widget);
      if (field.widget === "select") {
        // The slug of another collection's entry: the editor offers today's entries, each a value the schema accepts.
        for (const value of optionValues(field))
          expect(zodAccepts(schema, optional, value), `${where}: ${value}`).toBe(true);
        expect(decapAccepts(field, "not-one-of-the-entries"), where).toBe(false);
        break;
      }
      if (field.widget === "image" || field.widget === "file") {
        // The media library writes "<public_folder>/<file name>", and nothing else: no web address instead of a file.
        expect(field.choose_url, `${where}: Replace with URL`).toBe(false);
        for (const name of fileNameCandidates) check(`${field.public_folder}/${name}`);
        break;
      }
      for (const value of stringCandidates(leaf)) check(value);
      break;
    case "number": {
      expect(field.widget, where).toBe("number");
      const int = (jsonSchemaOf(leaf) as { type?: string }).type === "integer";
      expect(field.value_type, where).toBe(int ? "int" : "float");
      for (const value of numberCandidates(leaf, int)) check(value);
      break;
    }
    case "boolean":
      expect(field.widget, where).toBe("boolean");
      break;
    case "enum":
      expect(field.widget, where).toBe("select");
      expect(optionValues(field), where).toEqual(Object.values(def.entries!).map(String));
      for (const value of [...optionValues(field), "not one of the choices"]) check(value);
      break;
    case "array": {
      expect(field.widget, where).toBe("list");
      const { minItems, maxItems } = bounds(leaf);
      expect(field.min, `${where}: fewest items`).toBe(minItems && minItems > 0 ? minItems : undefined);
      expect(field.max, `${where}: most items`).toBe(maxItems);
      const item = defOf(unwrap(def.element!).schema);
      if (item.type === "object") agreeFields(field.fields!, def.element!, `${where}[]`, false);
      else agree(field.field!, def.element!, `${where}[]`, false);
      break;
    }
    case "literal": {
      // One allowed value (a state: ID): a choice of one.
      const values = (def as unknown as { values: unknown[] }).values.map(String);
      expect(field.widget, where).toBe("select");
      expect(optionValues(field), where).toEqual(values);
      for (const value of [...values, "not the value"]) check(value);
      break;
    }
    case "tuple": {
      // A fixed-length list of numbers (coordinates): as many items as the schema's, each number within the
      // range covering every position; every value a position accepts, the editor accepts.
      const items = (def as unknown as { items: z.ZodType[] }).items;
      expect(field.widget, where).toBe("list");
      expect([field.min, field.max], `${where}: items`).toEqual([items.length, items.length]);
      expect(field.field?.widget, where).toBe("number");
      items.forEach((item, index) => {
        const int = (jsonSchemaOf(item) as { type?: string }).type === "integer";
        for (const value of numberCandidates(item, int))
          if (item.safeParse(value).success)
            expect(decapAccepts(field.field!, value), `${where}[${index}]: ${value}`).toBe(true);
      });
      break;
    }
    case "object":
      expect(field.widget, where).toBe("object");
      agreeFields(field.fields!, leaf, where, inOptionalGroup || optional);
      break;
    default:
      throw new Error(`${where}: a field of type ${def.type} has no check here yet; add one`);
  }
}

function agreeFields(
  fields: DecapField[],
  schema: z.ZodType,
  where: string,
  inOptionalGroup: boolean,
  skip: string[] = [],
) {
  const shape = defOf(unwrap(schema).schema).shape!;
  expect(
    fields.map((f) => f.name),
    `${where}: the fields`,
  ).toEqual(Object.keys(shape).filter((key) => !skip.includes(key) && editable(key, shape[key]!)));
  for (const field of fields) agree(field, shape[field.name]!, `${where}.${field.name}`, inOptionalGroup);
}

/** Whether the editor can name a field by this key (no spaces, no dots); other keys are left out, their values kept. */
const isFieldName = (key: string) => /^[\w-]+$/.test(key);
/** The schema at a path of a document (object keys, list positions). */
const schemaAt = (schema: z.ZodType, at: PropertyKey[]): z.ZodType =>
  at.reduce<z.ZodType>((inner, key) => {
    const def = defOf(unwrap(inner).schema);
    return def.type === "array" ? def.element! : (def.shape?.[String(key)] ?? z.never());
  }, schema);
/** Whether the editor shows this key: a field name, and not a group of keys none of which is one. */
const editable = (key: string, schema: z.ZodType): boolean => {
  if (!isFieldName(key)) return false;
  const def = defOf(unwrap(schema).schema);
  return def.type !== "object" || Object.keys(def.shape!).some(isFieldName);
};

/** A value for each required field, as Decap saves an entry whose owner filled only those (distinct, in range). */
function documentFrom(fields: DecapField[], counter = { n: 0 }): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.required === false) continue;
    doc[field.name] = valueFor(field, counter);
  }
  return doc;
}

function valueFor(field: DecapField, counter: { n: number }): unknown {
  const n = ++counter.n;
  switch (field.widget) {
    case "number": {
      const min = field.min ?? 0;
      const step = field.value_type === "int" ? 1 : 0.01;
      const value = Math.min(min + n * step, field.max ?? Infinity);
      return Math.round(value * 100) / 100;
    }
    case "boolean":
      return false;
    case "select":
      return optionValues(field)[0];
    case "list": {
      const count = Math.max(field.min ?? 1, 1);
      return Array.from({ length: count }, () =>
        field.fields ? documentFrom(field.fields, counter) : valueFor(field.field!, counter),
      );
    }
    case "object":
      return documentFrom(field.fields!, counter);
    case "image":
    case "file": {
      // What the media library writes: the public folder and the name of an uploaded file its pattern accepts.
      const name =
        fileNameCandidates.find((c) => !field.pattern || new RegExp(field.pattern[0]).test(c)) ?? fileNameCandidates[0];
      return `${field.public_folder}/${name}`;
    }
    default: {
      // Distinct texts first; for a field with a form, a value of that form (the candidates above).
      const candidates = [
        `entry-${n}`,
        `Entry ${n}`,
        `${n}`,
        `Entry ${n}, described in enough words`,
        ...stringCandidates(z.string()),
      ];
      return candidates.find((c) => !field.pattern || new RegExp(field.pattern[0]).test(c)) ?? candidates[0];
    }
  }
}

describe("the browser editor's configuration", () => {
  it("has one collection for each content collection, with its label and file or folder", () => {
    expect(config.collections.map((c) => c.name)).toEqual(entries.map(([name]) => name));
    for (const [name, collection] of entries) {
      const decap = config.collections.find((c) => c.name === name)!;
      expect(decap.label).toBe(collection.label);
      if (collection.kind === "file") expect(decap.files?.map((f) => f.file)).toEqual([`content/${collection.file}`]);
      else {
        expect(decap.folder).toBe(`content/${collection.folder}`);
        expect(decap.format).toBe(collection.format === "markdown" ? "frontmatter" : "yaml");
        expect(decap.slug).toBe("{{slug}}");
        const names = (decap.fields ?? []).map((f) => f.name);
        // Decap names a new entry's file from a field; a collection without one is listed by file name and cannot add entries.
        if (decap.create) expect(names).toContain(decap.identifier_field ?? "title");
        else expect(decap.summary).toBe("{{filename}}");
      }
    }
  });

  it.each(entries)(
    "asks for the fields of %s with the schema's required marks, limits and choices",
    (name, collection) => {
      const decap = config.collections.find((c) => c.name === name)!;
      const fields = fieldsOf(decap);
      if (collection.kind === "folder") {
        // The file name is the slug; Markdown's text is Decap's body field.
        const renamed = fields.map((f) =>
          f.name === "body" && collection.format === "markdown"
            ? { ...f, name: collection.body ?? "body", widget: "text" }
            : f,
        );
        if (collection.format === "markdown") expect(fields.find((f) => f.name === "body")?.widget).toBe("markdown");
        agreeFields(renamed, collection.schema, name, false, ["slug"]);
      } else {
        agreeFields(fields, collection.schema, name, false);
      }
    },
  );

  it.each(entries)("builds, from the required fields of %s, a document that the schema accepts", (name, collection) => {
    const decap = config.collections.find((c) => c.name === name)!;
    const doc = documentFrom(fieldsOf(decap));
    if (collection.kind === "folder") {
      doc.slug = "an-entry";
      if (collection.format === "markdown" && collection.body && collection.body !== "body") {
        doc[collection.body] = doc.body;
        delete doc.body;
      }
    }
    // Left to the build (decision 017): custom refinements (a time zone, opening before closing) and the range of
    // each position of a fixed-length list (coordinates), which the editor gives one range for.
    const fixedLists = new Set(
      fieldsOf(decap).flatMap((f) =>
        f.widget === "list" && f.field && f.min !== undefined && f.min === f.max ? [f.name] : [],
      ),
    );
    const result = collection.schema.safeParse(doc);
    // A key the editor cannot name a field by is left out of it: its value stays as the file has it.
    const issues = (result.error?.issues ?? []).filter(
      (issue) =>
        issue.code !== "custom" &&
        !(issue.path.length === 2 && fixedLists.has(String(issue.path[0]))) &&
        !issue.path.some(
          (key, i) =>
            typeof key === "string" && !editable(key, schemaAt(collection.schema, issue.path.slice(0, i + 1))),
        ),
    );
    expect(issues, JSON.stringify(doc)).toEqual([]);
  });

  it("describes every collection for the owner, as collections.ts does", () => {
    for (const [name, collection] of entries) {
      expect(collection.description, `${name}: a description in collections.ts`).toMatch(/\S{3}/);
      expect(config.collections.find((c) => c.name === name)!.description).toBe(collection.description);
    }
  });

  it("is listed in the owner guide's table of collections, one row each, as collectionsTable() writes it", async () => {
    const { collectionsTable } = await import("./cms-config.ts");
    const readme = readFileSync(new URL("../../docs/owner-guide.md", import.meta.url), "utf8");
    const table = /<!-- collections: generated[^\n]*-->\n\n([\s\S]*?)\n\n/.exec(readme)?.[1];
    // On a difference, paste the expected table into docs/owner-guide.md (below the "collections: generated" comment).
    expect(table).toBe(collectionsTable());
    expect(table!.split("\n")).toHaveLength(entries.length + 2);
  });

  it("is YAML with the git backend and nothing for a local server (the editor works on local files in the browser)", () => {
    const yaml = decapConfigYaml(config);
    const parsed = parseYaml(yaml) as Record<string, unknown>;
    expect(parsed.backend).toMatchObject({
      name: "github",
      repo: "owner/site",
      branch: "main",
      base_url: "https://auth.example.com",
    });
    expect(parsed).not.toHaveProperty("local_backend");
    expect(parsed.media_folder).toBe("content/gallery/photos");
    expect(parsed.public_folder).toBe("photos");
  });

  it("maps a folder of Markdown posts with dates (the blog's front matter) to fields that agree with the schema", async () => {
    const { decapCollection } = await import("./cms-config.ts");
    const { postFrontmatter } = await import("./blog-schema.ts");
    const schema = postFrontmatter.extend({ text: z.string().min(1) }).strict();
    const decap = decapCollection("posts", {
      kind: "folder",
      folder: "blog",
      format: "markdown",
      body: "text",
      label: "Blog posts",
      schema,
    });
    expect(decap).toMatchObject({ folder: "content/blog", extension: "md", format: "frontmatter", slug: "{{slug}}" });
    expect(decap.fields!.find((f) => f.name === "body")).toMatchObject({ widget: "markdown", label: "Text" });
    const renamed = decap.fields!.map((f) => (f.name === "body" ? { ...f, name: "text", widget: "text" } : f));
    agreeFields(renamed, schema, "posts", false, ["slug"]);
  });

  it("maps describe() to a hint, meta({ title }) to a label and an image path to Decap's image widget", async () => {
    const { decapCollection } = await import("./cms-config.ts");
    const schema = z.strictObject({
      before: z
        .string()
        .min(1)
        .meta({ widget: "image", title: "Before photo" })
        .describe("The photo before the cleaning"),
      caption: z.string().max(500),
      tags: z.array(z.string().max(20)).min(1).max(3),
      kind: z.enum(["house", "roof"]).optional(),
    });
    const decap = decapCollection("photos", {
      kind: "folder",
      folder: "gallery",
      format: "yaml",
      body: "",
      label: "Gallery",
      schema,
    });
    expect(decap.fields).toEqual([
      expect.objectContaining({
        name: "before",
        label: "Before photo",
        widget: "image",
        hint: "The photo before the cleaning",
        media_folder: "photos",
        public_folder: "photos",
        choose_url: false,
      }),
      expect.objectContaining({ name: "caption", widget: "text" }),
      expect.objectContaining({
        name: "tags",
        widget: "list",
        min: 1,
        max: 3,
        field: expect.objectContaining({ widget: "string" }),
      }),
      expect.objectContaining({ name: "kind", widget: "select", required: false, options: ["house", "roof"] }),
    ]);
    agreeFields(decap.fields!, schema, "photos", false);
    // Decap needs a field that names each entry: without a title, identifier_field names one.
    expect(decap.identifier_field).toBe("caption");
  });

  it("lets the owner set each service's seasonal reminder: months after the job, or days of the year, optional", () => {
    const services = config.collections.find((c) => c.name === "services")!;
    const reminder = services.fields!.find((f) => f.name === "reminder")!;
    expect(reminder).toMatchObject({ widget: "object", label: "Seasonal reminder", required: false });
    expect(reminder.fields).toEqual([
      expect.objectContaining({ name: "everyMonths", widget: "number", value_type: "int", required: false, min: 1 }),
      expect.objectContaining({
        name: "dates",
        widget: "list",
        required: false,
        fields: [
          expect.objectContaining({ name: "month", widget: "number", min: 1, max: 12 }),
          expect.objectContaining({ name: "day", widget: "number", min: 1, max: 28 }),
          expect.objectContaining({ name: "what", widget: "string" }),
        ],
      }),
    ]);
  });
});
