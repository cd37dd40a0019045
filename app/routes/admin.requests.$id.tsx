import { Phone } from "lucide-react";
import {
  AdminInput,
  AdminSelect,
  areaLabel,
  FlagBadge,
  IntentPanel,
  kindLabel,
  StatusBadge,
  statusLabel,
} from "../components/admin.tsx";
import { NextStep, Rows, Section, StageHistory, WhatTheyAsked } from "../components/request-job.tsx";
import { NOTE_MAX, STATUS_OPTIONS, type RequestPageIntent } from "../forms/admin.ts";
import { bookingView, decideForLeadOrRefuse } from "../server/features/bookings/owner-decisions.server.ts";
import { notFound, requestPageAction, type RequestPageAnswer } from "../server/features/admin/request-page.server.ts";
import { signedIn } from "../server/features/admin/guard.server.ts";
import { priceRange } from "../server/features/admin/inbox.server.ts";
import { quoteLines } from "../server/features/quotes/quotes.server.ts";
import { invoiceSummary } from "../server/features/invoices/editor.server.ts";
import { whenJobCompleted } from "../server/job-completion.server.ts";
import { formatPhone, formatTime, inboxRows, jobKindLabel } from "../server/notify/labels.server.ts";
import { spamFlag } from "../server/kit/spam-signal.server.ts";
import { getLead, listPhotos, stageEvents } from "../server/kit/leads.server.ts";
import { readCompletionOutcome } from "../server/features/leads/completion-photos.server.ts";
import { CompletionPhotos } from "../components/completion-photos.tsx";
import { EVENTS, stageLabel, stagesAlong } from "../server/kit/stages.ts";
import { REVIEW_OUTCOME_TEXT, saveStatus, type ReviewOutcome } from "../server/features/reviews/reviews.server.ts";
import { visibleDeep } from "../lib/text.ts";
import { DepositStatus } from "../components/deposit-status.tsx";
import { depositsForLead } from "../server/features/payments/deposits.server.ts";
import { disputesForLead } from "../server/features/payments/disputes.server.ts";
import { Disputes } from "../components/admin/disputes.tsx";
import { CustomerTexts } from "../components/customer-texts.tsx";
import { ServiceAddress } from "../components/service-address.tsx";
import { serviceAddressOf } from "../server/features/bookings/crew.server.ts";
import { onOurWayQuestion, textedOf, textsView } from "../server/features/texts/request-texts.server.ts";
import type { Route } from "./+types/admin.requests.$id";

/** An outbox job's status in the owner's words (the Delivery section). */
const JOB_STATUS_WORDS = { pending: "waiting", sent: "sent", dead: "given up", cancelled: "called off" } as const;

/** The fields the page's header shows (the customer's name, e-mail and phone), and their words, shown first. */
const HEADER_FIELDS = new Set(["firstName", "lastName", "email", "phone"]);
const WORDS_FIELDS = ["message", "details", "projectDetails"];

