/**
 * The pages where a visitor chooses an arrival window (/book?r=…, the link after a request) and manages a
 * booking (/book/manage?t=…, the link in every booking e-mail), and /book without a link (which windows a
 * ZIP code has, as information). No sign-in: the signed token in the link is the authority
 * (app/server/kit/signed-links.server.ts). A GET never changes anything (mail scanners follow links); each POST reads only its
 * form's fields within limits (app/forms/booking.ts), checks the window again against the ZIP's windows now,
 * lets the store decide (./bookings.server.ts: the last place goes to one visitor only) and answers with a
 * redirect back to the link (Post/Redirect/Get), or the page again with what went wrong (400, 409).
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { business } from "../../../content/business.ts";
import { availability } from "../../../content/availability.ts";
import { priceBook, pricingSlugs } from "../../../content/price-book.ts";
import {
  ACCESS_NOTE_MAX,
  ADDRESS_NEEDED,
  browseSchema,
  MANAGE_FIELDS,
  manageSchema,
  tokenParam,
  windowValue,
} from "../../../forms/booking.ts";
import { jobStreet } from "../../kit/service-address.server.ts";
import { optionLabel, servicesNeededOptions, serviceTypeOptions } from "../../../forms/options.ts";
import { getApp, type AppContext } from "../../kit/context.server.ts";
import { textAlertSettings } from "../../kit/env.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { BookingStatus } from "../../kit/db/tables.server.ts";
import { formFields, HttpError, readFields } from "../../kit/form-body.server.ts";
import { linkSecret, linkPath, LINK_PARAMS, readSignedToken, type LinkPurpose } from "../../kit/signed-links.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { getLead, type LeadRow } from "../../kit/leads.server.ts";
import {
  acceptProposal,
  bookingForLead,
  cancelBooking,
  getBooking,
  HOLDING,
  openWindows,
  requestWindow,
  type Booking,
  type BookingResult,
} from "./bookings.server.ts";
import { isBookable } from "../../kit/lead-kinds.server.ts";
import { isCompleted } from "../../kit/job-completion.server.ts";
import { freeCancellationUntil, isLateCancellation } from "../../kit/late-cancellation.server.ts";
import { depositOutcome, lateCancellationForCustomer, lateCancellationRule } from "../../../lib/late-cancellation.ts";
import {
  byDay,
  candidateWindows,
  dayLabel,
  findWindow,
  timesLabel,
  type DayOption,
} from "../../kit/arrival-windows.server.ts";

/** What is wrong with a link: forged or cut short, expired, or its request or booking is gone. */
export type LinkProblem = "invalid" | "expired" | "not-found";

export type { DayOption } from "../../kit/arrival-windows.server.ts";
export type WindowOption = DayOption["windows"][number];

/** Where the request's ZIP code stands: windows by day, by appointment, outside or unknown, no ZIP, or not a request that books. */
export type RuleView =
  | { kind: "days"; city: string; area: string | null }
  | { kind: "appointment"; city: string; area: string }
  | { kind: "outside" | "unknown" | "no-zip" | "not-bookable" };

export interface BookingView {
  status: BookingStatus;
  value: string;
  dayLabel: string;
  timesLabel: string;
  note: string;
  /** The window has begun: nothing can be changed online. */
  past: boolean;
  /** The job is marked completed: nothing can be changed online. */
  completed: boolean;
}

export interface RequestPage {
  state: "ok";
  token: string;
  /** The service, property type, ZIP code and reference, as the visitor reads them. */
  rows: { label: string; value: string }[];
  rule: RuleView;
  booking: BookingView | null;
  /** The open windows the visitor may choose (none when choosing is not allowed). */
  days: DayOption[];
  /** How many days ahead windows are offered (content). */
  daysShown: number;
  canChoose: boolean;
  canAccept: boolean;
  canCancel: boolean;
  /** The terms' rule for a late cancellation as it stands now, said before the customer confirms (with canCancel). */
  cancelTerms: string | null;
  /** The request and its booking have no service address: the window's form asks for it (required). */
  needsAddress: boolean;
  /** The note for the crew given before (the window's form shows it to change). */
  accessNote: string;
  accessNoteMax: number;
  /** After a POST (?done=1): the change was stored. */
  done: boolean;
  /** Why the last POST was refused (shown above the form). */
  error: string | null;
}
export interface ProblemPage {
  state: LinkProblem;
  error: string | null;
}
export interface BrowsePage {
  state: "browse";
  services: { value: string; label: string }[];
  service: string;
  zipcode: string;
  errors: { service?: string; zipcode?: string };
  rule: RuleView | null;
  days: DayOption[];
  daysShown: number;
}

