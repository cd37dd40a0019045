/**
 * The forms of one request's page (/admin/requests/:id), told apart by their hidden `intent` (none: the status
 * form): a status change with a note (recorded with who and when; "completed" also queues the customer's review
 * request), or a decision on the arrival window with a note to the customer. Each reads only its own fields; then
 * back to the page (Post/Redirect/Get). The features that act are handed over by the route module: the reviews
 * feature saves a status (and queues the review request), the bookings feature decides on the window.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import {
  confirmSchema,
  declineSchema,
  NOTE_MAX,
  proposeSchema,
  REQUEST_PAGE_FORMS,
  statusSchema,
  type RequestPageIntent,
} from "../../../forms/admin.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { LeadStatus } from "../../kit/db/tables.server.ts";
import { formFields, HttpError, pickFields, readFormData } from "../../kit/form-body.server.ts";
import { getLead, type LeadDetail } from "../../kit/leads.server.ts";
import { completionCheck } from "../../kit/job-completion.server.ts";
import { signedIn } from "./guard.server.ts";

/** A decision on a request's arrival window. */
export type WindowDecision =
  { action: "confirm" | "decline"; note: string } | { action: "propose"; window: string; note: string };

/** What the page's forms set off in other features. */
export interface RequestPageFeatures {
  /** Records a status change; "completed" may queue the review request (its outcome: `review`). */
  saveStatus(
    database: Database,
    leadId: string,
    change: { status: LeadStatus; note: string; changedBy: string },
    /** `notBefore`: what a completion sets off for the customer goes no earlier (an early completion: the window's start). */
    options: { reviewUrl: string | undefined; notBefore: Date },
  ): Promise<{ changed: false } | { changed: true; review: string | null; remindersOffered?: boolean }>;
  /** Decides on the window; a refusal (a decision the booking's state does not allow) with its status and sentence. */
  decideWindow(
    database: Database,
    lead: LeadDetail,
    decision: WindowDecision,
  ): Promise<{ booking: { id: string } } | { refused: { status: number; message: string } }>;
}

/** The answer when the request is gone (deleted after its retention period, or never there). */
export const notFound = () =>
  data(
    { message: "There is no request with this id. It may have been deleted after its retention period." },
    { status: 404 },
  );

export type RequestPageAnswer = {
  form: RequestPageIntent | null;
  errors: Record<string, string[] | null>;
  note: string;
  message: string | null;
  /** "Completed" before the window has begun: the window, for the page to ask whether to complete it early. */
  early: string | null;
};
const answer = (status: number, values: Partial<RequestPageAnswer>) =>
  data<RequestPageAnswer>({ form: null, errors: {}, note: "", message: null, early: null, ...values }, { status });

export async function requestPageAction(
  { request, params, context }: { request: Request; params: { id: string }; context: Readonly<RouterContextProvider> },
  features: RequestPageFeatures,
) {
  const { app, owner } = signedIn(context);
  let formData: FormData;
  let intent: RequestPageIntent;
  try {
    const body = await readFormData(request);
    const named = body.get("intent") ?? "status";
    if (typeof named !== "string" || !Object.hasOwn(REQUEST_PAGE_FORMS, named))
      throw new HttpError(400, "This form is not one of this page's: reload the page and try again.");
    intent = named as RequestPageIntent;
    formData = pickFields(body, formFields(REQUEST_PAGE_FORMS[intent]));
  } catch (error) {
    if (error instanceof HttpError) return answer(error.status, { message: error.message });
    throw error;
  }
  const schema = { status: statusSchema, confirm: confirmSchema, propose: proposeSchema, decline: declineSchema }[
    intent
  ];
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    return answer(400, {
      form: intent,
      errors: submission.error ?? {},
      note: String(submission.payload.note ?? "").slice(0, NOTE_MAX * 2),
    });
  }
  const value = submission.value;
  if (value.intent === undefined || value.intent === "status") {
    const now = new Date();
    let notBefore = now;
    if (value.status === "completed") {
      // Before its window has begun, a job is completed only once the owner confirms it (the second step).
      const check = await completionCheck(app.database.db, params.id, now, value.early === "yes");
      if (!check.ok) return answer(409, { form: "status", note: value.note, early: check.window });
      notBefore = check.notBefore;
    }
    const saved = await features.saveStatus(
      app.database,
      params.id,
      { status: value.status, note: value.note, changedBy: owner.email },
      { reviewUrl: app.env.REVIEW_URL, notBefore },
    );
    if (!saved.changed) throw notFound();
    app.logger.info(
      {
        event: "admin.status_changed",
        owner: owner.ownerId,
        lead: params.id,
        status: value.status,
        review: saved.review,
      },
      "request status changed",
    );
    const said = `${saved.review ? `&review=${saved.review}` : ""}${saved.remindersOffered ? "&reminders=offered" : ""}`;
    throw redirect(`/admin/requests/${params.id}?saved=status${said}`, { status: 303 });
  }
  const lead = await getLead(app.database, params.id);
  if (!lead) throw notFound();
  const decided = await features.decideWindow(
    app.database,
    lead,
    value.intent === "propose"
      ? { action: "propose", window: value.window, note: value.note }
      : { action: value.intent, note: value.note },
  );
  if ("refused" in decided)
    return answer(decided.refused.status, { form: intent, message: decided.refused.message, note: value.note });
  app.logger.info(
    {
      event: "admin.booking_decided",
      owner: owner.ownerId,
      lead: lead.id,
      booking: decided.booking.id,
      action: value.intent,
    },
    "arrival window decided",
  );
  throw redirect(`/admin/requests/${params.id}?saved=${intent}`, { status: 303 });
}
