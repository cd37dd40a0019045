import { CircleCheck } from "lucide-react";
import { data, Link } from "react-router";
import { ChooseWindowLink, EstimateLine, ReferenceLine, RefusedPhotos } from "../components/forms/reference.tsx";
import { business } from "../content/business.ts";
import { AreaNote } from "../components/area-note.tsx";
import { areaAnswer } from "../lib/service-area.ts";
import { seo } from "../lib/seo.ts";
import { bookPathOf } from "../server/kit/book-link.server.ts";
import { getApp } from "../server/kit/context.server.ts";
import { linkSecret, readReceipt } from "../server/kit/signed-links.server.ts";
import { visitorRows } from "../server/notify/labels.server.ts";
import { referenceOf } from "../server/kit/reference.server.ts";
import { getLead } from "../server/kit/leads.server.ts";
import { journaledLead } from "../server/features/leads/journal.server.ts";
import { zipTable } from "../server/kit/service-area.server.ts";
import { confirmationOf, refusedPhotos } from "../server/features/leads/submit.server.ts";
import type { Route } from "./+types/request-received";

/**
 * Where a form sent without JavaScript lands once its request is stored (Post/Redirect/Get): what was
 * received, when we reply, and the phone number. The link is signed and expires (app/server/kit/signed-links.server.ts).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const { phone, replyWithinHours } = business;
  const receipt = readReceipt(params.ref, app.env.RECEIPT_SECRET);
  // A request kept in the journal while the database is away is shown from there (docs/decisions/046-outage-journal.md).
  const kept = receipt?.leadId ? journaledLead(app.journal, receipt.leadId) : undefined;
  const lead = kept ?? (receipt?.leadId ? await getLead(app.database, receipt.leadId) : undefined);
  if (!receipt || (receipt.leadId && !lead))
    return data({ found: false as const, phone, replyWithinHours }, { status: 404 });
  const rows = lead ? visitorRows(lead.fields) : [];
  if (lead?.attachment) rows.push({ label: "Résumé", value: lead.attachment.filename });
  // A newsletter sign-up names no reference (its answer must not tell a new address from a known one).
  const reference = lead && receipt.kind !== "newsletter" ? referenceOf(lead.id) : null;
  // The "Choose an arrival window" step (docs/decisions/020-booking.md), for an estimate or contact request with
  // windows by day. A request still in the journal is offered none yet: the booking page needs it stored (its reply
  // e-mail has the link).
  const secret = lead && !kept && receipt.kind !== "newsletter" ? await linkSecret(app.database, app.env) : null;
  const bookPath =
    lead && secret ? (bookPathOf({ id: lead.id, kind: lead.kind, zip: lead.contact.zip }, secret) ?? null) : null;
  return {
    found: true as const,
    phone,
    replyWithinHours,
    confirmation: { ...confirmationOf(receipt.kind, lead?.fields ?? {}), ...refusedPhotos(lead?.fields ?? {}) },
    area: lead?.contact.zip ? areaAnswer(lead.contact.zip, zipTable) : null,
    rows,
    reference,
    bookPath,
  };
}

export const meta: Route.MetaFunction = () =>
  seo({
    title: "Request received",
    description: `Your request reached us. We reply within ${business.replyWithinHours} hours.`,
    path: "/request-received",
    keywords: [],
    noindex: true,
  });

export default function RequestReceived({ loaderData }: Route.ComponentProps) {
  const { phone, replyWithinHours } = loaderData;
  const home = (
    <p className="mt-6">
      <Link to="/" className="btn-secondary">
        Return to Home
      </Link>
    </p>
  );
  const call = (
    <a href={phone.href} className="font-semibold text-brand-700 underline">
      {phone.display}
    </a>
  );
  if (!loaderData.found) {
    return (
      <div className="max-w-xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-brand-900">
          This confirmation is no longer available
        </h1>
        <p className="mt-4 text-lg text-slate-700">
          A confirmation page is shown once, right after a form is sent, and expires after half an hour. Questions about
          a request? Call us at {call}; we reply to every request within {replyWithinHours} hours.
        </p>
        {home}
      </div>
    );
  }
  const { confirmation, area, rows, reference, bookPath } = loaderData;
  return (
    <div className="max-w-xl">
      <div role="status" className="rounded-lg border-2 border-green-700 bg-green-50 p-4 text-slate-800">
        <h1 className="flex items-center gap-2 text-2xl font-extrabold text-green-900">
          <CircleCheck className="size-7" aria-hidden="true" />
          {confirmation.title}
        </h1>
        <p className="mt-2">{confirmation.message}</p>
        <ReferenceLine reference={reference} />
        <EstimateLine estimate={confirmation.estimate} />
        {area ? <AreaNote answer={area} phone={phone.display} className="mt-3" /> : null}
        <RefusedPhotos refused={confirmation.photosRefused} />
        <ChooseWindowLink bookPath={bookPath} />
        <p className="mt-2">
          We reply to every request within {replyWithinHours} hours. Urgent job? Call us at {call}.
        </p>
      </div>
      {rows.length ? (
        <section aria-labelledby="received-heading" className="mt-8">
          <h2 id="received-heading" className="text-xl font-bold text-brand-900">
            What we received
          </h2>
          <dl className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {rows.map((row) => (
              <div key={row.label} className="grid gap-1 p-3 sm:grid-cols-[12rem_1fr]">
                <dt className="font-semibold text-slate-700">{row.label}</dt>
                <dd className="break-words whitespace-pre-line text-slate-900">{row.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {home}
    </div>
  );
}