const STATUS: Record<LinkProblem, number> = { invalid: 400, expired: 410, "not-found": 404 };
/** Never indexed. (Never stored: the server sends `private, no-store` with every page it renders, app/server/app.server.ts.) */
const HEADERS = { "X-Robots-Tag": "noindex" };

/** The pages' `headers` export (a page's headers come only from there). */
export const bookingHeaders = () => HEADERS;

/** How many changes a booking may have had before its links stop changing it (each one e-mails the owner). */
export const MAX_CHANGES = 20;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** What the request asked for, as the page repeats it: never the name, phone, e-mail or message. */
export function requestRows(
  lead: Pick<LeadRow, "id" | "fields" | "contact">,
  city: string | null,
  bookingAddress: string | null = null,
) {
  const fields = lead.fields;
  const priced = text(fields.priceService);
  const needed = Array.isArray(fields.servicesNeeded) ? fields.servicesNeeded : [];
  const service = priced
    ? (priceBook.services[priced]?.title ?? priceBook.callback[priced]?.title ?? "")
    : needed.map((v) => optionLabel(servicesNeededOptions, v)).join(", ");
  const property = text(fields.serviceType) ? optionLabel(serviceTypeOptions, text(fields.serviceType)) : "";
  const zip = lead.contact.zip ?? "";
  return [
    { label: "Reference", value: referenceOf(lead.id) },
    { label: "Service", value: service },
    { label: "Property type", value: property },
    { label: "Street address", value: jobStreet(fields, bookingAddress) },
    { label: "ZIP code", value: zip && city ? `${zip} (${city})` : zip },
  ].filter((row) => row.value !== "");
}

function ruleView(rule: ReturnType<typeof candidateWindows>["rule"]): RuleView {
  if (rule.kind === "days") return { kind: "days", city: rule.city, area: rule.area };
  if (rule.kind === "appointment") return { kind: "appointment", city: rule.city, area: rule.area };
  return { kind: rule.kind };
}

/**
 * What the terms say of cancelling `booking` at `now`: late (a confirmed window less than the rule's hours away),
 * what happens to the deposit paid; else until when it is free, and what happens after.
 */
