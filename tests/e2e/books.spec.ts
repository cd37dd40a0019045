/**
 * Money in the owner's report (issue 41), on a site of its own so the sums are only this test's rows: per month
 * from the stored deposits, invoice payments, tips and refunds; what is owed; the months chosen by a plain GET form;
 * and the payments CSV linked from it adding up to the same net. Owner-only: desktop.
 */
import { test } from "@playwright/test";
import { openDatabase } from "../../app/server/kit/db/database.server.ts";
import { localParts, localTime } from "../../app/server/kit/business-time.server.ts";
import { invoiceBalance } from "../../app/server/kit/invoice-ledger.server.ts";
import { formatCents } from "../../app/lib/money.ts";
import { insertDeposit, insertInvoice, insertInvoicePayment, insertLead, insertRefund } from "../support/books-rows.ts";
import { startSite, type ServerHandle } from "../support/processes.ts";
import { expect } from "./fixtures.ts";
import { addOwnerWithCli, signIn, uniqueOwner } from "./owners.ts";

test.describe.configure({ timeout: 90_000 });

let site: (ServerHandle & { dataDir: string }) | undefined;
test.afterAll(async () => site?.stop());

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

test("the report shows each month's money from the rows, what is owed, and exports that add up", async ({
  page,
}, info) => {
  test.skip(info.project.name !== "desktop", "the owner's report: desktop");
  const server = await startSite();
  site = server;
  const owner = uniqueOwner("books");
  await addOwnerWithCli(owner, server.dataDir);
  const { year, month } = localParts(new Date());
  const thisMonth = localTime(year, month, 1, 1).toISOString(); // 1 AM on the 1st, Boise time
  const lastMonth = localTime(year, month - 1, 15, 12).toISOString();
  const lastMonthStart = localTime(year, month - 1, 1);
  const lastLabel = `${MONTHS[localParts(lastMonthStart).month - 1]} ${localParts(lastMonthStart).year}`;
  const thisLabel = `${MONTHS[month - 1]} ${year}`;
  const [deposit, balance, tip, refund, check] = [18_125, 54_375, 8_156, 5_000, 12_050];
  const database = await openDatabase({ DATA_DIR: server.dataDir, DATABASE_URL: undefined });
  let owed: number;
  try {
    await insertLead(database, "aaaaaaaa-0000-4000-8000-000000000001", "Ana Ruiz");
    await insertLead(database, "bbbbbbbb-0000-4000-8000-000000000002", "Bo Chen");
    const [a, b] = ["aaaaaaaa-0000-4000-8000-000000000001", "bbbbbbbb-0000-4000-8000-000000000002"];
    await insertDeposit(database, { id: "cs_e2e", leadId: a, cents: deposit, paidAt: lastMonth });
    await insertInvoice(database, { id: "inv-a", leadId: a, totalCents: 72_500, sentAt: thisMonth });
    await insertInvoicePayment(database, {
      id: "pay-a",
      invoiceId: "inv-a",
      leadId: a,
      method: "card",
      cents: balance,
      tipCents: tip,
      paidAt: thisMonth,
    });
    await insertRefund(database, {
      id: "re_e2e",
      of: { invoicePayment: "pay-a" },
      leadId: a,
      cents: refund,
      at: thisMonth,
    });
    await insertInvoice(database, { id: "inv-b", leadId: b, totalCents: 40_000, sentAt: thisMonth });
    await insertInvoicePayment(database, {
      id: "pay-b",
      invoiceId: "inv-b",
      leadId: b,
      method: "check",
      cents: check,
      paidAt: thisMonth,
      receivedOn: `${year}-${String(month).padStart(2, "0")}-01`,
      reference: "1042",
    });
    owed =
      (await invoiceBalance(database.db, "inv-a"))!.balanceCents +
      (await invoiceBalance(database.db, "inv-b"))!.balanceCents;
  } finally {
    await database.close();
  }

  await signIn(page, owner, { origin: server.origin });
  await page.goto(`${server.origin}/admin/report`);
  const money = page.getByTestId("report-money");
  const row = (label: string) => money.getByRole("row", { name: new RegExp(`^${label}\\b`) });
  // Deposits, Balances, Tips, Refunds, Net.
  await expect(row(thisLabel).getByRole("cell")).toHaveText([
    formatCents(0),
    formatCents(balance + check),
    formatCents(tip),
    `−${formatCents(refund)}`,
    formatCents(balance + check + tip - refund),
  ]);
  await expect(row(lastLabel).getByRole("cell")).toHaveText([
    formatCents(deposit),
    formatCents(0),
    formatCents(0),
    formatCents(0),
    formatCents(deposit),
  ]);
  const net = deposit + balance + check + tip - refund;
  await expect(page.getByTestId("report-collected")).toHaveText(formatCents(net));
  await expect(page.getByTestId("report-outstanding")).toHaveText(formatCents(owed));
  await expect(page.getByTestId("report-job-value")).toHaveText(formatCents(Math.round((72_500 + 40_000) / 2)));

  // This month only, chosen with the plain form: last month's deposit leaves the total.
  const thisKey = `${year}-${String(month).padStart(2, "0")}`;
  await money.getByLabel("From").selectOption(thisKey);
  await money.getByLabel("To").selectOption(thisKey);
  await money.getByRole("button", { name: "Show these months" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${thisKey}&to=${thisKey}`));
  await expect(page.getByTestId("report-money-months").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("report-collected")).toHaveText(formatCents(net - deposit));

  // The QuickBooks CSV linked for these months: its amounts add up to the same net, the refund negative.
  const link = money.getByRole("link", { name: "Payments for QuickBooks (CSV)" });
  const response = await page.request.get(new URL((await link.getAttribute("href"))!, server.origin).toString());
  expect(response.headers()["content-type"]).toContain("text/csv");
  expect(response.headers()["cache-control"]).toBe("no-store");
  const [header, ...rows] = (await response.text()).split("\r\n").filter(Boolean);
  expect(header).toBe('"Date","Description","Amount"');
  const amounts = rows.map((r) => Number(r.slice(r.lastIndexOf(",") + 1)));
  expect(Math.round(amounts.reduce((s, n) => s + n, 0) * 100)).toBe(net - deposit);
  expect(amounts.filter((n) => n < 0)).toEqual([-refund / 100]);
  // A span that is not one is refused, not read as "everything".
  for (const query of ["from=2026-02-30", "from=2026-12-02&to=2026-12-01", `to=${"9".repeat(5000)}`])
    expect((await page.request.get(`${server.origin}/admin/payments.csv?${query}`)).status(), query).toBe(400);
  for (const name of ["Payments (Excel)", "Invoices (Excel)"]) {
    const file = await page.request.get(
      new URL((await money.getByRole("link", { name }).getAttribute("href"))!, server.origin).toString(),
    );
    expect(file.status(), name).toBe(200);
    expect(file.headers()["content-disposition"], name).toMatch(/^attachment; filename="\w+-\d{4}-\d{2}-01-to-/);
  }
});
