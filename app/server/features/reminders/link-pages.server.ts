/**
 * The pages of reminder links. Like the newsletter's and the review request's (a GET never changes anything: mail
 * scanners follow links), each shows a one-button form whose POST acts, then Post/Redirect/Get:
 * - /reminders/remind-me?t=…: "Remind me when it's due" records the customer's consent (from the completed job's
 *   e-mail or the accepted quote's page);
 * - /reminders/opt-out?t=…: stops the reminders; also a mail program's RFC 8058 one-click POST
 *   (`List-Unsubscribe=One-Click`), answered 200 without a redirect.
 * No sign-in: the signed token is the authority.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { getApp } from "../../kit/context.server.ts";
import { readFormData } from "../../kit/form-body.server.ts";
import {
  linkSecret,
  readReminderToken,
  reminderPath,
  type ReminderLinkPurpose,
} from "../../kit/signed-links.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { dueWords, listed } from "./reminder-mail.server.ts";
import { offerState, optOutOfReminders, recordConsent, remindersStopped } from "./reminders.server.ts";

/** `services`: the services in words ("house washing and gutter cleaning"). */
export type RemindMeState =
  | { state: "offer"; services: string }
  | { state: "reminding"; services: string; next: string | null }
  | { state: "invalid" | "expired" | "not-found" };
export type ReminderOptOutState = "reminding" | "opted-out" | "invalid" | "expired";

const HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" };
const PROBLEM_STATUS = { invalid: 400, expired: 410, "not-found": 404 } as const;

const tokenOf = (request: Request) => (new URL(request.url).searchParams.get("t") ?? "").slice(0, 300);

async function read(context: Readonly<RouterContextProvider>, request: Request, purpose: ReminderLinkPurpose) {
  const app = getApp(context);
  const token = tokenOf(request);
  return { app, token, read: readReminderToken(token, purpose, await linkSecret(app.database, app.env)) };
}

async function remindMePage(database: Database, leadId: string): Promise<RemindMeState> {
  const state = await offerState(database, leadId);
  if (state.state === "not-found") return state;
  const services = listed(state.services);
  return state.state === "reminding"
    ? { ...state, services, next: state.next ? dueWords(state.next) : null }
    : { ...state, services };
}

export async function remindMeLoader(context: Readonly<RouterContextProvider>, request: Request) {
  const { app, token, read: lead } = await read(context, request, "remind-me");
  const page: RemindMeState =
    typeof lead === "string" ? { state: lead } : await remindMePage(app.database, lead.id.split(":")[0] ?? "");
  const status = page.state === "offer" || page.state === "reminding" ? 200 : PROBLEM_STATUS[page.state];
  return data({ page, token }, { status, headers: HEADERS });
}

export async function remindMeAction(context: Readonly<RouterContextProvider>, request: Request) {
  const { app, token, read: lead } = await read(context, request, "remind-me");
  await readFormData(request).catch(() => null);
  if (typeof lead === "string")
    return data({ page: { state: lead } as RemindMeState, token }, { status: PROBLEM_STATUS[lead], headers: HEADERS });
  const [leadId = "", from] = lead.id.split(":");
  const recorded = await recordConsent(app.database, leadId, from === "quote" ? "quote-page" : "completed-email");
  if (!recorded)
    return data({ page: { state: "not-found" } as RemindMeState, token }, { status: 404, headers: HEADERS });
  app.logger.info({ event: "reminders.consented", lead: leadId }, "seasonal reminders agreed to");
  return redirect(`${new URL(request.url).pathname}?t=${encodeURIComponent(token)}`, 303);
}

/** The accepted quote's offer: the path of its "Remind me" link, when the request names a service that has one. */
export async function remindMeLinkOf(database: Database, env: Env, leadId: string, now = new Date()) {
  const state = await offerState(database, leadId);
  if (state.state === "not-found") return null;
  return {
    // The link names the request and where it was offered (`:quote`), recorded with the consent.
    path: reminderPath("remind-me", `${leadId}:quote`, await linkSecret(database, env), now),
    services: listed(state.services),
    reminding: state.state === "reminding",
  };
}

export async function reminderOptOutLoader(context: Readonly<RouterContextProvider>, request: Request) {
  const { app, token, read: lead } = await read(context, request, "reminder-opt-out");
  const state: ReminderOptOutState =
    typeof lead === "string" ? lead : (await remindersStopped(app.database, lead.id)) ? "opted-out" : "reminding";
  return data(
    { state, token },
    { status: state === "invalid" ? 400 : state === "expired" ? 410 : 200, headers: HEADERS },
  );
}

export async function reminderOptOutAction(context: Readonly<RouterContextProvider>, request: Request) {
  const { app, token, read: lead } = await read(context, request, "reminder-opt-out");
  // The body only tells a mail program's one-click POST from the page's button; the token decides.
  const body = await readFormData(request).catch(() => null);
  if (typeof lead === "string")
    return data(
      { state: lead as ReminderOptOutState, token },
      { status: lead === "invalid" ? 400 : 410, headers: HEADERS },
    );
  await optOutOfReminders(app.database, lead.id);
  app.logger.info({ event: "reminders.opted_out", lead: lead.id }, "seasonal reminders opted out");
  if (body?.get("List-Unsubscribe") === "One-Click")
    return data({ state: "opted-out" as ReminderOptOutState, token }, { status: 200, headers: HEADERS });
  return redirect(`${new URL(request.url).pathname}?t=${encodeURIComponent(token)}`, 303);
}
