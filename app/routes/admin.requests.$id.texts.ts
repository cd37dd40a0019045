import { redirect } from "react-router";
import { signedIn } from "../server/features/admin/guard.server.ts";
import { textsAction } from "../server/features/texts/request-texts.server.ts";
import type { Route } from "./+types/admin.requests.$id.texts";

/** The texts of a request are shown on its page; this address only takes the page's text forms. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/admin/requests/${encodeURIComponent(params.id)}#texts-heading`);
}

/** "On our way" or an answer from the thread, texted to the customer; back to the request's page (PRG). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, owner } = signedIn(context);
  return textsAction(request, params.id, app, (event, message) =>
    app.logger.info({ ...event, owner: owner.ownerId }, message),
  );
}
