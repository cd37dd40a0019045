/**
 * Money in the owner's report and books (issue 41): what was collected per month (deposits, invoice balances,
 * tips, refunds), what is still owed, the average job, and the rows of the payments and invoices exports.
 *
 * Everything is read from the rows (`payments`: deposits; `invoice_payments`: balances and tips; `refunds`;
 * `invoices`), in integer cents; a balance only ever through the ledger (`invoicesBalances`, which is
 * `balanceOf` over each invoice's credits). Sums are grouped in SQL, a fixed number of queries whatever the
 * number of requests.
 *
 * The day of a payment: a payment the owner recorded by hand counts on the day they received it
 * (`received_on`), every other one at the instant it was paid (`paid_at`), and a refund when Stripe made it
 * (`created_at`), each in Boise's calendar. The report, the CSV and the workbooks use the same rule, so their
 * sums agree.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from "kysely";
import type { Database } from "../../kit/db/database.server.ts";
import type { DB, InvoicePaymentMethod } from "../../kit/db/tables.server.ts";
import { localDateString, localParts, localTime, parseLocalDate } from "../../kit/business-time.server.ts";
import { depositsKept, invoicesBalances } from "../../kit/invoice-ledger.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";

/** A calendar month in Boise. */
export interface Month {
  year: number;
  month: number;
}

/** "2026-12". */
export const monthKey = ({ year, month }: Month) => `${year}-${String(month).padStart(2, "0")}`;

/** "2026-12" → the month, or null when it is not one. */
export function parseMonth(value: string): Month | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  return year >= 2000 && month >= 1 && month <= 12 ? { year, month } : null;
}

/** The month `n` months after `from` (before, for a negative `n`). */
export function addMonths({ year, month }: Month, n: number): Month {
  const index = year * 12 + (month - 1) + n;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** From `from` to `to`, both included (empty when `to` is earlier). */
export function monthsFrom(from: Month, to: Month): Month[] {
  const count = to.year * 12 + to.month - (from.year * 12 + from.month) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, i) => addMonths(from, i));
}

/**
 * A span of Boise days, [fromDay, untilDay): as days ("YYYY-MM-DD", for a payment received by hand) and as the
 * instants those days start at (for everything else).
 */
export interface DaySpan {
  fromDay: string;
  untilDay: string;
  since: Date;
  until: Date;
}

const dayOf = ({ year, month }: Month, day = 1) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** The span of Boise days from `fromDay` to `toDay`, both included (YYYY-MM-DD); null if either is not a date. */
export function daySpan(fromDay: string, toDay: string): DaySpan | null {
  const since = parseLocalDate(fromDay);
  const last = parseLocalDate(toDay);
  if (!since || !last) return null;
  const [year, month, day] = toDay.split("-").map(Number) as [number, number, number];
  const until = localTime(year, month, day + 1);
  return { fromDay, untilDay: localDateString(until), since, until };
}

/** The span of whole months from `from` to `to`, both included. */
export const monthSpan = (from: Month, to: Month): DaySpan => {
  const after = addMonths(to, 1);
  return {
    fromDay: dayOf(from),
    untilDay: dayOf(after),
    since: localTime(from.year, from.month, 1),
    until: localTime(after.year, after.month, 1),
  };
};

/** Money collected in one month (cents). */
export interface MonthMoney {
  /** "2026-12". */
  month: string;
  /** Deposits paid (Checkout, on acceptance). */
  depositsCents: number;
  /** Invoice payments towards balances (card or by hand), without tips. */
  balancesCents: number;
  tipsCents: number;
  /** Succeeded refunds, of deposits and of invoice payments. */
  refundsCents: number;
  /** deposits + balances + tips − refunds. */
  netCents: number;
}

/** The index (0-based) of the span in `bounds` a value falls in, as SQL; null outside them. Bounds are our own ISO text. */
function spanIndex(column: Expression<unknown>, bounds: string[]) {
  const whens = bounds.slice(1).map((bound, i) => sql`when ${column} < ${sql.lit(bound)} then ${sql.lit(i)}`);
  return sql<
    number | null
  >`case when ${column} < ${sql.lit(bounds[0]!)} then null ${sql.join(whens, sql` `)} else null end`;
}

