/**
 * The customer's page, /account?t=<account link> (issue 43; docs/decisions/051-customer-recognition.md): for the
 * customer the link recognises (features/account/customer.server.ts), each request with what every feature holds
 * of it, each shown the way that feature already shows it and acted on through that feature's own pages and links
 * (a fresh signed link to the quote, the booking's /book/manage, the invoice's /invoice page), and the preferences,
 * each changed by a plain form post through the feature's own store function. It lives here, above the features,
 * because it reads from all of them (decision 026: a feature never imports another).
 *
 * Server-rendered per request, never stored (Cache-Control: no-store, private), never indexed, and no referrer
 * leaves it (the address carries the token). A GET changes nothing. An altered link, one of another purpose, or
 * one whose request is gone shows nothing of anyone; an expired one says so and offers a new one.
 */
import { data, redirect } from "react-router";
import { business } from "../content/business.ts";
import { optionLabel, servicesNeededOptions } from "../forms/options.ts";
import { dayText } from "../forms/quote.ts";
import { formatCents } from "../lib/money.ts";
import { ACCOUNT_REQUESTS_MAX, customerOf, type Customer } from "./features/account/customer.server.ts";
import { askForLink } from "./features/account/link-request.server.ts";
import { bookingForLead } from "./features/bookings/bookings.server.ts";
import { invoicePdf, invoicePdfName } from "./features/invoices/invoice-mail.server.ts";
import { invoiceView } from "./features/invoices/invoice-view.server.ts";
import { getInvoice, invoicesOfLead } from "./features/invoices/invoices.server.ts";
import { getSubscription, unsubscribe } from "./features/newsletter/subscriptions.server.ts";
import { depositsForLead, paymentsConfigured } from "./features/payments/deposits.server.ts";
import { acceptedCopyOf, acceptedQuotePdf, pdfName } from "./features/quotes/accepted-copy.server.ts";
import { getQuote, isPastValidity, quotesOfLead } from "./features/quotes/quotes.server.ts";
import { remindMeLinkOf } from "./features/reminders/link-pages.server.ts";
import { getConsent, optOutOfReminders } from "./features/reminders/reminders.server.ts";
import { optBackIn, optedOut, optOut, reviewKey } from "./features/reviews/reviews.server.ts";
import { textableNumber } from "./features/texts/rules.server.ts";
import { isStopped, queueLinkText, setTextsStopped } from "./features/texts/texts.server.ts";
import { timesLabel } from "./kit/arrival-windows.server.ts";
import { bookPathOf } from "./kit/book-link.server.ts";
import { localDateString } from "./kit/business-time.server.ts";
import type { AppContext } from "./kit/context.server.ts";
import { HttpError, readFormData } from "./kit/form-body.server.ts";
import { depositKeptCents } from "./kit/invoice-ledger.server.ts";
import { getLead, getPhoto, type LeadDetail } from "./kit/leads.server.ts";
import { referenceOf } from "./kit/reference.server.ts";
import { jobAddress } from "./kit/service-address.server.ts";
import {
  ACCOUNT_PATH,
  accountPath,
  linkSecret,
  quotePath,
  readAccountToken,
  reminderPath,
  signedPath,
  type AccountChannel,
} from "./kit/signed-links.server.ts";

/** The longest token read: a real one is well under it. */
const TOKEN_MAX = 300;

export const accountHeaders = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  // The address carries the token: no other site it links to learns it. Not "no-referrer": a browser then sends
  // its forms with "Origin: null", which the site's Origin check refuses.
  "Referrer-Policy": "same-origin",
});

export interface RequestView {
  id: string;
  reference: string;
  /** "Tuesday, December 1, 2026" (Boise). */
  date: string;
  services: string[];
  address: string;
  photos: { src: string; alt: string; width: number; height: number }[];
  quotes: QuoteView[];
  deposits: { amount: string; status: string; date: string }[];
  window: { day: string; times: string; status: string; manage: string | null } | null;
  /** The link to choose a window, when none is held and the request may choose one online. */
  choose: string | null;
  invoices: InvoiceLine[];
  /** "Request again": the request form prefilled from this one. */
  again: string;
}

