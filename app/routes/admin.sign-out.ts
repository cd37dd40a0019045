import { redirect } from "react-router";
import { endSession } from "../server/admin/auth.server.ts";
import { isOwnOrigin, sessionCookie, sessionToken } from "../server/admin/guard.server.ts";
import { getApp } from "../server/context.ts";
import type { Route } from "./+types/admin.sign-out";

/** Signing out is a POST from the inbox's own pages: the session is deleted on the server and the cookie cleared. */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  if (!isOwnOrigin(request, app.env.SITE_URL)) throw new Response("Refused: sign out from the inbox's own pages.", { status: 403 });
  const token = sessionToken(request);
  if (token) await endSession(app.database, token);
  app.logger.info({ event: "admin.sign_out" }, "owner signed out");
  throw redirect("/admin/sign-in", { status: 303, headers: { "Set-Cookie": sessionCookie(request, null) } });
}

export function loader() {
  throw redirect("/admin", { status: 303 });
}
