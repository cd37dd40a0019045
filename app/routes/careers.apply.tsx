import { ApplicationForm } from "../components/forms/application-form.tsx";
import { Breadcrumbs } from "../components/ui.tsx";
import { business } from "../content/business.ts";
import { jobs } from "../content/careers.ts";
import { storedFields } from "../forms/form-fields.ts";
import { MAX_RESUME_BYTES } from "../forms/options.ts";
import { applicationForm, APPLICATION_FIELDS, applicationSchema } from "../forms/schemas.ts";
import { seo } from "../lib/seo.ts";
import {
  applicationConfirmation,
  contactOf,
  handleLeadSubmission,
  HttpError,
  UPLOAD_FORM_LIMIT,
} from "../server/features/leads/submit.server.ts";
import type { Route } from "./+types/careers.apply";

const positions = jobs.map(({ slug, title }) => ({ slug, title }));
const schema = applicationSchema(positions.map((p) => p.slug) as [string, ...string[]]);

/** A résumé is optional; when sent it must be a PDF (checked by its first bytes) of at most 5 MB. */
async function readResume(formData: FormData) {
  const file = formData.get("resume");
  if (!(file instanceof File) || file.size === 0) return null;
  if (file.size > MAX_RESUME_BYTES)
    throw new HttpError(
      413,
      `Your résumé is larger than ${MAX_RESUME_BYTES / 1024 / 1024} MB. Attach a smaller PDF, or send the form without it.`,
    );
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (new TextDecoder().decode(bytes.subarray(0, 5)) !== "%PDF-")
    throw new HttpError(400, "Attach your résumé as a PDF file, or send the form without it.");
  const filename = file.name.replace(/[^\w .()-]/g, "_").slice(0, 100) || "resume.pdf";
  return {
    filename: filename.toLowerCase().endsWith(".pdf") ? filename : `${filename}.pdf`,
    contentType: "application/pdf",
    bytes,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return handleLeadSubmission({
    request,
    context,
    kind: "application",
    schema,
    fields: APPLICATION_FIELDS,
    limit: UPLOAD_FORM_LIMIT,
    toLead: async (v, formData) => ({
      fields: storedFields(applicationForm, v, {
        position: positions.find((p) => p.slug === v.position)?.title ?? v.position,
      }),
      contact: contactOf({ ...v, zipcode: null }),
      consent: null,
      attachment: await readResume(formData),
    }),
    confirmation: (v) => applicationConfirmation(positions.find((p) => p.slug === v.position)?.title),
  });
}

export function loader({ request }: Route.LoaderArgs) {
  const requested = new URL(request.url).searchParams.get("position");
  return {
    positions,
    position: positions.some((p) => p.slug === requested) ? requested! : undefined,
    phone: business.phone,
  };
}

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Apply for a Job",
    description:
      "Apply online for a pressure washing technician, commercial cleaning specialist or customer service job in Boise and Meridian.",
    path: "/careers/apply",
    keywords: ["apply pressure washing job", "Boise jobs", "Meridian jobs", "exterior cleaning careers"],
  });

export default function ApplyPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-2xl">
      <Breadcrumbs items={[{ to: "/", label: "Home" }, { to: "/careers", label: "Careers" }, { label: "Apply" }]} />
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Apply for a job</h1>
      <p className="mt-2 mb-6 text-lg text-slate-700">
        It takes about five minutes. We call every applicant back within a few business days.
      </p>
      <ApplicationForm
        positions={loaderData.positions}
        defaultPosition={loaderData.position}
        actionData={actionData}
        phone={loaderData.phone}
      />
    </div>
  );
}
