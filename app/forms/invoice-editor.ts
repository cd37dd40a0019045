/**
 * The owner's invoice editor (/admin/requests/:id/invoice; docs/decisions/041-invoices-and-balance.md): one schema,
 * read by the server. A plain form with fixed slots, like the quote builder (app/forms/quote.ts): up to
 * INVOICE_LINES lines, each a description, an amount in dollars and a "taxable" box; an empty slot is no line, so a
 * line is added by filling an empty slot and removed by clearing it. A discount needs its reason (the customer reads
 * it). Field names are flat (`line2-amount`): the form reader refuses path syntax.
 */
import { z } from "../lib/zod.ts";
import type { InvoiceContent, InvoiceLine } from "./invoice.ts";
import { centsInput, LINE_AMOUNT_MAX, LINE_TEXT_MAX, parseDollars } from "./quote.ts";
import { line, multiline } from "./text.ts";

export const INVOICE_LINES = 8;
export const INVOICE_NOTE_MAX = 1000;
export const DISCOUNT_REASON_MAX = 120;
export { LINE_TEXT_MAX };

export const invoiceLineField = (n: number, part: "text" | "amount" | "taxable") => `line${n}-${part}`;

const slots = <T>(count: number, make: (n: number) => T) => Array.from({ length: count }, (_, i) => make(i + 1));

/** Every field of the editor, for the form reader (app/server/kit/form-body.server.ts). */
export const INVOICE_FIELDS = [
  "intent",
  "serviceDate",
  "discount",
  "discountReason",
  "note",
  ...slots(INVOICE_LINES, (n) => [
    invoiceLineField(n, "text"),
    invoiceLineField(n, "amount"),
    invoiceLineField(n, "taxable"),
  ]).flat(),
] as const;

/** What the owner's forms on the invoice page do. */
export const INVOICE_INTENTS = ["make", "save", "send", "void"] as const;
export type InvoiceIntent = (typeof INVOICE_INTENTS)[number];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const amountMessage = `Enter an amount like 249 or 249.50 (at most $${LINE_AMOUNT_MAX.toLocaleString("en-US")})`;
const amountField = line()
  .max(20, amountMessage)
  .refine((v) => v.trim() === "" || (parseDollars(v) ?? Infinity) <= LINE_AMOUNT_MAX * 100, { message: amountMessage })
  .optional();

const shape: Record<string, z.ZodType> = {
  intent: z.enum(INVOICE_INTENTS).optional(),
  serviceDate: line({ error: "Choose the day the work was done" }).regex(DAY, "Choose the day the work was done"),
  discount: amountField,
  discountReason: line().max(DISCOUNT_REASON_MAX, `Keep the reason under ${DISCOUNT_REASON_MAX} characters`).optional(),
  note: multiline().max(INVOICE_NOTE_MAX, `Keep the note under ${INVOICE_NOTE_MAX} characters`).optional(),
};
for (let n = 1; n <= INVOICE_LINES; n++) {
  shape[invoiceLineField(n, "text")] = line()
    .max(LINE_TEXT_MAX, `Keep each line under ${LINE_TEXT_MAX} characters`)
    .optional();
  shape[invoiceLineField(n, "amount")] = amountField;
  shape[invoiceLineField(n, "taxable")] = z.literal("yes").optional();
}

/** What the owner may change of an invoice (the rest of InvoiceContent is the job's and stays). */
export type InvoiceEdit = Pick<InvoiceContent, "serviceDate" | "lines" | "discountCents" | "discountReason" | "note">;

/** The editor: flat fields in, an InvoiceEdit out; at least one line, a discount no larger than the lines, with its reason. */
export const invoiceEditorSchema = z.object(shape).transform((values, ctx): InvoiceEdit => {
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string).trim() : "");
  const lines: InvoiceLine[] = [];
  for (let n = 1; n <= INVOICE_LINES; n++) {
    const words = text(invoiceLineField(n, "text"));
    const amount = text(invoiceLineField(n, "amount"));
    if (!words && !amount) continue;
    if (!words) ctx.addIssue({ code: "custom", path: [invoiceLineField(n, "text")], message: "Describe this line" });
    const cents = amount ? parseDollars(amount) : undefined;
    if (cents === undefined)
      ctx.addIssue({ code: "custom", path: [invoiceLineField(n, "amount")], message: "Enter an amount like 249" });
    lines.push({ text: words, cents: cents ?? 0, taxable: values[invoiceLineField(n, "taxable")] === "yes" });
  }
  if (lines.length === 0)
    ctx.addIssue({
      code: "custom",
      path: [invoiceLineField(1, "text")],
      message: "Add at least one line with an amount",
    });
  const discountText = text("discount");
  const discountCents = discountText ? parseDollars(discountText) : 0;
  const subtotal = lines.reduce((sum, l) => sum + l.cents, 0);
  if (discountCents === undefined)
    ctx.addIssue({
      code: "custom",
      path: ["discount"],
      message: "Enter an amount like 25 or 25.50, or leave it empty",
    });
  else if (discountCents > subtotal)
    ctx.addIssue({ code: "custom", path: ["discount"], message: "A discount cannot be more than the lines' total" });
  const discountReason = text("discountReason");
  if ((discountCents ?? 0) > 0 && !discountReason)
    ctx.addIssue({
      code: "custom",
      path: ["discountReason"],
      message: "Say why there is a discount: the customer reads it",
    });
  return {
    serviceDate: text("serviceDate"),
    lines,
    discountCents: discountCents ?? 0,
    discountReason: (discountCents ?? 0) > 0 ? discountReason : "",
    note: text("note"),
  };
});

/** The editor's values (flat field name → text) of an invoice's content. */
export function editorValues(content: InvoiceEdit): Record<string, string> {
  const values: Record<string, string> = {
    serviceDate: content.serviceDate,
    discount: content.discountCents > 0 ? centsInput(content.discountCents) : "",
    discountReason: content.discountReason,
    note: content.note,
  };
  content.lines.forEach((l, i) => {
    values[invoiceLineField(i + 1, "text")] = l.text;
    values[invoiceLineField(i + 1, "amount")] = centsInput(l.cents);
    if (l.taxable) values[invoiceLineField(i + 1, "taxable")] = "yes";
  });
  return values;
}
