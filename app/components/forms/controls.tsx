/** Labelled form controls that show their own error and describe themselves to assistive technology. */
import type { FieldMetadata } from "@conform-to/react";
import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";

type Field = FieldMetadata<any, any, any>;

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 aria-[invalid=true]:border-red-700 focus:border-brand-600";

function Label({ field, label, required }: { field: Field; label: string; required?: boolean }) {
  return (
    <label htmlFor={field.id} className="block text-sm font-semibold text-slate-800">
      {label}
      {required ? (
        <span className="text-red-700" aria-hidden="true">
          {" *"}
        </span>
      ) : null}
    </label>
  );
}

/**
 * A field's message: always in the page (hidden without one), so the page's own script can write it before the
 * app has started (app/lib/first-effects/validate.ts); the app then writes the same.
 */
function FieldError({ field }: { field: Field }) {
  const message = field.errors?.[0];
  return (
    <p
      id={field.errorId}
      data-error-for={field.name}
      hidden={!message}
      className="mt-1 text-sm font-medium text-red-700"
      suppressHydrationWarning
    >
      {message ?? ""}
    </p>
  );
}

export function TextField({
  field,
  label,
  type = "text",
  autoComplete,
  required,
  inputMode,
}: {
  field: Field;
  label: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  required?: boolean;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
}) {
  const { key, ...props } = getInputProps(field, { type, ariaAttributes: true });
  return (
    <div>
      <Label field={field} label={label} required={required} />
      <input
        key={key}
        {...props}
        required={required}
        autoComplete={autoComplete}
        inputMode={inputMode}
        className={inputClass}
      />
      <FieldError field={field} />
    </div>
  );
}

/**
 * The service address's street line (docs/decisions/038): one input with `address-line1`, so a phone's autofill
 * puts the street in it, beside the form's city and ZIP fields (`street-address` is for a multi-line control only:
 * HTML refuses it on an input, and the Nu checker says so).
 */
export function AddressField({ field, required }: { field: Field; required?: boolean }) {
  return (
    <TextField
      field={field}
      label={required ? "Street address" : "Street address (optional)"}
      autoComplete="address-line1"
      required={required}
    />
  );
}

/** First and last name, e-mail and phone: the fields every request starts with. */
export function PersonFields({ fields }: { fields: Record<"firstName" | "lastName" | "email" | "phone", Field> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField field={fields.firstName} label="First name" autoComplete="given-name" required />
      <TextField field={fields.lastName} label="Last name" autoComplete="family-name" required />
      <TextField field={fields.email} label="Email" type="email" autoComplete="email" required />
      <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" required />
    </div>
  );
}

export function TextArea({
  field,
  label,
  rows = 4,
  required,
}: {
  field: Field;
  label: string;
  rows?: number;
  required?: boolean;
}) {
  const { key, ...props } = getTextareaProps(field, { ariaAttributes: true });
  return (
    <div>
      <Label field={field} label={label} required={required} />
      <textarea key={key} {...props} required={required} rows={rows} className={inputClass} />
      <FieldError field={field} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  options,
  required,
  placeholder = "Choose…",
}: {
  field: Field;
  label: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
  placeholder?: string;
}) {
  const { key, ...props } = getSelectProps(field, { ariaAttributes: true });
  return (
    <div>
      <Label field={field} label={label} required={required} />
      <select key={key} {...props} required={required} className={inputClass}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError field={field} />
    </div>
  );
}

export function RadioGroup({
  field,
  legend,
  options,
  required,
}: {
  field: Field;
  legend: string;
  options: readonly { value: string; label: string }[];
  required?: boolean;
}) {
  return (
    <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="text-sm font-semibold text-slate-800">
        {legend}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" *"}
          </span>
        ) : null}
      </legend>
      <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
        {options.map((o) => (
          <label key={o.value} className="inline-flex min-h-11 items-center gap-2 text-base">
            <input
              type="radio"
              name={field.name}
              value={o.value}
              defaultChecked={field.initialValue === o.value}
              required={required}
              aria-invalid={field.errors?.length ? true : undefined}
              className="size-5 accent-brand-600"
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}

export function CheckboxGroup({
  field,
  legend,
  options,
}: {
  field: Field;
  legend: string;
  options: readonly { value: string; label: string }[];
}) {
  const initial = Array.isArray(field.initialValue)
    ? field.initialValue
    : field.initialValue
      ? [field.initialValue]
      : [];
  return (
    <fieldset aria-describedby={field.errors?.length ? field.errorId : undefined}>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-1 grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        {options.map((o) => (
          <label key={o.value} className="inline-flex min-h-11 items-center gap-2 text-base">
            <input
              type="checkbox"
              name={field.name}
              value={o.value}
              defaultChecked={initial.includes(o.value)}
              className="size-5 accent-brand-600"
            />
            {o.label}
          </label>
        ))}
      </div>
      <FieldError field={field} />
    </fieldset>
  );
}

export function Checkbox({
  field,
  children,
  required,
}: {
  field: Field;
  children: React.ReactNode;
  required?: boolean;
}) {
  const { key, ...props } = getInputProps(field, { type: "checkbox", ariaAttributes: true });
  return (
    <div>
      <label className="flex items-start gap-3 text-sm leading-snug text-slate-700">
        <input key={key} {...props} required={required} className="mt-0.5 size-5 shrink-0 accent-brand-600" />
        <span>{children}</span>
      </label>
      <FieldError field={field} />
    </div>
  );
}
