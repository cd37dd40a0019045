/**
 * What a request's invoice is made from (issue 41): the job's service, city and address, and the accepted quote's
 * option with its lines. Here, above the quotes and invoices features, since no feature imports another (decision
 * 026): the completion (./job-completion.server.ts) and the owner's invoice page hand it to the invoices feature.
 */
import type { Transaction } from "kysely";
import { cityOfLead, serviceOfLead } from "./features/quotes/builder.server.ts";
import { acceptedQuoteOf } from "./features/quotes/quotes.server.ts";
import { makeInvoice, type InvoiceSource, type MakeResult } from "./features/invoices/invoices.server.ts";
import type { Database } from "./kit/db/database.server.ts";
import type { DB } from "./kit/db/tables.server.ts";
import { toLeadRow } from "./kit/leads.server.ts";
import { referenceOf } from "./kit/reference.server.ts";
import { fullAddress, streetOf } from "./kit/service-address.server.ts";

/** The source of request `leadId`'s invoice, read in `trx`; undefined when the request is gone. */
export async function invoiceSourceOf(trx: Transaction<DB>, leadId: string): Promise<InvoiceSource | undefined> {
  const row = await trx.selectFrom("leads").selectAll().where("id", "=", leadId).executeTakeFirst();
  if (!row) return undefined;
  const lead = toLeadRow(row);
  const quote = await acceptedQuoteOf(trx, leadId);
  const option = quote?.content.options[quote.answer?.option ?? -1];
  const address = quote?.content.address ?? fullAddress(streetOf(lead.fields), lead.contact.zip, lead.fields);
  return {
    service: quote?.content.service ?? serviceOfLead(lead),
    city: quote?.content.city ?? cityOfLead(lead),
    ...(address ? { address } : {}),
    ...(quote && option
      ? {
          quote: {
            id: quote.id,
            ref: referenceOf(leadId),
            version: quote.version,
            optionLabel: option.label,
            lines: option.lines.map((line) => ({ text: line.text, cents: line.cents })),
          },
        }
      : {}),
  };
}

/** Makes request `leadId`'s draft invoice in `trx` from its source (or finds the one it has). */
export async function makeInvoiceOf(trx: Transaction<DB>, leadId: string, now: Date): Promise<MakeResult | undefined> {
  const source = await invoiceSourceOf(trx, leadId);
  return source ? makeInvoice(trx, leadId, source, now) : undefined;
}

/** The owner's button: the request's draft invoice, made now (after acceptance, or with empty lines without a quote). */
export const makeInvoiceNow = (database: Database, leadId: string, now: Date) =>
  database.db.transaction().execute((trx) => makeInvoiceOf(trx, leadId, now));
