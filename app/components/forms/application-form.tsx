/** The job application at /careers/apply, where each job's Apply Now leads (decision 010). */
import { availabilityOptions, MAX_RESUME_BYTES } from "../../forms/options.ts";
import type { LeadActionData } from "../../forms/result.ts";
import { PersonFields, RadioGroup, SelectField, TextArea } from "./controls.tsx";
import { LeadForm } from "./lead-form.tsx";

export function ApplicationForm({
  positions,
  defaultPosition,
  actionData,
  phone,
}: {
  positions: { slug: string; title: string }[];
  defaultPosition?: string;
  actionData?: LeadActionData;
  phone: { display: string; href: string };
}) {
  // Zod and the schema load with the validation layer, on the first interaction with the form.
  const slugs = positions.map((p) => p.slug) as [string, ...string[]];
  const schema = () => import("../../forms/schemas.ts").then((m) => m.applicationSchema(slugs));
  return (
    <LeadForm
      id="application-form"
      action="/careers/apply"
      rules="application"
      schema={schema}
      source="careers"
      submitLabel="Send Application"
      actionData={actionData}
      phone={phone}
      encType="multipart/form-data"
      defaultValue={defaultPosition ? { position: defaultPosition } : undefined}
    >
      {(fields) => (
        <>
          <PersonFields fields={fields} />
          <SelectField
            field={fields.position}
            label="Position"
            options={positions.map((p) => ({ value: p.slug, label: p.title }))}
            required
          />
          <TextArea field={fields.experience} label="Your work experience" rows={4} required />
          <RadioGroup field={fields.availability} legend="When can you work?" options={availabilityOptions} required />
          <TextArea field={fields.message} label="Anything else we should know? (optional)" rows={3} />
          <div>
            <label htmlFor="application-form-resume" className="block text-sm font-semibold text-slate-800">
              Résumé (optional, PDF up to {MAX_RESUME_BYTES / 1024 / 1024} MB)
            </label>
            <input
              id="application-form-resume"
              name="resume"
              type="file"
              accept="application/pdf,.pdf"
              className="mt-1 block w-full text-base text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
            />
          </div>
        </>
      )}
    </LeadForm>
  );
}
