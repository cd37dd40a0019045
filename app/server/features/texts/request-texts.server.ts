/**
 * The texts part of a request's page in the inbox: the thread (in and out, Boise time, each text's status), whether
 * the customer may be texted and why not, and the owner's two forms ("On our way", an answer), posted to
 * /admin/requests/:id/texts and answered with a redirect back to the page (Post/Redirect/Get) whose `texted`
 * says what became of it.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect } from "react-router";
import { ARRIVAL_MINUTES, onOurWaySchema, TEXT_FORMS, textReplySchema, type TextIntent } from "../../../forms/texts.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { textAlertSettings } from "../../kit/env.server.ts";
import { formFields, HttpError, pickFields, readFormData } from "../../kit/form-body.server.ts";
import type { LeadRow } from "../../kit/leads.server.ts";
import { heldWindow } from "../../kit/job-completion.server.ts";
import { localDateString } from "../../kit/business-time.server.ts";
import { formatTime } from "../../notify/labels.server.ts";
import { isQuietHour } from "./rules.server.ts";
import {
  onOurWayText,
  ownerText,
  queueOwnerText,
  REFUSAL_TEXT,
  textConfirmations,
  textTarget,
} from "./texts.server.ts";

/** What the page says after a text form (`?texted=`). */
export const TEXTED = {
  sent: { ok: true, text: "Text queued: it goes to the customer within a minute." },
  waits: { ok: true, text: "It is after 9 PM in Boise: the text waits and goes at 8:00 AM." },
  quiet: { ok: false, text: "Not sent: it is between 9 PM and 8 AM in Boise. Call the customer if they expect you." },
  "no-consent": { ok: false, text: REFUSAL_TEXT["no-consent"] },
  stopped: { ok: false, text: REFUSAL_TEXT.stopped },
  invalid: { ok: false, text: "Not sent: choose an arrival estimate, or type a text of at most 480 characters." },
  "not-set-up": { ok: false, text: "Not sent: texts are not set up (the TWILIO_* settings)." },
  "not-today": { ok: false, text: "Not sent yet: this job has no arrival window today." },
} as const;
export type Texted = keyof typeof TEXTED;

/** Why the page offers no text form, said before anything is tried. */
const NO_TEXTS = {
  "no-consent": "No texts: this customer did not agree to text messages on their request. Call or e-mail them instead.",
  stopped:
    "No texts: this customer asked us to stop texting (they replied STOP), so no text goes to their number any more. Call or e-mail them instead.",
  "not-set-up": "No texts: text messages are not set up here (the TWILIO_* settings, README).",
} as const;

const STATUS_TEXT = {
  queued: "waiting",
  sent: "sent",
  refused: "not sent",
  cancelled: "called off",
  failed: "failed",
  received: "received",
} as const;

const REASON_TEXT: Record<string, string> = {
  "no-consent": "no consent to texts",
  stopped: "the customer asked to stop texts",
  "provider-confirmed": "the text provider confirmed the stop itself",
  "too-late": "not sent within five minutes of the stop",
  "number-changed": "the request's number changed",
  "window-changed": "the window changed",
  completed: "the job is completed",
};

const KIND_TEXT: Record<string, string> = {
  reminder: "day-before text",
  "on-our-way": "on our way",
  reply: "your answer",
  reschedule: "reschedule link",
  confirmed: "confirmation",
  help: "help answer",
  stop: "asked to stop texts",
  start: "asked for texts again",
  "stop-confirmed": "stop confirmed",
  quote: "the quote",
  window: "arrival window",
  "invoice-reminder": "invoice reminder",
  confirm: "C: confirmed",
  completed: "job completed answer",
  message: "message",
};

