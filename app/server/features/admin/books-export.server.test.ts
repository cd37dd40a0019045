/**
 * The books' files as their readers read them: QuickBooks Online's three columns (header, US dates, refunds
 * negative), LibreOffice's sums of the payments CSV and workbook, and the requests export's money columns.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { libreOffice, openpyxlPython, readXlsx, soffice } from "../../../../tests/support/spreadsheets.ts";
import { backends, createTestStorage, type TestStorage } from "../../../../tests/support/storage.ts";
import {
  insertAcceptedQuote,
  insertDeposit,
  insertInvoice,
  insertInvoicePayment,
  insertLead,
  insertRefund,
} from "../../../../tests/support/books-rows.ts";
import type { Database } from "../../kit/db/database.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import {
  collectedByMonth,
  grossOf,
  invoiceLines,
  leadMoney,
  monthSpan,
  paymentLines,
  type MonthMoney,
} from "./books.server.ts";
import {
  INVOICES_HEADER,
  PAYMENTS_HEADER,
  paymentsQboCsv,
  paymentsXlsx,
  invoicesXlsx,
  spanOf,
} from "./books-export.server.ts";
import { leadsCsv, leadsTable } from "./export.server.ts";
import { listLeads } from "./listing.server.ts";

const NOV = { year: 2026, month: 11 };
const DEC = { year: 2026, month: 12 };
const HOSTILE = '=HYPERLINK("http://evil.test","x")';

/** A deposit on November's last evening (Boise), a card payment with a tip on December 1, a refund, a check, a void payment. */
async function books(database: Database) {
  await insertLead(database, "11111111-aaaa-4aaa-8aaa-000000000001", "Ana Ruiz");
  await insertLead(database, "22222222-bbbb-4bbb-8bbb-000000000002", HOSTILE);
  const [a, b] = ["11111111-aaaa-4aaa-8aaa-000000000001", "22222222-bbbb-4bbb-8bbb-000000000002"];
  await insertDeposit(database, { id: "cs_a", leadId: a, cents: 18_125, paidAt: "2026-12-01T06:30:00.000Z" });
  await insertInvoice(database, { id: "inv-a", leadId: a, totalCents: 72_500, sentAt: "2026-12-01T18:00:00.000Z" });
  await insertInvoicePayment(database, {
    id: "pay-a",
    invoiceId: "inv-a",
    leadId: a,
    method: "card",
    cents: 54_375,
    tipCents: 8_156,
    paidAt: "2026-12-01T19:00:00.000Z",
  });
  await insertRefund(database, {
    id: "re_a",
    of: { deposit: "cs_a" },
    leadId: null,
    cents: 2_500,
    at: "2026-12-04T18:00:00.000Z",
  });
  await insertInvoice(database, { id: "inv-b", leadId: b, totalCents: 40_000, sentAt: "2026-12-02T18:00:00.000Z" });
  await insertInvoicePayment(database, {
    id: "pay-b",
    invoiceId: "inv-b",
    leadId: b,
    method: "check",
    cents: 10_050,
    paidAt: "2026-12-05T18:00:00.000Z",
    receivedOn: "2026-12-05",
    reference: "=1+1",
  });
  await insertInvoicePayment(database, {
    id: "pay-v",
    invoiceId: "inv-b",
    leadId: b,
    method: "cash",
    cents: 5_000,
    paidAt: "2026-12-05T18:00:00.000Z",
    status: "void",
  });
  return { a, b };
}

