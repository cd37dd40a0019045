/**
 * The books as files for the owner's accountant (issue 41): /admin/payments.csv (QuickBooks Online's bank
 * transaction import), /admin/payments.xlsx and /admin/invoices.xlsx, each for a span of Boise days (`from`, `to`,
 * both included, as the inbox's filters). The lines and their sums are ./books.server.ts's, so the files add up to
 * what the report shows.
 */
import type { RouterContextProvider } from "react-router";
import { localDateString } from "../../kit/business-time.server.ts";
import { formatCents } from "../../../lib/money.ts";
import { toCsv } from "./csv.server.ts";
import { plainAmount, type SheetCell } from "./export.server.ts";
import { signedIn } from "./guard.server.ts";
import {
  daySpan,
  type DaySpan,
  grossOf,
  type InvoiceLine,
  invoiceLines,
  type PaymentLine,
  paymentLines,
} from "./books.server.ts";
import { XLSX_TYPE } from "./xlsx.server.ts";
import { bodyOf, collect, inBatches, xlsxStream } from "./xlsx-stream.server.ts";

/** The first day an export without `from` starts at: before any payment the site could have taken. */
const EARLIEST_DAY = "2000-01-01";

/** "2026-12-01" → "12/01/2026". */
const usDate = (day: string) => {
  const [year, month, date] = day.split("-");
  return `${month}/${date}/${year}`;
};

/** What a line was, in one sentence for the bank feed's Description. */
export function describe(line: PaymentLine): string {
  const what =
    line.kind === "refund"
      ? `${line.method}${line.invoice ? ` (invoice ${line.invoice})` : ""}`
      : line.invoice
        ? `Invoice ${line.invoice}, ${line.method.toLowerCase()}${line.note ? ` ${line.note}` : ""}`
        : line.method;
  const who = [line.customer, line.reference].filter(Boolean).join(" ");
  return `${what}: ${who}${line.tipCents > 0 ? `; includes ${formatCents(line.tipCents)} tip` : ""}`;
}

/**
 * QuickBooks Online's three-column bank transaction CSV: Date (MM/DD/YYYY), Description, Amount (money in positive,
 * a refund negative). One row per payment and one per refund.
 *
 * A tip is in its payment's row (its amount, named in the description), not a row of its own: a card payment
 * charges balance and tip as one sum and a check or cash brings them as one, so one row is what the bank feed
 * matches; the accountant splits the tip when categorizing, and the .xlsx has it in a column of its own.
 *
 * No byte-order mark: QuickBooks is a web import that reads UTF-8, and a program that does not expect the mark
 * reads it into the first header ("ï»¿Date") and no longer finds the Date column.
 */
export function paymentsQboCsv(lines: PaymentLine[]): string {
  return toCsv(
    [
      ["Date", "Description", "Amount"],
      ...lines.map((line) => [{ raw: usDate(line.day) }, describe(line), { raw: plainAmount(grossOf(line)) }]),
    ],
    { bom: false },
  );
}

export const PAYMENTS_HEADER = [
  "Date",
  "Reference",
  "Invoice",
  "Customer",
  "Method",
  "Note",
  "Amount",
  "Tip",
  "Refund",
  "Fee-free amount",
];

/** Each column as wide as its header, at least 12 characters. */
const widthsOf = (header: string[]) => header.map((label) => Math.max(12, label.length + 2));

/** A sheet of `rows` already read, streamed as the requests' workbook is (./xlsx-stream.server.ts). */
const booksSheet = (name: string, header: string[], rows: SheetCell[][]) =>
  xlsxStream({ name, header, widths: widthsOf(header), batches: inBatches(rows), wallClock: (date) => date });

/**
 * The payments as a workbook: one row per payment and per refund, with the tip and the refund in columns of their
 * own. The fee-free amount is the money as recorded, before any card processor's fee (amount + tip, or minus the
 * refund): the site never sees Stripe's fee, the payout shows it.
 */
export const paymentsSheet = (lines: PaymentLine[]) =>
  booksSheet(
    "Payments",
    PAYMENTS_HEADER,
    lines.map((line) => [
      { day: line.day },
      line.reference ?? "",
      line.invoice ?? "",
      line.customer,
      line.method,
      line.note,
      { cents: line.amountCents },
      { cents: line.tipCents },
      { cents: -line.refundCents },
      { cents: grossOf(line) },
    ]),
  );

export const INVOICES_HEADER = ["Number", "Sent", "Reference", "Customer", "Total", "Paid", "Balance", "Status"];

/** The invoices as a workbook: each one's total, what was paid towards it (tips aside) and its balance, by the ledger. */
export const invoicesSheet = (invoices: InvoiceLine[]) =>
  booksSheet(
    "Invoices",
    INVOICES_HEADER,
    invoices.map((invoice) => [
      invoice.number,
      invoice.sentDay ? { day: invoice.sentDay } : "",
      invoice.reference ?? "",
      invoice.customer,
      { cents: invoice.totalCents },
      { cents: invoice.paidCents },
      { cents: invoice.balanceCents },
      invoice.status,
    ]),
  );

/** The workbooks as files (the tests, the command line). */
export const paymentsXlsx = (lines: PaymentLine[]) => collect(paymentsSheet(lines));
export const invoicesXlsx = (invoices: InvoiceLine[]) => collect(invoicesSheet(invoices));

/** The span of a download's `from` and `to` (YYYY-MM-DD, both included; from the first payment, to today, when absent). */
export function spanOf(url: URL, now = new Date()): DaySpan | null {
  const value = (key: string, fallback: string) => {
    const raw = url.searchParams.get(key)?.trim();
    return raw ? raw.slice(0, 10 + 1) : fallback;
  };
  const span = daySpan(value("from", EARLIEST_DAY), value("to", localDateString(now)));
  return span && span.since < span.until ? span : null;
}

export type BooksFile = "payments.csv" | "payments.xlsx" | "invoices.xlsx";

/** A download of the books for the span in the URL; the inbox's middleware has checked the session (no-store, noindex). */
export async function booksDownload(
  request: Request,
  context: Readonly<RouterContextProvider>,
  file: BooksFile,
): Promise<Response> {
  const { app, owner } = signedIn(context);
  const span = spanOf(new URL(request.url));
  if (!span)
    return new Response("Choose real dates, the first not after the last (YYYY-MM-DD).", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  let body: string | ReadableStream<Uint8Array>;
  let rows: number;
  if (file === "invoices.xlsx") {
    const invoices = await invoiceLines(app.database, span);
    rows = invoices.length;
    body = bodyOf(invoicesSheet(invoices));
  } else {
    const lines = await paymentLines(app.database, span);
    rows = lines.length;
    body = file === "payments.csv" ? paymentsQboCsv(lines) : bodyOf(paymentsSheet(lines));
  }
  app.logger.info({ event: "admin.books_exported", file, owner: owner.ownerId, rows }, "books exported");
  const [name, format] = file.split(".") as [string, "csv" | "xlsx"];
  const last = localDateString(new Date(span.until.getTime() - 1));
  return new Response(body, {
    headers: {
      "Content-Type": format === "csv" ? "text/csv; charset=utf-8" : XLSX_TYPE,
      "Content-Disposition": `attachment; filename="${name}-${span.fromDay}-to-${last}.${format}"`,
    },
  });
}
