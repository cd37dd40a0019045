/**
 * Test support: a fake of the Stripe API endpoints the deposits use, on loopback (STRIPE_API_BASE):
 * POST /v1/checkout/sessions (its amount the sum of its lines; honouring Idempotency-Key as Stripe does: the same
 * key and body replay the first answer, the same key with another body is an idempotency_error),
 * GET /v1/checkout/sessions/:id, POST …/:id/expire and GET /v1/refunds?charge= (the refunds a test put in
 * `refunds`). Every request is recorded. `sendWebhook` posts an event to the site, signed with the endpoint's
 * secret by the SDK's own test helper, as Stripe would; the event builders make Checkout Session, charge, refund
 * and dispute events.
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const FAKE_STRIPE_KEY = "sk_test_FakeStripeKey0123456789";
export const FAKE_WEBHOOK_SECRET = "whsec_FakeStripeWebhookSecret0123456789";

export interface FakeSession {
  id: string;
  object: "checkout.session";
  url: string;
  mode: string;
  status: "open" | "complete" | "expired";
  payment_status: "paid" | "unpaid" | "no_payment_required";
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  created: number;
  /** The line item's name, as the customer sees it at Stripe. */
  line_name: string;
}

/** A refund as Stripe's API and events give it. */
export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  status: "pending" | "requires_action" | "succeeded" | "failed" | "canceled";
  payment_intent: string;
  charge: string;
  created: number;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  authorization: string;
  idempotencyKey: string | null;
  form: Record<string, string>;
  status: number;
}

export interface FakeStripe {
  /** For STRIPE_API_BASE. */
  url: string;
  requests: FakeStripeRequest[];
  sessions: Map<string, FakeSession>;
  /** The refunds of each charge (by its id), as GET /v1/refunds?charge= lists them: a test puts them here. */
  refunds: Map<string, FakeRefund[]>;
  /** The sessions actually created (not replayed). */
  created(): FakeSession[];
  /** Answers the next `count` session creations with `status` (Stripe's api_error) before creating. */
  failNext(count: number, status?: number): void;
  /** Sessions created from now on expire `seconds` after creation (Stripe: 24 h by default). */
  expireAfter(seconds: number): void;
  close(): Promise<void>;
}

