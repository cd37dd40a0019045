/**
 * The validation layer of LeadForm: Conform's form engine with the form's Zod schema. It is not in any
 * page's first load; LeadForm imports it on the visitor's first interaction with a form
 * (docs/decisions/005-loading-strategy.md). It renders nothing: LeadForm keeps rendering the markup, and
 * this component hands it Conform's errors and submit handler.
 */
import { type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useLayoutEffect, useMemo } from "react";
import type { z } from "zod";

export type FieldErrors = Record<string, string[] | null | undefined>;

export interface ValidationState {
  /** Conform's errors by field name ("" for the whole form), exactly as its metadata reports them. */
  errors: FieldErrors;
  /** Conform's submit handler: validates, then calls `send` with the form data when it is valid. */
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void;
}

export function Validation({
  id,
  schema,
  lastResult,
  defaultValue,
  send,
  onState,
}: {
  id: string;
  schema: z.ZodType;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Record<string, unknown>;
  send: (formData: FormData) => void;
  onState: (state: ValidationState) => void;
}) {
  const constraint = useMemo(() => getZodConstraint(schema), [schema]);
  const [form] = useForm<Record<string, unknown>, unknown, string[]>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: (event, { submission, formData }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      send(formData);
    },
  });
  // Reading allErrors subscribes this component to every error change.
  const errors = form.allErrors as FieldErrors;
  const onSubmit = form.onSubmit;
  useLayoutEffect(() => onState({ errors, onSubmit }), [errors, onSubmit, onState]);
  return null;
}
