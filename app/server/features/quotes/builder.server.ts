/**
 * The owner's quote builder of one request (/admin/requests/:id/quote; docs/decisions/031-quotes.md). Its page: the
 * versions so far, the builder form (prefilled from the draft, else the last version sent, else the price book and
 * the request's instant range), the preview of the draft (the customer's page itself), Send, and Stop reminders.
 * Plain forms told apart by their `intent`, each answered with a redirect back (Post/Redirect/Get) or the page
 * again with what is wrong (400). The route hands over the signed-in owner; this feature imports only the kit.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { priceBook } from "../../../content/price-book.ts";
import { optionLabel, servicesNeededOptions } from "../../../forms/options.ts";
import {
  centsInput,
  DEFAULT_OPTION_LABELS,
  lineField,
  optionField,
  QUOTE_FIELDS,
  quoteBuilderSchema,
  QUOTE_NOTE_MAX,
  type QuoteContent,
} from "../../../forms/quote.ts";
import { localDateString } from "../../kit/business-time.server.ts";
import type { AppContext } from "../../kit/context.server.ts";
import { formFields, HttpError, readFields } from "../../kit/form-body.server.ts";
import { fullAddress, streetOf } from "../../kit/service-address.server.ts";
import type { LeadRow } from "../../kit/leads.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { zipTable } from "../../kit/service-area.server.ts";
import { shownContent } from "./quote-price.server.ts";
import { depositOnline } from "./quote-page.server.ts";
import { quotesOfLead, saveDraft, sendDraft, stopReminders, type Quote } from "./quotes.server.ts";

/** How long a new quote holds by default. */
const DEFAULT_VALID_DAYS = 30;

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/** What the request was for, in the site's own words (the priced service, else the services ticked). */
export function serviceOfLead(lead: Pick<LeadRow, "fields">): string {
  const priced = text(lead.fields.priceService);
  if (priced) return priceBook.services[priced]?.title ?? priceBook.callback[priced]?.title ?? "";
  const needed = Array.isArray(lead.fields.servicesNeeded) ? lead.fields.servicesNeeded : [];
  return needed
    .map((v) => optionLabel(servicesNeededOptions, v))
    .filter(Boolean)
    .join(", ");
}

/** The job's city from its ZIP code (the service-area table). */
export const cityOfLead = (lead: Pick<LeadRow, "contact">) => {
  const zip = lead.contact.zip ?? "";
  return (Object.hasOwn(zipTable, zip) ? zipTable[zip]?.[0] : undefined) ?? "";
};

/** The service address the quote is for (the terms' "address of your request"), when the request gave one. */
const addressOfLead = (lead: Pick<LeadRow, "contact" | "fields">): { address?: string } => {
  const address = fullAddress(streetOf(lead.fields), lead.contact.zip, lead.fields);
  return address ? { address } : {};
};

/** The price book's services, for the line descriptions' suggestions. */
export const priceBookTitles = () => [
  ...Object.values(priceBook.services).map((s) => s.title),
  ...Object.values(priceBook.callback).map((s) => s.title),
];

/** The builder's values (flat field name → text) of a quote's content. */
function valuesOf(content: Pick<QuoteContent, "options" | "note" | "validUntil" | "deposit">): Record<string, string> {
  const values: Record<string, string> = {
    note: content.note,
    validUntil: content.validUntil,
    depositKind: content.deposit.kind,
    depositValue:
      content.deposit.kind === "percent"
        ? String(content.deposit.percent)
        : content.deposit.kind === "fixed"
          ? centsInput(content.deposit.cents)
          : "",
  };
  content.options.forEach((option, o) => {
    values[optionField(o + 1, "label")] = option.label;
    option.lines.forEach((line, l) => {
      values[lineField(o + 1, l + 1, "text")] = line.text;
      values[lineField(o + 1, l + 1, "amount")] = centsInput(line.cents);
    });
  });
  return values;
}

/** A first quote from the request: its service and size at the instant range's low end (Good) and high end (Better). */
export function prefillOf(lead: Pick<LeadRow, "fields">, now: Date): Record<string, string> {
  const service = serviceOfLead(lead);
  const details = text(lead.fields.priceInputs);
  const description = [service, details].filter(Boolean).join(", ");
  const figure = (v: unknown) => (typeof v === "string" && /^\d{1,7}$/.test(v) ? Number(v) * 100 : undefined);
  const low = figure(lead.fields.priceLow);
  const high = figure(lead.fields.priceHigh);
  const options = [low, high]
    .filter((cents, i, all) => cents !== undefined && all.indexOf(cents) === i)
    .map((cents, i) => ({
      label: DEFAULT_OPTION_LABELS[i]!,
      lines: [{ text: description, cents: cents! }],
      totalCents: cents!,
    }));
  const validUntil = localDateString(new Date(now.getTime() + DEFAULT_VALID_DAYS * 86_400_000));
  const values = valuesOf({ options, note: "", validUntil, deposit: { kind: "none" } });
  if (options.length === 0 && description) values[lineField(1, 1, "text")] = description;
  return values;
}

const STATUS_TEXT: Record<Quote["status"], string> = {
  draft: "Draft (not sent)",
  sent: "Sent",
  accepted: "Accepted",
  declined: "Declined",
  replaced: "Replaced by a newer version",
};

