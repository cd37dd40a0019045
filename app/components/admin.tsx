/** Pieces shared by the owner inbox's pages (/admin). */
import { Link } from "react-router";
import { KIND_OPTIONS } from "../forms/admin.ts";
import { stageLabel } from "../server/kit/stages.ts";

export const kindLabel = (kind: string) => KIND_OPTIONS.find((o) => o.value === kind)?.label ?? kind;
export const statusLabel = stageLabel;

/** A stage's colours (one not listed is plain). */
const STATUS_CLASS: Record<string, string> = {
  new: "bg-brand-100 text-brand-900",
  contacted: "bg-amber-100 text-amber-900",
  quoted: "bg-violet-100 text-violet-900",
  accepted: "bg-green-100 text-green-900",
  "deposit-paid": "bg-green-100 text-green-900",
  scheduled: "bg-emerald-100 text-emerald-900",
  completed: "bg-teal-100 text-teal-900",
  lost: "bg-slate-200 text-slate-800",
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_CLASS[status] ?? ""}`}>
      <span className="sr-only">Stage: </span>
      {statusLabel(status)}
    </span>
  );
}

export const areaLabel = (inServiceArea: boolean | null) =>
  inServiceArea === null ? "Area not known" : inServiceArea ? "In area" : "Outside area";

const fieldLabelClass = "block text-sm font-semibold text-slate-800";
const controlClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm aria-[invalid=true]:border-red-700 focus:border-brand-600";

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

/** A labelled native input with its error (named by the message, linked by aria-describedby). */
export function AdminInput({
  id,
  label,
  error,
  ...props
}: { id: string; label: string; error?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <input
        id={id}
        {...props}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={controlClass}
      />
      <ErrorText id={id} error={error} />
    </div>
  );
}

type Option = { value: string; label: string };

/** A labelled native select of options (or of groups of options), with an optional first "all" choice and its error. */
export function AdminSelect({
  id,
  label,
  options = [],
  groups = [],
  empty,
  error,
  ...props
}: {
  id: string;
  label: string;
  options?: readonly Option[];
  groups?: readonly { label: string; options: readonly Option[] }[];
  empty?: string;
  error?: string;
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const list = (items: readonly Option[]) =>
    items.map((o) => (
      <option key={o.value} value={o.value}>
        {o.label}
      </option>
    ));
  return (
    <div>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <select
        id={id}
        {...props}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={controlClass}
      >
        {empty !== undefined ? <option value="">{empty}</option> : null}
        {list(options)}
        {groups.map((g) => (
          <optgroup key={g.label} label={g.label}>
            {list(g.options)}
          </optgroup>
        ))}
      </select>
      <ErrorText id={id} error={error} />
    </div>
  );
}

/** The flag of a request a spam check could not tell from a bot's ("Check: sent fast"): kept, for the owner to judge. */
export function FlagBadge({ flag }: { flag: string }) {
  return (
    <span className="inline-block rounded-full border-2 border-amber-600 bg-amber-50 px-2.5 py-0.5 text-sm font-bold text-amber-900">
      {flag}
    </span>
  );
}

/**
 * One of a page's forms as a panel: its heading (the form's name), the hidden `intent` its action reads, its
 * fields and one button, posted as a plain form (Post/Redirect/Get) to `action` (the page's own by default).
 */
export function IntentPanel({
  intent,
  title,
  button,
  action,
  primary = false,
  before,
  children,
}: {
  intent: string;
  title: string;
  button: string;
  action?: string;
  primary?: boolean;
  /** Shown under the heading, before the fields (a problem with the last send). */
  before?: React.ReactNode;
  children?: React.ReactNode;
}) {
  const headingId = `${intent}-heading`;
  return (
    <form
      method="post"
      action={action}
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4"
    >
      <h3 id={headingId} className="text-lg font-bold text-brand-900">
        {title}
      </h3>
      {before}
      <input type="hidden" name="intent" value={intent} />
      {children}
      <button
        type="submit"
        className={`${primary ? "btn-primary" : "btn-secondary"} w-full sm:w-auto sm:justify-self-start`}
      >
        {button}
      </button>
    </form>
  );
}

/**
 * The head of a request's sub-page (the quote builder, the invoice): the way back to the request, the title, what
 * the last form saved (Post/Redirect/Get) and why the last form was refused.
 */
export function RequestSubPageHead({
  leadId,
  title,
  saved,
  message,
}: {
  leadId: string;
  title: string;
  saved: string | null;
  message: string | null | undefined;
}) {
  return (
    <>
      <p>
        <Link to={`/admin/requests/${leadId}`} className="text-brand-700 underline">
          Back to the request
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-extrabold text-brand-900">{title}</h1>
      {saved ? (
        <div
          role="status"
          className="mt-3 rounded-md border-2 border-green-700 bg-green-50 p-3 font-medium text-green-900"
        >
          {saved}
        </div>
      ) : null}
      {message ? (
        <p role="alert" className="mt-3 rounded-md border-2 border-red-700 bg-red-50 p-3 font-medium text-red-900">
          {message}
        </p>
      ) : null}
    </>
  );
}

/** The preview of what the customer will see (the customer's own component), with the form that sends it. */
export function PreviewAndSend({ send, children }: { send: string; children: React.ReactNode }) {
  return (
    <section
      id="preview"
      aria-labelledby="preview-heading"
      className="mt-8 rounded-xl border-2 border-dashed border-slate-400 p-4"
    >
      <h2 id="preview-heading" className="text-xl font-bold text-brand-900">
        Preview: what the customer will see
      </h2>
      <div className="mt-4">{children}</div>
      <form method="post" className="mt-6">
        <input type="hidden" name="intent" value="send" />
        <button type="submit" className="btn-primary w-full sm:w-auto">
          {send}
        </button>
      </form>
    </section>
  );
}
