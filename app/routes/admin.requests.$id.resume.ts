import { data } from "react-router";
import { signedIn } from "../server/features/admin/guard.server.ts";
import { getAttachment } from "../server/kit/leads.server.ts";
import type { Route } from "./+types/admin.requests.$id.resume";

/**
 * A job application's résumé, for the signed-in owner only (nowhere else on the site serves it). Always a
 * download, never shown inline, and sandboxed: a file is whatever the applicant uploaded.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { app, owner } = signedIn(context);
  const file = await getAttachment(app.database, params.id);
  if (!file) throw data({ message: "This request has no résumé." }, { status: 404 });
  app.logger.info({ event: "admin.resume_downloaded", owner: owner.ownerId, lead: params.id }, "résumé downloaded");
  const safeName = file.filename.replace(/[^\w .()-]/g, "_");
  return new Response(Buffer.from(file.bytes), {
    headers: {
      "Content-Type": file.contentType === "application/pdf" ? "application/pdf" : "application/octet-stream",
      "Content-Disposition": `attachment; filename="${safeName}"`,
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}
