/**
 * The customer's quote page, /quote?t=<signed token> (docs/decisions/031-quotes.md). No sign-in: the token names one
 * version of one quote and the page shows that version only (its options, lines, totals, note, last day, terms,
 * the job's service and city): nothing else of the customer's. A GET changes nothing but the first-viewed time.
 * The POST reads only its form's fields within limits (app/forms/quote.ts): accept (an option, the full name, the
 * terms ticked) or decline (an optional reason); the answer is stored once with its proof, then Post/Redirect/Get:
 * an acceptance goes on to nextStepAfterAcceptance, a decline back to the link (which then says declined).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { tokenParam } from "../../../forms/booking.ts";
import {
  ANSWER_FIELDS,
  answerSchema,
  DECLINE_REASON_MAX,
  priceOfOption,
  type QuoteContent,
  type ShownContent,
  USER_AGENT_MAX,
} from "../../../forms/quote.ts";
import { bookPathOf } from "../../kit/book-link.server.ts";
import { getApp } from "../../kit/context.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { keyedHash } from "../../kit/db/site-secrets.server.ts";
import { textAlertSettings } from "../../kit/env.server.ts";
import { formFields, HttpError, readFields } from "../../kit/form-body.server.ts";
import { getLead } from "../../kit/leads.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { linkSecret, QUOTE_PATH, readQuoteToken } from "../../kit/signed-links.server.ts";
import { acceptedTimeText } from "./accepted-copy.server.ts";
import { shownContent } from "./quote-price.server.ts";
import { answerQuote, getQuote, isPastValidity, markViewed, type Quote } from "./quotes.server.ts";

/** Why a link shows no quote: forged or cut short, past its lifetime, or its quote gone (the request deleted). */
export type QuoteProblem = "invalid" | "expired" | "not-found";

export interface OpenQuotePage {
  state: "open";
  reference: string;
  version: number;
  content: ShownContent;
  /** Deposits are not taken online yet (or none is asked): the page says "Pay at the job". */
  payAtJob: boolean;
  errors: Record<string, string[] | null>;
  values: { option: string; name: string; reason: string };
  message: string | null;
}
/** An accepted version's page: what was accepted (kept for the customer to read), and what comes next. */
export interface AcceptedQuotePage {
  state: "accepted";
  reference: string;
  content: ShownContent;
  option: number;
  /** The full name typed to accept, and when (Boise time, in words). */
  acceptedBy: string;
  acceptedAt: string;
  next: string | null;
  payAtJob: boolean;
  /** The deposit paid online, when one is asked: its amount, what became of it, what was refunded of it, and where to pay it. */
  deposit: { cents: number; state: DepositState; refundedCents: number; payPath: string } | null;
  /** "Remind me when it's due" (seasonal reminders), when the request's services have one. */
  remindMe: RemindMeOffer | null;
}
export type QuotePage =
  | OpenQuotePage
  | AcceptedQuotePage
  | { state: "declined"; reference: string }
  | { state: "replaced" }
  | { state: QuoteProblem };

/** The seasonal reminders' offer on an accepted quote's page: its link, the services, whether already agreed. */
export interface RemindMeOffer {
  path: string;
  /** In words: "house washing and gutter cleaning". */
  services: string;
  reminding: boolean;
}
/** What else an accepted quote's page offers, from other features (the route hands it over). */
export type RemindMeStep = (leadId: string) => Promise<RemindMeOffer | null>;
const NO_REMINDERS: RemindMeStep = async () => null;

const STATUS: Record<QuoteProblem, number> = { invalid: 400, expired: 410, "not-found": 404 };

/**
 * Never indexed; no referrer to other sites (the address carries the token). Not "no-referrer": with it the
 * browser sends its own forms with `Origin: null`, which the site's Origin check refuses.
 */
export const quoteHeaders = () => ({ "X-Robots-Tag": "noindex", "Referrer-Policy": "same-origin" });

/**
 * Where the customer goes once they accepted: the seam of the next steps. Today, choosing an arrival window
 * (/book?r=…, when the request's ZIP code has windows online; otherwise null: the page says we call to set a
 * time). A deposit step (asked on the quote: quote.content.deposit) plugs in here, before the window.
 */
export async function nextStepAfterAcceptance(
  database: Database,
  quote: Quote,
  secret: string,
  now = new Date(),
): Promise<string | null> {
  const lead = await getLead(database, quote.leadId);
  return lead ? (bookPathOf({ id: lead.id, kind: lead.kind, zip: lead.contact.zip }, secret, now) ?? null) : null;
}

