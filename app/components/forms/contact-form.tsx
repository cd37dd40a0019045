/** The estimate request form of the contact page; its fields and rules: `contactSchema` in app/forms/schemas.ts. */
import { contactMethods, serviceTypeOptions, servicesNeededOptions } from "../../forms/options.ts";
import type { LeadActionData } from "../../forms/result.ts";
import { ZipAnswer } from "../area-note.tsx";
import { AddressField, CheckboxGroup, RadioGroup, TextArea, TextField } from "./controls.tsx";
import { PhotoField } from "./photo-field.tsx";
import { TermsNote, TextConsentBox } from "./consent-text.tsx";
import { LeadForm } from "./lead-form.tsx";

// Zod and the schema load with the validation layer, on the first interaction with the form.
const contactSchema = () => import("../../forms/schemas.ts").then((m) => m.contactSchema);

export function ContactForm({
  city,
  prefill = null,
  actionData,
  phone,
}: {
  city?: string;
  /** A seasonal reminder's link and the values it fills in (the request it followed). */
  prefill?: { token: string; values: Record<string, string | string[]> } | null;
  actionData?: LeadActionData;
  phone: { display: string; href: string };
}) {
  return (
    <LeadForm
      id="contact-form"
      action="/contact"
      rules="contact"
      schema={contactSchema}
      source="contact-page"
      submitLabel="Send My Request"
      actionData={actionData}
      phone={phone}
      defaultValue={prefill ? prefill.values : city ? { city } : undefined}
      encType="multipart/form-data"
    >
      {(fields) => (
        <>
          {prefill ? <input type="hidden" name="reminder" value={prefill.token} /> : null}
          <p className="text-sm text-slate-600">
            Fields marked <span className="text-red-700">*</span> are required.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.firstName} label="First name" autoComplete="given-name" required />
            <TextField field={fields.lastName} label="Last name" autoComplete="family-name" required />
            <TextField field={fields.email} label="Email" type="email" autoComplete="email" required />
            <TextField field={fields.phone} label="Phone" type="tel" autoComplete="tel" required />
            <div className="sm:col-span-2">
              <AddressField field={fields.address} />
            </div>
            <TextField field={fields.city} label="City" autoComplete="address-level2" required />
            <ZipAnswer initial={fields.zipcode.initialValue}>
              <TextField
                field={fields.zipcode}
                label="ZIP code"
                autoComplete="postal-code"
                inputMode="numeric"
                required
              />
            </ZipAnswer>
          </div>
          <RadioGroup field={fields.serviceType} legend="Service type" options={serviceTypeOptions} required />
          <CheckboxGroup field={fields.servicesNeeded} legend="Services needed" options={servicesNeededOptions} />
          <TextArea field={fields.message} label="Project details" rows={5} />
          <PhotoField formId="contact-form" />
          <RadioGroup field={fields.contactMethod} legend="Preferred contact method" options={contactMethods} />
          <TextConsentBox field={fields.agreed} when="Required if you choose text messages." />
          <TermsNote />
        </>
      )}
    </LeadForm>
  );
}
