import { EstimateForm } from "../components/forms/estimate-form.tsx";
import { Breadcrumbs } from "../components/ui.tsx";
import { business } from "../content/business.ts";
import { storedFields } from "../forms/form-fields.ts";
import { estimateForm, estimateSchema, ESTIMATE_FIELDS } from "../forms/schemas.ts";
import {
  consentProof,
  contactOf,
  estimateConfirmation,
  handleLeadSubmission,
} from "../server/features/leads/submit.server.ts";
import { PHOTO_UPLOAD, requestPhotos } from "../server/features/leads/photos.server.ts";
import { seo } from "../lib/seo.ts";
import type { Route } from "./+types/estimate";

/** The sidebar and holiday-page estimate forms post here; without JavaScript this page shows the result. */
export async function action({ request, context }: Route.ActionArgs) {
  return handleLeadSubmission({
    request,
    context,
    kind: "estimate",
    schema: estimateSchema,
    fields: ESTIMATE_FIELDS,
    files: PHOTO_UPLOAD,
    toLead: async (v, formData, skipped) => {
      const { photos, given } = await requestPhotos(formData, skipped);
      return {
        fields: storedFields(estimateForm, v, given),
        contact: contactOf(v),
        consent: consentProof(v.agreed),
        photos,
      };
    },
    confirmation: estimateConfirmation,
    // Kept in the journal while the database is away (docs/decisions/046-outage-journal.md).
    journal: true,
  });
}

export function loader() {
  return { phone: business.phone };
}

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Request a Free Estimate",
    description: `Send us your name, phone and ZIP code for a free, no-obligation exterior cleaning estimate. We reply within ${business.replyWithinHours} hours.`,
    path: "/estimate",
    keywords: ["free estimate", "pressure washing quote Boise", "exterior cleaning estimate"],
    noindex: true,
  });

export default function EstimatePage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-xl">
      <Breadcrumbs items={[{ to: "/", label: "Home" }, { label: "Free estimate" }]} />
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Request a free estimate</h1>
      <p className="mt-2 mb-6 text-lg text-slate-700">
        We reply within {business.replyWithinHours} hours. For a more detailed request, use our contact form.
      </p>
      <EstimateForm
        id="page-estimate-form"
        source="estimate-page"
        actionData={actionData}
        phone={loaderData.phone}
        withAddress
      />
    </div>
  );
}
