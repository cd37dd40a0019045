/**
 * /invoice/pay?t=<the invoice's signed link>: the customer's tip and "Pay $X" (docs/decisions/042). GET shows the
 * balance (invoiceBalance) and the tip choices with their amounts; the form's POST (no script needed) checks it with
 * the one schema (app/forms/payments.ts), makes the Checkout Session and answers 303 back here, where a link leads
 * to Stripe's page (the CSP's form-action keeps a form's redirects on the site). Nothing to pay (a balance of 0,
 * a void invoice, one not sent) is a page that says so. No sign-in: the signed token is the authority.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { TIP_PERCENTS, tipOf } from "../../../forms/invoice.ts";
import { PAY_FIELDS, paySchema, tipCentsOf } from "../../../forms/payments.ts";
import { getApp } from "../../kit/context.server.ts";
import { formFields, HttpError, readFields } from "../../kit/form-body.server.ts";
import { linkPath, linkSecret, readSignedToken } from "../../kit/signed-links.server.ts";
import {
  BalanceError,
  liveSession,
  payableInvoice,
  paymentBeingRecorded,
  startBalanceCheckout,
} from "./balance.server.ts";
import { paymentsConfigured } from "./deposits.server.ts";

export const payPageHeaders = () => ({ "X-Robots-Tag": "noindex", "Cache-Control": "no-store" });

export type PayPage =
  | {
      state: "pay";
      number: string;
      balanceCents: number;
      /** Each percentage with its amount on this balance. */
      tips: { percent: number; cents: number }[];
      /** The invoice page (back), and this form's own address (it posts to itself). */
      invoicePath: string;
      errors: Record<string, string[] | null>;
      values: { tip: string; tipAmount: string };
      message: string | null;
    }
  /**
   * The Checkout Session is made: a link to Stripe's page (the site's CSP lets forms post and redirect only to the
   * site itself, so the form's answer comes back here, and the customer follows the link).
   */
  | { state: "ready"; number: string; totalCents: number; checkoutUrl: string; invoicePath: string }
  /** Paid in full, void, not sent, or no card payments online (`offline`): the invoice page says how to pay. */
  | { state: "nothing"; invoicePath: string | null }
  | { state: "offline"; invoicePath: string | null }
  | { state: "invalid"; invoicePath: null }
  | { state: "expired"; invoicePath: null };

const STATUS = { ready: 200, pay: 200, nothing: 200, offline: 200, invalid: 400, expired: 410 } as const;
const tokenOf = (request: Request) => (new URL(request.url).searchParams.get("t") ?? "").slice(0, 300);

async function read(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const token = tokenOf(request);
  const secret = await linkSecret(app.database, app.env);
  const named = readSignedToken(token, "invoice", secret);
  const invoicePath = linkPath("invoice", token);
  const invoice = typeof named === "string" ? null : await payableInvoice(app.database, named.id);
  return { app, token, named, invoicePath, invoice };
}

const answer = (page: PayPage, status: number = STATUS[page.state]) =>
  data<PayPage>(page, { status, headers: payPageHeaders() });

function payState(
  invoice: { number: string; balanceCents: number },
  invoicePath: string,
  extra: Partial<Extract<PayPage, { state: "pay" }>> = {},
): PayPage {
  return {
    state: "pay",
    number: invoice.number,
    balanceCents: invoice.balanceCents,
    tips: TIP_PERCENTS.map((percent) => ({ percent, cents: tipOf(invoice.balanceCents, percent) })),
    invoicePath,
    errors: {},
    values: { tip: "none", tipAmount: "" },
    message: null,
    ...extra,
  };
}

export async function payLoader(context: Readonly<RouterContextProvider>, request: Request) {
  const { app, named, invoicePath, invoice } = await read(context, request);
  if (typeof named === "string") return answer({ state: named, invoicePath: null });
  if (!invoice) return answer({ state: "nothing", invoicePath });
  if (!paymentsConfigured(app.env)) return answer({ state: "offline", invoicePath });
  // Paid at Stripe, its word not yet here: the invoice page says it is being confirmed; no second payment.
  if (await paymentBeingRecorded(app, invoice.id, false)) return redirect(`${invoicePath}&paid=1`, 303);
  const checkout = new URL(request.url).searchParams.get("checkout");
  const live = checkout ? await liveSession(app.database, invoice.id, checkout.slice(0, 300)) : null;
  if (live)
    return answer({
      state: "ready",
      number: invoice.number,
      totalCents: live.totalCents,
      checkoutUrl: live.url,
      invoicePath,
    });
  return answer(payState(invoice, invoicePath));
}

export async function payAction(context: Readonly<RouterContextProvider>, request: Request) {
  const { app, token, named, invoicePath, invoice } = await read(context, request);
  if (typeof named === "string") return answer({ state: named, invoicePath: null });
  if (!invoice) return answer({ state: "nothing", invoicePath });
  if (!paymentsConfigured(app.env)) return answer({ state: "offline", invoicePath });
  let formData: FormData;
  try {
    formData = await readFields(request, formFields(PAY_FIELDS));
  } catch (error) {
    if (error instanceof HttpError)
      return answer(payState(invoice, invoicePath, { message: error.message }), error.status);
    throw error;
  }
  const submission = parseWithZod(formData, { schema: paySchema(invoice.balanceCents) });
  const values = {
    tip: String(submission.payload.tip ?? "none").slice(0, 20),
    tipAmount: String(submission.payload.tipAmount ?? "").slice(0, 40),
  };
  if (submission.status !== "success")
    return answer(payState(invoice, invoicePath, { errors: submission.error ?? {}, values }), 400);
  const origin = app.env.SITE_URL.replace(/\/+$/, "");
  try {
    const { sessionId } = await startBalanceCheckout(app, {
      invoiceId: named.id,
      tipCents: tipCentsOf(submission.value, invoice.balanceCents),
      successUrl: `${origin}${invoicePath}&paid=1`,
      cancelUrl: `${origin}/invoice/pay?t=${encodeURIComponent(token)}`,
    });
    app.logger.info({ event: "invoice.checkout_started", invoice: named.id }, "invoice checkout started");
    return redirect(`/invoice/pay?t=${encodeURIComponent(token)}&checkout=${encodeURIComponent(sessionId)}`, 303);
  } catch (error) {
    if (!(error instanceof BalanceError)) throw error;
    app.logger.info({ event: "invoice.checkout_refused", code: error.code }, "invoice checkout refused");
    if (error.code === "PAID_ALREADY" || error.code === "NOTHING_TO_PAY") return redirect(`${invoicePath}&paid=1`, 303);
    const message =
      error.code === "PROCESSING"
        ? "A payment of this invoice is being processed. Check the invoice again in a few minutes."
        : error.code === "INVALID_TIP"
          ? "The tip must be between none and the balance."
          : "The payment page could not be opened. Please try again.";
    return answer(payState(invoice, invoicePath, { message, values }), error.code === "INVALID_TIP" ? 400 : 409);
  }
}
