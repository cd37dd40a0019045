/**
 * What every lead form's action does: read the body within its size limit, turn
 * bots away quietly (the honeypot), limit each address, validate with the form's schema, flag a request sent
 * faster than a person types, store the request with its notification jobs in one transaction, and only then confirm.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import type { Confirmation, LeadActionData } from "../../../forms/result.ts";
import type { FieldList } from "../../../forms/form-fields.ts";
import { business } from "../../../content/business.ts";
import { CONSENT } from "../../../forms/consent.ts";
import { META, metaNames } from "../../../forms/meta.ts";
import { areaAnswer, isServed } from "../../../lib/service-area.ts";
import { cleanLine } from "../../../lib/text.ts";
import { zipTable } from "../../kit/service-area.server.ts";
import { rateLimitKey } from "../../kit/client-ip.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { textAlertSettings } from "../../kit/env.server.ts";
import { keyedHash } from "../../kit/db/site-secrets.server.ts";
import { getApp } from "../../kit/context.server.ts";
import { receiptPath, linkSecret } from "../../kit/signed-links.server.ts";
import { bookPathOf } from "../../kit/book-link.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { SPAM_SIGNAL, SPAM_SIGNAL_FIELD } from "../../kit/spam-signal.server.ts";
import { recordLead } from "./store.server.ts";
import { journalLead, mayJournal } from "./journal.server.ts";
import { isDatabaseAway } from "../../kit/db/outage.server.ts";
import { REPLY_LIMIT } from "./reply-quota.server.ts";
import { isRateLimited, checkRateLimit } from "../../kit/rate-limits.server.ts";
import type { Fields, IntakeHooks, LeadKind, NewLead } from "../../kit/leads.server.ts";
import { requestKind } from "../../kit/lead-kinds.server.ts";

import { TEXT_FORM_LIMIT, UPLOAD_FORM_LIMIT } from "../../kit/body-limits.server.ts";
import { type FormShape, HttpError, pickFields, readFormData } from "../../kit/form-body.server.ts";
import { type FileRules, readMultipart, type SkippedFile } from "../../kit/multipart.server.ts";

export { HttpError, readFormData, TEXT_FORM_LIMIT, UPLOAD_FORM_LIMIT };
const FINGERPRINT_WINDOW_MS = 10 * 60_000;

/** A form's accepted entries: its own fields (app/forms/schemas.ts) and the fields every lead form carries. */
function formShape(fields: FieldList): FormShape {
  return {
    single: new Set([...metaNames, ...fields.single, ...(fields.files ?? [])]),
    multiple: new Set([...(fields.multiple ?? []), ...(fields.fileLists ?? [])]),
  };
}

const str = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");
/** A value the form's schema does not read (where it was sent from), at most `max` characters, cleaned like every text field (app/lib/text.ts). */
const kept = (v: string, max: number) => cleanLine(v.slice(0, max));

function pathOf(value: string, origin: string): string {
  if (!value) return "";
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? (url.pathname + url.search).slice(0, 500) : "";
  } catch {
    return "";
  }
}

/** utm_* and gclid parameters from the landing page and the page the form was sent from. */
function campaign(...paths: string[]): { utm: Record<string, string>; gclid: string | null } {
  const utm: Record<string, string> = {};
  let gclid: string | null = null;
  for (const p of paths) {
    if (!p) continue;
    const params = new URL(p, "http://x").searchParams;
    for (const [key, value] of params) {
      if (/^utm_[a-z]{1,20}$/.test(key) && !(key in utm) && Object.keys(utm).length < 10) utm[key] = kept(value, 200);
      if (key === "gclid" && !gclid) gclid = kept(value, 200);
    }
  }
  return { utm, gclid };
}

async function idempotencyKey(
  database: Database,
  kind: LeadKind,
  formData: FormData,
  values: unknown,
  ip: string,
  now: Date,
): Promise<string> {
  const key = str(formData.get(META.key));
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(key))
    return `key:${key.toLowerCase()}`;
  // Without JavaScript: the same content from the same address within ten minutes is one request (a keyed hash: it holds personal data).
  const bucket = Math.floor(now.getTime() / FINGERPRINT_WINDOW_MS);
  return `fp:${await keyedHash(database, "fingerprint", JSON.stringify([kind, values, ip, bucket]))}`;
}

export interface LeadSubmission<S extends z.ZodType> {
  request: Request;
  context: Readonly<RouterContextProvider>;
  /** The kind of the form; the request is stored as the kind its content makes it (requestKind). */
  kind: LeadKind;
  schema: S;
  /** The form's fields (app/forms/schemas.ts): only these are read from the body, before the schema sees it. */
  fields: FieldList;
  limit?: number;
  /**
   * A form that takes photos: its multipart body is read as it streams in under these rules (files past them
   * skipped, never the request), instead of whole within `limit`.
   */
  files?: FileRules;
  /** Builds the stored request from the validated values and the files skipped while reading. May throw an HttpError (e.g. a bad upload). */
  toLead: (
    value: z.output<S>,
    formData: FormData,
    skipped: readonly SkippedFile[],
  ) =>
    | Promise<Pick<NewLead, "fields" | "contact" | "consent" | "attachment" | "photos">>
    | Pick<NewLead, "fields" | "contact" | "consent" | "attachment" | "photos">;
  /** The confirmation; `duplicate` is true when the same request (or newsletter address) was already stored. */
  confirmation: (value: z.output<S>, inServiceArea: boolean | null, duplicate: boolean) => Confirmation;
  /** What this kind adds to its storing (a newsletter sign-up: the newsletter's NEWSLETTER_SIGN_UP). */
  hooks?: IntakeHooks;
  /**
   * While the database is away, the request is kept in this instance's journal and confirmed as usual, then
   * stored once the database answers (the estimate and contact forms: docs/decisions/046-outage-journal.md).
   */
  journal?: boolean;
}

