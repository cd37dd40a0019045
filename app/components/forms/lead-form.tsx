/**
 * The shell every lead form shares: progressive enhancement (a plain POST without JavaScript, a fetcher
 * with it), Conform validation with the form's Zod schema, an error summary that links to each field,
 * the honeypot, the idempotency key, fill time and attribution, and the confirmation.
 */
import { type FormMetadata, getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { CircleCheck, LoaderCircle } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { META } from "~/forms/meta";
import type { Confirmation, LeadActionData } from "~/forms/result";
import { readAttribution } from "~/lib/attribution";

export type { Confirmation, LeadActionData };

type Values = Record<string, any>;
type FieldsetOf<V extends Values> = ReturnType<FormMetadata<V, string[]>["getFieldset"]>;

export function LeadForm<V extends Values>({
  id,
  action,
  schema,
  source,
  submitLabel,
  actionData,
  encType,
  phone,
  children,
  className = "space-y-4",
  onSuccess,
  defaultValue,
}: {
  id: string;
  action: string;
  schema: z.ZodType<unknown, V>;
  /** Where on the site this form sits, e.g. "sidebar" or "holiday-modal". */
  source: string;
  submitLabel: string;
  /** The action's answer when the page itself was the POST target (no JavaScript). */
  actionData?: LeadActionData;
  encType?: "multipart/form-data";
  phone: { display: string; href: string };
  children: (fields: FieldsetOf<V>, form: FormMetadata<V, string[]>) => React.ReactNode;
  className?: string;
  onSuccess?: () => void;
  /** Initial values, e.g. a position chosen on the careers page. */
  defaultValue?: Partial<V>;
}) {
  const fetcher = useFetcher<LeadActionData>({ key: id });
  const answer = fetcher.data ?? actionData;
  const summaryRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const idem = useRef("");
  const startedAt = useRef(0);
  const uid = useId();

  const [form, fields] = useForm<V, unknown, string[]>({
    id,
    lastResult: fetcher.state === "idle" ? answer?.result : undefined,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: (event, { submission, formData }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      // Added only with JavaScript: without it the server falls back to a fingerprint and the Referer.
      const attribution = readAttribution();
      formData.set(META.key, idem.current);
      formData.set(META.elapsed, String(Math.round(performance.now() - startedAt.current)));
      formData.set(META.page, attribution.page);
      formData.set(META.landing, attribution.landing);
      formData.set(META.referrer, attribution.referrer);
      fetcher.submit(formData, { method: "post", action, encType: encType ?? "application/x-www-form-urlencoded" });
    },
  });

  // A key made when the form is first shown: a resubmission of the same request is stored once.
  useEffect(() => {
    idem.current = crypto.randomUUID();
    startedAt.current = performance.now();
  }, []);

  const errorCount = Object.values(form.allErrors).filter((e) => e?.length).length;
  useEffect(() => {
    if (attempt > 0 && errorCount > 0) summaryRef.current?.focus();
  }, [attempt, errorCount, answer]);

  const succeeded = Boolean(answer?.confirmation);
  useEffect(() => {
    if (succeeded) onSuccess?.();
  }, [succeeded, onSuccess]);

  if (succeeded && answer?.confirmation) {
    return <ConfirmationPanel confirmation={answer.confirmation} phone={phone} />;
  }

  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={action}
      encType={encType}
      {...getFormProps(form)}
      // Counts every submit attempt, including those the browser-side validation stops.
      onSubmitCapture={() => setAttempt((n) => n + 1)}
      className={className}
    >
      {errorCount > 0 ? (
        <div ref={summaryRef} tabIndex={-1} role="alert" aria-labelledby={`${uid}-summary`} className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm text-red-900">
          <p id={`${uid}-summary`} className="font-semibold">
            Please fix {errorCount === 1 ? "1 field" : `${errorCount} fields`}:
          </p>
          <ul className="mt-1 list-disc pl-5">
            {Object.entries(form.allErrors)
              .filter(([, errors]) => errors?.length)
              .map(([name, errors]) => (
                <li key={name}>
                  <a className="underline" href={`#${form.id}-${name}`}>
                    {errors?.[0]}
                  </a>
                </li>
              ))}
          </ul>
        </div>
      ) : null}
      {form.errors?.length ? <p className="text-sm font-medium text-red-700">{form.errors[0]}</p> : null}
      <input type="hidden" name={META.source} value={source} />
      <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
        <label>
          Leave this field empty
          <input type="text" name={META.honeypot} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {children(fields, form)}
      <button type="submit" className="btn-primary w-full" disabled={busy} aria-disabled={busy}>
        {busy ? <LoaderCircle className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
        {busy ? "Sending…" : submitLabel}
      </button>
    </fetcher.Form>
  );
}

export function ConfirmationPanel({ confirmation, phone }: { confirmation: Confirmation; phone: { display: string; href: string } }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} role="status" className="rounded-lg border-2 border-green-700 bg-green-50 p-4 text-slate-800">
      <p className="flex items-center gap-2 text-lg font-bold text-green-900">
        <CircleCheck className="size-6" aria-hidden="true" />
        {confirmation.title}
      </p>
      <p className="mt-2">{confirmation.message}</p>
      {confirmation.inServiceArea === true ? <p className="mt-2">Good news: your ZIP code is inside our regular service area.</p> : null}
      {confirmation.inServiceArea === false ? (
        <p className="mt-2">
          Your ZIP code is outside the area we usually serve. We will confirm whether we can cover your location when we reply.
        </p>
      ) : null}
      <p className="mt-2">
        Urgent job? Call us at{" "}
        <a href={phone.href} className="font-semibold text-brand-700 underline">
          {phone.display}
        </a>
        .
      </p>
    </div>
  );
}
