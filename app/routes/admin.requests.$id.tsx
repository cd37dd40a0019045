import { parseWithZod } from "@conform-to/zod/v4";
import { FileDown, Phone } from "lucide-react";
import { data, redirect } from "react-router";
import {
  AdminInput,
  AdminSelect,
  areaLabel,
  FlagBadge,
  kindLabel,
  StatusBadge,
  statusLabel,
} from "../components/admin.tsx";
import { NOTE_MAX, STATUS_FIELDS, STATUS_OPTIONS, statusSchema } from "../forms/admin.ts";
import { signedIn } from "../server/admin/guard.server.ts";
import { formFields, HttpError, readFields } from "../server/form-body.server.ts";
import { priceRange } from "../server/admin/inbox.server.ts";
import { formatField, formatPhone, formatTime, jobKindLabel, labelFor } from "../server/leads/labels.server.ts";
import { spamFlag } from "../server/leads/spam-signal.server.ts";
import { changeLeadStatus, getLead, statusHistory } from "../server/leads/store.server.ts";
import type { Route } from "./+types/admin.requests.$id";

const notFound = () =>
  data(
    { message: "There is no request with this id. It may have been deleted after its retention period." },
    { status: 404 },
  );

/** One request: every field, the consent proof, attribution, delivery attempts, and its status history. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app } = signedIn(context);
  const lead = await getLead(app.database, params.id);
  if (!lead) throw notFound();
  const history = (await statusHistory(app.database, [lead.id])).get(lead.id) ?? [];
  const { contact, consent, context: ctx } = lead;
  return {
    saved: new URL(request.url).searchParams.get("saved") === "1",
    id: lead.id,
    kind: lead.kind,
    title: contact.name || contact.email,
    flag: spamFlag(lead.fields),
    received: formatTime(lead.createdAt),
    receivedAt: lead.createdAt.toISOString(),
    status: history.at(-1)?.status ?? "new",
    phone: contact.phone ? { display: formatPhone(contact.phone), href: `tel:${contact.phone}` } : null,
    email: contact.email,
    price: priceRange(lead.fields),
    priceEstimate: typeof lead.fields.priceEstimate === "string" ? lead.fields.priceEstimate : null,
    fields: Object.entries(lead.fields).map(([key, value]) => ({
      label: labelFor(key),
      value: key === "phone" && typeof value === "string" ? formatPhone(value) : formatField(value),
    })),
    area: areaLabel(lead.inServiceArea),
    zip: contact.zip,
    consent: [
      ["Text-message consent", consent ? `Given ${formatTime(consent.at)} (wording ${consent.version})` : "Not given"],
      ...(consent ? [["Wording shown", consent.text]] : []),
      ["Page", ctx.page],
      ["IP address", ctx.ip],
      ["Browser (user agent)", ctx.userAgent],
    ] as [string, string][],
    attribution: [
      ["Sent from page", ctx.page],
      ["Landing page", ctx.landingPage ?? "—"],
      ["Referrer", ctx.referrer ?? "—"],
      ...Object.entries(ctx.utm),
      ["gclid", ctx.gclid ?? "—"],
    ] as [string, string][],
    attachment: lead.attachment,
    delivery: lead.deliveryStatus,
    jobs: lead.jobs.map((job) => ({
      kind: jobKindLabel(job.kind),
      status: job.status,
      attempts: job.attempts,
      detail: job.sentAt
        ? `sent ${formatTime(job.sentAt)}`
        : job.status === "pending"
          ? `next try ${formatTime(job.nextAttemptAt)}`
          : "given up",
      lastError: job.lastError,
    })),
    history: history
      .map((h) => ({
        status: h.status,
        note: h.note,
        by: h.changedBy,
        at: formatTime(h.changedAt),
        iso: h.changedAt.toISOString(),
      }))
      .reverse(),
  };
}

/** A status change with a note, recorded with who and when; then back to this page (Post/Redirect/Get). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, owner } = signedIn(context);
  let formData: FormData;
  try {
    formData = await readFields(request, formFields(STATUS_FIELDS));
  } catch (error) {
    if (error instanceof HttpError)
      return data({ errors: {}, note: "", message: error.message }, { status: error.status });
    throw error;
  }
  const submission = parseWithZod(formData, { schema: statusSchema });
  if (submission.status !== "success") {
    return data(
      {
        errors: submission.error ?? {},
        note: String(submission.payload.note ?? "").slice(0, NOTE_MAX * 2),
        message: null,
      },
      { status: 400 },
    );
  }
  const changed = await changeLeadStatus(app.database, params.id, {
    status: submission.value.status,
    note: submission.value.note,
    changedBy: owner.email,
  });
  if (!changed) throw notFound();
  app.logger.info(
    { event: "admin.status_changed", owner: owner.ownerId, lead: params.id, status: submission.value.status },
    "request status changed",
  );
  throw redirect(`/admin/requests/${params.id}?saved=1`, { status: 303 });
}

export const meta: Route.MetaFunction = () => [
  { title: "Request | Owner inbox" },
  { name: "robots", content: "noindex, nofollow" },
];

function Rows({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-lg border border-slate-200">
      {rows.map(([label, value], i) => (
        <div key={`${label}-${i}`} className="grid gap-1 p-3 sm:grid-cols-[14rem_1fr]">
          <dt className="font-semibold text-slate-700">{label}</dt>
          <dd className="break-words whitespace-pre-line text-slate-900">{value || "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-3 text-xl font-bold text-brand-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function RequestPage({ loaderData: r, actionData }: Route.ComponentProps) {
  const errors = (actionData?.errors ?? {}) as Record<string, string[] | null | undefined>;
  return (
    <>
      <p>
        <a href="/admin" className="font-semibold text-brand-700 underline">
          ← All requests
        </a>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight break-all text-brand-900">{r.title}</h1>
        <StatusBadge status={r.status} />
        {r.flag ? <FlagBadge flag={r.flag} /> : null}
      </div>
      <p className="mt-1 text-slate-700">
        {kindLabel(r.kind)}, received <time dateTime={r.receivedAt}>{r.received}</time>
        {r.zip ? ` · ZIP ${r.zip}` : ""} · {r.area}
        {r.price ? ` · Price range ${r.price}` : ""}
      </p>
      <p className="mt-3 flex flex-wrap gap-3">
        {r.phone ? (
          <a href={r.phone.href} className="btn-primary">
            <Phone className="size-5" aria-hidden="true" />
            Call {r.phone.display}
          </a>
        ) : null}
        <a href={`mailto:${r.email}`} className="btn-secondary break-all">
          E-mail {r.email}
        </a>
      </p>

      <Section id="status-heading" title="Status">
        {r.saved ? (
          <p
            role="status"
            className="mb-3 rounded-md border-2 border-green-700 bg-green-50 p-3 font-medium text-green-900"
          >
            Status saved: {statusLabel(r.status)}.
          </p>
        ) : null}
        {actionData?.message ? (
          <p
            role="alert"
            className="mb-3 rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900"
          >
            {actionData.message}
          </p>
        ) : null}
        <form
          method="post"
          className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
        >
          <AdminSelect
            id="status-status"
            label="New status"
            name="status"
            options={STATUS_OPTIONS}
            defaultValue={r.status}
            error={errors.status?.[0]}
          />
          <AdminInput
            id="status-note"
            label="Note (optional)"
            name="note"
            type="text"
            maxLength={NOTE_MAX}
            defaultValue={actionData?.note ?? ""}
            error={errors.note?.[0]}
          />
          <button type="submit" className="btn-primary">
            Save status
          </button>
        </form>
        {r.history.length ? (
          <ol className="mt-4 space-y-2" aria-label="Status history, newest first">
            {r.history.map((h) => (
              <li key={h.iso + h.status} className="rounded-md border border-slate-200 p-3">
                <StatusBadge status={h.status} /> <time dateTime={h.iso}>{h.at}</time> by {h.by}
                {h.note ? <p className="mt-1 whitespace-pre-line">{h.note}</p> : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="mt-3 text-slate-700">No status changes yet.</p>
        )}
      </Section>

      <Section id="fields-heading" title="What they sent">
        <Rows rows={r.fields.map((f) => [f.label, f.value])} />
        {r.attachment ? (
          <p className="mt-3">
            <a href={`/admin/requests/${r.id}/resume`} className="btn-secondary">
              <FileDown className="size-5" aria-hidden="true" />
              Download résumé ({r.attachment.filename}, {Math.ceil(r.attachment.size / 1024)} KB)
            </a>
          </p>
        ) : null}
      </Section>
      <Section id="consent-heading" title="Consent proof">
        <Rows rows={r.consent} />
      </Section>
      <Section id="attribution-heading" title="Where it came from">
        <Rows rows={r.attribution} />
      </Section>
      <Section id="delivery-heading" title="Delivery">
        <p className="mb-3">Overall: {r.delivery === "notified" ? "delivered" : "not yet delivered"}.</p>
        <Rows
          rows={r.jobs.map((j) => [
            j.kind,
            `${j.status}, ${j.attempts} attempt${j.attempts === 1 ? "" : "s"}, ${j.detail}${j.lastError ? ` (last error ${j.lastError})` : ""}`,
          ])}
        />
      </Section>
    </>
  );
}
