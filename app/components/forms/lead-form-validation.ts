/**
 * The validator of LeadForm: the form's Zod schema through Conform's Zod adapter. It is not in any page's
 * start; LeadForm imports it on the visitor's first interaction with a form
 * (docs/decisions/005-loading-strategy.md), and hands it to Conform's useForm as `onValidate`.
 */
import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

/** Validates the form's data for Conform's `onValidate`: a submission with the errors by field, or the value. */
export type Validator = (formData: FormData) => Submission<unknown, string[]>;

export function zodValidator(schema: z.ZodType): Validator {
  return (formData) => parseWithZod(formData, { schema }) as Submission<unknown, string[]>;
}