/** The condition "a payment by hand received on a day of `span`, or another paid in its instants". */
const paidWithin = (eb: ExpressionBuilder<DB, "invoice_payments">, span: DaySpan) =>
  eb.or([
    eb.and([
      eb("invoice_payments.received_on", "is not", null),
      eb("invoice_payments.received_on", ">=", span.fromDay),
      eb("invoice_payments.received_on", "<", span.untilDay),
    ]),
    eb.and([
      eb("invoice_payments.received_on", "is", null),
      eb("invoice_payments.paid_at", ">=", span.since.toISOString()),
      eb("invoice_payments.paid_at", "<", span.until.toISOString()),
    ]),
  ]);

/** The sums of `amount_cents` of a table's rows in `status`, in US dollars, per span of `bounds` their `at` falls in. */
async function sumsPerSpan(
  database: Database,
  table: "payments" | "refunds",
  at: "paid_at" | "created_at",
  status: "paid" | "succeeded",
  bounds: string[],
): Promise<{ m: number | string | null; cents: number | string | null }[]> {
  const column = sql.ref(at);
  const { rows } = await sql<{ m: number | string | null; cents: number | string | null }>`
    select m, sum(amount_cents) as cents from (
      select ${spanIndex(column, bounds)} as m, amount_cents from ${sql.table(table)}
      where status = ${status} and currency = 'usd' and ${column} >= ${bounds[0]} and ${column} < ${bounds.at(-1)}
    ) as t group by m`.execute(database.db);
  return rows;
}

/** Money collected per month from `from` to `to` (both included, oldest first): one grouped query per table. */
export async function collectedByMonth(database: Database, from: Month, to: Month): Promise<MonthMoney[]> {
  const months = monthsFrom(from, to);
  const span = monthSpan(from, to);
  const instants = [...months, addMonths(to, 1)].map((m) => localTime(m.year, m.month, 1).toISOString());
  const days = [...months, addMonths(to, 1)].map((m) => dayOf(m));
  const db = database.db;
  const num = (value: unknown) => Number(value ?? 0);

  const deposits = await sumsPerSpan(database, "payments", "paid_at", "paid", instants);
  const payments = await db
    .selectFrom(
      db
        .selectFrom("invoice_payments")
        .select((eb) => [
          sql<
            number | null
          >`case when ${eb.ref("received_on")} is not null then ${spanIndex(eb.ref("received_on"), days)} else ${spanIndex(eb.ref("paid_at"), instants)} end`.as(
            "m",
          ),
          "amount_cents",
          "tip_cents",
        ])
        .where("status", "=", "paid")
        .where("currency", "=", "usd")
        .where((eb) => paidWithin(eb, span))
        .as("t"),
    )
    .select((eb) => [
      "m",
      eb.fn.sum<string | number | null>("amount_cents").as("cents"),
      eb.fn.sum<string | number | null>("tip_cents").as("tips"),
    ])
    .groupBy("m")
    .execute();
  const refunds = await sumsPerSpan(database, "refunds", "created_at", "succeeded", instants);

  const rows = months.map((month): MonthMoney => ({
    month: monthKey(month),
    depositsCents: 0,
    balancesCents: 0,
    tipsCents: 0,
    refundsCents: 0,
    netCents: 0,
  }));
  const at = (m: unknown) => (m === null || m === undefined ? undefined : rows[Number(m)]);
  for (const r of deposits) {
    const row = at(r.m);
    if (row) row.depositsCents += num(r.cents);
  }
  for (const r of payments) {
    const row = at(r.m);
    if (!row) continue;
    row.balancesCents += num(r.cents);
    row.tipsCents += num(r.tips);
  }
  for (const r of refunds) {
    const row = at(r.m);
    if (row) row.refundsCents += num(r.cents);
  }
  for (const row of rows) row.netCents = row.depositsCents + row.balancesCents + row.tipsCents - row.refundsCents;
  return rows;
}

/** What sent invoices still have to be paid today, by the ledger. */
export async function outstanding(database: Database): Promise<{ balanceCents: number; invoices: number }> {
  const balances = await invoicesBalances(database.db, (eb) => eb("status", "=", "sent"));
  let balanceCents = 0;
  let invoices = 0;
  for (const balance of balances.values())
    if (balance.balanceCents > 0) {
      balanceCents += balance.balanceCents;
      invoices++;
    }
  return { balanceCents, invoices };
}

/**
 * The average job of a span: the mean total of the invoices sent in it, and, for a request accepted in it that
 * has no invoice (void ones aside), the total of the option accepted. Null before any.
 */