/** The thread as the page shows it, the confirmation by text, and whether a text can go. */
export async function textsView(database: Database, env: Env, lead: LeadRow, now = new Date()) {
  const rows = await database.db
    .selectFrom("text_messages")
    .leftJoin("outbox_jobs", (join) =>
      join.onRef("outbox_jobs.ref", "=", "text_messages.id").on("outbox_jobs.kind", "=", "customer-text"),
    )
    .selectAll("text_messages")
    .select(["outbox_jobs.status as job_status"])
    .where("text_messages.lead_id", "=", lead.id)
    .orderBy("text_messages.created_at")
    .orderBy("text_messages.direction")
    .orderBy("text_messages.id")
    .execute();
  const target = await textTarget(database.db, lead);
  const confirmed = (await textConfirmations(database, [lead.id])).get(lead.id);
  const held = await heldWindow(database.db, lead.id);
  return {
    /** The window "On our way" would be about, when it is not today's (the page asks before texting). */
    window: held && held.day !== localDateString(now) ? held.label : null,
    refusal: !textAlertSettings(env) ? NO_TEXTS["not-set-up"] : target.refused ? NO_TEXTS[target.refused] : null,
    quiet: isQuietHour(now),
    confirmed: confirmed ? formatTime(confirmed) : null,
    thread: rows.map((row) => {
      // A queued text whose job was given up (or whose deadline passed) did not go.
      const status =
        row.status === "queued" && (row.job_status === "dead" || row.job_status === "cancelled")
          ? "failed"
          : row.status;
      const at = new Date(row.sent_at ?? row.created_at);
      return {
        id: row.id,
        direction: row.direction,
        what: KIND_TEXT[row.kind] ?? row.kind,
        body: row.body,
        at: formatTime(at),
        iso: at.toISOString(),
        status: status === "queued" ? `waiting, goes ${formatTime(new Date(row.due_at))}` : STATUS_TEXT[status],
        reason: row.reason ? (REASON_TEXT[row.reason] ?? row.reason) : null,
      };
    }),
  };
}

/** Whether the request's booking holds a window on today's date in Boise (any of asked, proposed, confirmed). */
async function windowToday(database: Database, leadId: string, now: Date): Promise<boolean> {
  const held = await heldWindow(database.db, leadId);
  return held !== null && held.day === localDateString(now);
}

/** The minutes of an "On our way" the page asks about (`?texted=not-today&minutes=`), or null. */
export function onOurWayQuestion(query: URLSearchParams): string | null {
  const minutes = query.get("minutes");
  return query.get("texted") === "not-today" && (ARRIVAL_MINUTES as readonly (string | null)[]).includes(minutes)
    ? minutes
    : null;
}

/** Reads `texted` from the page's URL. */
export const textedOf = (value: string | null) =>
  value && Object.hasOwn(TEXTED, value) ? TEXTED[value as Texted] : null;

/** The action of /admin/requests/:id/texts: queue the owner's text, or say why not; back to the page either way. */
export async function textsAction(
  request: Request,
  leadId: string,
  app: { database: Database; env: Env; notifyOutbox: () => void },
  logInfo: (event: Record<string, unknown>, message: string) => void,
  now = new Date(),
): Promise<never> {
  const back = (texted: Texted) =>
    redirect(`/admin/requests/${encodeURIComponent(leadId)}?texted=${texted}#texts-heading`, { status: 303 });
  let formData: FormData;
  let intent: TextIntent;
  try {
    const body = await readFormData(request);
    const named = body.get("intent");
    if (typeof named !== "string" || !Object.hasOwn(TEXT_FORMS, named)) throw back("invalid");
    intent = named as TextIntent;
    formData = pickFields(body, formFields(TEXT_FORMS[intent]));
  } catch (error) {
    if (error instanceof HttpError) throw back("invalid");
    throw error;
  }
  const submission = parseWithZod(formData, { schema: intent === "reply" ? textReplySchema : onOurWaySchema });
  if (submission.status !== "success") throw back("invalid");
  if (!textAlertSettings(app.env)) throw back("not-set-up");
  const value = submission.value;
  if (value.intent === "on-our-way" && isQuietHour(now)) throw back("quiet");
  // "On our way" for a job with no window today is asked about first (a second, explicit step).
  if (value.intent === "on-our-way" && value.notToday !== "yes" && !(await windowToday(app.database, leadId, now)))
    throw redirect(
      `/admin/requests/${encodeURIComponent(leadId)}?texted=not-today&minutes=${value.minutes}#texts-heading`,
      { status: 303 },
    );
  const body = value.intent === "reply" ? ownerText(value.body) : onOurWayText(Number(value.minutes));
  const queued = await queueOwnerText(app.database, leadId, { kind: value.intent, body }, now);
  if (!queued.ok) {
    if (queued.refused === "not-found") throw back("invalid");
    throw back(queued.refused);
  }
  logInfo({ event: "texts.owner_text", lead: leadId, kind: value.intent }, "text to the customer queued");
  app.notifyOutbox();
  throw back(queued.message.dueAt.getTime() > now.getTime() ? "waits" : "sent");
}
