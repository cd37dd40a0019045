import { Clock, ExternalLink, Mail, MapPin, Phone, Siren } from "lucide-react";
import { CopyAddress } from "../components/copy-address.tsx";
import { ContactForm } from "../components/forms/contact-form.tsx";
import { PageHero } from "../components/ui.tsx";
import { business } from "../content/business.ts";
import { storedFields } from "../forms/form-fields.ts";
import { contactForm, contactSchema, CONTACT_FIELDS } from "../forms/schemas.ts";
import { seo } from "../lib/seo.ts";
import {
  consentProof,
  contactOf,
  estimateConfirmation,
  handleLeadSubmission,
} from "../server/features/leads/submit.server.ts";
import { PHOTO_UPLOAD, requestPhotos } from "../server/features/leads/photos.server.ts";
import { ASK_AGAIN_FIELD, askAgainPrefill, askedAgainFrom } from "../server/features/reminders/ask-again.server.ts";
import { getApp } from "../server/kit/context.server.ts";
import type { Route } from "./+types/contact";

export async function action({ request, context }: Route.ActionArgs) {
  return handleLeadSubmission({
    request,
    context,
    kind: "contact",
    schema: contactSchema,
    // The form's fields, and the link of the seasonal reminder it was opened from (read here, not a form field).
    fields: { ...CONTACT_FIELDS, single: [...CONTACT_FIELDS.single, ASK_AGAIN_FIELD] },
    files: PHOTO_UPLOAD,
    toLead: async (v, formData, skipped) => {
      const { photos, given } = await requestPhotos(formData, skipped);
      const { database, env } = getApp(context);
      return {
        fields: storedFields(contactForm, v, {
          ...given,
          askedAgainFrom: await askedAgainFrom(database, env, formData.get(ASK_AGAIN_FIELD)),
        }),
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const city = params.get("city")?.trim().slice(0, 60) || undefined;
  // A seasonal reminder's link (/contact?reminder=…) prefills the form with the request it followed.
  const token = params.get("reminder");
  const { database, env } = token ? getApp(context) : { database: null, env: null };
  const prefill = token && database && env ? await askAgainPrefill(database, env, token) : null;
  return { city, business, prefill };
}

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Contact Us for a Free Estimate",
    description: `Call ${business.phone.display}, e-mail us or send a request for a free exterior cleaning estimate in Boise and the Treasure Valley. We reply within ${business.replyWithinHours} hours.`,
    path: "/contact",
    keywords: [
      "contact pressure washing Boise",
      "free estimate exterior cleaning",
      "Meridian Idaho cleaning company",
      "emergency pressure washing",
    ],
  });

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { business: b, city, prefill } = loaderData;
  return (
    <>
      <PageHero
        title="Contact us"
        lead={`Call, e-mail or send the form. We reply to every e-mail and request within ${b.replyWithinHours} hours.`}
      />
      <div className="mt-10 grid gap-8 xl:grid-cols-[minmax(0,1fr)_22rem]">
        <section
          aria-labelledby="form-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
        >
          <h2 id="form-heading" className="text-2xl font-bold text-brand-900">
            Request a free estimate
          </h2>
          <p className="mt-1 mb-6 text-slate-700">
            Tell us about the property and what needs cleaning. The more detail, the more accurate the price.
          </p>
          {prefill ? (
            <p className="mb-6 rounded-lg bg-brand-50 p-4 text-slate-800" data-testid="ask-again-note">
              Your details from last time are filled in. Check them, change anything, and send: we reply with a time and
              a price.
            </p>
          ) : null}
          <ContactForm city={city} prefill={prefill} actionData={actionData} phone={b.phone} />
        </section>
        <div className="space-y-6">
          <section aria-labelledby="hq-heading" className="rounded-2xl bg-brand-50 p-6">
            <h2 id="hq-heading" className="flex items-center gap-2 text-xl font-bold text-brand-900">
              <MapPin className="size-5" aria-hidden="true" /> Headquarters
            </h2>
            <p className="mt-2 text-slate-800">
              {b.dba}
              <br />
              {b.headquarters.display}
            </p>
            <p className="mt-1 text-sm text-slate-600">
              We come to you: crews work across the Treasure Valley and Idaho.
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <a href={b.mapsUrl} target="_blank" rel="noopener noreferrer" className="btn-secondary">
                <ExternalLink className="size-5" aria-hidden="true" />
                Open in Google Maps<span className="sr-only"> (opens in a new tab)</span>
              </a>
              <CopyAddress address={b.headquarters.display} mapsUrl={b.mapsUrl} />
            </div>
          </section>
          <section aria-labelledby="reach-heading" className="rounded-2xl border border-slate-200 p-6">
            <h2 id="reach-heading" className="text-xl font-bold text-brand-900">
              Phone and e-mail
            </h2>
            <ul className="mt-3 space-y-3">
              <li>
                <a
                  href={b.phone.href}
                  className="flex items-center gap-2 text-lg font-semibold text-brand-700 hover:underline"
                >
                  <Phone className="size-5" aria-hidden="true" />
                  {b.phone.display}
                </a>
              </li>
              <li>
                <a
                  href={`mailto:${b.email}`}
                  className="flex items-center gap-2 font-semibold break-all text-brand-700 hover:underline"
                >
                  <Mail className="size-5 shrink-0" aria-hidden="true" />
                  {b.email}
                </a>
                <p className="mt-1 text-sm text-slate-600">E-mail replies within {b.replyWithinHours} hours.</p>
              </li>
              <li className="flex items-center gap-2 text-slate-700">
                <MapPin className="size-5 shrink-0" aria-hidden="true" />
                Serving Boise, the Treasure Valley and all of Idaho
              </li>
            </ul>
          </section>
          <section aria-labelledby="hours-heading" className="rounded-2xl border border-slate-200 p-6">
            <h2 id="hours-heading" className="flex items-center gap-2 text-xl font-bold text-brand-900">
              <Clock className="size-5" aria-hidden="true" /> Business hours
            </h2>
            <dl className="mt-3 space-y-2">
              {b.hours.map((h) => (
                <div key={h.days} className="flex justify-between gap-4">
                  <dt className="text-slate-700">{h.days}</dt>
                  <dd className="font-semibold whitespace-nowrap text-slate-900">{h.display}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section aria-labelledby="rush-heading" className="rounded-2xl bg-brand-900 p-6 text-white">
            <h2 id="rush-heading" className="flex items-center gap-2 text-xl font-bold">
              <Siren className="size-5 text-accent-400" aria-hidden="true" /> Emergency and rush service
            </h2>
            <p className="mt-2 text-brand-100">
              Graffiti, a spill, an event tomorrow or a move-out inspection? Call and we will fit you in as fast as we
              can.
            </p>
            <a href={b.phone.href} className="btn-primary mt-4 w-full">
              <Phone className="size-5" aria-hidden="true" />
              Call for Rush Service
            </a>
          </section>
        </div>
      </div>
    </>
  );
}