export interface JobValue {
  meanCents: number | null;
  invoices: number;
  quotes: number;
}

/** The total of option `index` of a quote's stored content (JSON of QuoteContent), or null when it has none. */
function optionOf(content: string, index: number | null): { label: string; totalCents: number } | null {
  if (index === null) return null;
  try {
    const option = (JSON.parse(content) as { options?: { label?: unknown; totalCents?: unknown }[] }).options?.[index];
    return option && typeof option.totalCents === "number" && Number.isSafeInteger(option.totalCents)
      ? { label: typeof option.label === "string" ? option.label : "", totalCents: option.totalCents }
      : null;
  } catch {
    return null;
  }
}

export async function averageJobValue(database: Database, span: DaySpan): Promise<JobValue> {
  const db = database.db;
  const invoiced = await db
    .selectFrom("invoices")
    .select((eb) => [
      eb.fn.countAll<string | number | bigint>().as("n"),
      eb.fn.sum<string | number | null>("total_cents").as("cents"),
    ])
    .where("status", "=", "sent")
    .where("sent_at", ">=", span.since.toISOString())
    .where("sent_at", "<", span.until.toISOString())
    .executeTakeFirstOrThrow();
  const accepted = await db
    .selectFrom("quote_answers")
    .innerJoin("quotes", "quotes.id", "quote_answers.quote_id")
    .select(["quotes.content", "quote_answers.option_index"])
    .where("quote_answers.answer", "=", "accepted")
    .where("quote_answers.answered_at", ">=", span.since.toISOString())
    .where("quote_answers.answered_at", "<", span.until.toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("invoices")
            .select("invoices.id")
            .whereRef("invoices.lead_id", "=", "quotes.lead_id")
            .where("invoices.status", "!=", "void"),
        ),
      ),
    )
    .execute();
  const quoteTotals = accepted.flatMap((row) => {
    const option = optionOf(row.content, row.option_index);
    return option ? [option.totalCents] : [];
  });
  const invoices = Number(invoiced.n);
  const count = invoices + quoteTotals.length;
  const sum = Number(invoiced.cents ?? 0) + quoteTotals.reduce((a, b) => a + b, 0);
  return { meanCents: count === 0 ? null : Math.round(sum / count), invoices, quotes: quoteTotals.length };
}

/** How a payment was made, in the owner's words. */
export const METHOD_WORDS: Record<InvoicePaymentMethod | "deposit", string> = {
  deposit: "Deposit (card)",
  card: "Card",
  cash: "Cash",
  check: "Check",
  zelle: "Zelle",
  venmo: "Venmo",
  other: "Other",
};

/** One line of the books: a payment received, or a refund (its amounts as they moved, in cents). */
export interface PaymentLine {
  kind: "payment" | "refund";
  /** The Boise day it counts on (YYYY-MM-DD). */
  day: string;
  /** The request's GS reference, or null once the request was purged. */
  reference: string | null;
  /** The invoice's number, or null for a deposit. */
  invoice: string | null;
  customer: string;
  /** The owner's words: "Deposit (card)", "Check", …; a refund says what it returned. */
  method: string;
  /** A check's number or the owner's note, when recorded. */
  note: string;
  /** To the balance (or the deposit); 0 on a refund line. */
  amountCents: number;
  tipCents: number;
  /** Returned (positive), on a refund line; 0 on a payment line. */
  refundCents: number;
}

/** What moved on the line: amount + tip in, or the refund out (negative). */
export const grossOf = (line: PaymentLine) => line.amountCents + line.tipCents - line.refundCents;

const customerOf = (name: string | null, leadId: string | null) =>
  leadId === null ? "(request removed)" : (name?.trim() ?? "") || "(no name)";