/**
 * One request read as the job: what the customer asked, the next step for its stage, the quote, deposit, window,
 * texts and stage form, then the history of what moved it, the consent proof, attribution and delivery attempts;
 * each hidden character of what it holds shown as "�" (visibleDeep: a row stored before the text rules).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { app } = signedIn(context);
  const lead = await getLead(app.database, params.id);
  if (!lead) throw notFound();
  // What the page reads of the other features, read at once (none depends on another).
  const [events, booking, serviceAddress, texts, deposits, quotes, completionPhotos, invoice, disputes] =
    await Promise.all([
      stageEvents(app.database.db, lead.id),
      bookingView(app.database, lead),
      serviceAddressOf(app.database, lead),
      textsView(app.database, app.env, lead),
      depositsForLead(app.database, lead.id),
      quoteLines(app.database, [lead.id]),
      listPhotos(app.database, lead.id, "completion"),
      invoiceSummary(app.database, lead.id),
      disputesForLead(app.database, lead.id),
    ]);
  const along = stagesAlong(events);
  const wordsKey = WORDS_FIELDS.find((key) => typeof lead.fields[key] === "string" && lead.fields[key] !== "");
  const { contact, consent, context: ctx } = lead;
  const query = new URL(request.url).searchParams;
  const review = query.get("review");
  return visibleDeep({
    saved: savedForm(query.get("saved")),
    review: review && Object.hasOwn(REVIEW_OUTCOME_TEXT, review) ? REVIEW_OUTCOME_TEXT[review as ReviewOutcome] : null,
    reminders:
      query.get("reminders") === "offered"
        ? "Reminder offer queued: the customer gets one e-mail asking whether to be reminded when the job is due again."
        : null,
    booking,
    serviceAddress,
    texts,
    completion: { photos: completionPhotos, outcome: readCompletionOutcome(query) },
    texted: textedOf(query.get("texted")),
    askOnOurWay: onOurWayQuestion(query),
    deposits: deposits.map(({ paidAt, ...deposit }) => ({
      ...deposit,
      paid: paidAt ? formatTime(new Date(paidAt)) : null,
    })),
    id: lead.id,
    kind: lead.kind,
    title: contact.name || contact.email,
    flag: spamFlag(lead.fields),
    received: formatTime(lead.createdAt),
    receivedAt: lead.createdAt.toISOString(),
    stage: along.at(-1)?.stage ?? "new",
    phone: contact.phone ? { display: formatPhone(contact.phone), href: `tel:${contact.phone}` } : null,
    email: contact.email,
    price: priceRange(lead.fields),
    quote: quotes.get(lead.id) ?? null,
    invoice,
    disputes,
    priceEstimate: typeof lead.fields.priceEstimate === "string" ? lead.fields.priceEstimate : null,
    asked: {
      words: wordsKey ? String(lead.fields[wordsKey]) : null,
      rows: inboxRows(
        Object.fromEntries(
          Object.entries(lead.fields).filter(
            ([key]) =>
              key !== wordsKey &&
              !HEADER_FIELDS.has(key) &&
              // The street address is shown once, with its map link (ServiceAddress).
              key !== "address" &&
              !(key === "photosReceived" && lead.photos.length > 0),
          ),
        ),
      ),
      photos: lead.photos,
      attachment: lead.attachment,
    },
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
    delivery: lead.deliveryStatus,
    jobs: lead.jobs.map((job) => ({
      kind: jobKindLabel(job.kind),
      status: JOB_STATUS_WORDS[job.status],
      attempts: job.attempts,
      detail: job.sentAt
        ? `sent ${formatTime(job.sentAt)}`
        : job.status === "pending"
          ? `next try ${formatTime(job.nextAttemptAt)}`
          : "given up",
      lastError: job.lastError,
    })),
    history: along
      .map(({ event, stage }) => ({
        what: event.kind === "set" ? `Stage set to ${stageLabel(event.stage)}` : EVENTS[event.kind].label,
        by: event.by,
        note: event.note,
        stage,
        at: formatTime(event.at),
        iso: event.at.toISOString(),
      }))
      .reverse(),
  });
}

/** What the page says after a form was saved (Post/Redirect/Get: `?saved=<intent>`). */
const SAVED: Record<Exclude<RequestPageIntent, "status">, string> = {
  confirm: "Window confirmed: the customer is e-mailed the calendar invite.",
  propose: "Window proposed: the customer is e-mailed it with a link to accept it or ask for another.",
  decline: "Window declined: the customer is e-mailed.",
};
const savedForm = (saved: string | null): RequestPageIntent | null =>
  saved === "1" || saved === "status"
    ? "status"
    : saved && Object.hasOwn(SAVED, saved)
      ? (saved as RequestPageIntent)
      : null;

type Answer = RequestPageAnswer;

/**
 * The page's forms, told apart by their hidden `intent` (none: the status form): a status change with a note
 * (recorded with who and when; "completed" also queues the customer's review request), or a decision on the
 * arrival window with a note to the customer. Each reads only its own fields; then back to this page (PRG).
 */
export const action = (args: Route.ActionArgs) =>
  requestPageAction(args, {
    // A completed job also offers its customer seasonal reminders (one e-mail, when its services have one), and
    // calls off, in the same transaction, what no longer makes sense: the window's reminder e-mails, the day-before
    // text, "On our way" and the quote's reminders (docs/decisions/039-completion-and-late-cancellation.md).
    saveStatus: async (database, leadId, change, options) => {
      let remindersOffered = false;
      const saved = await saveStatus(database, leadId, change, {
        ...options,
        whenCompleted: async (trx, id, now, notBefore) => {
          ({ remindersOffered } = await whenJobCompleted(trx, id, now, notBefore));
        },
      });
      return saved.changed ? { ...saved, remindersOffered } : saved;
    },
    decideWindow: decideForLeadOrRefuse,
  });

export const meta: Route.MetaFunction = () => [
  { title: "Request | Owner inbox" },
  { name: "robots", content: "noindex, nofollow" },
];

function Saved({ children }: { children: React.ReactNode }) {
  return (
    <div role="status" className="mb-3 rounded-md border-2 border-green-700 bg-green-50 p-3 font-medium text-green-900">
      {children}
    </div>
  );
}

function Problem({ message }: { message: string }) {
  return (
    <p role="alert" className="mb-3 rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900">
      {message}
    </p>
  );
}

