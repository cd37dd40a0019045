/**
 * The owner's invoice page of one request (/admin/requests/:id/invoice; issue 41): make the invoice (when the
 * completion did not), edit it in a plain form with fixed slots, see the preview (the customer's page itself),
 * send it, or void it. Plain forms told apart by their `intent`, each answered with a redirect back
 * (Post/Redirect/Get) or the page again with what is wrong (400) or why not (409). The route hands over the
 * signed-in owner and the making of an invoice (it needs the quotes feature); this feature imports only the kit.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import {
  editorValues,
  INVOICE_FIELDS,
  INVOICE_INTENTS,
  INVOICE_NOTE_MAX,
  invoiceEditorSchema,
  type InvoiceIntent,
} from "../../../forms/invoice-editor.ts";
import { formatCents } from "../../../lib/money.ts";
import type { AppContext } from "../../kit/context.server.ts";
import { formFields, HttpError, readFields } from "../../kit/form-body.server.ts";
import type { LeadRow } from "../../kit/leads.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { invoiceBalance } from "../../kit/invoice-ledger.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { currentInvoice, invoicesOfLead, saveInvoice, sendInvoice, voidInvoice } from "./invoices.server.ts";
import { invoiceView } from "./invoice-view.server.ts";

/** The owner's words for an invoice's status. */
export const INVOICE_STATUS_WORDS = { draft: "Draft (not sent)", sent: "Sent", void: "Void" } as const;

const SAVED = ["made", "draft", "sent", "void", "unchanged"] as const;
type Saved = (typeof SAVED)[number];

/** The request's invoice in one line for its page: number, status and balance, or null when it has none. */
export async function invoiceSummary(database: Database, leadId: string) {
  const invoice = await currentInvoice(database.db, leadId);
  if (!invoice) return null;
  const balance = await invoiceBalance(database.db, invoice.id);
  const balanceCents = balance?.balanceCents ?? invoice.totalCents;
  return {
    number: invoice.number,
    status: INVOICE_STATUS_WORDS[invoice.status],
    balance: formatCents(balanceCents),
    paid: invoice.totalCents > 0 && balanceCents === 0,
  };
}

/** The page's data. `accepted`: the request has an accepted quote (the invoice is made from its option). */
export async function invoiceEditorPage(
  app: Pick<AppContext, "database">,
  lead: LeadRow,
  url: URL,
  { accepted }: { accepted: boolean },
) {
  const invoices = await invoicesOfLead(app.database.db, lead.id);
  const invoice = invoices.find((i) => i.status !== "void") ?? null;
  const saved = url.searchParams.get("saved");
  return {
    leadId: lead.id,
    reference: referenceOf(lead.id),
    title: lead.contact.name || lead.contact.email,
    accepted,
    saved: saved && (SAVED as readonly string[]).includes(saved) ? (saved as Saved) : null,
    voided: invoices.filter((i) => i.status === "void").map((i) => i.number),
    invoice: invoice
      ? {
          number: invoice.number,
          status: invoice.status,
          statusWords: INVOICE_STATUS_WORDS[invoice.status],
          version: invoice.version,
          sentAt: invoice.sentAt?.toISOString() ?? null,
          changedSinceSent: invoice.sentAt !== null && invoice.updatedAt.getTime() > invoice.sentAt.getTime(),
          taxRate: invoice.content.taxRateBasisPoints / 100,
          values: editorValues(invoice.content),
          view: await invoiceView(app.database.db, invoice),
        }
      : null,
  };
}

export interface EditorAnswer {
  errors: Record<string, string[] | null>;
  values: Record<string, string>;
  message: string | null;
}

const answer = (status: number, values: Partial<EditorAnswer>) =>
  data<EditorAnswer>({ errors: {}, values: {}, message: null, ...values }, { status });

/** The page's forms: make, save (and preview), send, void. `make`: the request's invoice made now. */
export async function invoiceEditorAction(
  app: Pick<AppContext, "database" | "logger" | "notifyOutbox">,
  owner: { ownerId: string },
  lead: LeadRow,
  request: Request,
  make: (database: Database, leadId: string, now: Date) => Promise<unknown>,
  now = new Date(),
) {
  let formData: FormData;
  try {
    formData = await readFields(request, formFields(INVOICE_FIELDS));
  } catch (error) {
    if (error instanceof HttpError) return answer(error.status, { message: error.message });
    throw error;
  }
  const named = formData.get("intent") ?? "save";
  if (typeof named !== "string" || !(INVOICE_INTENTS as readonly string[]).includes(named))
    return answer(400, { message: "This form is not one of this page's: reload the page and try again." });
  const intent = named as InvoiceIntent;
  const self = `/admin/requests/${encodeURIComponent(lead.id)}/invoice`;
  const log = (event: string, number: string) =>
    app.logger.info({ event: `invoice.${event}`, owner: owner.ownerId, lead: lead.id, number }, `invoice ${event}`);
  const invoice = await currentInvoice(app.database.db, lead.id);
  if (intent === "make") {
    if (invoice) throw redirect(`${self}?saved=unchanged`, 303);
    await make(app.database, lead.id, now);
    const made = await currentInvoice(app.database.db, lead.id);
    if (made) log("made", made.number);
    throw redirect(`${self}?saved=made`, 303);
  }
  if (!invoice) return answer(409, { message: "This request has no invoice yet: make one first." });
  if (intent === "send") {
    const sent = await sendInvoice(app.database, invoice.id, now);
    if ("refused" in sent) return answer(409, { message: sent.refused });
    app.notifyOutbox();
    log("sent", sent.sent.number);
    throw redirect(`${self}?saved=sent`, 303);
  }
  if (intent === "void") {
    const voided = await voidInvoice(app.database, invoice.id, now);
    if ("refused" in voided) return answer(409, { message: voided.refused });
    log("voided", voided.voided.number);
    throw redirect(`${self}?saved=void`, 303);
  }
  const submission = parseWithZod(formData, { schema: invoiceEditorSchema });
  if (submission.status !== "success") {
    const values = Object.fromEntries(
      INVOICE_FIELDS.map((name) => [name, String(submission.payload[name] ?? "").slice(0, INVOICE_NOTE_MAX)]),
    );
    return answer(400, { errors: submission.error ?? {}, values });
  }
  const saved = await saveInvoice(app.database, invoice.id, submission.value, now);
  if ("refused" in saved) return answer(409, { message: saved.refused });
  if (saved.changed) log("saved", saved.saved.number);
  throw redirect(`${self}?saved=${saved.changed ? "draft" : "unchanged"}#preview`, 303);
}
