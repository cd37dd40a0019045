/** The newsletter sign-up: one e-mail box and Subscribe. */
import type { LeadActionData } from "../../forms/result.ts";
import { TextField } from "./controls.tsx";
import { LeadForm } from "./lead-form.tsx";

// Zod and the schema load with the validation layer, on the first interaction with the form.
const newsletterSchema = () => import("../../forms/schemas.ts").then((m) => m.newsletterSchema);

export function NewsletterForm({
  id = "newsletter-form",
  actionData,
  phone,
}: {
  id?: string;
  actionData?: LeadActionData;
  phone: { display: string; href: string };
}) {
  return (
    <LeadForm
      id={id}
      action="/newsletter"
      rules="newsletter"
      schema={newsletterSchema}
      source="newsletter"
      submitLabel="Subscribe"
      actionData={actionData}
      phone={phone}
      className="space-y-3"
    >
      {(fields) => <TextField field={fields.email} label="Email address" type="email" autoComplete="email" required />}
    </LeadForm>
  );
}