export interface QuoteView {
  label: string;
  status: string;
  /** The quote's own page (open ones, and the accepted one's page with its deposit). */
  href: string | null;
  accepted: {
    option: string;
    total: string;
    deposit: string;
    balance: string;
    acceptedAt: string;
    name: string;
    pdf: string;
  } | null;
}

export interface InvoiceLine {
  number: string;
  total: string;
  balance: string;
  paid: boolean;
  due: string | null;
  credits: { label: string; date: string; amount: string }[];
  href: string;
  pdf: string;
}

export type Switch = "on" | "off";
export interface Preferences {
  /** Seasonal reminders: on, off, or none agreed to ("offer": the feature's own page to ask for them). */
  reminders: { state: Switch | "none"; offer: string | null };
  /** Texts: the number they go to, or none (no request agreed to texts). */
  texts: { state: Switch | "none"; number: string };
  reviews: { state: Switch | "none" };
  /** The newsletter (by e-mail links only: a text link proves no mailbox). */
  newsletter: { state: Switch | "none" };
}

export type AccountPage =
  | {
      state: "open";
      token: string;
      channel: AccountChannel;
      requests: RequestView[];
      more: boolean;
      max: number;
      preferences: Preferences;
      saved: string | null;
    }
  | { state: "invalid" | "expired" | "not-found" };

type App = Pick<AppContext, "database" | "env">;

/** The customer a raw token names, or why not. */
export async function readCustomer(
  app: App,
  raw: string,
  now = new Date(),
): Promise<Customer | "invalid" | "expired" | "not-found"> {
  if (!raw || raw.length > TOKEN_MAX) return "invalid";
  const read = readAccountToken(raw, await linkSecret(app.database, app.env), now);
  if (typeof read === "string") return read;
  return (await customerOf(app.database, read)) ?? "not-found";
}

const STATUS = { invalid: 404, expired: 410, "not-found": 404 } as const;

const QUOTE_STATUS: Record<string, string> = {
  sent: "Waiting for your answer",
  accepted: "Accepted",
  declined: "Declined",
  replaced: "Replaced by a newer version",
};
const WINDOW_STATUS: Record<string, string> = {
  requested: "Asked for: we confirm it shortly",
  proposed: "Proposed by us: waiting for your answer",
  confirmed: "Confirmed",
  declined: "Not available: choose another",
  cancelled: "Cancelled",
};
const DEPOSIT_STATUS: Record<string, string> = {
  pending: "Started, not paid",
  paid: "Paid",
  failed: "Failed",
  expired: "Not completed",
};

/** "Tuesday, December 1, 2026": the day in Boise. */
const dateOf = (at: Date | string) => dayText(localDateString(new Date(at)));
const services = (lead: LeadDetail): string[] => {
  const ticked = lead.fields.servicesNeeded;
  const list = Array.isArray(ticked) ? ticked : typeof lead.fields.service === "string" ? [lead.fields.service] : [];
  return list.map((value) => optionLabel(servicesNeededOptions, value) || value).filter(Boolean);
};
const phoneShown = (phone: string) => {
  const d = phone.replace(/\D/g, "").slice(-10);
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : phone;
};

