/**
 * The shell every lead form shares: progressive enhancement (a plain POST without JavaScript, a fetcher
 * with it; a send with photos by ./photo-upload, which shows its progress), Conform validation with the form's Zod schema, an error summary that links to each field,
 * the honeypot, the idempotency key, fill time and attribution, and the confirmation.
 *
 * Loading (docs/decisions/005-loading-strategy.md): the form is Conform's (`useForm`: its ids, errors and
 * initial values are the metadata every field renders from), but its validator, Zod with the form's schema,
 * is not in the page's start: ./lead-form-validation is imported on the visitor's first interaction with the
 * form (pointer over it, touch, focus), and from then on Conform validates on blur and on submit. A submit
 * made before it has arrived waits for it; if it cannot be loaded, the form is sent as it is and the server
 * answers with the same schema's errors.
 */
import { type FormMetadata, getFormProps, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import { CircleCheck, LoaderCircle } from "lucide-react";
import { useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { summaryItemsHtml, summaryTitle } from "../../forms/error-summary.ts";
import type { FormRulesName } from "../../forms/field-rules.ts";
import { META } from "../../forms/meta.ts";
import type { Confirmation, LeadActionData } from "../../forms/result.ts";
import { readAttribution } from "../../lib/attribution.ts";
import { AreaNote } from "../area-note.tsx";
import { sortPhotos } from "../../forms/photo-rules.ts";
import type { Validator } from "./lead-form-validation.ts";
import type { UploadOutcome, UploadProgress } from "./photo-upload.ts";
import { ChooseWindowLink, EstimateLine, ReferenceLine, RefusedPhotos } from "./reference.tsx";

export type { Confirmation, LeadActionData };

type Values = Record<string, any>;
type FieldsetOf<V extends Values> = ReturnType<FormMetadata<V, string[]>["getFieldset"]>;
type Schema<V extends Values> = z.ZodType<unknown, V>;
/** The name of the hidden button Conform submits with to validate a field (its INTENT, not exported by @conform-to/react). */
const CONFORM_INTENT = "__intent__";

/** The form's Zod schema, or a function importing it: then Zod is only loaded with the validation layer. */
export type SchemaSource<V extends Values> = Schema<V> | (() => Promise<Schema<V>>);

let validationModule: Promise<typeof import("./lead-form-validation.ts")> | undefined;
/** Imports the validator and the form's schema (once per page; a failed import is tried again later). */
function loadValidator(schema: SchemaSource<Values>): Promise<Validator> {
  validationModule ??= import("./lead-form-validation.ts").catch((error: unknown) => {
    validationModule = undefined;
    throw error;
  });
  return Promise.all([validationModule, typeof schema === "function" ? schema() : schema]).then(([module, resolved]) =>
    module.zodValidator(resolved as z.ZodType),
  );
}

/**
 * What the page's own script showed in a form before this form's validator arrived (the fields it validated and
 * their messages, app/lib/first-effects/validate.ts), as Conform's result, so that Conform goes on from there.
 */
function shownByThePage(form: HTMLFormElement | null): SubmissionResult<string[]> | undefined {
  const names = form?.dataset.validated?.split(" ").filter(Boolean);
  if (!form || !names?.length) return undefined;
  const error: Record<string, string[]> = {};
  for (const note of form.querySelectorAll<HTMLElement>("[data-error-for]")) {
    const name = note.dataset.errorFor ?? "";
    if (names.includes(name) && !note.hidden && note.textContent) error[name] = [note.textContent];
  }
  return { error, state: { validated: Object.fromEntries(names.map((name) => [name, true])) } };
}

/** The server's answer of the page's own POST, with what the page's script showed since over it. */
function resumed(answer: SubmissionResult<string[]> | undefined, shown: SubmissionResult<string[]> | undefined) {
  if (!shown || !answer) return shown ?? answer;
  const validated = shown.state?.validated ?? {};
  const error = Object.fromEntries(Object.entries(answer.error ?? {}).filter(([name]) => !validated[name]));
  return {
    ...answer,
    error: { ...error, ...shown.error },
    state: { validated: { ...answer.state?.validated, ...validated } },
  };
}

export function LeadForm<V extends Values>({
  id,
  action,
  rules,
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
  /** The form's Zod-free rules (app/forms/field-rules.ts), which the page's own script checks it with before the app. */
  rules: FormRulesName;
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
  // A send with photos goes by ./photo-upload (progress); its answer is the action's data, as the fetcher's is.
  const [upload, setUpload] = useState<Upload | null>(null);
  const [uploaded, setUploaded] = useState<{ answer?: LeadActionData; failed?: UploadFailure } | null>(null);
  const answer = uploaded ? uploaded.answer : (fetcher.data ?? actionData);
  // What the page's own script showed before this form's validator arrived, read when it arrives.
  const [shown, setShown] = useState<SubmissionResult<string[]>>();
  const pageResult = useMemo(() => resumed(actionData?.result, shown), [actionData?.result, shown]);
  const lastResult =
    fetcher.state !== "idle" || upload
      ? undefined
      : uploaded
        ? uploaded.answer?.result
        : fetcher.data
          ? fetcher.data.result
          : pageResult;
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

  // The validator: null until the first interaction; "failed" if it could not be loaded.
  const [validator, setValidator] = useState<Validator | "failed" | null>(null);
  const loading = useRef(false);
  // A submit made before the layer was there: the button that sent it (null for Enter in a field).
  const pendingSubmit = useRef<HTMLElement | null | undefined>(undefined);

  const enhance = () => {
    if (loading.current) return;
    loading.current = true;
    loadValidator(schema as SchemaSource<Values>).then(
      (loaded) => {
        // From the render that marks the form validated by the app, the page's script stands aside.
        setShown(shownByThePage(formRef.current));
        setValidator(() => loaded);
      },
      () => {
        loading.current = false;
        setValidator("failed");
      },
    );
  };

  // A key made when the form is first shown: a resubmission of the same request is stored once.
  // After a client-side navigation the validator is usually loaded already: then it is attached at once.
  useEffect(() => {
    idem.current = crypto.randomUUID();
    // A form the page's script has validated gets the app's validator at once (the focus may be in it already).
    if (validationModule || formRef.current?.dataset.validated) enhance();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the form is first shown
  }, []);

  // How many photos the send in flight carries, for the button's "Sending 3 photos…".
  const [photoCount, setPhotoCount] = useState(0);
  const announcedStep = useRef(0);
  const [announced, setAnnounced] = useState("");
  const send = useCallback(
    (formData: FormData) => {
      // The chosen files that will not be sent (listed under the field since they were chosen) are left out.
      const chosen = formData
        .getAll("photos")
        .filter((entry): entry is File => entry instanceof File && entry.size > 0);
      const { accepted, refused } = sortPhotos(chosen);
      if (refused.length > 0) {
        formData.delete("photos");
        for (const file of accepted) formData.append("photos", file);
      }
      setPhotoCount(accepted.length);
      // Added only with JavaScript: without it the server falls back to a fingerprint and the Referer.
      const attribution = readAttribution();
      formData.set(META.key, idem.current);
      formData.set(META.elapsed, String(Math.round(performance.now() - shownAt)));
      formData.set(META.page, attribution.page);
      formData.set(META.landing, attribution.landing);
      formData.set(META.referrer, attribution.referrer);
      setUploaded(null);
      if (accepted.length === 0) {
        fetcher.submit(formData, { method: "post", action, encType: encType ?? "application/x-www-form-urlencoded" });
        return;
      }
      const total = accepted.reduce((sum, file) => sum + file.size, 0);
      setUpload({ photos: accepted.length, loaded: 0, total });
      announcedStep.current = 0;
      setAnnounced("");
      const onProgress = ({ loaded, total }: UploadProgress) => {
        setUpload({ photos: accepted.length, loaded, total });
        // A polite announcement at each quarter, never at every event.
        const step = Math.floor((loaded / total) * 4);
        if (step > announcedStep.current) {
          announcedStep.current = step;
          setAnnounced(`${step * 25} % of the photos sent`);
        }
      };
      import("./photo-upload.ts")
        .then(({ uploadWithProgress }) => uploadWithProgress(action, formData, onProgress))
        .catch((): UploadOutcome => ({ failed: "network" }))
        .then((outcome) => {
          setUpload(null);
          if ("redirect" in outcome) window.location.assign(outcome.redirect);
          else if ("answer" in outcome) setUploaded({ answer: outcome.answer });
          else setUploaded({ failed: outcome.failed === "network" ? "network" : outcome.status });
        });
    },
    [fetcher, action, encType, shownAt],
  );

  // After a failed upload: the same request (same key, so stored once), without its photos, by the plain path.
  const sendWithoutPhotos = () => {
    if (!formRef.current) return;
    const formData = new FormData(formRef.current);
    formData.delete("photos");
    send(formData);
  };

  const ready = typeof validator === "function";
  const [form, fields] = useForm<V, unknown, string[]>({
    id,
    lastResult,
    defaultValue: defaultValue as never,
    // Before the validator has arrived nothing is validated in the browser (Conform would otherwise send
    // the form to the server to validate one field).
    shouldValidate: ready ? "onBlur" : "onSubmit",
    shouldRevalidate: ready ? "onInput" : "onSubmit",
    onValidate: ready ? ({ formData }) => validator(formData) as Submission<V, string[]> : undefined,
    onSubmit: (event, { submission, formData }) => {
      event.preventDefault();
      if (submission?.status !== "success") return;
      send(formData);
    },
  });

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    if (ready) return form.onSubmit(event);
    // Without the validator (it failed to load) the fetcher sends the form and the server validates it.
    if (validator === "failed") return;
    event.preventDefault();
    if (pendingSubmit.current === undefined) pendingSubmit.current = (event.nativeEvent as SubmitEvent).submitter;
    enhance();
  };

  // The submit that waited for the validator is made again, now through Conform (or the fetcher, if it failed).
  useEffect(() => {
    if (validator === null || pendingSubmit.current === undefined) return;
    const submitter = pendingSubmit.current;
    pendingSubmit.current = undefined;
    formRef.current?.requestSubmit(submitter ?? undefined);
  }, [validator]);

  // Field errors only: a form-level message (429, 503, upload) is shown on its own below.
  const fieldErrors = Object.entries(form.allErrors).flatMap(([name, errors]): [string, string][] =>
    name !== "" && errors?.[0] ? [[name, errors[0]]] : [],
  );
  const errorCount = fieldErrors.length;
  // The summary takes the focus once per send (or answer from the server) that ends with field errors; errors
  // that come and go afterwards, as the visitor corrects field after field, leave the focus where the visitor is.
  const summaryFocusedFor = useRef<{ attempt: number; answer: unknown }>({ attempt: 0, answer: undefined });
  useEffect(() => {
    if (attempt === 0 || errorCount === 0) return;
    const last = summaryFocusedFor.current;
    if (last.attempt === attempt && last.answer === answer) return;
    summaryFocusedFor.current = { attempt, answer };
    // After Conform's own focus on the first invalid field, which it gives in a later update. Not called off
    // by the next render (this send's summary is focused once, whatever renders before the frame).
    requestAnimationFrame(() => summaryRef.current?.focus());
  }, [attempt, errorCount, answer]);

  const succeeded = Boolean(answer?.confirmation);
  useEffect(() => {
    if (succeeded) onSuccess?.();
  }, [succeeded, onSuccess]);

  if (succeeded && answer?.confirmation) {
    return <ConfirmationPanel confirmation={answer.confirmation} phone={phone} />;
  }

  const busy = fetcher.state !== "idle" || upload !== null;
  const failed = uploaded?.failed;
  return (
    <>
      <fetcher.Form
        ref={formRef}
        method="post"
        action={action}
        encType={encType}
        {...getFormProps(form)}
        data-rules={rules}
        data-validation={ready ? "app" : undefined}
        onSubmit={onSubmit}
        // Counts every send the visitor makes, including those the browser-side validation stops; not the
        // submit events Conform makes itself to validate a field on blur (their submitter is its intent button).
        onSubmitCapture={(event) => {
          if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute("name") !== CONFORM_INTENT)
            setAttempt((n) => n + 1);
        }}
        onPointerEnter={enhance}
        onTouchStart={enhance}
        onFocus={enhance}
        className={className}
      >
        {/* Always in the page (hidden without errors), written as text and HTML the page's own script writes
            the same way before the app has started (app/forms/error-summary.ts). */}
        <div
          ref={summaryRef}
          hidden={errorCount === 0}
          data-error-summary=""
          tabIndex={-1}
          role="alert"
          aria-labelledby={`${uid}-summary`}
          className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm text-red-900"
        >
          <p id={`${uid}-summary`} className="font-semibold" suppressHydrationWarning>
            {summaryTitle(errorCount)}
          </p>
          {/* Until the form's validator has arrived, the items are the HTML the page's own script writes too (the
              app takes over what it shows); from then on they are React's own elements, kept from one render to the
              next, so a link the visitor has focused (Shift+Tab from the first field) is never replaced under it. */}
          {ready ? (
            <ul key="app" className="mt-1 list-disc pl-5">
              {fieldErrors.map(([name, message]) => (
                <li key={name}>
                  <a className="underline" href={`#${form.id}-${name}`}>
                    {message}
                  </a>
                </li>
              ))}
            </ul>
          ) : (
            <ul
              key="page"
              className="mt-1 list-disc pl-5"
              dangerouslySetInnerHTML={{ __html: summaryItemsHtml(form.id, fieldErrors) }}
            />
          )}
        </div>
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
          {busy ? sendingLabel(photoCount) : submitLabel}
        </button>
        {upload ? <UploadBar upload={upload} announced={announced} /> : null}
        {failed ? (
          <div role="alert" className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm text-red-900">
            <p className="font-medium">
              {failed === "network"
                ? `The connection was lost while your photos were being sent, so your request was not received. Everything you entered is still here: press “${submitLabel}” to send it again, or send it without the photos.`
                : `Your request was not received (the server answered ${failed}). Please try again in a few seconds, send it without the photos, or call us at ${phone.display}.`}
            </p>
            <button type="button" className="btn-secondary mt-2 w-full" onClick={sendWithoutPhotos}>
              Send without the photos
            </button>
          </div>
        ) : null}
      </fetcher.Form>
    </>
  );
}

type Upload = { photos: number; loaded: number; total: number };
/** Why a send with photos was not received: the connection, or the server's status without the action's answer. */
type UploadFailure = "network" | number;

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * How far a send with photos has gone: a native progress bar with the bytes sent, and a polite live region that
 * speaks at each quarter (the bar itself is read when the visitor goes to it).
 */
function UploadBar({ upload, announced }: { upload: Upload; announced: string }) {
  const percent = upload.total > 0 ? Math.floor((upload.loaded / upload.total) * 100) : 0;
  const uid = useId();
  return (
    <div>
      <progress
        max={upload.total}
        value={upload.loaded}
        aria-label="Photos sent"
        aria-describedby={uid}
        className="h-2 w-full accent-brand-600"
      >
        {percent} %
      </progress>
      <p id={uid} className="mt-1 text-sm text-slate-700">
        {sendingLabel(upload.photos)} {megabytes(upload.loaded)} of {megabytes(upload.total)} MB ({percent} %)
      </p>
      <p className="sr-only" aria-live="polite">
        {announced}
      </p>
    </div>
  );
}

/** The button's words while a send is in flight: a send with photos takes a while on a phone, and says why. */
const sendingLabel = (photos: number) =>
  photos === 0 ? "Sending…" : `Sending ${photos} photo${photos === 1 ? "" : "s"}…`;

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
      <RefusedPhotos refused={confirmation.photosRefused} />
      <ChooseWindowLink bookPath={confirmation.bookPath} />
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
