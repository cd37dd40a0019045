/**
 * The customer's invoice page, /invoice?t=<signed link> (issue 41): the business, the number, the job, lines,
 * discount, tax, total, each credit, the balance and when it is due, the owner's photos of the finished job, and,
 * while a balance is left, "Pay $X" (to /invoice/pay?t=…, the payments' step) when card payments are set up, else
 * how to pay at the job (content); while a card payment made at Stripe is not yet recorded (back from Checkout before
 * its webhook), a line that it is being confirmed and a "Check again" link instead. Server-rendered per request, never indexed or stored; a GET changes nothing.
 * An altered, expired or other purpose's link, or an invoice not sent, shows nothing of any invoice.
 */
import { data, type RouterContextProvider } from "react-router";
import { priceBook } from "../../../content/price-book.ts";
import { getApp } from "../../kit/context.server.ts";
import { listPhotos } from "../../kit/leads.server.ts";
import { linkSecret, readSignedToken } from "../../kit/signed-links.server.ts";
import { getInvoice } from "./invoices.server.ts";
import { invoiceView, type InvoiceView } from "./invoice-view.server.ts";

/** The payments' step of an invoice (the pay helper's route). */
export const INVOICE_PAY_PATH = "/invoice/pay";
/** The longest token read: a real one is well under it. */
const TOKEN_MAX = 300;

export const invoiceHeaders = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex",
  "Referrer-Policy": "same-origin",
});

export type InvoicePage =
  | {
      state: "open";
      invoice: InvoiceView;
      photos: { src: string; alt: string; width: number; height: number }[];
      /** How to pay the balance: the payment page, or the business's words; null when nothing is left to pay. */
      pay: { href: string } | { offline: string } | null;
      /**
       * A card payment made at Stripe whose word has not reached us yet: "being confirmed" and this page again
       * (its "Check again" link) in place of "Pay $X"; null otherwise.
       */
      recording: { again: string } | null;
    }
  | { state: "invalid" | "expired" | "not-found" | "void" };

const STATUS = { invalid: 404, expired: 410, "not-found": 404, void: 410 } as const;

/**
 * `paymentsConfigured`: card payments are set up; `beingRecorded`: whether a card payment of the invoice is made
 * but not yet recorded (`returned`: back from Checkout, `&paid=1`). The payments feature says both; the route hands
 * them over.
 */
export async function invoiceLoader(
  context: Readonly<RouterContextProvider>,
  request: Request,
  paymentsConfigured: boolean,
  beingRecorded: (invoiceId: string, returned: boolean) => Promise<boolean> = async () => false,
) {
  const app = getApp(context);
  const url = new URL(request.url);
  const raw = url.searchParams.get("t") ?? "";
  const problem = (state: keyof typeof STATUS) =>
    data<InvoicePage>({ state }, { status: STATUS[state], headers: invoiceHeaders() });
  if (!raw || raw.length > TOKEN_MAX) return problem("invalid");
  const read = readSignedToken(raw, "invoice", await linkSecret(app.database, app.env));
  if (read === "invalid" || read === "expired") return problem(read);
  const invoice = await getInvoice(app.database.db, read.id);
  if (!invoice?.leadId || invoice.status === "draft") return problem("not-found");
  if (invoice.status === "void") return problem("void");
  const view = await invoiceView(app.database.db, invoice);
  const token = encodeURIComponent(raw);
  const photos = (await listPhotos(app.database, invoice.leadId, "completion")).map((photo, i) => ({
    src: `/invoice/photos/${photo.n}?t=${token}`,
    alt: `Photo ${i + 1} of the finished job`,
    width: photo.width,
    height: photo.height,
  }));
  const returned = url.searchParams.get("paid") === "1";
  const recording =
    view.balanceCents > 0 && paymentsConfigured && (await beingRecorded(invoice.id, returned))
      ? { again: `/invoice?t=${token}${returned ? "&paid=1" : ""}` }
      : null;
  return data<InvoicePage>(
    {
      state: "open",
      invoice: view,
      photos,
      pay:
        view.balanceCents <= 0 || recording
          ? null
          : paymentsConfigured
            ? { href: `${INVOICE_PAY_PATH}?t=${token}` }
            : { offline: priceBook.invoices.payOffline },
      recording,
    },
    { headers: invoiceHeaders() },
  );
}
