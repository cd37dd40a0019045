import { data } from "react-router";
import { signedIn } from "../server/features/admin/guard.server.ts";
import { getPhoto } from "../server/kit/leads.server.ts";
import type { Route } from "./+types/admin.requests.$id.photos.$n";

/**
 * A photo sent with a request, for the signed-in owner only (nowhere else on the site serves it), as the server
 * re-encoded it: shown inline, never cached (the inbox's gate keeps this Cache-Control), its type never guessed
 * by the browser (X-Content-Type-Options: nosniff, on every answer of the site).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { app } = signedIn(context);
  const n = /^[1-9]\d{0,2}$/.test(params.n) ? Number(params.n) : 0;
  const photo = n ? await getPhoto(app.database, params.id, n) : undefined;
  if (!photo) throw data({ message: "This request has no such photo." }, { status: 404 });
  const safeName = photo.filename.replace(/[^\w .()-]/g, "_");
  return new Response(Buffer.from(photo.bytes), {
    headers: {
      "Content-Type": photo.contentType === "image/webp" ? "image/webp" : "image/jpeg",
      "Content-Disposition": `inline; filename="${safeName}"`,
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}
