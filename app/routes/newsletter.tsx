import { NewsletterForm } from "../components/forms/newsletter-form.tsx";
import { Breadcrumbs } from "../components/ui.tsx";
import { business } from "../content/business.ts";
import { storedFields } from "../forms/form-fields.ts";
import { newsletterForm, newsletterSchema, NEWSLETTER_FIELDS } from "../forms/schemas.ts";
import { seo } from "../lib/seo.ts";
import { handleLeadSubmission, newsletterConfirmation } from "../server/features/leads/submit.server.ts";
import { NEWSLETTER_SIGN_UP } from "../server/features/newsletter/sign-up.server.ts";
import type { Route } from "./+types/newsletter";

/**
 * Newsletter sign-ups: one per e-mail address. Signing up again is harmless and is answered exactly like a
 * new sign-up, so the form cannot be used to find out who is on the list.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return handleLeadSubmission({
    request,
    context,
    kind: "newsletter",
    schema: newsletterSchema,
    fields: NEWSLETTER_FIELDS,
    toLead: (v) => ({
      fields: storedFields(newsletterForm, v, {}),
      contact: { name: null, email: v.email, phone: null, zip: null },
      consent: null,
    }),
    confirmation: () => newsletterConfirmation(),
    hooks: NEWSLETTER_SIGN_UP,
  });
}

export function loader() {
  return { phone: business.phone };
}

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Newsletter: Seasonal Exterior Cleaning Tips",
    description:
      "Sign up for a few e-mails a year with seasonal exterior cleaning and maintenance tips for Treasure Valley homes.",
    path: "/newsletter",
    keywords: ["exterior cleaning tips newsletter", "Boise home maintenance tips"],
    noindex: true,
  });

export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="max-w-xl">
      <Breadcrumbs items={[{ to: "/", label: "Home" }, { to: "/blog", label: "Blog" }, { label: "Newsletter" }]} />
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">Seasonal tips by e-mail</h1>
      <p className="mt-2 mb-6 text-lg text-slate-700">
        A few short e-mails a year: when to wash, when to book holiday lights, and how to get your property ready for
        winter.
      </p>
      <NewsletterForm id="page-newsletter-form" actionData={actionData} phone={loaderData.phone} />
    </div>
  );
}
