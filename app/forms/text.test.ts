import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { forbiddenIn, hostileText } from "../../tests/support/hidden-text.ts";
import { textFields } from "./text.ts";

/**
 * Every form's schema, found in this folder's modules (a schema, or a function named …Schema that makes one),
 * so a new form or a new field is checked without anyone listing it here.
 */
const modules = import.meta.glob<Record<string, unknown>>(["./*.ts", "!./*.test.ts"], { eager: true });
const schemas: [string, z.ZodType][] = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports).flatMap(([name, value]): [string, z.ZodType][] => {
    const where = `${file.replace("./", "")} ${name}`;
    if (value instanceof z.ZodType) return [[where, value]];
    if (typeof value === "function" && name.endsWith("Schema")) {
      const made = (value as (positions: readonly [string]) => unknown)(["crew-member"]);
      return made instanceof z.ZodType ? [[where, made]] : [];
    }
    return [];
  }),
);

/** The strings a schema reads, each with its path: through objects, wrappers, pipes, arrays and unions. */
function stringsOf(schema: z.ZodType, path: string): [string, z.ZodString][] {
  if (schema instanceof z.ZodString) return [[path, schema]];
  if (schema instanceof z.ZodObject)
    return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, field]) =>
      stringsOf(field, `${path}.${key}`),
    );
  const def = schema.def as {
    innerType?: z.ZodType;
    in?: z.ZodType;
    out?: z.ZodType;
    element?: z.ZodType;
    options?: z.ZodType[];
  };
  return [def.innerType, def.in, def.out, def.element, ...(def.options ?? [])]
    .filter((inner): inner is z.ZodType => inner instanceof z.ZodType)
    .flatMap((inner) => stringsOf(inner, path));
}

/** The one string that is not text: a password is only hashed, never stored or shown, and must match as typed. */
const NOT_TEXT = new Set(["admin.ts signInSchema.password"]);

const fields = schemas.flatMap(([name, schema]) => stringsOf(schema, name));

describe("every text field of every form goes through app/forms/text.ts", () => {
  it("finds the forms and their fields (the visitor's and the owner's)", () => {
    const paths = fields.map(([path]) => path);
    for (const expected of [
      "schemas.ts estimateSchema.firstName",
      "schemas.ts contactSchema.message",
      "schemas.ts contactSchema.city",
      "schemas.ts newsletterSchema.email",
      "schemas.ts applicationSchema.experience",
      "pricing.ts pricingRequestSchema.message",
      "pricing.ts pricingRequestSchema.sqft",
      "admin.ts signInSchema.email",
      "admin.ts statusSchema.note",
      "admin.ts proposeSchema.window",
      "admin.ts inboxFilterSchema.q",
      "booking.ts manageSchema.window",
      "booking.ts browseSchema.service",
    ])
      expect(paths).toContain(expected);
  });

  it("each string field is made by line() or multiline(), so it is cleaned before any other check", () => {
    const bare = fields.filter(([path, schema]) => !NOT_TEXT.has(path) && textFields.get(schema) === undefined);
    expect(bare.map(([path]) => path)).toEqual([]);
  });

  it("whatever a field accepts carries no hidden character (single-line fields: no tab or line break either)", () => {
    for (const [path, schema] of fields) {
      const kind = textFields.get(schema);
      if (!kind) continue;
      fc.assert(
        fc.property(hostileText(), (value) => {
          const parsed = schema.safeParse(value);
          if (parsed.success) expect(forbiddenIn(parsed.data, kind.lines), path).toEqual([]);
        }),
        { numRuns: 50 },
      );
    }
  });

  it("a hidden character is removed, not refused: the forms accept what the visitor saw", () => {
    const accepts = (path: string, value: string) => {
      const field = fields.find(([p]) => p === path)![1];
      return field.safeParse(value);
    };
    expect(accepts("schemas.ts estimateSchema.firstName", "Bob\u202Egnp.exe").data).toBe("Bobgnp.exe");
    expect(accepts("schemas.ts estimateSchema.lastName", "Nul\u0000Byte").data).toBe("NulByte");
    expect(accepts("schemas.ts estimateSchema.email", "jane\u200E@example.com").data).toBe("jane@example.com");
    expect(accepts("schemas.ts contactSchema.message", "one\r\ntwo\u2066").data).toBe("one\ntwo");
    expect(accepts("admin.ts statusSchema.note", "Called\u0007 back").data).toBe("Called back");
    // A field that holds nothing but hidden characters is empty, and says so.
    expect(accepts("schemas.ts estimateSchema.firstName", "\u202E\u0000").error?.issues[0]?.message).toBe(
      "Enter your first name",
    );
  });
});