async function requestView(app: App, lead: LeadDetail, token: string, secret: string, now: Date): Promise<RequestView> {
  const { database, env } = app;
  const t = encodeURIComponent(token);
  const online = paymentsConfigured(env);
  const booking = await bookingForLead(database, lead.id);
  const holding = booking && ["requested", "proposed", "confirmed"].includes(booking.status);
  const quotes = (await quotesOfLead(database, lead.id)).filter((q) => q.status !== "draft" && q.sentAt);
  const latestVersion = Math.max(0, ...quotes.map((q) => q.version));
  const invoices = (await invoicesOfLead(database.db, lead.id)).filter((i) => i.status === "sent");
  return {
    id: lead.id,
    reference: referenceOf(lead.id),
    date: dateOf(lead.createdAt),
    services: services(lead),
    address: jobAddress({ fields: lead.fields, zip: lead.contact.zip }, booking?.address),
    photos: lead.photos.map((photo, i) => ({
      src: `${ACCOUNT_PATH}/photos/${lead.id}/${photo.n}?t=${t}`,
      alt: `Photo ${i + 1} you sent with request ${referenceOf(lead.id)}`,
      width: photo.width,
      height: photo.height,
    })),
    quotes: quotes
      .sort((a, b) => b.version - a.version)
      .map((quote) => {
        const copy = acceptedCopyOf(quote, online);
        const open =
          quote.status === "sent" && quote.version === latestVersion && !isPastValidity(quote.validUntil, now);
        return {
          label: `Quote, version ${quote.version}${quote.sentAt ? `, sent ${dateOf(quote.sentAt)}` : ""}`,
          status:
            quote.status === "sent" && isPastValidity(quote.validUntil, now)
              ? "Expired"
              : (QUOTE_STATUS[quote.status] ?? quote.status),
          href: open || copy ? quotePath(quote.id, quote.validUntil, secret, now) : null,
          accepted: copy && {
            option: copy.option.label,
            total: formatCents(copy.price.totalCents),
            deposit: formatCents(copy.price.depositCents),
            balance: formatCents(copy.price.balanceCents),
            acceptedAt: copy.acceptedAt,
            name: copy.name,
            pdf: `${ACCOUNT_PATH}/documents/quote-${quote.id}.pdf?t=${t}`,
          },
        };
      }),
    deposits: (await depositsForLead(database, lead.id))
      .filter((d) => d.status === "paid" || d.status === "pending")
      .map((d) => ({
        amount: formatCents(depositKeptCents(d.amountCents, d.refundedCents)),
        status: d.refundedCents > 0 ? "Refunded in part or whole" : (DEPOSIT_STATUS[d.status] ?? d.status),
        date: dateOf(d.paidAt ?? d.createdAt),
      })),
    window: booking
      ? {
          day: dayText(booking.day),
          times: timesLabel(booking.times),
          status: WINDOW_STATUS[booking.status] ?? booking.status,
          manage: holding ? signedPath("manage", booking.id, secret, now) : null,
        }
      : null,
    choose:
      (holding ? undefined : bookPathOf({ id: lead.id, kind: lead.kind, zip: lead.contact.zip }, secret, now)) ?? null,
    invoices: await Promise.all(
      invoices.map(async (invoice) => {
        const view = await invoiceView(database.db, invoice);
        return {
          number: view.number,
          total: view.total,
          balance: view.balance,
          paid: view.paid,
          due: view.due,
          credits: view.credits.map((c) => ({ label: c.label, date: c.date, amount: c.amount })),
          href: signedPath("invoice", invoice.id, secret, now),
          pdf: `${ACCOUNT_PATH}/documents/invoice-${invoice.id}.pdf?t=${t}`,
        };
      }),
    ),
    again: reminderPath("request-again", lead.id, secret, now),
  };
}

/** The e-mail address the review and newsletter preferences are about, and the number texts go to. */
async function contactsOf(app: App, customer: Customer) {
  const leads = (await Promise.all(customer.leadIds.map((id) => getLead(app.database, id)))).filter(
    (lead): lead is LeadDetail => Boolean(lead),
  );
  const email = customer.channel === "email" ? customer.key : (leads[0]?.contact.email ?? null);
  const textable = leads.map((lead) => textableNumber(lead)).find((n): n is string => Boolean(n));
  // A phone link proves the number itself, whether or not the request agreed to texts.
  const number = customer.channel === "phone" ? customer.key : (textable ?? null);
  return { leads, email, number, agreedToTexts: Boolean(textable) };
}

async function preferencesOf(
  app: App,
  customer: Customer,
  leads: LeadDetail[],
  contacts: Awaited<ReturnType<typeof contactsOf>>,
  now: Date,
): Promise<Preferences> {
  const { database, env } = app;
  const consents = (await Promise.all(leads.map((lead) => getConsent(database.db, lead.id)))).filter((c) => c !== null);
  const reminders: Preferences["reminders"]["state"] = consents.some((c) => !c.optedOut)
    ? "on"
    : consents.length > 0
      ? "off"
      : "none";
  let offer: string | null = null;
  if (reminders !== "on")
    for (const lead of leads) {
      const link = await remindMeLinkOf(database, env, lead.id, now);
      if (link && !link.reminding) {
        offer = link.path;
        break;
      }
    }
  const reviews = contacts.email
    ? (await optedOut(database, await reviewKey(database, contacts.email)))
      ? "off"
      : "on"
    : "none";
  const subscriptions = await Promise.all(customer.signUps.map((id) => getSubscription(database, id)));
  const newsletter =
    customer.channel !== "email" ? "none" : subscriptions.some((s) => s?.status === "confirmed") ? "on" : "off";
  return {
    reminders: { state: reminders, offer },
    texts: {
      state:
        !contacts.number || !contacts.agreedToTexts
          ? "none"
          : (await isStopped(database.db, contacts.number))
            ? "off"
            : "on",
      number: contacts.number ? phoneShown(contacts.number) : "",
    },
    reviews: { state: reviews },
    newsletter: { state: newsletter },
  };
}