/** Every payment and refund counted in `span`, oldest first (the rows of the payments exports). */
export async function paymentLines(database: Database, span: DaySpan): Promise<PaymentLine[]> {
  const db = database.db;
  const since = span.since.toISOString();
  const until = span.until.toISOString();
  const deposits = await db
    .selectFrom("payments")
    .leftJoin("leads", "leads.id", "payments.lead_id")
    .select(["payments.lead_id", "leads.name", "payments.amount_cents", "payments.paid_at"])
    .where("payments.status", "=", "paid")
    .where("payments.currency", "=", "usd")
    .where("payments.paid_at", ">=", since)
    .where("payments.paid_at", "<", until)
    .execute();
  const payments = await db
    .selectFrom("invoice_payments")
    .innerJoin("invoices", "invoices.id", "invoice_payments.invoice_id")
    .leftJoin("leads", "leads.id", "invoice_payments.lead_id")
    .select([
      "invoice_payments.lead_id",
      "leads.name",
      "invoices.number",
      "invoice_payments.method",
      "invoice_payments.amount_cents",
      "invoice_payments.tip_cents",
      "invoice_payments.reference",
      "invoice_payments.received_on",
      "invoice_payments.paid_at",
    ])
    .where("invoice_payments.status", "=", "paid")
    .where("invoice_payments.currency", "=", "usd")
    .where((eb) => paidWithin(eb, span))
    .execute();
  const refunds = await db
    .selectFrom("refunds")
    .leftJoin("payments", "payments.checkout_session_id", "refunds.checkout_session_id")
    .leftJoin("invoice_payments", "invoice_payments.id", "refunds.invoice_payment_id")
    .leftJoin("invoices", "invoices.id", "invoice_payments.invoice_id")
    // The request: as the refund names it, else as the payment it returns does.
    .leftJoin("leads", (join) =>
      join.on((eb) =>
        eb("leads.id", "=", eb.fn.coalesce("refunds.lead_id", "payments.lead_id", "invoice_payments.lead_id")),
      ),
    )
    .select([
      "leads.id as lead_id",
      "leads.name",
      "invoices.number",
      "invoice_payments.method",
      "refunds.amount_cents",
      "refunds.created_at",
    ])
    .where("refunds.status", "=", "succeeded")
    .where("refunds.currency", "=", "usd")
    .where("refunds.created_at", ">=", since)
    .where("refunds.created_at", "<", until)
    .execute();
  const ref = (leadId: string | null) => (leadId ? referenceOf(leadId) : null);
  const lines: (PaymentLine & { at: string })[] = [
    ...deposits.map((d) => ({
      kind: "payment" as const,
      at: d.paid_at!,
      day: localDateString(new Date(d.paid_at!)),
      reference: ref(d.lead_id),
      invoice: null,
      customer: customerOf(d.name, d.lead_id),
      method: METHOD_WORDS.deposit,
      note: "",
      amountCents: Number(d.amount_cents),
      tipCents: 0,
      refundCents: 0,
    })),
    ...payments.map((p) => {
      const day = p.received_on ?? localDateString(new Date(p.paid_at!));
      return {
        kind: "payment" as const,
        // Received on a day without a time: first of that day's lines.
        at: p.received_on ? (parseLocalDate(day)?.toISOString() ?? p.paid_at!) : p.paid_at!,
        day,
        reference: ref(p.lead_id),
        invoice: p.number,
        customer: customerOf(p.name, p.lead_id),
        method: METHOD_WORDS[p.method],
        note: p.reference ?? "",
        amountCents: Number(p.amount_cents),
        tipCents: Number(p.tip_cents),
        refundCents: 0,
      };
    }),
    ...refunds.map((r) => ({
      kind: "refund" as const,
      at: r.created_at,
      day: localDateString(new Date(r.created_at)),
      reference: ref(r.lead_id),
      invoice: r.number,
      customer: customerOf(r.name, r.lead_id),
      method: `Refund of ${r.number ? "a card payment" : "a deposit"}`,
      note: "",
      amountCents: 0,
      tipCents: 0,
      refundCents: Number(r.amount_cents),
    })),
  ];
  return lines
    .sort((a, b) => a.day.localeCompare(b.day) || a.at.localeCompare(b.at))
    .map(({ at: _at, ...line }) => line);
}

/** One invoice as the invoices workbook lists it, with its balance from the ledger. */
export interface InvoiceLine {
  number: string;
  /** The Boise day it was sent, or null for a draft. */
  sentDay: string | null;
  reference: string | null;
  customer: string;
  totalCents: number;
  paidCents: number;
  balanceCents: number;
  /** The owner's words: Draft, Sent, Partly paid, Paid, Void. */
  status: string;
}

/** The invoice's state in the owner's words, from its status and its balance. */
export function invoiceState(status: "draft" | "sent" | "void", paidCents: number, balanceCents: number): string {
  if (status !== "sent") return status === "void" ? "Void" : "Draft";
  if (balanceCents === 0) return "Paid";
  return paidCents > 0 ? "Partly paid" : "Sent, unpaid";
}

