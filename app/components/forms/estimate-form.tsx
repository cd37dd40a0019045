/** The FREE ESTIMATE form: the sidebar, the holiday-page modal and the /estimate page. */
import { Link } from "react-router";
import { serviceTypeOptions } from "../../forms/options.ts";
import { ZipAnswer } from "../area-note.tsx";
import { AddressField, RadioGroup, TextField } from "./controls.tsx";
import { PhotoField } from "./photo-field.tsx";
import { TermsNote, TextConsentBox } from "./consent-text.tsx";
import { type LeadActionData, LeadForm } from "./lead-form.tsx";

// This form is on every page: its schema, and Zod with it, are imported with the validation layer on the
// first interaction (docs/decisions/005-loading-strategy.md), never in the page's first load.
const estimateSchema = () => import("../../forms/schemas.ts").then((m) => m.estimateSchema);

export function EstimateForm({
  id,
  source,
  actionData,
  phone,
  onSuccess,
  withAddress = false,
}: {
  id: string;
  source: string;
  actionData?: LeadActionData;
  phone: { display: string; href: string };
  onSuccess?: () => void;
  /** The street address field (/estimate only: the sidebar and modal keep the spec's fields). */
  withAddress?: boolean;
}) {
  return (
    <>
      <LeadForm
        id={id}
        action="/estimate"
        rules="estimate"
        schema={estimateSchema}
        source={source}
        submitLabel="Get My Free Estimate"
        actionData={actionData}
        phone={phone}
        onSuccess={onSuccess}
        encType="multipart/form-data"
      >
        {(fields) => (
          <>
            <div className="grid grid-cols-2 gap-3">
              <TextField field={fields.firstName} label="First name" autoComplete="given-name" required />
              <TextField field={fields.lastName} label="Last name" autoComplete="family-name" required />
            </div>
            <TextField field={fields.email} label="Email" type="email" autoComplete="email" required />
            <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" required />
            {withAddress ? <AddressField field={fields.address} /> : null}
            <ZipAnswer initial={fields.zipcode.initialValue}>
              <TextField
                field={fields.zipcode}
                label="ZIP code"
                autoComplete="postal-code"
                inputMode="numeric"
                required
              />
            </ZipAnswer>
            <RadioGroup field={fields.serviceType} legend="Property type" options={serviceTypeOptions} />
            <PhotoField formId={id} />
            <TextConsentBox field={fields.agreed} required when="Required." />
            <TermsNote />
          </>
        )}
      </LeadForm>
      <p className="mt-3 text-center text-sm text-slate-700">
        Want a number first?{" "}
        <Link to="/pricing" className="font-semibold text-brand-700 underline">
          See an instant price
        </Link>
      </p>
    </>
  );
}