/** Whether the customer pays a deposit online on acceptance: one is asked, and the payments feature is set up. */
export const depositOnline = (content: QuoteContent, paymentsConfigured = false) =>
  paymentsConfigured && content.deposit.kind !== "none";

/** The deposit asked for the option chosen, in cents (forms/quote.ts priceOfOption, the one source of the figures). */
export const depositCents = (content: QuoteContent, option: number): number =>
  priceOfOption(content, { totalCents: content.options[option]?.totalCents ?? 0 }, true).depositCents;

export type DepositState = "none" | "pending" | "paid" | "failed" | "expired";

/**
 * The deposit step after an acceptance, handed in by the wiring (app/server/quote-deposits.server.ts): this feature
 * knows no payment provider. `configured` false: every quote says "Pay at the job".
 */
export interface DepositStep {
  configured: boolean;
  /** What became of an accepted version's deposit. */
  status(quote: Quote): Promise<DepositState>;
  /** What was refunded of an accepted version's paid deposit, in cents (0: nothing). */
  refunded(quote: Quote): Promise<number>;
  /** The payment page for an accepted version's deposit (one per version: asked again, the same page). */
  start(quote: Quote, amountCents: number): Promise<string>;
}

/** No deposit online (the payments settings are not set, or a test without them). */
export const NO_DEPOSITS: DepositStep = {
  configured: false,
  status: async () => "none",
  refunded: async () => 0,
  start: async () => {
    throw new Error("deposits are not taken online");
  },
};

/** The customer's link to pay an accepted quote's deposit (a GET: a form could not go on to the payment page). */
export const DEPOSIT_PATH = "/quote/deposit";

async function readLink(context: Readonly<RouterContextProvider>, request: Request) {
  const app = getApp(context);
  const token = tokenParam(new URL(request.url).searchParams.get("t"));
  const now = new Date();
  const secret = await linkSecret(app.database, app.env);
  const read = token ? readQuoteToken(token, secret, now) : "invalid";
  if (typeof read === "string") return { app, now, secret, problem: read } as const;
  const quote = await getQuote(app.database, read.id);
  if (!quote || quote.status === "draft") return { app, now, secret, problem: "not-found" } as const;
  return { app, now, secret, token: token!, quote } as const;
}

async function pageOf(
  {
    database,
    deposits,
    token,
    remindMe = NO_REMINDERS,
  }: { database: Database; deposits: DepositStep; token: string; remindMe?: RemindMeStep },
  quote: Quote,
  secret: string,
  now: Date,
  form: Partial<Pick<OpenQuotePage, "errors" | "values" | "message">> = {},
): Promise<QuotePage> {
  const reference = referenceOf(quote.leadId);
  const payAtJob = !depositOnline(quote.content, deposits.configured);
  if (quote.status === "replaced") return { state: "replaced" };
  if (quote.status === "declined") return { state: "declined", reference };
  if (quote.status === "accepted")
    return {
      state: "accepted",
      reference,
      content: shownContent(quote.content),
      option: quote.answer?.option ?? 0,
      acceptedBy: quote.answer?.name ?? "",
      acceptedAt: quote.answer ? acceptedTimeText(quote.answer.answeredAt) : "",
      next: await nextStepAfterAcceptance(database, quote, secret, now),
      payAtJob,
      deposit: payAtJob
        ? null
        : {
            cents: depositCents(quote.content, quote.answer?.option ?? 0),
            state: await deposits.status(quote),
            refundedCents: await deposits.refunded(quote),
            payPath: `${DEPOSIT_PATH}?t=${encodeURIComponent(token)}`,
          },
      remindMe: await remindMe(quote.leadId),
    };
  if (isPastValidity(quote.validUntil, now)) return { state: "expired" };
  return {
    state: "open",
    reference,
    version: quote.version,
    content: shownContent(quote.content),
    payAtJob,
    errors: form.errors ?? {},
    values: form.values ?? { option: "", name: "", reason: "" },
    message: form.message ?? null,
  };
}

export async function quoteLoader(
  context: Readonly<RouterContextProvider>,
  request: Request,
  deposits: DepositStep,
  remindMe?: RemindMeStep,
) {
  const link = await readLink(context, request);
  if ("problem" in link) return data<QuotePage>({ state: link.problem! }, { status: STATUS[link.problem!] });
  if (link.quote.status === "sent") await markViewed(link.app.database, link.quote.id, link.now);
  const page = await pageOf(
    { database: link.app.database, deposits, token: link.token, remindMe },
    link.quote,
    link.secret,
    link.now,
  );
  return data(page, { status: page.state === "expired" ? 410 : 200 });
}