/** The invoices sent in `span` (a draft: made in it), by number. */
export async function invoiceLines(database: Database, span: DaySpan): Promise<InvoiceLine[]> {
  const since = span.since.toISOString();
  const until = span.until.toISOString();
  const scope = (eb: ExpressionBuilder<DB, "invoices">): Expression<SqlBool> =>
    eb.or([
      eb.and([eb("invoices.sent_at", ">=", since), eb("invoices.sent_at", "<", until)]),
      eb.and([
        eb("invoices.sent_at", "is", null),
        eb("invoices.created_at", ">=", since),
        eb("invoices.created_at", "<", until),
      ]),
    ]);
  const rows = await database.db
    .selectFrom("invoices")
    .leftJoin("leads", "leads.id", "invoices.lead_id")
    .select(["invoices.id", "invoices.number", "invoices.status", "invoices.sent_at", "invoices.lead_id", "leads.name"])
    .where(scope)
    .orderBy("invoices.year")
    .orderBy("invoices.seq")
    .execute();
  const balances = await invoicesBalances(database.db, scope);
  return rows.map((row) => {
    const balance = balances.get(row.id)!;
    return {
      number: row.number,
      sentDay: row.sent_at ? localDateString(new Date(row.sent_at)) : null,
      reference: row.lead_id ? referenceOf(row.lead_id) : null,
      customer: customerOf(row.name, row.lead_id),
      totalCents: balance.totalCents,
      paidCents: balance.paidCents,
      balanceCents: balance.balanceCents,
      status: invoiceState(row.status, balance.paidCents, balance.balanceCents),
    };
  });
}

/** A request's money as the requests export shows it. */
export interface LeadMoney {
  /** The label of the option accepted (latest acceptance), and its total. */
  acceptedOption: string;
  priceCents: number | null;
  /** Deposits paid, less what was refunded of them. */
  depositCents: number;
  /** The confirmed arrival window: "2026-12-03 08:00-10:00". */
  window: string;
  /** yes: invoiced and nothing left to pay; partly: something paid, something left; no: nothing paid yet. */
  paid: "yes" | "partly" | "no" | "";
}

/** Rows of `ids` read a few hundred at a time (a bound on each query's parameters, for 20,000 requests). */
const CHUNK = 500;

/** The money of each request of `leadIds`: a fixed number of queries per CHUNK requests. */
export async function leadMoney(database: Database, leadIds: string[]): Promise<Map<string, LeadMoney>> {
  const result = new Map<string, LeadMoney>();
  const db = database.db;
  for (let start = 0; start < leadIds.length; start += CHUNK) {
    const ids = leadIds.slice(start, start + CHUNK);
    const accepted = await db
      .selectFrom("quote_answers")
      .innerJoin("quotes", "quotes.id", "quote_answers.quote_id")
      .select(["quotes.lead_id", "quotes.content", "quote_answers.option_index"])
      .where("quotes.lead_id", "in", ids)
      .where("quote_answers.answer", "=", "accepted")
      .orderBy("quote_answers.answered_at")
      .execute();
    const deposits = await depositsKept(db, ids);
    const windows = await db
      .selectFrom("bookings")
      .select(["lead_id", "day", "window_times"])
      .where("lead_id", "in", ids)
      .where("status", "=", "confirmed")
      .orderBy("updated_at")
      .execute();
    const invoices = await db
      .selectFrom("invoices")
      .select(["id", "lead_id"])
      .where("lead_id", "in", ids)
      .where("status", "=", "sent")
      .execute();
    // Scoped by the invoices just read (a few per batch), not by the 500 requests again: every query of the
    // ledger then looks up a short list.
    const invoiceIds = invoices.map((invoice) => invoice.id);
    const balances = invoiceIds.length > 0 ? await invoicesBalances(db, (eb) => eb("id", "in", invoiceIds)) : new Map();
    const of = (leadId: string) => {
      let money = result.get(leadId);
      if (!money) {
        money = { acceptedOption: "", priceCents: null, depositCents: 0, window: "", paid: "" };
        result.set(leadId, money);
      }
      return money;
    };
    for (const row of accepted) {
      const option = optionOf(row.content, row.option_index);
      if (!option) continue;
      Object.assign(of(row.lead_id), { acceptedOption: option.label, priceCents: option.totalCents });
    }
    for (const [leadId, cents] of deposits) of(leadId).depositCents = cents;
    for (const row of windows) if (row.lead_id) of(row.lead_id).window = `${row.day} ${row.window_times}`;
    const invoiced = new Map<string, { paid: number; due: number }>();
    for (const invoice of invoices) {
      const balance = balances.get(invoice.id);
      if (!invoice.lead_id || !balance) continue;
      of(invoice.lead_id);
      const sums = invoiced.get(invoice.lead_id) ?? { paid: 0, due: 0 };
      invoiced.set(invoice.lead_id, { paid: sums.paid + balance.paidCents, due: sums.due + balance.balanceCents });
    }
    for (const leadId of ids) {
      const money = result.get(leadId);
      if (!money) continue;
      const sums = invoiced.get(leadId);
      if (sums) money.paid = sums.due === 0 ? "yes" : sums.paid > 0 ? "partly" : "no";
      else if (money.priceCents !== null) money.paid = money.depositCents > 0 ? "partly" : "no";
    }
  }
  return result;
}