export interface BuilderAnswer {
  errors: Record<string, string[] | null>;
  values: Record<string, string>;
  message: string | null;
}

/** The builder page's data. */
/** `paymentsConfigured`: deposits are taken online (the wiring says so), so the preview says how the deposit is paid. */
export async function builderPage(
  app: Pick<AppContext, "database">,
  lead: LeadRow,
  url: URL,
  { now = new Date(), paymentsConfigured = false }: { now?: Date; paymentsConfigured?: boolean } = {},
) {
  const versions = await quotesOfLead(app.database, lead.id);
  const latest = versions.at(-1);
  const draft = latest?.status === "draft" ? latest : null;
  const lastSent = versions.findLast((q) => q.status !== "draft");
  const accepted = versions.find((q) => q.status === "accepted") ?? null;
  const saved = url.searchParams.get("saved");
  const values = draft ? valuesOf(draft.content) : lastSent ? valuesOf(lastSent.content) : prefillOf(lead, now);
  return {
    reference: referenceOf(lead.id),
    leadId: lead.id,
    title: lead.contact.name || lead.contact.email,
    service: serviceOfLead(lead),
    saved:
      saved === "draft" || saved === "sent" || saved === "stopped" ? (saved as "draft" | "sent" | "stopped") : null,
    titles: priceBookTitles(),
    values,
    /** Deposits are taken online: the running totals give each option's deposit (the preview's figures). */
    depositsOnline: paymentsConfigured,
    /** When the balance is due, in the business's words (the running totals say it too). */
    balanceDue: draft ? shownContent(draft.content).balanceDue : priceBook.quotes.balanceDue,
    draft: draft
      ? {
          id: draft.id,
          version: draft.version,
          content: shownContent(draft.content),
          payAtJob: !depositOnline(draft.content, paymentsConfigured),
        }
      : null,
    /** A sent, unanswered version whose reminders the owner may stop. */
    remindable: latest?.status === "sent" && !latest.remindersStopped ? latest.id : null,
    accepted: accepted
      ? {
          version: accepted.version,
          option: accepted.content.options[accepted.answer?.option ?? 0]?.label ?? "",
          total: accepted.content.options[accepted.answer?.option ?? 0]?.totalCents ?? 0,
        }
      : null,
    versions: versions.map((q) => ({
      version: q.version,
      status: STATUS_TEXT[q.status],
      sentAt: q.sentAt?.toISOString() ?? null,
      viewed: q.viewedAt !== null,
      answer: q.answer
        ? q.answer.answer === "accepted"
          ? `Accepted by ${q.answer.name ?? ""}: ${q.content.options[q.answer.option ?? 0]?.label ?? ""}`
          : `Declined${q.answer.reason ? `: ${q.answer.reason}` : ""}`
        : null,
    })),
  };
}

const answer = (status: number, values: Partial<BuilderAnswer>) =>
  data<BuilderAnswer>({ errors: {}, values: {}, message: null, ...values }, { status });

/** The builder's forms: save (and preview) the draft, send it, or stop the reminders of the version sent. */
export async function builderAction(
  app: Pick<AppContext, "database" | "logger" | "notifyOutbox">,
  owner: { ownerId: string },
  lead: LeadRow,
  request: Request,
  now = new Date(),
  { depositsOnline = false }: { depositsOnline?: boolean } = {},
) {
  let formData: FormData;
  try {
    formData = await readFields(request, formFields(QUOTE_FIELDS));
  } catch (error) {
    if (error instanceof HttpError) return answer(error.status, { message: error.message });
    throw error;
  }
  const intent = formData.get("intent");
  const self = `/admin/requests/${encodeURIComponent(lead.id)}/quote`;
  const versions = await quotesOfLead(app.database, lead.id);
  const latest = versions.at(-1);
  if (intent === "send") {
    if (latest?.status !== "draft") return answer(409, { message: "There is no draft to send: save one first." });
    const sent = await sendDraft(app.database, latest.id, now, { depositsOnline });
    if ("refused" in sent) return answer(409, { message: sent.refused });
    app.notifyOutbox();
    app.logger.info(
      { event: "quote.sent", owner: owner.ownerId, lead: lead.id, version: sent.sent.version },
      "quote sent",
    );
    throw redirect(`${self}?saved=sent`, 303);
  }
  if (intent === "stop") {
    if (latest?.status === "sent") await stopReminders(app.database, latest.id, now);
    throw redirect(`${self}?saved=stopped`, 303);
  }
  const submission = parseWithZod(formData, { schema: quoteBuilderSchema });
  if (submission.status !== "success") {
    const values = Object.fromEntries(
      QUOTE_FIELDS.map((name) => [name, String(submission.payload[name] ?? "").slice(0, QUOTE_NOTE_MAX)]),
    );
    return answer(400, { errors: submission.error ?? {}, values });
  }
  const { intent: _intent, ...draft } = submission.value;
  const saved = await saveDraft(
    app.database,
    lead.id,
    {
      ...draft,
      service: serviceOfLead(lead),
      city: cityOfLead(lead),
      ...addressOfLead(lead),
      terms: priceBook.quotes.terms,
      balanceDue: priceBook.quotes.balanceDue,
    },
    now,
  );
  if ("refused" in saved) return answer(409, { message: saved.refused });
  throw redirect(`${self}?saved=draft#preview`, 303);
}
