/**
 * The pages behind the links in newsletter e-mails: /newsletter/confirm and /newsletter/unsubscribe.
 * A GET never changes anything (mail scanners follow links): it shows the state and, where there is
 * something to do, a one-button form. That form's POST (and the RFC 8058 one-click POST a mail program
 * sends to the List-Unsubscribe link, body `List-Unsubscribe=One-Click`) does it; no sign-in, the signed
 * token in the link is the authority.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import type { SubscriptionStatus } from "../../kit/db/tables.server.ts";
import { getApp } from "../../kit/context.server.ts";
import { confirmSubscription, getSubscription, unsubscribe } from "./subscriptions.server.ts";
import { readNewsletterToken, type TokenPurpose, linkSecret } from "../../kit/signed-links.server.ts";
import { readFormData } from "../../kit/form-body.server.ts";

/** What the page shows: the subscription's state, or what is wrong with the link. */
export type LinkState = SubscriptionStatus | "invalid" | "expired" | "unknown";

const STATUS: Record<LinkState, number> = {
  pending: 200,
  confirmed: 200,
  unsubscribed: 200,
  invalid: 400,
  expired: 410,
  unknown: 404,
};

const tokenOf = (request: Request) => (new URL(request.url).searchParams.get("t") ?? "").slice(0, 300);

async function resolve(context: Readonly<RouterContextProvider>, request: Request, purpose: TokenPurpose) {
  const app = getApp(context);
  const token = tokenOf(request);
  const read = readNewsletterToken(token, purpose, await linkSecret(app.database, app.env));
  return { app, token, read };
}

export async function linkLoader(context: Readonly<RouterContextProvider>, request: Request, purpose: TokenPurpose) {
  const { app, token, read } = await resolve(context, request, purpose);
  const state: LinkState =
    typeof read === "string" ? read : ((await getSubscription(app.database, read.leadId))?.status ?? "unknown");
  return data(
    { state, token },
    { status: STATUS[state], headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } },
  );
}

export async function linkAction(context: Readonly<RouterContextProvider>, request: Request, purpose: TokenPurpose) {
  const { app, token, read } = await resolve(context, request, purpose);
  // The body only tells a mail program's one-click POST from the page's button; the token decides.
  const body = await readFormData(request).catch(() => null);
  if (typeof read === "string") return data({ state: read as LinkState, token }, { status: STATUS[read] });
  const state =
    (await (purpose === "confirm" ? confirmSubscription : unsubscribe)(app.database, read.leadId)) ?? "unknown";
  app.logger.info({ purpose, state }, "newsletter link used");
  if (body?.get("List-Unsubscribe") === "One-Click")
    return data({ state: state as LinkState, token }, { status: STATUS[state] });
  // The page's button: Post/Redirect/Get back to the link, which now shows the new state.
  return redirect(`${new URL(request.url).pathname}?t=${encodeURIComponent(token)}`, 303);
}
