import { accountDocument } from "../server/account.server.ts";
import { getApp } from "../server/kit/context.server.ts";
import type { Route } from "./+types/account.documents.$file";

/**
 * The accepted quote's or an invoice's PDF on the customer's page: /account/documents/<quote|invoice>-<id>.pdf?t=<the
 * page's account link>, only of a request of the customer that link recognises; anything else is the same 404.
 */
export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  accountDocument(getApp(context), request, params.file);

/** A document only reads: any other method is refused (405). */
export function action(): never {
  throw new Response("Method not allowed", {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8" },
  });
}
