import { redirect } from "react-router";
import { endSession } from "../server/features/admin/auth.server.ts";
import { sessionCookie, sessionToken } from "../server/features/admin/guard.server.ts";
import { SIGN_OUT_FIELDS } from "../forms/admin.ts";
import { getApp } from "../server/kit/context.server.ts";
import { formFields, HttpError, readFields } from "../server/kit/form-body.server.ts";
import type { Route } from "./+types/admin.sign-out";

/**
 * Signing out is a POST from the inbox's own pages (app/server/app.server.ts refuses any other Origin, or none): the
 * session is deleted on the server and the cookie cleared. The form sends no fields; its body is still read within
 * the form limit like every form's, then ignored.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  try {
    await readFields(request, formFields(SIGN_OUT_FIELDS));
  } catch (error) {
    // Only the size matters here: no parser sees this body, and a sign-out without one still signs out.
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 413) throw new Response(error.message, { status: 413 });
  }
  const token = sessionToken(request);
  if (token) await endSession(app.database, token);
  app.logger.info({ event: "admin.sign_out" }, "owner signed out");
  throw redirect("/admin/sign-in", { status: 303, headers: { "Set-Cookie": sessionCookie(request, null) } });
}

export function loader() {
  throw redirect("/admin", { status: 303 });
}
