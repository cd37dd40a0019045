/**
 * The deposit step of an accepted quote (docs/decisions/031-quotes.md, 032-deposits.md): the quotes feature asks
 * for a deposit through its DepositStep, and the payments feature takes it through Stripe Checkout. Wired here,
 * above both, since no feature imports another (decision 026).
 */
import {
  depositReturnUrls,
  depositRefundedCents,
  depositStatus,
  paymentsConfigured,
  startDepositCheckout,
} from "./features/payments/deposits.server.ts";
import type { DepositStep } from "./features/quotes/quote-page.server.ts";
import type { AppContext } from "./kit/context.server.ts";
import { referenceOf } from "./kit/reference.server.ts";

/** A quote's reference at Stripe and in the owner's messages: the request's reference (one quote per request). */
const quoteRef = (leadId: string) => referenceOf(leadId);

export function quoteDeposits(app: Pick<AppContext, "database" | "env">): DepositStep {
  return {
    configured: paymentsConfigured(app.env),
    status: (quote) => depositStatus(app.database, quoteRef(quote.leadId), quote.version),
    refunded: (quote) => depositRefundedCents(app.database, quoteRef(quote.leadId), quote.version),
    async start(quote, amountCents) {
      // No customer e-mail goes to Stripe: its payment page asks for what it needs.
      const { url } = await startDepositCheckout(app, {
        leadId: quote.leadId,
        quoteRef: quoteRef(quote.leadId),
        quoteVersion: quote.version,
        amountCents,
        currency: "usd",
        ...depositReturnUrls(app.env.SITE_URL),
      });
      return url;
    },
  };
}
