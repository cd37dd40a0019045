import { data, redirect } from "react-router";
import { signedIn } from "../server/features/admin/guard.server.ts";
import {
  addCompletionPhotos,
  completionOutcomeQuery,
  deleteCompletionPhoto,
} from "../server/features/leads/completion-photos.server.ts";
import { PHOTO_UPLOAD } from "../server/features/leads/photos.server.ts";
import { HttpError, readFormData } from "../server/kit/form-body.server.ts";
import { readMultipart } from "../server/kit/multipart.server.ts";
import type { Route } from "./+types/admin.requests.$id.completion-photos";

const page = (id: string, query = "") =>
  `/admin/requests/${encodeURIComponent(id)}${query ? `?${query}` : ""}#completion-heading`;

/** The photos of the finished job are shown on the request's page; this address only takes its two forms. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(page(params.id));
}

/**
 * The request page's "Photos of the finished job" forms: a multipart body adds photos (read as a request's photos
 * are, under the same bounds), a plain one with `delete=<n>` deletes one; back to the request's page (PRG), which
 * says what was kept and each refused file with why.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { app, owner } = signedIn(context);
  try {
    if (/^multipart\//i.test(request.headers.get("content-type") ?? "")) {
      const { formData, skipped } = await readMultipart(request, PHOTO_UPLOAD, app.uploads);
      const added = await addCompletionPhotos(app.database, params.id, formData, skipped);
      if (!added) throw data({ message: "This request does not exist." }, { status: 404 });
      app.logger.info({ event: "completion_photos.added", owner: owner.ownerId, kept: added.kept }, "photos added");
      throw redirect(page(params.id, completionOutcomeQuery({ added: added.kept, refused: added.refused })), 303);
    }
    const form = await readFormData(request);
    const n = String(form.get("delete") ?? "");
    const deleted = /^[1-9]\d{0,2}$/.test(n) && (await deleteCompletionPhoto(app.database, params.id, Number(n)));
    if (deleted) app.logger.info({ event: "completion_photos.deleted", owner: owner.ownerId }, "photo deleted");
    throw redirect(page(params.id, completionOutcomeQuery({ deleted })), 303);
  } catch (error) {
    if (error instanceof HttpError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}