export function cancelTerms(booking: Pick<Booking, "status" | "startsAt">, now: Date, depositCents: number | null) {
  const rule = lateCancellationRule();
  if (booking.status === "confirmed" && isLateCancellation(booking.startsAt, now, rule))
    return lateCancellationForCustomer({ ...rule, depositCents }, false);
  if (booking.status !== "confirmed")
    return `Your window is not confirmed yet, so cancelling costs nothing. Once it is, you may cancel at no charge up to ${rule.hours} hours before it.`;
  const until = freeCancellationUntil(booking.startsAt, rule).toLocaleString("en-US", {
    timeZone: business.timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
  return `You may cancel at no charge until ${until} (${rule.hours} hours before your window). After that, ${depositOutcome(rule, depositCents)}.`;
}

/** The page of a request (and its booking, if any) at `now`. */
export async function requestPage(
  database: Database,
  lead: Pick<LeadRow, "id" | "kind" | "fields" | "contact">,
  booking: Booking | undefined,
  now: Date,
  /** The deposit paid for the request, in cents (null: none), for the late-cancellation rule. */
  depositCents: number | null = null,
): Promise<Omit<RequestPage, "token" | "done" | "error">> {
  // A completed job is the owner's to change, by phone: not cancelled, moved or booked again online.
  const completed = await isCompleted(database.db, lead.id);
  const zip = lead.contact.zip;
  const bookable = isBookable(lead.kind);
  const candidates = bookable && zip ? candidateWindows(zip, now) : null;
  const rule: RuleView = !bookable
    ? { kind: "not-bookable" }
    : candidates
      ? ruleView(candidates.rule)
      : { kind: "no-zip" };
  const active = booking ? HOLDING.includes(booking.status) : false;
  const past = booking ? booking.startsAt.getTime() <= now.getTime() : false;
  // A window that has begun (or is over) is not changed online; a declined request was the owner's answer.
  const frozen = completed || (booking !== undefined && ((active && past) || booking.status === "declined"));
  const canChoose = rule.kind === "days" && !frozen;
  const current = booking && active ? windowValue(booking.day, booking.times) : null;
  const days =
    canChoose && candidates
      ? byDay(await openWindows(database, candidates.windows))
          .map((d) => ({ ...d, windows: d.windows.filter((w) => w.value !== current) }))
          .filter((d) => d.windows.length > 0)
      : [];
  return {
    state: "ok",
    rows: requestRows(
      lead,
      rule.kind === "days" || rule.kind === "appointment" ? rule.city : null,
      booking?.address ?? null,
    ),
    rule,
    booking: booking
      ? {
          status: booking.status,
          value: windowValue(booking.day, booking.times),
          dayLabel: dayLabel(booking.day),
          timesLabel: timesLabel(booking.times),
          note: booking.ownerNote,
          past,
          completed,
        }
      : null,
    days,
    daysShown: availability.daysShown,
    canChoose: canChoose && days.length > 0,
    canAccept: booking?.status === "proposed" && !past && !completed,
    canCancel: active && !past && !completed,
    cancelTerms: booking && active && !past && !completed ? cancelTerms(booking, now, depositCents) : null,
    needsAddress: jobStreet(lead.fields, booking?.address) === "",
    accessNote: booking?.accessNote ?? "",
    accessNoteMax: ACCESS_NOTE_MAX,
  };
}

// ---- the link's request or booking ----

type Resolved =
  | { ok: false; problem: LinkProblem }
  | { ok: true; lead: NonNullable<Awaited<ReturnType<typeof getLead>>>; booking: Booking | undefined; token: string };

async function resolve(app: AppContext, url: URL, purpose: Extract<LinkPurpose, "book" | "manage">, now: Date) {
  const token = tokenParam(url.searchParams.get(LINK_PARAMS[purpose]));
  const read = token ? readSignedToken(token, purpose, await linkSecret(app.database, app.env), now) : "invalid";
  if (typeof read === "string") return { ok: false, problem: read } satisfies Resolved;
  let booking: Booking | undefined;
  let leadId = read.id;
  if (purpose === "manage") {
    booking = await getBooking(app.database, read.id);
    if (!booking) return { ok: false, problem: "not-found" } satisfies Resolved;
    leadId = booking.leadId;
  }
  const lead = await getLead(app.database, leadId);
  if (!lead) return { ok: false, problem: "not-found" } satisfies Resolved;
  if (purpose === "book") booking = await bookingForLead(app.database, lead.id);
  return { ok: true, lead, booking, token } satisfies Resolved;
}

const problemPage = (problem: LinkProblem, error: string | null = null) =>
  data({ state: problem, error } satisfies ProblemPage, { status: STATUS[problem], headers: HEADERS });

/** The link of a request: the app, the time, the URL and what the token names. */
async function opened(context: Readonly<RouterContextProvider>, request: Request, purpose: "book" | "manage") {
  const app = getApp(context);
  const now = new Date();
  const url = new URL(request.url);
  return { app, now, url, found: await resolve(app, url, purpose, now) };
}

/** The deposit paid for a request, in cents, or null (the payments feature's, handed over by the route module). */
export type PaidDeposit = (database: Database, leadId: string) => Promise<number | null>;
const noDeposit: PaidDeposit = async () => null;

export async function linkLoader(
  context: Readonly<RouterContextProvider>,
  request: Request,
  purpose: "book" | "manage",
  paidDeposit: PaidDeposit = noDeposit,
) {
  const { app, now, url, found } = await opened(context, request, purpose);
  if (!found.ok) return problemPage(found.problem);
  const deposit = await paidDeposit(app.database, found.lead.id);
  const page: RequestPage = {
    ...(await requestPage(app.database, found.lead, found.booking, now, deposit)),
    token: found.token,
    done: url.searchParams.get("done") === "1",
    error: null,
  };
  return data(page, { headers: HEADERS });
}

const call = () => `call us at ${business.phone.display}`;

const REFUSED: Record<"full" | "not-allowed" | "not-found", { status: number; message: () => string }> = {
  full: { status: 409, message: () => "That window was just taken — choose another." },
  "not-allowed": {
    status: 409,
    message: () => `This can no longer be changed online. Please ${call()}.`,
  },
  "not-found": { status: 404, message: () => `We could not find this booking. Please ${call()}.` },
};

/**
 * The POST of /book (a window) or /book/manage (accept, cancel or another window). Success: 303 back to the
 * link with ?done=1. Refused: the page again, with the reason, and the status (400, 404, 409, 410).
 */
export async function linkAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  purpose: "book" | "manage",
  paidDeposit: PaidDeposit = noDeposit,
) {
  const { app, now, found } = await opened(context, request, purpose);
  if (!found.ok) return problemPage(found.problem);
  const { lead, token } = found;
  const deposit = await paidDeposit(app.database, lead.id);
  const again = async (status: number, error: string) => {
    // The booking as it is now (another visitor, or the owner, may have changed it meanwhile).
    const booking =
      purpose === "book"
        ? await bookingForLead(app.database, lead.id)
        : found.booking && (await getBooking(app.database, found.booking.id));
    const page: RequestPage = {
      ...(await requestPage(app.database, lead, booking, now, deposit)),
      token,
      done: false,
      error,
    };
    return data(page, { status, headers: HEADERS });
  };

  let body: FormData;
  try {
    body = await readFields(request, formFields(MANAGE_FIELDS));
  } catch (error) {
    if (error instanceof HttpError) return again(error.status, error.message);
    throw error;
  }
  const fields = Object.fromEntries(body) as Record<string, string>;
  // The window list's form says which action it is; a window alone (an older page, a script) is asking for it.
  const parsed = manageSchema.safeParse({ intent: "reschedule", ...fields });
  if (!parsed.success) return again(400, parsed.error.issues[0]?.message ?? "Choose an arrival window from the list");
  const values = parsed.data;

  if (await isCompleted(app.database.db, lead.id))
    return again(409, `This job is completed, so it can no longer be changed online. Please ${call()}.`);
  // Every change e-mails the owner: a link that keeps changing its window is stopped (the owner's changes count too).
  if (found.booking && found.booking.sequence >= MAX_CHANGES)
    return again(429, `This arrival window has changed many times. Please ${call()} to change it again.`);

  let result: BookingResult;
  if (values.intent === "accept" || values.intent === "cancel") {
    if (!found.booking) return again(404, REFUSED["not-found"].message());
    const { startsAt, id } = found.booking;
    if (startsAt.getTime() <= now.getTime())
      return again(409, `This window has begun, so it can no longer be changed online. Please ${call()}.`);
    result =
      values.intent === "accept"
        ? await acceptProposal(app.database, id, now)
        : await cancelBooking(app.database, id, now, {
            depositCents: deposit,
            textOwner: textAlertSettings(app.env) !== null,
          });
  } else {
    const zip = lead.contact.zip;
    const window = zip ? findWindow(zip, values.window.day, values.window.times, now) : null;
    if (!window)
      return again(400, "That arrival window is not offered for your ZIP code now. Choose one from the list.");
    if (found.booking && found.booking.startsAt.getTime() <= now.getTime() && HOLDING.includes(found.booking.status))
      return again(409, `Your window has begun, so it can no longer be changed online. Please ${call()}.`);
    // The crew drives to the job: a window is asked for only with a service address (docs/decisions/038).
    const street = jobStreet(lead.fields, found.booking?.address);
    const address = values.address ?? "";
    if (!street && !address) return again(400, ADDRESS_NEEDED);
    result = await requestWindow(app.database, lead.id, window, now, {
      ...(street ? {} : { address }),
      ...(values.accessNote === undefined ? {} : { accessNote: values.accessNote }),
    });
  }
  if (!result.ok) return again(REFUSED[result.reason].status, REFUSED[result.reason].message());
  app.notifyOutbox();
  app.logger.info({ purpose, intent: values.intent, status: result.booking.status }, "booking changed by the visitor");
  return redirect(`${linkPath(purpose, token)}&done=1`, 303);
}

// ---- /book without a link ----

export const serviceOptions = () =>
  pricingSlugs.map((slug) => ({
    value: slug,
    label: priceBook.services[slug]?.title ?? priceBook.callback[slug]?.title ?? slug,
  }));

/** /book?service=…&zipcode=…: the open windows of a ZIP code, as information (a window is chosen after a request). */
export async function browseLoader(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const params = new URL(request.url).searchParams;
  const services = serviceOptions();
  const raw = { service: params.get("service") ?? undefined, zipcode: params.get("zipcode") ?? undefined };
  const errors: BrowsePage["errors"] = {};
  const service = raw.service && services.some((s) => s.value === raw.service) ? raw.service : "";
  if (raw.service && !service) errors.service = "Choose a service from the list";
  const zip = browseSchema.shape.zipcode.safeParse(raw.zipcode?.trim() || undefined);
  if (!zip.success) errors.zipcode = zip.error.issues[0]?.message ?? "Enter a 5-digit ZIP code like 83702";
  let rule: RuleView | null = null;
  let days: DayOption[] = [];
  if (zip.success && zip.data) {
    const candidates = candidateWindows(zip.data, new Date());
    rule = ruleView(candidates.rule);
    days = byDay(await openWindows(app.database, candidates.windows));
  }
  const page: BrowsePage = {
    state: "browse",
    services,
    service,
    zipcode: zip.success ? (zip.data ?? "") : (raw.zipcode ?? "").slice(0, 10),
    errors,
    rule,
    days,
    daysShown: availability.daysShown,
  };
  return data(page, { status: Object.keys(errors).length > 0 ? 400 : 200, headers: HEADERS });
}
