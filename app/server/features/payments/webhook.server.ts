/**
 * POST /webhooks/stripe: Stripe tells the site what became of a deposit's Checkout Session
 * (docs/decisions/032-deposits.md). Mounted by app/server/app.server.ts before React Router, because the
 * signature is over the body's exact bytes. The body is read raw, at most WEBHOOK_BODY_LIMIT (413 beyond);
 * `Stripe-Signature` is verified with the endpoint's secret and a tolerance of 5 minutes (400 and nothing
 * stored otherwise); every other method gets 405 with Allow. Stripe posts it from its own servers, so it is
 * exempt from the Origin check; the signature is the authority.
 *
 * Handled: checkout.session.completed (paid when its payment_status is paid; a delayed payment method is
 * still processing), checkout.session.async_payment_succeeded / _failed and checkout.session.expired; refunds
 * (charge.refunded, refund.created, refund.updated) and disputes (charge.dispute.created / updated / closed),
 * recorded by refunds.server.ts (docs/decisions/043-refunds-and-disputes.md). Any other event, an event of an
 * unexpected shape, and a session or payment that is not one of ours, is answered 200 and ignored, so Stripe
 * stops sending it.
 * A storage failure answers 500: Stripe retries for days.
 */
import type { Request, RequestHandler, Response } from "express";
import type { Logger } from "pino";
import Stripe from "stripe";
import type { Database } from "../../kit/db/database.server.ts";
import { type Env, stripeSettings } from "../../kit/env.server.ts";
import { intentOf } from "./balance.server.ts";
import { type Outcome, recordInvoiceOutcome, recordOutcome, type WhenPaidInFull } from "./record.server.ts";
import { readRawBody } from "../../kit/raw-body.server.ts";
import { stripeChangeOf, takeRefundOrDispute } from "./refunds.server.ts";

export const WEBHOOK_PATH = "/webhooks/stripe";
/** Stripe's Checkout Session events are a few KB; 64 KB leaves room and bounds what a stranger can send. */
export const WEBHOOK_BODY_LIMIT = 64 * 1024;
/** How old a signed event may be (Stripe's own default): a captured request cannot be replayed later. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** What an event says about its session, or undefined for an event the site does not handle. */
export function outcomeOf(
  event: Stripe.Event,
): { sessionId: string; outcome: Outcome; paymentIntentId?: string | null } | undefined {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const paid = session.payment_status === "paid" || session.payment_status === "no_payment_required";
      return { sessionId: session.id, outcome: paid ? "paid" : null, paymentIntentId: intentOf(session) };
    }
    case "checkout.session.async_payment_succeeded":
      return { sessionId: event.data.object.id, outcome: "paid", paymentIntentId: intentOf(event.data.object) };
    case "checkout.session.async_payment_failed":
      return { sessionId: event.data.object.id, outcome: "failed" };
    case "checkout.session.expired":
      return { sessionId: event.data.object.id, outcome: "expired" };
    default:
      return undefined;
  }
}

export function stripeWebhook(app: {
  database: Database;
  env: Env;
  logger: Logger;
  notifyOutbox: () => void;
  /** What an invoice paid in full sets off (the review request), handed in by the server. */
  whenPaidInFull?: WhenPaidInFull;
}): RequestHandler {
  const { env, logger } = app;
  const answer = (res: Response, status: number, body: object) =>
    void res.status(status).set("Cache-Control", "no-store").json(body);

  const handle = async (req: Request, res: Response) => {
    const settings = stripeSettings(env);
    if (!settings) return answer(res, 404, { error: "deposits are not taken online here" });
    const signature = req.get("stripe-signature");
    const body: unknown = req.body;
    if (!signature || !Buffer.isBuffer(body) || body.length === 0)
      return answer(res, 400, { error: "a signed event is expected" });
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(body, signature, settings.webhookSecret, SIGNATURE_TOLERANCE_SECONDS);
    } catch {
      logger.warn({ event: "stripe.webhook_refused" }, "Stripe webhook refused: its signature does not verify");
      return answer(res, 400, { error: "the signature does not verify" });
    }
    // Refunds and disputes (refunds.server.ts, docs/decisions/043-refunds-and-disputes.md).
    const refundOrDispute = stripeChangeOf(event);
    if (refundOrDispute !== undefined) {
      const taken = await takeRefundOrDispute(app, settings, event, refundOrDispute);
      const log = {
        event: "stripe.webhook",
        type: event.type,
        eventId: String(event.id).slice(0, 100),
        recorded: taken,
      };
      if (taken === "ignored")
        logger.warn(log, "Stripe webhook ignored: the event's shape is not what the site expects");
      else logger.info(log, "Stripe webhook");
      if (taken === "recorded") app.notifyOutbox();
      return answer(res, 200, { received: true, recorded: taken });
    }
    const change = outcomeOf(event);
    if (!change) return answer(res, 200, { received: true, ignored: event.type.slice(0, 100) });
    // An invoice's session (the balance, metadata invoiceId) or else a deposit's: each records only its own.
    const byInvoice = await recordInvoiceOutcome(app, { ...change, eventId: event.id, type: event.type });
    const recorded =
      byInvoice === "unknown-session"
        ? await recordOutcome(app, { ...change, eventId: event.id, type: event.type })
        : byInvoice;
    logger.info(
      { event: "stripe.webhook", type: event.type, eventId: event.id, sessionId: change.sessionId, recorded },
      "Stripe webhook",
    );
    if (recorded === "recorded" && change.outcome === "paid") app.notifyOutbox();
    answer(res, 200, { received: true, recorded });
  };

  return (req: Request, res: Response) => {
    if (req.method !== "POST") {
      res.set("Allow", "POST");
      return answer(res, 405, { error: "only POST" });
    }
    readRawBody(req, WEBHOOK_BODY_LIMIT)
      .then((body) => {
        if (body === "aborted") return;
        if (body === "too-large") {
          // The rest is not read: the connection ends with the answer.
          res.set("Connection", "close");
          res.once("finish", () => req.socket.destroy());
          return answer(res, 413, { error: "the body is too large" });
        }
        req.body = body;
        return handle(req, res);
      })
      .catch((failure: unknown) => {
        logger.error(
          {
            event: "stripe.webhook_failed",
            err: { name: (failure as Error)?.name, message: (failure as Error)?.message },
          },
          "Stripe webhook not recorded: Stripe will send it again",
        );
        if (!res.headersSent) answer(res, 500, { error: "not recorded; send it again" });
      });
  };
}