/** A CSV's rows as RFC 4180 reads them (quoted cells, doubled quotes), without its byte-order mark. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)) {
    const cells = [...line.matchAll(/("((?:[^"]|"")*)"|[^,]*)(,|$)/g)]
      .filter((m) => m.index < line.length || m[0] !== "")
      .map((m) => (m[2] !== undefined ? m[2].replaceAll('""', '"') : m[1]!));
    rows.push(cells);
  }
  return rows;
}

const total = (months: MonthMoney[], key: keyof Omit<MonthMoney, "month">) =>
  months.reduce((sum, m) => sum + m[key], 0);

describe.each(backends)("the books' exports on %s", (dialect) => {
  let storage: TestStorage;
  let database: Database;
  let leads: Awaited<ReturnType<typeof books>>;
  beforeAll(async () => {
    storage = await createTestStorage(dialect);
    database = await storage.open();
    leads = await books(database);
  });
  afterAll(async () => storage.cleanup());

  it("writes QuickBooks Online's Date, Description, Amount: US dates, money in positive, refunds negative", async () => {
    const lines = await paymentLines(database, monthSpan(NOV, DEC));
    const [header, ...rows] = parseCsv(paymentsQboCsv(lines));
    expect(header).toEqual(["Date", "Description", "Amount"]);
    expect(rows).toHaveLength(lines.length);
    for (const [row, line] of rows.map((r, i) => [r, lines[i]!] as const)) {
      expect(row[0]).toMatch(/^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/);
      expect(row[0]).toBe(`${line.day.slice(5, 7)}/${line.day.slice(8, 10)}/${line.day.slice(0, 4)}`);
      expect(row[2]).toMatch(/^-?\d+\.\d{2}$/);
      expect(Math.sign(Number(row[2]))).toBe(line.kind === "refund" ? -1 : 1);
      // No cell starts like a formula.
      expect(row.every((cell) => !/^[=+@]/.test(cell) && !/^-\D/.test(cell))).toBe(true);
    }
    // The tip is in its payment's row and said in the description.
    const card = rows[lines.findIndex((l) => l.tipCents > 0)]!;
    expect(card[1]).toMatch(/includes \$\d[\d,.]* tip/);
    // The file adds up to the report's net for the same months.
    const months = await collectedByMonth(database, NOV, DEC);
    expect(rows.reduce((sum, row) => sum + Math.round(Number(row[2]) * 100), 0)).toBe(total(months, "netCents"));
    expect(lines.filter((l) => l.kind === "refund")).toHaveLength(1);
  });

  it("bounds a download by its days, both included, and refuses a span that is not one", async () => {
    const url = (query: string) => new URL(`https://x.test/admin/payments.csv?${query}`);
    const december5 = spanOf(url("from=2026-12-05&to=2026-12-05"))!;
    expect((await paymentLines(database, december5)).map((l) => l.method)).toEqual(["Check"]);
    expect(spanOf(url("from=2026-12-06&to=2026-12-05"))).toBeNull();
    expect(spanOf(url("from=2026-02-30"))).toBeNull();
    expect(spanOf(url(`from=${"2026-12-01".repeat(1000)}`))).toBeNull();
    expect(spanOf(url(""), new Date("2026-12-10T18:00:00Z"))).toMatchObject({
      fromDay: "2000-01-01",
      untilDay: "2026-12-11",
    });
  });

  it("gives the requests export the GS reference, accepted option, price, deposit, window and paid", async () => {
    await insertAcceptedQuote(database, {
      leadId: leads.a,
      options: [{ label: "Whole house", cents: 72_500 }],
      option: 0,
      answeredAt: "2026-11-21T18:00:00.000Z",
    });
    await database.db
      .insertInto("bookings")
      .values({
        id: "b-a",
        lead_id: leads.a,
        status: "confirmed",
        day: "2026-11-28",
        window_times: "08:00-10:00",
        starts_at: "2026-11-28T15:00:00.000Z",
        ends_at: "2026-11-28T17:00:00.000Z",
        address: null,
        created_at: "2026-11-22T18:00:00.000Z",
        updated_at: "2026-11-22T18:00:00.000Z",
      })
      .execute();
    const listed = await listLeads(database, {});
    const money = await leadMoney(
      database,
      listed.map((l) => l.id),
    );
    const { header, rows } = leadsTable(listed, undefined, money);
    const row = (id: string) =>
      Object.fromEntries(header.map((h, i) => [h, rows[listed.findIndex((l) => l.id === id)]![i]]));
    const invoices = await invoiceLines(database, monthSpan(DEC, DEC));
    expect(row(leads.a)).toMatchObject({
      Reference: referenceOf(leads.a),
      "Accepted option": "Whole house",
      "Price (accepted)": { cents: 72_500 },
      // The deposit less what was refunded of it.
      "Deposit paid": { cents: 18_125 - 2_500 },
      Window: "2026-11-28 08:00-10:00",
      Paid: invoices.find((i) => i.reference === referenceOf(leads.a))!.balanceCents === 0 ? "yes" : "partly",
    });
    // Invoiced, partly paid by check, no quote accepted on the site.
    expect(row(leads.b)).toMatchObject({ "Accepted option": "", "Deposit paid": "", Window: "", Paid: "partly" });
    const csv = parseCsv(leadsCsv(listed, undefined, money));
    expect(csv[0]).toEqual(header);
    expect(csv.flat().some((cell) => cell.startsWith("="))).toBe(false);
  });
});

describe("the payments files in LibreOffice", () => {
  let storage: TestStorage;
  let dir: string;
  beforeAll(async () => {
    storage = await createTestStorage("sqlite");
    dir = await mkdtemp(path.join(tmpdir(), "books-"));
  });
  afterAll(async () => {
    await storage.cleanup();
    await rm(dir, { recursive: true, force: true });
  });

  it.skipIf(!soffice || !openpyxlPython)(
    "opens the payments CSV and both workbooks with the report's sums, dates as dates, no formula (needs libreoffice-calc-nogui and python3-openpyxl)",
    async () => {
      const database = await storage.open();
      await books(database);
      const span = monthSpan(NOV, DEC);
      const lines = await paymentLines(database, span);
      const months = await collectedByMonth(database, NOV, DEC);
      await writeFile(path.join(dir, "payments.csv"), paymentsQboCsv(lines));
      await writeFile(path.join(dir, "payments-book.xlsx"), await paymentsXlsx(lines));
      await writeFile(path.join(dir, "invoices.xlsx"), await invoicesXlsx(await invoiceLines(database, span)));
      const out = path.join(dir, "out");
      libreOffice(
        ["payments-book.xlsx", "invoices.xlsx"].map((f) => path.join(dir, f)),
        out,
      );
      // The CSV as a US owner's LibreOffice reads it: comma, double quotes, UTF-8, English (USA) dates.
      libreOffice([path.join(dir, "payments.csv")], out, "44,34,76,1,,1033");
      const dollars = (cents: number) => cents / 100;
      const sum = (cells: { v: unknown }[]) => cells.reduce((s, c) => s + Number(c.v), 0);

      // Amounts are numbers adding up to the net, refunds negative; the US dates are dates.
      const [csvHeader, ...csvRows] = readXlsx(path.join(out, "payments.xlsx"));
      expect(csvHeader!.map((c) => c.v)).toEqual(["Date", "Description", "Amount"]);
      expect(csvRows.every((r) => r[2]!.t === "n")).toBe(true);
      expect(csvRows.every((r) => r[0]!.t === "datetime")).toBe(true);
      expect(sum(csvRows.map((r) => r[2]!))).toBeCloseTo(dollars(total(months, "netCents")), 6);
      expect(csvRows.filter((r) => Number(r[2]!.v) < 0)).toHaveLength(lines.filter((l) => l.kind === "refund").length);
      expect(csvRows.flat().every((c) => c.t !== "f")).toBe(true);

      const [header, ...rows] = readXlsx(path.join(out, "payments-book.xlsx"));
      expect(header!.map((c) => c.v)).toEqual(PAYMENTS_HEADER);
      const column = (name: string) => rows.map((r) => r[PAYMENTS_HEADER.indexOf(name)]!);
      expect(sum(column("Tip"))).toBeCloseTo(dollars(total(months, "tipsCents")), 6);
      expect(sum(column("Refund"))).toBeCloseTo(-dollars(total(months, "refundsCents")), 6);
      expect(sum(column("Amount"))).toBeCloseTo(
        dollars(total(months, "depositsCents") + total(months, "balancesCents")),
        6,
      );
      expect(sum(column("Fee-free amount"))).toBeCloseTo(dollars(lines.reduce((s, l) => s + grossOf(l), 0)), 6);
      expect(column("Date").every((c) => c.t === "datetime")).toBe(true);
      expect(column("Note").map((c) => c.v)).toContain("=1+1");
      expect(rows.flat().every((c) => c.t !== "f")).toBe(true);

      const [invoiceHeader, ...invoiceRows] = readXlsx(path.join(out, "invoices.xlsx"));
      expect(invoiceHeader!.map((c) => c.v)).toEqual(INVOICES_HEADER);
      const at = (name: string) => invoiceRows.map((r) => r[INVOICES_HEADER.indexOf(name)]!);
      // Total − paid = balance on every row (nothing overpaid here).
      for (const [i] of invoiceRows.entries())
        expect(Number(at("Total")[i]!.v) - Number(at("Paid")[i]!.v)).toBeCloseTo(Number(at("Balance")[i]!.v), 6);
      expect(at("Customer").map((c) => c.v)).toContain(HOSTILE);
      expect(invoiceRows.flat().every((c) => c.t !== "f")).toBe(true);
    },
  );
});
