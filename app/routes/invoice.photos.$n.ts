import { invoicePhoto } from "../server/features/leads/completion-photos.server.ts";
import { getApp } from "../server/kit/context.server.ts";
import { linkSecret, readSignedToken } from "../server/kit/signed-links.server.ts";
import type { Route } from "./+types/invoice.photos.$n";

/** How long the customer's browser keeps a photo (its own cache only: the address carries the invoice's token). */
const MAX_AGE_SECONDS = 3600;

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    },
  });

/**
 * A photo of the finished job, shown on the customer's invoice: /invoice/photos/<n>?t=<the invoice link's token>.
 * Only the owner's photos of the finished job of that invoice's request are served (never a photo the customer
 * sent with the request, nor another request's); a forged, altered or expired token, a number that is not one of
 * them, and a purged request all answer the same 404. Cached by the customer's browser alone, never guessed as
 * another type (X-Content-Type-Options: nosniff is on every answer of the site), and no referrer sent from it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const token = new URL(request.url).searchParams.get("t") ?? "";
  const n = /^[1-9]\d{0,2}$/.test(params.n) ? Number(params.n) : 0;
  if (!n || !token) throw notFound();
  const invoice = readSignedToken(token, "invoice", await linkSecret(app.database, app.env));
  if (typeof invoice === "string") throw notFound();
  const photo = await invoicePhoto(app.database, invoice.id, n);
  if (!photo) throw notFound();
  return new Response(Buffer.from(photo.bytes), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Disposition": `inline; filename="photo-${n}.jpg"`,
      "Cache-Control": `private, max-age=${MAX_AGE_SECONDS}`,
      "Content-Security-Policy": "sandbox; default-src 'none'",
      "Referrer-Policy": "no-referrer",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}

/** A photo only reads: any other method is refused (405). */
export function action(): never {
  throw new Response("Method not allowed", {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}