/** One decision on the arrival window: a plain POST form with its intent, a note to the customer and one full-width button. */
function DecisionForm({
  intent,
  title,
  button,
  answer,
  primary = false,
  children,
}: {
  intent: "confirm" | "propose" | "decline";
  title: string;
  button: string;
  answer: Answer | undefined;
  primary?: boolean;
  children?: React.ReactNode;
}) {
  const mine = answer?.form === intent ? answer : undefined;
  return (
    <IntentPanel
      intent={intent}
      title={title}
      button={button}
      primary={primary}
      before={mine?.message ? <Problem message={mine.message} /> : null}
    >
      {children}
      <AdminInput
        id={`${intent}-note`}
        label="Note to the customer (optional, in the e-mail)"
        name="note"
        type="text"
        maxLength={NOTE_MAX}
        defaultValue={mine?.note ?? ""}
        error={mine?.errors.note?.[0]}
      />
    </IntentPanel>
  );
}

type BookingData = NonNullable<Route.ComponentProps["loaderData"]["booking"]>;

function ArrivalWindow({
  booking,
  zip,
  saved,
  answer,
}: {
  booking: BookingData;
  zip: string | null;
  saved: RequestPageIntent | null;
  answer: Answer | undefined;
}) {
  const can = (action: "confirm" | "propose" | "decline") => booking.actions.includes(action);
  return (
    <Section id="window-heading" title="Arrival window">
      {saved && saved !== "status" ? <Saved>{SAVED[saved]}</Saved> : null}
      <Rows
        rows={[
          ["Status", booking.statusText],
          ["Window", booking.window],
          ["Asked", booking.askedAt],
          ["Your last note", booking.note],
          ...(booking.late ? [["Late cancellation", booking.late] as [string, string]] : []),
        ]}
      />
      {booking.actions.length === 0 ? (
        <p className="mt-3 text-slate-700">
          Nothing to decide: the customer can ask for a window again from their link.
        </p>
      ) : (
        <div className="mt-4 grid gap-4">
          {can("confirm") ? (
            <DecisionForm
              intent="confirm"
              title="Confirm this window"
              button="Confirm the window"
              answer={answer}
              primary
            />
          ) : null}
          {can("propose") ? (
            booking.proposals.length > 0 ? (
              <DecisionForm
                intent="propose"
                title="Propose another window"
                button="Propose this window"
                answer={answer}
              >
                <AdminSelect
                  id="propose-window"
                  label="Window"
                  name="window"
                  required
                  empty="Choose a window"
                  groups={booking.proposals.map((g) => ({ label: g.label, options: g.windows }))}
                  error={answer?.form === "propose" ? answer.errors.window?.[0] : undefined}
                />
              </DecisionForm>
            ) : (
              <p className="text-slate-700">
                No other window is open for {zip ? `ZIP ${zip}` : "this request"} in the next two weeks: call the
                customer to arrange one.
              </p>
            )
          ) : null}
          {can("decline") ? (
            <DecisionForm intent="decline" title="Decline" button="Decline the window" answer={answer} />
          ) : null}
        </div>
      )}
    </Section>
  );
}

