import { parseWithZod } from "@conform-to/zod/v4";
import { AdminInput } from "../components/admin.tsx";
import { data, redirect } from "react-router";
import { signInSchema } from "../forms/admin.ts";
import { readSession, signIn } from "../server/admin/auth.server.ts";
import { sessionCookie, sessionToken } from "../server/admin/guard.server.ts";
import { formatTime } from "../server/leads/labels.ts";
import { getApp } from "../server/context.ts";
import type { Route } from "./+types/admin.sign-in";

/** Signed in already: straight to the inbox. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = sessionToken(request);
  if (token && (await readSession(getApp(context).database, token))) throw redirect("/admin", { status: 303 });
  return null;
}

/**
 * E-mail and password (app/server/admin/auth.server.ts): the same answer for an unknown account and a wrong
 * password; after 5 failures for the account or from the address, 15 minutes of refusals. Success starts a
 * new session (any previous one of this browser is ended) and goes to the inbox (Post/Redirect/Get).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema: signInSchema });
  if (submission.status !== "success") {
    return data({ email: String(submission.payload.email ?? "").slice(0, 254), errors: submission.error ?? {}, message: null }, { status: 400 });
  }
  const { email, password } = submission.value;
  const previousToken = sessionToken(request);
  const result = await signIn(app.database, { email, password, address: app.clientIp, previousToken });
  if (result.ok) {
    app.logger.info({ event: "admin.sign_in", owner: result.ownerId }, "owner signed in");
    throw redirect("/admin", { status: 303, headers: { "Set-Cookie": sessionCookie(request, result.token) } });
  }
  app.logger.warn({ event: "admin.sign_in_failed", locked: result.reason === "locked" }, "owner sign-in refused");
  const message =
    result.reason === "locked"
      ? `Too many failed sign-ins. Signing in is paused for 15 minutes: try again after ${formatTime(result.lockedUntil!)}.`
      : "The e-mail address or the password is not right. Check both and try again.";
  return data({ email, errors: {}, message }, { status: result.reason === "locked" ? 429 : 401 });
}

export const meta: Route.MetaFunction = () => [{ title: "Sign in | Owner inbox" }, { name: "robots", content: "noindex, nofollow" }];

export default function SignIn({ actionData }: Route.ComponentProps) {
  const errors = (actionData?.errors ?? {}) as Record<string, string[] | null | undefined>;
  const fieldError = (name: "email" | "password") => errors[name]?.[0];
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-extrabold tracking-tight text-brand-900">Sign in to the owner inbox</h1>
      <p className="mt-2 text-slate-700">For the business owner only. Accounts are made on the server with the command line.</p>
      <form method="post" action="/admin/sign-in" className="mt-6 space-y-4" aria-describedby={actionData?.message ? "sign-in-message" : undefined}>
        {actionData?.message ? (
          <p id="sign-in-message" role="alert" className="rounded-md border-2 border-red-700 bg-red-50 p-3 text-sm font-medium text-red-900">
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
        <AdminInput id="sign-in-password" label="Password" name="password" type="password" autoComplete="current-password" required maxLength={256} error={fieldError("password")} />
        <button type="submit" className="btn-primary w-full">
          Sign in
        </button>
      </form>
    </div>
  );
}