export async function accountLoader(app: App, request: Request, now = new Date()) {
  const url = new URL(request.url);
  const raw = url.searchParams.get("t") ?? "";
  const customer = await readCustomer(app, raw, now);
  if (typeof customer === "string")
    return data<AccountPage>({ state: customer }, { status: STATUS[customer], headers: accountHeaders() });
  const secret = await linkSecret(app.database, app.env);
  const contacts = await contactsOf(app, customer);
  const requests = await Promise.all(contacts.leads.map((lead) => requestView(app, lead, raw, secret, now)));
  const saved = url.searchParams.get("saved");
  return data<AccountPage>(
    {
      state: "open",
      token: raw,
      channel: customer.channel,
      requests,
      more: customer.more,
      max: ACCOUNT_REQUESTS_MAX,
      preferences: await preferencesOf(app, customer, contacts.leads, contacts, now),
      saved: saved && Object.hasOwn(SAVED, saved) ? SAVED[saved as keyof typeof SAVED] : null,
    },
    { headers: accountHeaders() },
  );
}

/** The preferences a form post changes, each way, and what the page says after. */
const SAVED = {
  "reminders-off": "Seasonal reminders are off. You will not get any more.",
  "texts-off": "Texts are off. We will not text you again unless you turn them back on.",
  "texts-on": "Texts are on again.",
  "reviews-off": "Review requests are off.",
  "reviews-on": "Review requests are on again.",
  "newsletter-off": "You are unsubscribed from the newsletter.",
} as const;
export type PreferenceChange = keyof typeof SAVED;
const CHANGES = Object.keys(SAVED) as PreferenceChange[];

/**
 * A preference changed on the page (a plain form post: `t`, the page's token, and `change`, one of CHANGES),
 * through the feature's own store function, then back to the page (Post/Redirect/Get). A token no longer valid
 * changes nothing and shows why.
 */
export async function accountAction(app: App, form: FormData, now = new Date()) {
  const raw = form.get("t");
  const change = form.get("change");
  const token = typeof raw === "string" ? raw : "";
  const customer = await readCustomer(app, token, now);
  if (typeof customer === "string")
    return data<AccountPage>({ state: customer }, { status: STATUS[customer], headers: accountHeaders() });
  if (typeof change !== "string" || !(CHANGES as string[]).includes(change))
    throw new Response("Unknown change", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const { database } = app;
  const contacts = await contactsOf(app, customer);
  switch (change as PreferenceChange) {
    case "reminders-off":
      for (const lead of contacts.leads) await optOutOfReminders(database, lead.id, now);
      break;
    case "texts-off":
    case "texts-on":
      if (contacts.number) await setTextsStopped(database, contacts.number, change === "texts-off", now);
      break;
    case "reviews-off":
    case "reviews-on":
      if (contacts.email) {
        const key = await reviewKey(database, contacts.email);
        await (change === "reviews-off" ? optOut(database, key, now) : optBackIn(database, key));
      }
      break;
    case "newsletter-off":
      for (const id of customer.signUps) await unsubscribe(database, id, now);
      break;
  }
  return redirect(`${ACCOUNT_PATH}?t=${encodeURIComponent(token)}&saved=${change}#preferences`, {
    status: 303,
    headers: accountHeaders(),
  });
}

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", ...accountHeaders() },
  });