const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const refunds = new Map<string, FakeRefund[]>();
  const created: FakeSession[] = [];
  /** Idempotency-Key → the body first sent with it and the answer given. */
  const keys = new Map<string, { body: string; answer: { status: number; body: string } }>();
  let failures = { count: 0, status: 500 };
  let expiresIn = 24 * 3600;
  let base = "";

  const createSession = (form: Record<string, string>): { status: number; body: string } => {
    // The sum of every line's amount (a balance and its tip are two lines).
    let amount = 0;
    for (let i = 0; form[`line_items[${i}][price_data][unit_amount]`] !== undefined; i++)
      amount += Number(form[`line_items[${i}][price_data][unit_amount]`]);
    if (form.mode !== "payment" || !Number.isInteger(amount) || !form.success_url || !form.cancel_url)
      return json(400, { error: { type: "invalid_request_error", message: "missing or invalid parameters" } });
    const id = `cs_test_${randomBytes(24).toString("hex")}`;
    const now = Math.floor(Date.now() / 1000);
    const metadata = Object.fromEntries(
      Object.entries(form).flatMap(([k, v]) => {
        const m = /^metadata\[(.+)\]$/.exec(k);
        return m ? [[m[1]!, v]] : [];
      }),
    );
    const session: FakeSession = {
      id,
      object: "checkout.session",
      url: `${base}/c/pay/${id}`,
      mode: form.mode,
      status: "open",
      payment_status: "unpaid",
      amount_total: amount,
      currency: form["line_items[0][price_data][currency]"] ?? "",
      customer_email: form.customer_email ?? null,
      client_reference_id: form.client_reference_id ?? null,
      metadata,
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      expires_at: now + expiresIn,
      created: now,
      line_name: form["line_items[0][price_data][product_data][name]"] ?? "",
    };
    sessions.set(id, session);
    created.push(session);
    return json(200, session);
  };

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const [path = "", query = ""] = (req.url ?? "").split("?");
      const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
      const form = Object.fromEntries(new URLSearchParams(raw));
      const authorized = req.headers.authorization === `Bearer ${FAKE_STRIPE_KEY}`;
      let answer: { status: number; body: string };
      let replayed = false;
      const one = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(path);
      const expire = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)\/expire$/.exec(path);
      if (!authorized) answer = json(401, { error: { type: "invalid_request_error", message: "Invalid API Key" } });
      else if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const seen = key ? keys.get(key) : undefined;
        if (seen && seen.body !== raw)
          answer = json(400, {
            error: {
              type: "idempotency_error",
              message:
                "Keys for idempotent requests can only be used with the same parameters they were first used with.",
            },
          });
        else if (seen) {
          answer = seen.answer;
          replayed = true;
        } else if (failures.count > 0) {
          failures = { ...failures, count: failures.count - 1 };
          answer = json(failures.status, { error: { type: "api_error", message: "fake failure" } });
        } else {
          answer = createSession(form);
          if (key) keys.set(key, { body: raw, answer });
        }
      } else if (req.method === "POST" && expire) {
        // As Stripe: only an open session can be expired.
        const session = sessions.get(expire[1]!);
        if (!session)
          answer = json(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
        else if (session.status !== "open")
          answer = json(400, {
            error: { type: "invalid_request_error", message: "Only open sessions can be expired" },
          });
        else {
          session.status = "expired";
          answer = json(200, session);
        }
      } else if (req.method === "GET" && one) {
        const session = sessions.get(one[1]!);
        answer = session
          ? json(200, session)
          : json(404, { error: { type: "invalid_request_error", message: "No such checkout.session" } });
      } else if (req.method === "GET" && path === "/v1/refunds") {
        const charge = new URLSearchParams(query).get("charge") ?? "";
        const data = refunds.get(charge) ?? [];
        answer = json(200, { object: "list", url: "/v1/refunds", has_more: false, data });
      } else answer = json(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
      requests.push({
        method: req.method ?? "",
        path,
        authorization: req.headers.authorization ?? "",
        idempotencyKey: key,
        form,
        status: answer.status,
      });
      res.writeHead(answer.status, {
        "Content-Type": "application/json",
        "Request-Id": `req_${randomBytes(8).toString("hex")}`,
        ...(replayed ? { "Idempotent-Replayed": "true" } : {}),
        ...(key ? { "Idempotency-Key": key } : {}),
      });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    requests,
    sessions,
    refunds,
    created: () => [...created],
    failNext(count, status = 500) {
      failures = { count, status };
    },
    expireAfter(seconds) {
      expiresIn = seconds;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type CheckoutEventType =
  | "checkout.session.completed"
  | "checkout.session.async_payment_succeeded"
  | "checkout.session.async_payment_failed"
  | "checkout.session.expired";

const eventOf = (type: string, object: object, eventId = `evt_${randomBytes(12).toString("hex")}`) =>
  JSON.stringify({
    id: eventId,
    object: "event",
    api_version: "2025-01-01",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  });

/** A Checkout Session event as Stripe sends it, for `session` (its payment_status as given). */
export const checkoutEvent = (
  type: CheckoutEventType | string,
  session: Pick<FakeSession, "id"> & Partial<FakeSession>,
  eventId?: string,
): string => eventOf(type, { object: "checkout.session", ...session }, eventId);

export const fakeId = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** A refund of `amount` cents of payment intent `paymentIntent` (charge `charge`), succeeded unless given. */
export const fakeRefund = (paymentIntent: string, amount: number, overrides: Partial<FakeRefund> = {}): FakeRefund => ({
  id: fakeId("re"),
  object: "refund",
  amount,
  currency: "usd",
  status: "succeeded",
  payment_intent: paymentIntent,
  charge: `ch_${paymentIntent.slice(3)}`,
  created: Math.floor(Date.now() / 1000),
  ...overrides,
});

/** refund.created / refund.updated about `refund` (its fields as given: a test may break them). */
export const refundEvent = (type: "refund.created" | "refund.updated", refund: object, eventId?: string) =>
  eventOf(type, refund, eventId);

/**
 * charge.refunded of the charge of `paymentIntent`: `amount_refunded` the sum of `refunds`, with their list when
 * `withList` (API versions before 2022-11-15), else without it (Stripe's API is then asked for the list).
 */
export function chargeRefundedEvent(
  paymentIntent: string,
  refunds: FakeRefund[],
  {
    withList = true,
    amount = 100_000,
    overrides = {} as Record<string, unknown>,
    eventId = undefined as string | undefined,
  } = {},
): string {
  const refunded = refunds.filter((r) => r.status === "succeeded" || r.status === "pending");
  return eventOf(
    "charge.refunded",
    {
      id: `ch_${paymentIntent.slice(3)}`,
      object: "charge",
      amount,
      amount_refunded: refunded.reduce((sum, r) => sum + r.amount, 0),
      currency: "usd",
      payment_intent: paymentIntent,
      refunded: refunded.reduce((sum, r) => sum + r.amount, 0) >= amount,
      status: "succeeded",
      // What a charge carries of the card; the site must never keep or pass it on.
      payment_method_details: { type: "card", card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 } },
      billing_details: { name: "Card Holder", email: "holder@example.com" },
      ...(withList ? { refunds: { object: "list", data: refunds, has_more: false } } : {}),
      ...overrides,
    },
    eventId,
  );
}

/** A dispute of payment intent `paymentIntent`, as charge.dispute.* events carry it. */
export const fakeDispute = (paymentIntent: string, amount: number, overrides: Record<string, unknown> = {}) => ({
  id: fakeId("du"),
  object: "dispute",
  amount,
  currency: "usd",
  charge: `ch_${paymentIntent.slice(3)}`,
  payment_intent: paymentIntent,
  reason: "product_not_received",
  status: "needs_response",
  created: Math.floor(Date.now() / 1000),
  evidence_details: { due_by: Math.floor(Date.now() / 1000) + 7 * 86_400, has_evidence: false, submission_count: 0 },
  ...overrides,
});

export const disputeEvent = (
  type: "charge.dispute.created" | "charge.dispute.updated" | "charge.dispute.closed",
  dispute: object,
  eventId?: string,
) => eventOf(type, dispute, eventId);

/** The Stripe-Signature header of `payload` with `secret` (the SDK's own test helper), at `timestamp` (seconds). */
export const signatureFor = (payload: string, secret = FAKE_WEBHOOK_SECRET, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });

/** A test's Stripe settings, pointed at the fake at `apiBase`. */
export const stripeTestEnv = (apiBase: string) => ({
  STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_API_BASE: apiBase,
});

/** Posts `payload` to the site's webhook as Stripe does (signed unless `signature` says otherwise). */
export async function sendWebhook(
  siteOrigin: string,
  payload: string,
  signature: string | null = signatureFor(payload),
): Promise<{ status: number; body: string }> {
  const response = await fetch(`${siteOrigin}/webhooks/stripe`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
      ...(signature === null ? {} : { "Stripe-Signature": signature }),
    },
    body: payload,
  });
  return { status: response.status, body: await response.text() };
}

/** A test site's Stripe settings pointed at a fake of its own (withTextSite's `prepare`, tests/support/text-site.ts). */
export async function withFakeStripe() {
  const stripe = await startFakeStripe();
  return {
    env: {
      STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
    },
    stripe,
    close: () => stripe.close(),
  };
}
