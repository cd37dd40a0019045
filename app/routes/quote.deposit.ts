import { quoteDepositLoader } from "../server/features/quotes/quote-page.server.ts";
import { getApp } from "../server/kit/context.server.ts";
import { quoteDeposits } from "../server/quote-deposits.server.ts";
import type { Route } from "./+types/quote.deposit";

/**
 * /quote/deposit?t=<the quote's signed link>: on to the payment page of an accepted quote's deposit, or back to the
 * quote (app/server/features/quotes/quote-page.server.ts, quoteDepositLoader). A resource route: no page of its own.
 */
export const loader = ({ request, context }: Route.LoaderArgs) =>
  quoteDepositLoader(context, request, quoteDeposits(getApp(context)));
