import { areaLabel } from "../components/admin.tsx";
import { ArrivalWindow, savedForm } from "../components/admin/arrival-window.tsx";
import { RequestHeader } from "../components/admin/request-header.tsx";
import { EarlierRequests } from "../components/admin/earlier-requests.tsx";
import { EARLIER_REQUESTS_MAX, earlierRequests } from "../server/features/account/customer.server.ts";
import { referenceOf } from "../server/kit/reference.server.ts";
import { InvoiceSection, PaymentsSection, QuoteSection } from "../components/admin/request-money.tsx";
import { RequestRecords } from "../components/admin/request-records.tsx";
import { StageForm } from "../components/admin/stage-form.tsx";
import { NextStep, WhatTheyAsked } from "../components/request-job.tsx";
import { bookingView, decideForLeadOrRefuse } from "../server/features/bookings/owner-decisions.server.ts";
import { notFound, requestPageAction } from "../server/features/admin/request-page.server.ts";
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
  const [events, booking, serviceAddress, texts, deposits, quotes, completionPhotos, invoice, disputes, earlier] =
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
      earlierRequests(app.database, lead.id),
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
    // The same customer's earlier requests (the same e-mail address or phone, in normal form).
    earlier: earlier.map((row) => ({
      id: row.id,
      reference: referenceOf(row.id),
      kind: row.kind,
      received: formatTime(row.createdAt),
      receivedAt: row.createdAt.toISOString(),
      by: `same ${row.sharedBy.map((by) => (by === "email" ? "e-mail" : "phone")).join(" and ")}`,
    })),
    earlierMax: EARLIER_REQUESTS_MAX,
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

export default function RequestPage({ loaderData: r, actionData }: Route.ComponentProps) {
  const statusAnswer = !actionData?.form || actionData.form === "status" ? actionData : undefined;
  const customer = r.kind === "estimate" || r.kind === "contact";
  return (
    <>
      <RequestHeader r={r} />
      <EarlierRequests rows={r.earlier} max={r.earlierMax} />

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
      <QuoteSection r={r} />

      <InvoiceSection r={r} />

      <Disputes disputes={r.disputes} />
      <DepositStatus deposits={r.deposits} />
      <PaymentsSection r={r} />
      {r.booking ? <ArrivalWindow booking={r.booking} zip={r.zip} saved={r.saved} answer={actionData} /> : null}
      {customer ? <CustomerTexts id={r.id} texts={r.texts} texted={r.texted} ask={r.askOnOurWay} /> : null}

      {customer ? <CompletionPhotos id={r.id} view={r.completion} /> : null}

      <StageForm r={r} statusAnswer={statusAnswer} />

      {/* 4. What moved it, then the records. */}
      <RequestRecords r={r} />
    </>
  );
}
