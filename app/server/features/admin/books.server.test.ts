import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, type TestStorage } from "../../../../tests/support/storage.ts";
import {
  insertAcceptedQuote,
  insertDeposit,
  insertInvoice,
  insertInvoicePayment,
  insertLead,
  insertRefund,
} from "../../../../tests/support/books-rows.ts";
import { localDateString } from "../../kit/business-time.server.ts";
import { invoiceBalance } from "../../kit/invoice-ledger.server.ts";
import {
  addMonths,
  averageJobValue,
  collectedByMonth,
  grossOf,
  invoiceLines,
  MONEY_MAX_MONTHS,
  MONEY_MONTHS_OFFERED,
  monthKey,
  monthSpan,
  monthsFrom,
  outstanding,
  paymentLines,
  readMoneyRange,
  type MonthMoney,
} from "./books.server.ts";

const NOV = { year: 2026, month: 11 };
const DEC = { year: 2026, month: 12 };
// Boise is UTC−7 in winter: Nov 30, 11:30 PM in Boise is Dec 1, 06:30 UTC.
const LAST_NOV_EVENING = "2026-12-01T06:30:00.000Z";
const FIRST_DEC_MORNING = "2026-12-01T07:00:00.000Z";

describe.each(backends)("money in the books on %s", (dialect) => {
  let storage: TestStorage;
  afterEach(async () => storage.cleanup());

  it("sums deposits, balances, tips and refunds per Boise month, across the month's boundary", async () => {
    storage = await createTestStorage(dialect);
    const database = await storage.open();
    await insertLead(database, "lead-a", "Ana Ruiz");
    await insertLead(database, "lead-b", "Bo Chen");
    // Ana: a deposit on the last evening of November (Boise), her invoice paid by card with a tip on December's first
    // morning, then part of it refunded in December.
    await insertDeposit(database, { id: "cs_a", leadId: "lead-a", cents: 18_125, paidAt: LAST_NOV_EVENING });
    await insertInvoice(database, { id: "inv-a", leadId: "lead-a", totalCents: 72_500, sentAt: LAST_NOV_EVENING });
    await insertInvoicePayment(database, {
      id: "pay-a",
      invoiceId: "inv-a",
      leadId: "lead-a",
      method: "card",
      cents: 54_375,
      tipCents: 8_156,
      paidAt: FIRST_DEC_MORNING,
    });
    await insertRefund(database, {
      id: "re_a",
      of: { invoicePayment: "pay-a" },
      leadId: "lead-a",
      cents: 5_000,
      at: "2026-12-03T18:00:00.000Z",
    });
    // Bo: a check recorded on December's first morning (UTC) but received on November 30: it counts in November.
    await insertInvoice(database, { id: "inv-b", leadId: "lead-b", totalCents: 40_000, sentAt: LAST_NOV_EVENING });
    await insertInvoicePayment(database, {
      id: "pay-b",
      invoiceId: "inv-b",
      leadId: "lead-b",
      method: "check",
      cents: 15_000,
      paidAt: FIRST_DEC_MORNING,
      receivedOn: "2026-11-30",
      reference: "1042",
    });
    // Rows that are not money received: a pending deposit, a void payment, a failed refund.
    await insertDeposit(database, {
      id: "cs_p",
      leadId: "lead-b",
      cents: 999,
      paidAt: LAST_NOV_EVENING,
      status: "pending",
    });
    await insertInvoicePayment(database, {
      id: "pay-v",
      invoiceId: "inv-b",
      leadId: "lead-b",
      method: "cash",
      cents: 777,
      paidAt: FIRST_DEC_MORNING,
      status: "void",
    });
    await insertRefund(database, {
      id: "re_f",
      of: { deposit: "cs_a" },
      leadId: "lead-a",
      cents: 100,
      at: FIRST_DEC_MORNING,
      status: "failed",
    });

    const months = await collectedByMonth(database, NOV, DEC);
    expect(months).toEqual([
      {
        month: "2026-11",
        depositsCents: 18_125,
        balancesCents: 15_000,
        tipsCents: 0,
        refundsCents: 0,
        netCents: 33_125,
      },
      {
        month: "2026-12",
        depositsCents: 0,
        balancesCents: 54_375,
        tipsCents: 8_156,
        refundsCents: 5_000,
        netCents: 54_375 + 8_156 - 5_000,
      },
    ]);

    // Outstanding: each sent invoice's balance by the ledger (Ana's refund came off her payment: owed again).
    const a = await invoiceBalance(database.db, "inv-a");
    const b = await invoiceBalance(database.db, "inv-b");
    expect(await outstanding(database)).toEqual({
      balanceCents: a!.balanceCents + b!.balanceCents,
      invoices: [a, b].filter((x) => x!.balanceCents > 0).length,
    });
    expect(a!.balanceCents).toBe(5_000);

    // The exports' lines: the same money as the months, line by line, refunds out.
    const lines = await paymentLines(database, monthSpan(NOV, DEC));
    expect(lines.map((l) => [l.day, l.method, grossOf(l)])).toEqual([
      ["2026-11-30", "Check", 15_000],
      ["2026-11-30", "Deposit (card)", 18_125],
      ["2026-12-01", "Card", 54_375 + 8_156],
      ["2026-12-03", "Refund of a card payment", -5_000],
    ]);
    expect(lines.reduce((sum, l) => sum + grossOf(l), 0)).toBe(months.reduce((sum, m) => sum + m.netCents, 0));
    expect(lines[0]).toMatchObject({ customer: "Bo Chen", note: "1042", invoice: expect.stringMatching(/^2026-/) });
    expect((await paymentLines(database, monthSpan(DEC, DEC))).map((l) => l.day)).toEqual(["2026-12-01", "2026-12-03"]);

    const invoices = await invoiceLines(database, monthSpan(NOV, DEC));
    expect(invoices.map((i) => [i.customer, i.totalCents, i.paidCents, i.balanceCents, i.status])).toEqual([
      ["Ana Ruiz", 72_500, a!.paidCents, a!.balanceCents, "Partly paid"],
      ["Bo Chen", 40_000, b!.paidCents, b!.balanceCents, "Partly paid"],
    ]);
  });

  it("averages the invoices sent in the span, and accepted quotes of requests without an invoice", async () => {
    storage = await createTestStorage(dialect);
    const database = await storage.open();
    for (const id of ["q1", "q2", "q3"]) await insertLead(database, id, id);
    await insertInvoice(database, { id: "i1", leadId: "q1", totalCents: 60_000, sentAt: "2026-12-05T18:00:00.000Z" });
    await insertInvoice(database, { id: "i0", leadId: null, totalCents: 1, sentAt: "2026-10-05T18:00:00.000Z" });
    await insertInvoice(database, { id: "iv", leadId: "q3", totalCents: 5, sentAt: null, status: "void" });
    const quote = (leadId: string, cents: number[], option: number) =>
      insertAcceptedQuote(database, {
        leadId,
        options: cents.map((c, i) => ({ label: `O${i}`, cents: c })),
        option,
        answeredAt: "2026-12-02T18:00:00.000Z",
      });
    await quote("q1", [1, 2], 0); // invoiced: its invoice counts, not its quote
    await quote("q2", [30_000, 45_000], 1);
    await quote("q3", [20_000], 0); // its only invoice is void: the quote counts
    expect(await averageJobValue(database, monthSpan(DEC, DEC))).toEqual({
      meanCents: Math.round((60_000 + 45_000 + 20_000) / 3),
      invoices: 1,
      quotes: 2,
    });
    expect(await averageJobValue(database, monthSpan(NOV, NOV))).toEqual({ meanCents: null, invoices: 0, quotes: 0 });
  });

  it("gives, for any rows, the sums a row-by-row count in Boise's calendar gives", async () => {
    storage = await createTestStorage(dialect);
    const database = await storage.open();
    await insertLead(database, "lead", "Row Test");
    await insertInvoice(database, {
      id: "inv",
      leadId: "lead",
      totalCents: 1_000_000,
      sentAt: "2026-09-01T18:00:00.000Z",
    });
    const from = { year: 2026, month: 10 };
    const to = { year: 2027, month: 3 };
    // Instants from a month before the span to a month after it, so that some rows fall outside.
    const instant = fc
      .integer({ min: Date.parse("2026-09-01T00:00:00Z"), max: Date.parse("2027-05-01T00:00:00Z") })
      .map((t) => new Date(t).toISOString());
    const row = fc.record({
      table: fc.constantFrom("deposit", "payment", "refund"),
      at: instant,
      cents: fc.integer({ min: 1, max: 500_000 }),
      tip: fc.integer({ min: 0, max: 50_000 }),
      byHand: fc.boolean(),
      status: fc.constantFrom("ok", "ok", "ok", "not"),
    });
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(row, { maxLength: 25 }), async (rows) => {
        await database.db.deleteFrom("refunds").execute();
        await database.db.deleteFrom("invoice_payments").execute();
        await database.db.deleteFrom("payments").execute();
        for (const r of rows) {
          const id = `r${n++}`;
          if (r.table === "deposit")
            await insertDeposit(database, {
              id,
              leadId: "lead",
              cents: r.cents,
              paidAt: r.at,
              status: r.status === "ok" ? "paid" : "pending",
            });
          else if (r.table === "payment")
            await insertInvoicePayment(database, {
              id,
              invoiceId: "inv",
              leadId: "lead",
              method: r.byHand ? "cash" : "card",
              cents: r.cents,
              tipCents: r.tip,
              // By hand: received a few days before it was recorded.
              receivedOn: r.byHand ? localDateString(new Date(Date.parse(r.at) - 3 * 86_400_000)) : undefined,
              paidAt: r.at,
              status: r.status === "ok" ? "paid" : "void",
            });
          else
            await insertRefund(database, {
              id,
              of: { deposit: id },
              leadId: "lead",
              cents: r.cents,
              at: r.at,
              status: r.status === "ok" ? "succeeded" : "failed",
            });
        }
        // The reference: each row on its own, its Boise month from localDateString.
        const expected = new Map<string, MonthMoney>();
        for (let y = from.year * 12 + from.month - 1; y <= to.year * 12 + to.month - 1; y++) {
          const month = `${Math.floor(y / 12)}-${String((y % 12) + 1).padStart(2, "0")}`;
          expected.set(month, {
            month,
            depositsCents: 0,
            balancesCents: 0,
            tipsCents: 0,
            refundsCents: 0,
            netCents: 0,
          });
        }
        for (const r of rows) {
          if (r.status !== "ok") continue;
          const day =
            r.table === "payment" && r.byHand
              ? localDateString(new Date(Date.parse(r.at) - 3 * 86_400_000))
              : localDateString(new Date(r.at));
          const month = expected.get(day.slice(0, 7));
          if (!month) continue;
          if (r.table === "deposit") month.depositsCents += r.cents;
          if (r.table === "payment") {
            month.balancesCents += r.cents;
            month.tipsCents += r.tip;
          }
          if (r.table === "refund") month.refundsCents += r.cents;
          month.netCents = month.depositsCents + month.balancesCents + month.tipsCents - month.refundsCents;
        }
        expect(await collectedByMonth(database, from, to)).toEqual([...expected.values()]);
        const lines = await paymentLines(database, monthSpan(from, to));
        expect(lines.reduce((sum, l) => sum + grossOf(l), 0)).toBe(
          [...expected.values()].reduce((sum, m) => sum + m.netCents, 0),
        );
      }),
      { numRuns: 12 },
    );
  });
});

