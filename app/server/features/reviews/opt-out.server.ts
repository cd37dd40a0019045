/**
 * /reviews/opt-out?t=…: the link (and List-Unsubscribe header) of the review request e-mail. Like the
 * newsletter's links (app/server/features/newsletter/link-pages.server.ts): a GET never changes anything (mail scanners follow
 * links), it shows a one-button form; that form's POST, or a mail program's RFC 8058 one-click POST (body
 * `List-Unsubscribe=One-Click`), records the opt-out. No sign-in: the signed token (the address's review key)
 * is the authority.
 */
import { data, redirect, type RouterContextProvider } from "react-router";
import { readSignedToken, linkSecret } from "../../kit/signed-links.server.ts";
import { getApp } from "../../kit/context.server.ts";
import { readFormData } from "../../kit/form-body.server.ts";
import { optedOut, optOut } from "./reviews.server.ts";

/** What the page shows: whether the address may still be asked, or what is wrong with the link. */
export type OptOutState = "asked" | "opted-out" | "invalid" | "expired";

const STATUS: Record<OptOutState, number> = { asked: 200, "opted-out": 200, invalid: 400, expired: 410 };
const HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

const tokenOf = (request: Request) => (new URL(request.url).searchParams.get("t") ?? "").slice(0, 300);

async function read(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const token = tokenOf(request);
  return { app, token, read: readSignedToken(token, "review-opt-out", await linkSecret(app.database, app.env)) };
}

export async function optOutLoader(context: Readonly<RouterContextProvider>, request: Request) {
  const { app, token, read: key } = await read(context, request);
  const state: OptOutState =
    typeof key === "string" ? key : (await optedOut(app.database, key.id)) ? "opted-out" : "asked";
  return data({ state, token }, { status: STATUS[state], headers: HEADERS });
}

export async function optOutAction(context: Readonly<RouterContextProvider>, request: Request) {
  const { app, token, read: key } = await read(context, request);
  // The body only tells a mail program's one-click POST from the page's button; the token decides.
  const body = await readFormData(request).catch(() => null);
  if (typeof key === "string")
    return data({ state: key as OptOutState, token }, { status: STATUS[key], headers: HEADERS });
  await optOut(app.database, key.id);
  app.logger.info({ event: "review.opted_out" }, "review requests opted out");
  if (body?.get("List-Unsubscribe") === "One-Click")
    return data({ state: "opted-out" as OptOutState, token }, { status: 200, headers: HEADERS });
  return redirect(`${new URL(request.url).pathname}?t=${encodeURIComponent(token)}`, 303);
}
