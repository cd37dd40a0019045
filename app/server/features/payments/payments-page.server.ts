/**
 * The owner's payments of a request (/admin/requests/:id/payments; docs/decisions/042): each invoice with its
 * total, what was paid, its balance and its payments, a form to record a payment by hand, and a button to void one.
 * Plain forms (Post/Redirect/Get), checked by the one schema (app/forms/payments.ts) with the invoice's balance.
 * The route hands over the signed-in owner and what a payment in full sets off; this feature imports only the kit.
 */
import { randomUUID } from "node:crypto";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import {
  HAND_PAYMENT_FIELDS,
  handPaymentSchema,
  VOID_PAYMENT_FIELDS,
  voidPaymentSchema,
} from "../../../forms/payments.ts";
import { parseDollars } from "../../../forms/quote.ts";
import { localDateString } from "../../kit/business-time.server.ts";
import type { AppContext } from "../../kit/context.server.ts";
import { formFields, HttpError, pickFields, readFormData } from "../../kit/form-body.server.ts";
import { invoicesOfLead, recordHandPayment, voidHandPayment, type InvoiceLedgerView } from "./by-hand.server.ts";
import type { WhenPaidInFull } from "./record.server.ts";

export interface PaymentsPage {
  invoices: InvoiceLedgerView[];
  /** A new key for the form (a second send of the same form records nothing). */
  key: string;
  today: string;
  saved: "recorded" | "again" | "voided" | null;
}

export async function paymentsPage(app: Pick<AppContext, "database">, leadId: string, url: URL): Promise<PaymentsPage> {
  const saved = url.searchParams.get("saved");
  return {
    invoices: await invoicesOfLead(app.database, leadId),
    key: randomUUID(),
    today: localDateString(new Date()),
    saved: saved === "recorded" || saved === "again" || saved === "voided" ? saved : null,
  };
}

export type PaymentsAnswer = {
  errors: Record<string, string[] | null>;
  values: Record<string, string>;
  message: string | null;
};

const answer = (status: number, values: Partial<PaymentsAnswer>) =>
  data<PaymentsAnswer>({ errors: {}, values: {}, message: null, ...values }, { status });

export async function paymentsAction(
  app: Pick<AppContext, "database" | "env" | "logger">,
  owner: { ownerId: string },
  leadId: string,
  request: Request,
  whenPaidInFull: WhenPaidInFull,
) {
  const self = `/admin/requests/${leadId}/payments`;
  let body: FormData;
  try {
    body = await readFormData(request);
  } catch (error) {
    if (error instanceof HttpError) return answer(error.status, { message: error.message });
    throw error;
  }
  if (body.get("intent") === "void") {
    const submission = parseWithZod(pickFields(body, formFields(VOID_PAYMENT_FIELDS)), { schema: voidPaymentSchema });
    if (submission.status !== "success") return answer(400, { message: "Choose the payment to void." });
    const voided = await voidHandPayment(app.database, leadId, submission.value.payment);
    if (!voided)
      return answer(404, { message: "This payment is not one you recorded by hand, or it is void already." });
    app.logger.info({ event: "invoice.payment_voided", owner: owner.ownerId, lead: leadId }, "payment voided");
    return redirect(`${self}?saved=voided`, 303);
  }
  const fields = pickFields(body, formFields(HAND_PAYMENT_FIELDS));
  const invoiceId = String(fields.get("invoice") ?? "");
  const invoice = (await invoicesOfLead(app.database, leadId)).find((i) => i.id === invoiceId && i.status !== "void");
  const today = localDateString(new Date());
  const submission = parseWithZod(fields, { schema: handPaymentSchema(invoice?.balanceCents ?? 0, today) });
  const values = Object.fromEntries(
    HAND_PAYMENT_FIELDS.map((name) => [name, String(submission.payload[name] ?? "").slice(0, 200)]),
  );
  if (!invoice) return answer(404, { message: "There is no such invoice on this request.", values });
  if (submission.status !== "success") return answer(400, { errors: submission.error ?? {}, values });
  const v = submission.value;
  const outcome = await recordHandPayment({ database: app.database, env: app.env, whenPaidInFull }, leadId, {
    invoiceId: invoice.id,
    method: v.method,
    amountCents: parseDollars(v.amount)!,
    tipCents: v.tip ? (parseDollars(v.tip) ?? 0) : 0,
    reference: v.reference || null,
    receivedOn: v.receivedOn,
    key: v.key,
    overpay: v.overpay === "yes",
  });
  if (outcome.outcome === "not-found")
    return answer(404, { message: "There is no such invoice on this request.", values });
  if (outcome.outcome === "over-balance")
    return answer(400, {
      errors: { amount: ["This is more than the balance: tick “More than the balance” if that is right"] },
      values,
    });
  app.logger.info(
    { event: "invoice.payment_recorded", owner: owner.ownerId, lead: leadId, outcome: outcome.outcome },
    "payment recorded by hand",
  );
  return redirect(`${self}?saved=${outcome.outcome}`, 303);
}