type Reply = ReturnType<typeof data<LeadActionData>> | Response;

export async function handleLeadSubmission<S extends z.ZodType>(options: LeadSubmission<S>): Promise<Reply> {
  const { request, context, kind, schema } = options;
  const app = getApp(context);
  const now = new Date();
  const fail = (
    status: number,
    message: string,
    submission?: { reply: (o: { formErrors: string[] }) => LeadActionData["result"] },
  ): Reply =>
    data(
      {
        result: submission
          ? submission.reply({ formErrors: [message] })
          : { status: "error", error: { "": [message] } },
      },
      { status },
    );

  const ipKey = rateLimitKey(app.clientIp);
  // The database away, a journaled form goes on without its rate limit (the journal's bound limits what it keeps).
  const journal = options.journal && !options.hooks ? app.journal : undefined;
  // Once the database was found away in this request, the rest goes straight to the journal (a silent host would
  // otherwise hold the visitor for each query's timeout in turn).
  let databaseAway = false;
  const goOnWithout = (error: unknown) => (databaseAway = journal !== undefined && isDatabaseAway(error));
  const tooMany = (retryAfterSeconds: number, submission?: Parameters<typeof fail>[2]) => {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    return fail(
      429,
      `You have sent several requests in a short time. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or call us at ${business.phone.display}.`,
      submission,
    );
  };

  // An address over its limit is answered before its body is read.
  try {
    const limited = await isRateLimited(app.database, ipKey, app.env.LEAD_RATE_LIMIT, now);
    if (limited.limited) return tooMany(limited.retryAfterSeconds);
  } catch (error) {
    if (!goOnWithout(error)) {
      app.logger.error(
        { kind, err: error instanceof Error ? error.name : "unknown" },
        "could not check the rate limit",
      );
      return fail(
        503,
        `We could not save your request just now. Please try again in a minute, or call us at ${business.phone.display}.`,
      );
    }
  }

  let formData: FormData;
  let skipped: SkippedFile[] = [];
  try {
    const multipart = /^multipart\//i.test(request.headers.get("content-type") ?? "");
    if (options.files && multipart) {
      const read = await readMultipart(request, options.files, app.uploads);
      formData = read.formData;
      skipped = read.skipped;
    } else formData = await readFormData(request, options.limit ?? TEXT_FORM_LIMIT);
    formData = pickFields(formData, formShape(options.fields));
  } catch (error) {
    if (error instanceof HttpError) return fail(error.status, error.message);
    throw error;
  }

  const submission = parseWithZod(formData, { schema });

  // The honeypot is a hidden field no person sees and no browser autofills (it is named like nothing a form
  // asks for): a value in it is a bot. Bots see an ordinary confirmation; nothing is stored or sent.
  if (str(formData.get(META.honeypot)) !== "") {
    app.logger.info({ kind, reason: "honeypot" }, "spam turned away");
    if (submission.status === "success" && app.documentRequest)
      return redirect(receiptPath({ leadId: "", kind, duplicate: false }, app.env.RECEIPT_SECRET, now), 303);
    if (submission.status === "success")
      return data({
        result: submission.reply({ resetForm: true }),
        confirmation: options.confirmation(submission.value, null, false),
      });
    return data({ result: submission.reply() }, { status: 400 });
  }

  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });

  // Sent sooner after the form was shown than a person types (the browser measures it, app/components/forms/lead-form.tsx):
  // a browser's autofill, or a bot; the fill time cannot tell them apart. The request is kept like any other
  // and flagged for the owner (inbox, e-mail subject), never dropped (decision 012).
  const elapsed = formData.get(META.elapsed);
  const sentFast =
    typeof elapsed === "string" && elapsed !== "" && Number(elapsed) < app.env.LEAD_MIN_FILL_SECONDS * 1000;
  if (sentFast) app.logger.info({ kind, signal: SPAM_SIGNAL.fast }, "request kept, flagged as sent fast");

  try {
    const limit = databaseAway
      ? { allowed: true as const }
      : await checkRateLimit(app.database, ipKey, app.env.LEAD_RATE_LIMIT, now).catch((error: unknown) => {
          if (goOnWithout(error)) return { allowed: true as const };
          throw error;
        });
    if (!limit.allowed) return tooMany(limit.retryAfterSeconds, submission);

    let lead: Awaited<ReturnType<typeof options.toLead>>;
    try {
      lead = await options.toLead(submission.value, formData, skipped);
    } catch (error) {
      if (error instanceof HttpError) return fail(error.status, error.message, submission);
      throw error;
    }
    const origin = new URL(request.url).origin;
    const page = pathOf(str(formData.get(META.page)), origin) || pathOf(request.headers.get("referer") ?? "", origin);
    const landingPage = pathOf(str(formData.get(META.landing)), origin) || null;
    const referrer = kept(str(formData.get(META.referrer)), 500) || null;
    const zip = lead.contact.zip;
    const area = zip ? areaAnswer(zip, zipTable) : null;
    const inServiceArea = isServed(area);
    const fields: Fields = {
      ...lead.fields,
      source: kept(str(formData.get(META.source)), 40) || null,
      ...(sentFast ? { [SPAM_SIGNAL_FIELD]: SPAM_SIGNAL.fast } : {}),
    };
    // A contact-form request naming services and a property is an estimate request (the page stays in `context`).
    const storedKind = requestKind(kind, lead.fields);
    const newLead: NewLead = {
      kind: storedKind,
      ...lead,
      fields,
      inServiceArea,
      context: {
        ip: app.clientIp,
        userAgent: kept(request.headers.get("user-agent") ?? "", 500),
        page,
        landingPage,
        referrer,
        ...campaign(landingPage ?? "", page),
      },
      idempotencyKey: await idempotencyKey(app.database, kind, formData, submission.value, app.clientIp, now),
    };
    // Every accepted request also gets a reply e-mail to the visitor (a newsletter sign-up: its confirmation link).
    // and the owner a text message when its settings are there (recordLead leaves newsletter sign-ups out).
    const jobs = { webhook: Boolean(app.env.LEAD_WEBHOOK_URL), reply: true, sms: textAlertSettings(app.env) !== null };
    let journaled = false;
    // The database away: the request is kept on this instance's disk (fsync'd) and stored once it answers.
    const keep = async (): Promise<Awaited<ReturnType<typeof recordLead>>> => {
      const kept = await journalLead(journal!, newLead, jobs, now);
      journaled = true;
      app.logger.warn({ kind, waiting: journal!.size }, "database away: request kept in the journal");
      return kept;
    };
    const stored =
      databaseAway && mayJournal(null, newLead, true)
        ? await keep()
        : await recordLead(app.database, newLead, { ...jobs, now, hooks: options.hooks }).catch((error: unknown) => {
            if (journal && mayJournal(error, newLead)) return keep();
            throw error;
          });
    if (!journaled) app.notifyOutbox();
    if (stored.replyCapped)
      app.logger.info(
        { kind, leadId: stored.id },
        `no reply e-mailed: its address had ${REPLY_LIMIT.count} replies in 24 hours`,
      );
    // Without JavaScript: Post/Redirect/Get, so that a refresh shows the confirmation again instead of re-posting.
    if (app.documentRequest)
      return redirect(
        receiptPath({ leadId: stored.id, kind: storedKind, duplicate: stored.duplicate }, app.env.RECEIPT_SECRET, now),
        303,
      );
    // A newsletter answer names no reference: it must read the same for an address already on the list.
    const reference = kind === "newsletter" ? undefined : referenceOf(stored.id);
    // A journaled request is offered no window yet: the booking page needs it stored (its reply e-mail has the link).
    const secret = journaled ? null : await linkSecret(app.database, app.env);
    const bookPath = secret ? bookPathOf({ id: stored.id, kind: storedKind, zip }, secret, now) : undefined;
    return data({
      result: submission.reply({ resetForm: true }),
      confirmation: {
        ...options.confirmation(submission.value, inServiceArea, stored.duplicate),
        ...refusedPhotos(lead.fields),
        inServiceArea,
        area,
        reference,
        ...(bookPath ? { bookPath } : {}),
      },
    });
  } catch (error) {
    app.logger.error({ kind, err: error instanceof Error ? error.name : "unknown" }, "could not store a request");
    return fail(
      503,
      `We could not save your request just now. Please try again in a minute, or call us at ${business.phone.display}.`,
      submission,
    );
  }
}

/** The photos refused with the request (their names and why), for its confirmation. */
export function refusedPhotos(fields: Fields): { photosRefused?: string[] } {
  const refused = fields.photosRefused;
  return Array.isArray(refused) && refused.length > 0 ? { photosRefused: refused } : {};
}

/** Who sent a request, as it is kept beside its fields (the owner's reply, the inbox's list, the spreadsheets' contact columns). */
export const contactOf = (v: {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  zipcode: string | null;
}) => ({ name: `${v.firstName} ${v.lastName}`, email: v.email, phone: v.phone, zip: v.zipcode });

/** The consent proof kept with a request when the visitor ticked the text-message box. */
export const consentProof = (agreed: boolean, now = new Date()) =>
  agreed ? { version: CONSENT.version, text: CONSENT.text, at: now } : null;

export {
  applicationConfirmation,
  confirmationOf,
  estimateConfirmation,
  newsletterConfirmation,
} from "./confirmations.server.ts";