/** Months the report's money section offers, back from this one; a span is at most MONEY_MAX_MONTHS long. */
export const MONEY_MONTHS_OFFERED = 60;
export const MONEY_MAX_MONTHS = 36;
/** Without a choice: the last 12 months, this one included. */
const MONEY_DEFAULT_MONTHS = 12;

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "Dec 2026". */
export const monthLabel = (key: string) => {
  const month = parseMonth(key)!;
  return `${MONTH_NAMES[month.month - 1]} ${month.year}`;
};

/** The months of the money section in a URL (`from`, `to`: YYYY-MM); what is not valid is left out, and said. */
export function readMoneyRange(url: URL, now: Date): { from: Month; to: Month; problems: string[] } {
  const { year, month } = localParts(now);
  const current = { year, month };
  const oldest = addMonths(current, -(MONEY_MONTHS_OFFERED - 1));
  const index = (m: Month) => m.year * 12 + m.month;
  const problems: string[] = [];
  const read = (key: "from" | "to", fallback: Month, words: string) => {
    const raw = url.searchParams.get(key);
    if (raw === null || raw === "") return fallback;
    const parsed = parseMonth(raw.slice(0, 8));
    if (parsed && index(parsed) >= index(oldest) && index(parsed) <= index(current)) return parsed;
    problems.push(`Choose ${words} from the list`);
    return fallback;
  };
  let to = read("to", current, "the last month");
  let from = read("from", addMonths(to, -(MONEY_DEFAULT_MONTHS - 1)), "the first month");
  if (index(from) > index(to)) {
    problems.push("The first month was after the last: they were swapped");
    [from, to] = [to, from];
  }
  if (index(to) - index(from) >= MONEY_MAX_MONTHS) {
    problems.push(`At most ${MONEY_MAX_MONTHS} months at once: the last ${MONEY_MAX_MONTHS} of the span are shown`);
    from = addMonths(to, -(MONEY_MAX_MONTHS - 1));
  }
  if (index(from) < index(oldest)) from = oldest;
  return { from, to, problems };
}

/** The report's money section for the months in `url`: per month, the totals, what is owed, the average job. */
export async function moneyReport(database: Database, url: URL, now = new Date()) {
  const { from, to, problems } = readMoneyRange(url, now);
  const span = monthSpan(from, to);
  const months = await collectedByMonth(database, from, to);
  const sum = (key: keyof Omit<MonthMoney, "month">) => months.reduce((total, m) => total + m[key], 0);
  const { year, month } = localParts(now);
  return {
    from: monthKey(from),
    to: monthKey(to),
    problems,
    options: monthsFrom(addMonths({ year, month }, -(MONEY_MONTHS_OFFERED - 1)), { year, month })
      .reverse()
      .map((m) => ({ value: monthKey(m), label: monthLabel(monthKey(m)) })),
    months: months.map((m) => ({ ...m, label: monthLabel(m.month) })),
    totals: {
      depositsCents: sum("depositsCents"),
      balancesCents: sum("balancesCents"),
      tipsCents: sum("tipsCents"),
      refundsCents: sum("refundsCents"),
      netCents: sum("netCents"),
    },
    outstanding: await outstanding(database),
    jobValue: await averageJobValue(database, span),
    /** The exports' query for the same months (Boise days, both included). */
    exportQuery: new URLSearchParams({
      from: span.fromDay,
      to: localDateString(new Date(span.until.getTime() - 1)),
    }).toString(),
  };
}