const REFUSED: Record<string, string> = {
  "bad-option": "Choose one of the options.",
};

export async function quoteAction(
  context: Readonly<RouterContextProvider>,
  request: Request,
  deposits: DepositStep,
  remindMe?: RemindMeStep,
) {
  const link = await readLink(context, request);
  if ("problem" in link) return data<QuotePage>({ state: link.problem! }, { status: STATUS[link.problem!] });
  const { app, quote, now, secret } = link;
  const on = { database: app.database, deposits, token: link.token, remindMe };
  let formData: FormData;
  try {
    formData = await readFields(request, formFields(ANSWER_FIELDS));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return data(await pageOf(on, quote, secret, now, { message: error.message }), { status: error.status });
  }
  const submission = parseWithZod(formData, { schema: answerSchema });
  const echo = (name: string, max: number) => String(submission.payload[name] ?? "").slice(0, max);
  if (submission.status !== "success")
    return data(
      await pageOf(on, quote, secret, now, {
        errors: submission.error ?? {},
        values: { option: echo("option", 2), name: echo("name", 200), reason: echo("reason", DECLINE_REASON_MAX) },
      }),
      { status: 400 },
    );
  const value = submission.value;
  const answered = await answerQuote(
    app.database,
    quote.id,
    value.intent === "accept"
      ? { answer: "accepted", option: value.option, name: value.name }
      : { answer: "declined", reason: value.reason ?? "" },
    {
      ipHash: await keyedHash(app.database, "quote", app.clientIp),
      userAgent: (request.headers.get("user-agent") ?? "").slice(0, USER_AGENT_MAX),
      sms: textAlertSettings(app.env) !== null,
      depositsOnline: deposits.configured,
    },
    now,
  );
  if ("refused" in answered) {
    const again = (await getQuote(app.database, quote.id)) ?? quote;
    const page = await pageOf(on, again, secret, now, {
      message: REFUSED[answered.refused] ?? null,
      values: { option: "", name: value.intent === "accept" ? value.name : "", reason: "" },
    });
    return data(page, { status: page.state === "open" ? 400 : 409 });
  }
  app.notifyOutbox();
  app.logger.info(
    { event: `quote.${answered.recorded.status}`, quote: quote.id, version: quote.version },
    "quote answered",
  );
  const self = `${QUOTE_PATH}?t=${encodeURIComponent(link.token)}`;
  if (answered.recorded.status === "accepted" && !depositOnline(answered.recorded.content, deposits.configured))
    throw redirect((await nextStepAfterAcceptance(app.database, answered.recorded, secret, now)) ?? `${self}`, 303);
  // Declined, or accepted with a deposit to pay first: the quote's page says what comes next.
  throw redirect(self, 303);
}

/**
 * /quote/deposit?t=…: the payment page of an accepted version's deposit, when one is asked and not paid yet; else
 * back to the quote's page. A link rather than a form: the site's policy lets its forms go only to itself, and a
 * form's redirect to the payment page would be one. One payment page per version (the payments feature makes it
 * once and gives it again), so a second visit, or a mail scanner's, makes no second charge.
 */
export async function quoteDepositLoader(
  context: Readonly<RouterContextProvider>,
  request: Request,
  deposits: DepositStep,
) {
  const link = await readLink(context, request);
  if ("problem" in link) return data<QuotePage>({ state: link.problem! }, { status: STATUS[link.problem!] });
  const { quote } = link;
  const self = `${QUOTE_PATH}?t=${encodeURIComponent(link.token)}`;
  const option = quote.answer?.option ?? 0;
  if (quote.status !== "accepted" || !depositOnline(quote.content, deposits.configured)) throw redirect(self, 303);
  // A paid deposit goes back to the quote, which says so; else the live payment page, or a new one.
  if ((await deposits.status(quote)) === "paid") throw redirect(self, 303);
  let url: string;
  try {
    url = await deposits.start(quote, depositCents(quote.content, option));
  } catch (error) {
    getApp(context).logger.warn({ event: "deposit.start-failed", quote: quote.id, err: error }, "no payment page");
    throw redirect(self, 303);
  }
  throw redirect(url, 303);
}
