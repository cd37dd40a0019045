import { accountPhoto } from "../server/account.server.ts";
import { getApp } from "../server/kit/context.server.ts";
import type { Route } from "./+types/account.photos.$lead.$n";

/**
 * A photo the customer sent with one of their requests, on their page: /account/photos/<request id>/<n>?t=<the
 * page's account link>. Only a request of the customer that link recognises; anything else is the same 404.
 */
export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  accountPhoto(getApp(context), request, params.lead, params.n);

/** A photo only reads: any other method is refused (405). */
export function action(): never {
  throw new Response("Method not allowed", {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}
