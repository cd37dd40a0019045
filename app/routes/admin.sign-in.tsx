import { parseWithZod } from "@conform-to/zod/v4";
import { AdminInput } from "../components/admin.tsx";
import { data, redirect } from "react-router";
import { SIGN_IN_FIELDS, signInSchema } from "../forms/admin.ts";
import { signIn } from "../server/features/admin/auth.server.ts";
import {
  deviceCookie,
  deviceToken,
  ownerContext,
  sessionCookie,
  sessionToken,
} from "../server/features/admin/guard.server.ts";
import { linkSecret } from "../server/kit/signed-links.server.ts";
import { formatTime } from "../server/notify/labels.server.ts";
import { getApp } from "../server/kit/context.server.ts";
import { formFields, HttpError, readFields } from "../server/kit/form-body.server.ts";
import type { Route } from "./+types/admin.sign-in";

/** Signed in already: straight to the inbox. */
export function loader({ context }: Route.LoaderArgs) {
  if (context.get(ownerContext)) throw redirect("/admin", { status: 303 });
  return null;
}

/**
 * E-mail and password (app/server/features/admin/auth.server.ts): the same answer for an unknown account and a wrong
 * password; after 5 failures from one address, 15 minutes of refusals for it; each failure for the account
 * makes its next attempt wait longer (up to 30 s), except from a browser the owner signed in from before (its
 * device cookie: a turn of its own). Success starts a new session (any previous one of this browser is ended),
 * renews the device cookie and goes to the inbox (Post/Redirect/Get). The body is read within the form limit and
 * only its two fields reach the parser (app/server/kit/form-body.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  let formData: FormData;
  try {
    formData = await readFields(request, formFields(SIGN_IN_FIELDS));
  } catch (error) {
    if (error instanceof HttpError)
      return data({ email: "", errors: {}, message: error.message }, { status: error.status });
    throw error;
  }
  const submission = parseWithZod(formData, { schema: signInSchema });
  if (submission.status !== "success") {
    return data(
      { email: String(submission.payload.email ?? "").slice(0, 254), errors: submission.error ?? {}, message: null },
      { status: 400 },
    );
  }
  const { email, password } = submission.value;
  const previousToken = sessionToken(request);
  const result = await signIn(app.database, {
    email,
    password,
    address: app.clientIp,
    previousToken,
    device: { token: deviceToken(request), secret: await linkSecret(app.database, app.env) },
  });
  if (result.ok) {
    app.logger.info({ event: "admin.sign_in", owner: result.ownerId }, "owner signed in");
    const headers = new Headers();
    headers.append("Set-Cookie", sessionCookie(request, result.token));
    headers.append("Set-Cookie", deviceCookie(request, result.deviceToken));
    throw redirect("/admin", { status: 303, headers });
  }
  app.logger.warn({ event: "admin.sign_in_failed", reason: result.reason }, "owner sign-in refused");
  const refused = (status: number, message: string, retryAfterSeconds?: number) =>
    data(
      { email, errors: {}, message },
      { status, headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : {} },
    );
  const secondsUntil = (until: Date) => Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
  switch (result.reason) {
    case "locked":
      return refused(
        429,
        `Too many failed sign-ins from this connection. Signing in is paused for 15 minutes: try again after ${formatTime(result.until)}.`,
        secondsUntil(result.until),
      );
    case "wait": {
      const seconds = secondsUntil(result.until);
      return refused(
        429,
        `After a failed sign-in, the next try waits a little. Try again in ${seconds} second${seconds === 1 ? "" : "s"}.`,
        seconds,
      );
    }
    case "busy":
      return refused(503, "Several sign-ins are being checked right now. Please try again in a few seconds.", 5);
    default:
      return refused(401, "The e-mail address or the password is not right. Check both and try again.");
  }
}

/** A refused sign-in's Retry-After (the action's answer carries it; a page's headers come only from here). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
}

export const meta: Route.MetaFunction = () => [
  { title: "Sign in | Owner inbox" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function SignIn({ actionData }: Route.ComponentProps) {
  const errors = (actionData?.errors ?? {}) as Record<string, string[] | null | undefined>;
  const fieldError = (name: "email" | "password") => errors[name]?.[0];
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-extrabold tracking-tight text-brand-900">Sign in to the owner inbox</h1>
      <p className="mt-2 text-slate-700">
        For the business owner only. Accounts are made on the server with the command line.
      </p>
      <form
        method="post"
        action="/admin/sign-in"
        className="mt-6 space-y-4"
        aria-describedby={actionData?.message ? "sign-in-message" : undefined}
      >
        {actionData?.message ? (
          <p
            id="sign-in-message"
            role="alert"
            className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900"
          >
            {actionData.message}
          </p>
        ) : null}
        <AdminInput
          id="sign-in-email"
          label="E-mail address"
          name="email"
          type="email"
          autoComplete="username"
          required
          maxLength={254}
          defaultValue={actionData?.email ?? ""}
          error={fieldError("email")}
        />
        <AdminInput
          id="sign-in-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={256}
          error={fieldError("password")}
        />
        <button type="submit" className="btn-primary w-full">
          Sign in
        </button>
      </form>
    </div>
  );
}