describe("the months of the report's money section", () => {
  const now = new Date("2026-12-02T18:00:00Z");
  const read = (query: string) => readMoneyRange(new URL(`https://x.test/admin/report?${query}`), now);
  const key = (r: ReturnType<typeof read>) => [monthKey(r.from), monthKey(r.to), r.problems.length];

  it("defaults to the last 12 months, this one included", () => {
    expect(key(read(""))).toEqual(["2026-01", "2026-12", 0]);
  });

  it("takes months from the list, and says what it left out of anything else", () => {
    expect(key(read("from=2026-03&to=2026-05"))).toEqual(["2026-03", "2026-05", 0]);
    expect(key(read("from=2026-05&to=2026-03"))).toEqual(["2026-03", "2026-05", 1]);
    // Not a month, in the future, before the list, far too long, a span longer than allowed.
    expect(key(read("from=2026-13"))).toEqual(["2026-01", "2026-12", 1]);
    expect(key(read("to=2027-01"))).toEqual(["2026-01", "2026-12", 1]);
    expect(key(read("from=1999-01"))).toEqual(["2026-01", "2026-12", 1]);
    expect(key(read(`from=${"2026-01".repeat(500)}`))).toEqual(["2026-01", "2026-12", 1]);
    const long = read(`from=${monthKey(addMonths({ year: 2026, month: 12 }, -(MONEY_MONTHS_OFFERED - 1)))}`);
    expect(monthsFrom(long.from, long.to)).toHaveLength(MONEY_MAX_MONTHS);
    expect(long.problems).toHaveLength(1);
  });
});
