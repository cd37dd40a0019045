/**
 * The shell every lead form shares: progressive enhancement (a plain POST without JavaScript, a fetcher
 * with it), Conform validation with the form's Zod schema, an error summary that links to each field,
 * the honeypot, the idempotency key, fill time and attribution, and the confirmation.
 *
 * Loading (docs/decisions/005-loading-strategy.md): this shell renders the markup itself, from plain data
 * (the errors and the initial values) through Conform's prop helpers, so a page hydrates without Conform's
 * form engine or Zod. Both live in ./lead-form-validation, imported on the visitor's first interaction
 * with the form (pointer over it, touch, focus); from then on Conform validates and submits exactly as
 * before. A submit made before it has arrived waits for it; if it cannot be loaded, the form is sent as
 * it is and the server answers with the same schema's errors.
 */
import { type FormMetadata, getFormProps } from "@conform-to/react";
import { CircleCheck, LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { META } from "../../forms/meta.ts";
import type { Confirmation, LeadActionData } from "../../forms/result.ts";
import { readAttribution } from "../../lib/attribution.ts";
import { AreaNote } from "../area-note.tsx";
import type { FieldErrors, ValidationState } from "./lead-form-validation.tsx";
import { EstimateLine, ReferenceLine } from "./reference.tsx";

export type { Confirmation, LeadActionData };

type Values = Record<string, any>;
type FieldsetOf<V extends Values> = ReturnType<FormMetadata<V, string[]>["getFieldset"]>;
type Schema<V extends Values> = z.ZodType<unknown, V>;
/** The form's Zod schema, or a function importing it: then Zod is only loaded with the validation layer. */
export type SchemaSource<V extends Values> = Schema<V> | (() => Promise<Schema<V>>);

type Layer = { Validation: typeof import("./lead-form-validation.tsx").Validation; schema: z.ZodType };

let validationModule: Promise<typeof import("./lead-form-validation.tsx")> | undefined;
/** Imports the validation layer and the form's schema (once per page; a failed import is tried again later). */
function loadLayer(schema: SchemaSource<Values>): Promise<Layer> {
  validationModule ??= import("./lead-form-validation.tsx").catch((error: unknown) => {
    validationModule = undefined;
    throw error;
  });
  return Promise.all([validationModule, typeof schema === "function" ? schema() : schema]).then(
    ([module, resolved]) => ({
      Validation: module.Validation,
      schema: resolved as z.ZodType,
    }),
  );
}

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
  schema: SchemaSource<V>;
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
  const lastResult = fetcher.state === "idle" ? answer?.result : undefined;
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const [attempt, setAttempt] = useState(0);
  const idem = useRef("");
  // When the visitor was shown the form, on performance.now()'s clock, which counts from the page's navigation
  // start: 0 for a form in the server-rendered page (it was on screen from the page load, however much later
  // the app starts, decision 006), the time of the render for a form a client-side navigation showed. The
  // root marks the document hydrated after hydration (app/root.tsx), so a render before that is hydration.
  const [shownAt] = useState(() =>
    typeof document === "undefined" || !document.documentElement.dataset.hydrated ? 0 : performance.now(),
  );
  const uid = useId();

  // The validation layer: null until the first interaction; "failed" if it could not be loaded.
  const [layer, setLayer] = useState<Layer | "failed" | null>(null);
  const [validation, setValidation] = useState<ValidationState | null>(null);
  const loading = useRef(false);
  // A submit made before the layer was there: the button that sent it (null for Enter in a field).
  const pendingSubmit = useRef<HTMLElement | null | undefined>(undefined);

  const enhance = () => {
    if (loading.current) return;
    loading.current = true;
    loadLayer(schema as SchemaSource<Values>).then(setLayer, () => {
      loading.current = false;
      setLayer("failed");
    });
  };

  // A key made when the form is first shown: a resubmission of the same request is stored once.
  // After a client-side navigation the layer is usually loaded already: then it is attached at once.
  useEffect(() => {
    idem.current = crypto.randomUUID();
    if (validationModule) enhance();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form is first shown
  }, []);

  const send = useCallback(
    (formData: FormData) => {
      // Added only with JavaScript: without it the server falls back to a fingerprint and the Referer.
      const attribution = readAttribution();
      formData.set(META.key, idem.current);
      formData.set(META.elapsed, String(Math.round(performance.now() - shownAt)));
      formData.set(META.page, attribution.page);
      formData.set(META.landing, attribution.landing);
      formData.set(META.referrer, attribution.referrer);
      fetcher.submit(formData, { method: "post", action, encType: encType ?? "application/x-www-form-urlencoded" });
    },
    [fetcher, action, encType, shownAt],
  );

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (validation) return validation.onSubmit(event);
    // Without the layer (it failed to load) the fetcher sends the form and the server validates it.
    if (layer === "failed") return;
    event.preventDefault();
    if (pendingSubmit.current === undefined) pendingSubmit.current = (event.nativeEvent as SubmitEvent).submitter;
    enhance();
  };

  // The submit that waited for the layer is made again, now through Conform (or the fetcher, if it failed).
  useEffect(() => {
    if ((!validation && layer !== "failed") || pendingSubmit.current === undefined) return;
    const submitter = pendingSubmit.current;
    pendingSubmit.current = undefined;
    formRef.current?.requestSubmit(submitter ?? undefined);
  }, [validation, layer]);

  const errors: FieldErrors = validation?.errors ?? lastResult?.error ?? {};
  const [form, fields] = formMetadata<V>(
    id,
    errors,
    (lastResult?.initialValue ?? defaultValue ?? {}) as Record<string, unknown>,
  );

  // Field errors only: a form-level message (429, 503, upload) is shown on its own below.
  const errorCount = Object.entries(form.allErrors).filter(([name, e]) => name !== "" && e?.length).length;
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
    <>
      {layer && layer !== "failed" ? (
        <layer.Validation
          id={id}
          schema={layer.schema}
          lastResult={lastResult}
          defaultValue={defaultValue}
          send={send}
          onState={setValidation}
        />
      ) : null}
      <fetcher.Form
        ref={formRef}
        method="post"
        action={action}
        encType={encType}
        {...getFormProps(form)}
        onSubmit={onSubmit}
        // Counts every submit attempt, including those the browser-side validation stops.
        onSubmitCapture={() => setAttempt((n) => n + 1)}
        onPointerEnter={enhance}
        onTouchStart={enhance}
        onFocus={enhance}
        className={className}
      >
        {errorCount > 0 ? (
          <div
            ref={summaryRef}
            tabIndex={-1}
            role="alert"
            aria-labelledby={`${uid}-summary`}
            className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm text-red-900"
          >
            <p id={`${uid}-summary`} className="font-semibold">
              Please fix {errorCount === 1 ? "1 field" : `${errorCount} fields`}:
            </p>
            <ul className="mt-1 list-disc pl-5">
              {Object.entries(form.allErrors)
                .filter(([name, errors]) => name !== "" && errors?.length)
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
        {form.errors?.length ? (
          <p role="alert" className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900">
            {form.errors[0]}
          </p>
        ) : null}
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
    </>
  );
}

/**
 * The form's and each field's metadata, as Conform's useForm derives them (ids, errors, initial values),
 * built from plain data so the markup can be rendered before Conform is loaded. Only what the shell and
 * ./controls read is provided; constraints stay undefined (the controls set `required` themselves), and
 * the form's onSubmit is LeadForm's own.
 */
function formMetadata<V extends Values>(
  formId: string,
  errors: FieldErrors,
  initial: Record<string, unknown>,
): [FormMetadata<V, string[]>, FieldsetOf<V>] {
  const field = (name: string) => {
    const id = name ? `${formId}-${name}` : formId;
    return {
      id,
      name,
      formId,
      errorId: `${id}-error`,
      descriptionId: `${id}-description`,
      errors: errors[name],
      valid: !errors[name]?.length,
      initialValue: normalize(initial[name]),
    };
  };
  const form = { ...field(""), allErrors: errors, noValidate: true };
  const fields = new Proxy({}, { get: (_, name) => (typeof name === "string" ? field(name) : undefined) });
  return [form as unknown as FormMetadata<V, string[]>, fields as FieldsetOf<V>];
}

/** Conform's normalisation of an initial value: empty strings and empty lists count as no value. */
function normalize(value: unknown): unknown {
  if (value === "" || value === null) return undefined;
  if (Array.isArray(value)) return value.length ? value.map(normalize) : undefined;
  return value;
}

function ConfirmationPanel({
  confirmation,
  phone,
}: {
  confirmation: Confirmation;
  phone: { display: string; href: string };
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="rounded-lg border-2 border-green-700 bg-green-50 p-4 text-slate-800"
    >
      <p className="flex items-center gap-2 text-lg font-bold text-green-900">
        <CircleCheck className="size-6" aria-hidden="true" />
        {confirmation.title}
      </p>
      <p className="mt-2">{confirmation.message}</p>
      <ReferenceLine reference={confirmation.reference} />
      <EstimateLine estimate={confirmation.estimate} />
      {confirmation.area ? <AreaNote answer={confirmation.area} phone={phone.display} className="mt-3" /> : null}
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