/** A photo the customer sent with one of their requests: /account/photos/<request id>/<n>?t=<account link>. */
export async function accountPhoto(app: App, request: Request, leadId: string, n: string, now = new Date()) {
  const customer = await readCustomer(app, new URL(request.url).searchParams.get("t") ?? "", now);
  const number = /^[1-9]\d{0,2}$/.test(n) ? Number(n) : 0;
  if (typeof customer === "string" || !number || !customer.leadIds.includes(leadId)) return notFound();
  const photo = await getPhoto(app.database, leadId, number, "request");
  if (!photo) return notFound();
  return new Response(Buffer.from(photo.bytes), {
    headers: {
      ...accountHeaders(),
      "Referrer-Policy": "no-referrer",
      "Content-Type": photo.contentType,
      "Content-Disposition": `inline; filename="photo-${number}.jpg"`,
      "Content-Security-Policy": "sandbox; default-src 'none'",
    },
  });
}

/**
 * The accepted quote's or a sent invoice's PDF, the same file its e-mail carried:
 * /account/documents/<quote|invoice>-<id>.pdf?t=<account link>, only of the customer's own requests.
 */
export async function accountDocument(app: App, request: Request, file: string, now = new Date()) {
  const customer = await readCustomer(app, new URL(request.url).searchParams.get("t") ?? "", now);
  const match = /^(quote|invoice)-([A-Za-z0-9-]{1,64})\.pdf$/.exec(file);
  if (typeof customer === "string" || !match) return notFound();
  const [, kind, id = ""] = match;
  let pdf: Buffer;
  let name: string;
  if (kind === "quote") {
    const quote = await getQuote(app.database, id);
    const copy =
      quote && customer.leadIds.includes(quote.leadId) ? acceptedCopyOf(quote, paymentsConfigured(app.env)) : null;
    if (!copy) return notFound();
    pdf = await acceptedQuotePdf(copy);
    name = pdfName(copy);
  } else {
    const invoice = await getInvoice(app.database.db, id);
    if (!invoice?.leadId || invoice.status !== "sent" || !customer.leadIds.includes(invoice.leadId)) return notFound();
    const lead = await getLead(app.database, invoice.leadId);
    const view = await invoiceView(app.database.db, invoice);
    pdf = await invoicePdf(view, lead?.contact.name || lead?.contact.email || "");
    name = invoicePdfName(view);
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...accountHeaders(),
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${name}"`,
    },
  });
}

/** What /account/link shows: the form, after a send the one answer, or why the entry was not read. */
export type LinkAskPage = { sent: boolean; error: string | null; value: string };

const plain = (status: number, message: string, extra: Record<string, string> = {}) =>
  new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...extra } });

/**
 * "Send me my link" posted (features/account/link-request.server.ts decides): the one answer for any address or
 * number is a 303 to /account/link?sent=1 (Post/Redirect/Get); an entry that is no e-mail address or US number is
 * shown again with its message (400); a client over its limit is told when to try again (429).
 */
export async function linkAskAction(app: AppContext, request: Request, now = new Date()) {
  let form: FormData;
  try {
    form = await readFormData(request);
  } catch (error) {
    if (error instanceof HttpError) throw plain(error.status, error.message);
    throw error;
  }
  const raw = form.get("contact");
  const typed = typeof raw === "string" ? raw.trim() : "";
  const secret = await linkSecret(app.database, app.env);
  const ask = await askForLink(app.database, {
    typed,
    clientIp: app.clientIp,
    clientLimit: app.env.LEAD_RATE_LIMIT,
    now,
    sendText: (leadId) =>
      queueLinkText(
        app.database,
        leadId,
        `${business.name}: your requests, quotes and invoices: ${app.env.SITE_URL}${accountPath("phone", leadId, secret, now)} (works 7 days)`,
        now,
      ),
  });
  if (ask.outcome === "answered") {
    app.notifyOutbox();
    return redirect(`${ACCOUNT_PATH}/link?sent=1`, { status: 303, headers: accountHeaders() });
  }
  if (ask.outcome === "too-many")
    return data<LinkAskPage>(
      {
        sent: false,
        error: `Too many tries from here. Please try again in ${Math.ceil(ask.retryAfterSeconds / 60)} minutes, or call us.`,
        value: "",
      },
      { status: 429, headers: { ...accountHeaders(), "Retry-After": String(ask.retryAfterSeconds) } },
    );
  return data<LinkAskPage>(
    {
      sent: false,
      error: "Enter the e-mail address (like name@example.com) or the 10-digit mobile number you gave us.",
      value: typed.slice(0, 254),
    },
    { status: 400, headers: accountHeaders() },
  );
}
