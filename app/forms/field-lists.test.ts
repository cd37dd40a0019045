import { describe, expect, it } from "vitest";
import { z } from "zod";
import { unwrapped } from "./form-fields.ts";
import { PRICING_REQUEST_FIELDS, pricingRequestSchema } from "./pricing.ts";
import {
  APPLICATION_FIELDS,
  applicationSchema,
  CONTACT_FIELDS,
  contactSchema,
  ESTIMATE_FIELDS,
  estimateSchema,
  type FieldList,
  NEWSLETTER_FIELDS,
  newsletterSchema,
} from "./schemas.ts";

/**
 * Each lead form's field list (what the action reads from a body, derived from its definition) names exactly
 * its schema's fields, with the lists of checkboxes as repeated fields: a field the schema checks but the list
 * left out would be dropped from every request before validation.
 */
describe("the lead forms' field lists", () => {
  const forms: [string, z.ZodObject, FieldList][] = [
    ["estimate", estimateSchema, ESTIMATE_FIELDS],
    ["contact", contactSchema, CONTACT_FIELDS],
    ["newsletter", newsletterSchema, NEWSLETTER_FIELDS],
    ["application", applicationSchema(["crew-member"]), APPLICATION_FIELDS],
    ["pricing request", pricingRequestSchema, PRICING_REQUEST_FIELDS],
  ];
  for (const [name, schema, fields] of forms) {
    it(`${name}: the schema's fields, repeated ones as such`, () => {
      const entries = Object.entries(schema.shape as Record<string, z.ZodType>);
      const multiple = entries.filter(([, field]) => unwrapped(field) instanceof z.ZodArray).map(([key]) => key);
      const single = entries.map(([key]) => key).filter((key) => !multiple.includes(key));
      expect([...fields.single].sort()).toEqual(single.sort());
      expect([...(fields.multiple ?? [])].sort()).toEqual(multiple.sort());
      for (const file of [...(fields.files ?? []), ...(fields.fileLists ?? [])])
        expect(single, `${file} is a file input, read by the action, not the schema`).not.toContain(file);
    });
  }
});