export default function RequestPage({ loaderData: r, actionData }: Route.ComponentProps) {
  const statusAnswer = !actionData?.form || actionData.form === "status" ? actionData : undefined;
  const errors = (statusAnswer?.errors ?? {}) as Record<string, string[] | null | undefined>;
  const customer = r.kind === "estimate" || r.kind === "contact";
  return (
    <>
      <p>
        <a href="/admin" className="font-semibold text-brand-700 underline">
          ← All requests
        </a>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight break-all text-brand-900">{r.title}</h1>
        <StatusBadge status={r.stage} />
        {r.flag ? <FlagBadge flag={r.flag} /> : null}
      </div>
      <p className="mt-1 text-slate-700">
        {kindLabel(r.kind)}, received <time dateTime={r.receivedAt}>{r.received}</time>
        {r.zip ? ` · ZIP ${r.zip}` : ""} · {r.area}
        {r.price ? ` · Price range ${r.price}` : ""}
      </p>
      <p className="mt-3 flex flex-wrap gap-3">
        {r.phone ? (
          <a href={r.phone.href} className="btn-secondary">
            <Phone className="size-5" aria-hidden="true" />
            Call {r.phone.display}
          </a>
        ) : null}
        <a href={`mailto:${r.email}`} className="btn-secondary break-all">
          E-mail {r.email}
        </a>
      </p>

      {/* 1. What the customer asked: their words, services, property, photos (a service address drops in here). */}
      <WhatTheyAsked id={r.id} asked={r.asked}>
        <ServiceAddress {...r.serviceAddress} />
      </WhatTheyAsked>

      {/* 2. The one next step for its stage. */}
      {customer ? (
        <NextStep
          facts={{
            id: r.id,
            stage: r.stage,
            windowToConfirm: r.booking?.actions.includes("confirm") ? r.booking.window : null,
            windowConfirmed: r.booking?.status === "confirmed" ? r.booking.window : null,
            phone: r.phone,
            canText: r.texts.refusal === null,
          }}
        />
      ) : null}

      {/* 3. The rest of the job: quote, deposit, window, texts, the stage by hand (a completion check drops in here). */}
      <Section id="quote-heading" title="Quote">
        <p className="text-slate-800">
          {r.quote ?? "No quote yet."}
          {r.price ? ` Instant range: ${r.price}.` : ""}
        </p>
        <p className="mt-3">
          <a href={`/admin/requests/${r.id}/quote`} className="btn-secondary">
            {r.quote ? "Open the quote" : "Build a quote"}
          </a>
        </p>
      </Section>

      <Section id="invoice-heading" title="Invoice">
        <p className="text-slate-800" data-testid="invoice-summary">
          {r.invoice
            ? `Invoice ${r.invoice.number}: ${r.invoice.status}. ${r.invoice.paid ? "Paid in full." : `Balance ${r.invoice.balance}.`}`
            : "No invoice yet: one is made as a draft when the job is marked Completed."}
        </p>
        <p className="mt-3">
          <a href={`/admin/requests/${r.id}/invoice`} className="btn-secondary">
            {r.invoice ? `Open invoice ${r.invoice.number}` : "Make an invoice"}
          </a>
        </p>
      </Section>

      <Disputes disputes={r.disputes} />
      <DepositStatus deposits={r.deposits} />
      <Section id="payments-heading" title="Payments">
        <p className="text-slate-800">
          Invoices, their balance and payments: record cash, a check, Zelle or Venmo by hand.
        </p>
        <p className="mt-3">
          <a href={`/admin/requests/${r.id}/payments`} className="btn-secondary">
            Open the payments
          </a>
        </p>
      </Section>
      {r.booking ? <ArrivalWindow booking={r.booking} zip={r.zip} saved={r.saved} answer={actionData} /> : null}
      {customer ? <CustomerTexts id={r.id} texts={r.texts} texted={r.texted} ask={r.askOnOurWay} /> : null}

      {customer ? <CompletionPhotos id={r.id} view={r.completion} /> : null}

      <Section id="stage-heading" title="Stage">
        {r.saved === "status" ? (
          <Saved>
            <p>Stage saved: {statusLabel(r.stage)}.</p>
            {r.review ? <p className="mt-1">{r.review}</p> : null}
            {r.reminders ? <p className="mt-1">{r.reminders}</p> : null}
          </Saved>
        ) : null}
        {statusAnswer?.message ? <Problem message={statusAnswer.message} /> : null}
        <p className="mb-3 text-slate-700">
          The stage follows what happens (a quote sent, accepted, a deposit paid, a window confirmed). Set it by hand
          only to correct it, or to mark the job completed or lost.
        </p>
        {statusAnswer?.early ? <CompleteEarly id={r.id} window={statusAnswer.early} note={statusAnswer.note} /> : null}
        <form
          method="post"
          className="grid gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:grid-cols-[12rem_1fr_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="status" />
          <AdminSelect
            id="status-status"
            label="Set the stage"
            name="status"
            options={STATUS_OPTIONS}
            defaultValue={r.stage}
            error={errors.status?.[0]}
          />
          <AdminInput
            id="status-note"
            label="Note (optional)"
            name="note"
            type="text"
            maxLength={NOTE_MAX}
            defaultValue={statusAnswer?.note ?? ""}
            error={errors.note?.[0]}
          />
          <button type="submit" className="btn-primary">
            Save the stage
          </button>
        </form>
      </Section>

      {/* 4. What moved it, then the records. */}
      <Section id="history-heading" title="History">
        <StageHistory items={r.history} />
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

/**
 * The second step of an early completion: the status form answered "Completed" before the window has begun; this
 * form sends it again with `early=yes` (a plain POST, no script needed). Not sending it changes nothing.
 */
function CompleteEarly({ id, window, note }: { id: string; window: string; note: string }) {
  return (
    <form
      method="post"
      aria-labelledby="complete-early-heading"
      className="mb-4 grid gap-3 rounded-lg border-2 border-amber-600 bg-amber-50 p-4"
    >
      <h3 id="complete-early-heading" className="text-lg font-bold text-brand-900">
        The window starts {window}. Complete it early?
      </h3>
      <p className="text-slate-800">
        Nothing was saved. Completing it now calls off the reminder e-mail, the day-before text and any &ldquo;On our
        way&rdquo; text; the review request goes no earlier than the window&rsquo;s start.
      </p>
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="status" value="completed" />
      <input type="hidden" name="note" value={note} />
      <input type="hidden" name="early" value="yes" />
      <p className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary">
          Yes, mark it completed now
        </button>
        <a href={`/admin/requests/${id}#stage-heading`} className="btn-secondary">
          No, keep the stage
        </a>
      </p>
    </form>
  );
}
