/**
 * The Zod-free field rules (./field-rules.ts) say what the schemas say: for every lead form, on generated
 * inputs, the page's script (rules) and the app and server (Conform with the form's Zod schema) find the same
 * fields wrong, in the same order, with the same first message.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { business } from "../content/business.ts";
import { type FormRules, type FormRulesName, fieldProblem, formRules } from "./field-rules.ts";
import { availabilityOptions, contactMethods, serviceTypeOptions, servicesNeededOptions } from "./options.ts";
import { pricingRequestSchema } from "./pricing.ts";
import { applicationSchema, contactSchema, estimateSchema, newsletterSchema } from "./schemas.ts";

const positions = ["crew-member", "crew-lead"] as const;
/** The values each choice field's controls offer. */
const choices: Record<string, readonly string[]> = {
  serviceType: serviceTypeOptions.map((o) => o.value),
  servicesNeeded: servicesNeededOptions.map((o) => o.value),
  contactMethod: contactMethods.map((o) => o.value),
  availability: availabilityOptions.map((o) => o.value),
  position: positions,
};
/** The price inputs "Request this estimate" carries (set from the price form; not the visitor's to type). */
const priceInputs = { service: "house-washing", sqft: "2000", stories: "1", siding: "vinyl" };

const schemas: Record<FormRulesName, z.ZodType> = {
  estimate: estimateSchema,
  contact: contactSchema,
  newsletter: newsletterSchema,
  application: applicationSchema(positions),
  pricing: pricingRequestSchema,
};
const tables = formRules(business.phone.display);

/** Texts near every rule's edges: empty, blank, hidden characters, formats right and wrong, around each limit. */
const textValue = fc.oneof(
  fc.constantFrom(
    "",
    "   ",
    "\u200E",
    " a ",
    "Ana",
    "name@example.com",
    "a@b",
    "x@y.co",
    " (208) 555-0134 ",
    "1-208-555-0134",
  ),
  fc.constantFrom("2085550134", "12345", "555-0134", "83646", "83646-1234", "836461234", "8364", "abcde", "a\u202Eb"),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: fc.constantFrom("a", "1", " ", "@", ".", "\u200F", "\t", "\n", "-", "é"), maxLength: 70 }),
  fc
    .tuple(
      fc.constantFrom(30, 50, 60, 254, 1000, 2000),
      fc.integer({ min: -2, max: 2 }),
      fc.constantFrom("a", " a", "1"),
    )
    .map(([max, delta, unit]) => `${unit.repeat(Math.max(0, max + delta))}${unit === " a" ? "@b.co" : ""}`),
);

function inputs(rules: FormRules) {
  const fields = Object.entries(rules.fields).map(([name, rule]) => {
    const value =
      rule.kind === "text"
        ? textValue.map((v) => [v])
        : rule.kind === "consent"
          ? fc.constantFrom<string[]>([], ["on"])
          : rule.many
            ? fc.subarray([...choices[name]!])
            : fc.oneof(
                fc.constant<string[]>([]),
                fc.constantFrom(...choices[name]!).map((v) => [v]),
                fc.string().map((v) => [v]),
              );
    return value.map((values): [string, string[]] => [name, values]);
  });
  return fc.tuple(...fields);
}

/** The schema's messages as Conform gives them to the page: the first of each field, in order. */
function schemaSays(schema: z.ZodType, data: FormData, names: readonly string[]) {
  const submission = parseWithZod(data, { schema });
  const said = new Map<string, string>();
  for (const [path, messages] of Object.entries(submission.status === "error" ? submission.error! : {})) {
    const name = path.replace(/\[.*$/, "");
    if (names.includes(name) && messages?.[0] && !said.has(name)) said.set(name, messages[0]);
  }
  return [...said];
}

/** The rules' messages as the page's script shows them: each field's own, or the rule between fields. */
function rulesSay(rules: FormRules, data: FormData) {
  const value = (name: string) => (data.get(name) as string | null) ?? undefined;
  const across = rules.across?.(value) ?? {};
  const said: [string, string][] = [];
  for (const [name, rule] of Object.entries(rules.fields)) {
    const message = fieldProblem(rule, data.getAll(name) as string[], choices[name]) ?? across[name];
    if (message) said.push([name, message]);
  }
  return said;
}

describe("the field rules and the schemas", () => {
  for (const [form, rules] of Object.entries(tables) as [FormRulesName, FormRules][]) {
    it(`${form}: the same fields wrong, in the same order, with the same message`, () => {
      fc.assert(
        fc.property(inputs(rules), (fields) => {
          const data = new FormData();
          if (form === "pricing") for (const [name, value] of Object.entries(priceInputs)) data.append(name, value);
          for (const [name, values] of fields) for (const value of values) data.append(name, value);
          expect(rulesSay(rules, data)).toEqual(schemaSays(schemas[form], data, Object.keys(rules.fields)));
        }),
        { numRuns: 400 },
      );
    });

    it(`${form}: names every field of its schema`, () => {
      const shape = (schemas[form] as unknown as { shape?: Record<string, unknown> }).shape;
      const names = Object.keys(shape ?? (schemas[form] as z.ZodObject).def.shape).filter(
        (name) => !(form === "pricing" && name in priceInputs) && !["feet", "pitch"].includes(name),
      );
      expect(Object.keys(rules.fields)).toEqual(names);
    });
  }

  it("finds an empty required field, a bad e-mail and a missing consent wrong (the rules are not vacuous)", () => {
    const data = new FormData();
    data.append("email", "name@");
    expect(rulesSay(tables.estimate, data).map(([name]) => name)).toEqual([
      "firstName",
      "lastName",
      "email",
      "phone",
      "zipcode",
      "agreed",
    ]);
  });
});
