/**
 * The customer's pages after Stripe Checkout (depositReturnUrls): /deposit/paid?session_id=… says what the
 * webhook recorded, never what the URL claims (a page reached without paying says so), and /deposit/not-paid.
 * Neither shows anything of the customer's beyond the amount and the quote's reference.
 */
import { data } from "react-router";
import { bookPathOf } from "../../kit/book-link.server.ts";
import type { AppContext } from "../../kit/context.server.ts";
import { getLead } from "../../kit/leads.server.ts";
import { linkSecret } from "../../kit/signed-links.server.ts";
import { depositBySession } from "./deposits.server.ts";

/** Never indexed. (Never stored: the server sends `private, no-store` with every page it renders.) */
export const depositPageHeaders = () => ({ "X-Robots-Tag": "noindex" });

export type DepositReturn =
  | {
      state: "paid" | "pending" | "not-paid";
      amountCents: number;
      currency: string;
      quoteRef: string;
      /** This page again (its "Check again" link). */
      self: string;
      /** Once paid: choosing the arrival window (/book?r=…), when the request's ZIP code has windows online. */
      next: string | null;
    }
  | { state: "unknown" };

export async function depositReturnLoader(app: Pick<AppContext, "database" | "env">, request: Request) {
  const { database } = app;
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const deposit = sessionId.length <= 255 ? await depositBySession(database, sessionId) : null;
  if (!deposit) return data<DepositReturn>({ state: "unknown" }, { status: 404 });
  const state = deposit.status === "paid" ? "paid" : deposit.status === "pending" ? "pending" : "not-paid";
  const lead = state === "paid" && deposit.leadId ? await getLead(database, deposit.leadId) : undefined;
  const next = lead
    ? (bookPathOf({ id: lead.id, kind: lead.kind, zip: lead.contact.zip }, await linkSecret(database, app.env)) ?? null)
    : null;
  return data<DepositReturn>({
    state,
    amountCents: deposit.amountCents,
    currency: deposit.currency,
    quoteRef: deposit.quoteRef,
    self: `/deposit/paid?session_id=${encodeURIComponent(sessionId)}`,
    next,
  });
}
