/**
 * Paying an invoice's balance (docs/decisions/042-tips-and-balance-payments.md), end to end against the real server
 * with its Stripe settings at the local fake. The invoice is stored with the ledger in the setup (its making and
 * sending are the invoice's own specs). At 390 px the customer adds a 15 % tip and pays; Stripe's webhook decides;
 * the receipt e-mail carries a PDF; the request reads Paid. At 1440 px the owner records a check, after hostile input.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { listLeads } from "../../app/server/features/admin/listing.server.ts";
import { tipOf } from "../../app/forms/invoice.ts";
import { formatAmount } from "../../app/lib/money.ts";
import { parseEnv } from "../../app/server/kit/env.server.ts";
import { changeLeadStatus } from "../../app/server/kit/leads.server.ts";
import { linkSecret, signedPath } from "../../app/server/kit/signed-links.server.ts";
import type { Database } from "../../app/server/kit/db/database.server.ts";
import { checkoutEvent, sendWebhook, withFakeStripe } from "../support/fake-stripe.ts";
import { storeInvoice } from "../support/invoice-rows.ts";
import { decodeBytes, headerValue, leaves, parsePart } from "../support/mime-reader.ts";
import { pdfText } from "../support/pdf-text.ts";
import { SITE_URL, withTextSite } from "../support/text-site.ts";
import { expectNoViolations } from "./axe.ts";
import { expect } from "./fixtures.ts";
import { uniqueEmail } from "./leads.ts";
import { addOwnerWithCli, sendRequest, signIn, uniqueOwner } from "./owners.ts";

const test = withTextSite("invoice-pay", withFakeStripe);
test.describe.configure({ timeout: 120_000 });

const SHOTS = "/work/shots/pay";

/** A completed request with a sent invoice of `totalCents`, and the customer's pay link. */
async function completedWithInvoice(page: Page, database: Database, dataDir: string, totalCents: number) {
  const email = uniqueEmail("invoice-pay");
  await sendRequest(page, { first: "Dana", email });
  await expect
    .poll(async () => (await listLeads(database, {})).filter((l) => l.contact.email === email).length)
    .toBe(1);
  const lead = (await listLeads(database, {})).find((l) => l.contact.email === email)!;
  await changeLeadStatus(database, lead.id, { status: "completed", note: "", changedBy: "owner@example.com" });
  const invoiceId = await storeInvoice(database, { leadId: lead.id, totalCents });
  const secret = await linkSecret(database, parseEnv({ NODE_ENV: "test", DATA_DIR: dataDir }));
  const invoicePath = signedPath("invoice", invoiceId, secret);
  return { email, lead, invoiceId, invoicePath, payPath: invoicePath.replace("/invoice?", "/invoice/pay?") };
}

const stageOf = async (database: Database, leadId: string) =>
  (await database.db.selectFrom("leads").select("stage").where("id", "=", leadId).executeTakeFirstOrThrow()).stage;

/** The PDFs attached to the receipts e-mailed to `to` (DATA_DIR/mail). */
function receipts(dataDir: string, to: string): Buffer[] {
  const dir = path.join(dataDir, "mail");
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith(".eml"));
  } catch {
    return [];
  }
  return names
    .map((f) => parsePart(readFileSync(path.join(dir, f), "utf8")))
    .filter((m) => headerValue(m, "to").includes(to) && headerValue(m, "subject").startsWith("Your receipt"))
    .flatMap((m) => leaves(m).filter((p) => headerValue(p, "content-type").startsWith("application/pdf")))
    .map(decodeBytes);
}

test("at 390 px the customer adds a 15 % tip, pays through Checkout, gets a receipt with a PDF, and the request reads Paid", async ({
  page,
  site: { server, database, stripe, dataDir },
}, testInfo) => {
  test.skip(testInfo.project.name !== "mobile", "the customer's phone");
  const total = 54_375;
  const { email, lead, invoiceId, payPath } = await completedWithInvoice(page, database, dataDir, total);
  const tip = tipOf(total, 15);

  const response = await page.goto(payPath);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Pay invoice");
  await expect(page.getByRole("main")).toContainText(`Balance due: ${formatAmount(total)}`);
  await page.getByRole("radio", { name: new RegExp(`^15% tip: \\${formatAmount(tip)}`) }).check();
  await expectNoViolations(page, "/invoice/pay at 390 px");
  await page.screenshot({ path: `${SHOTS}/pay-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/pay-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: /^Pay/ }).click();
  // The link to Stripe's page (the fake's page is not a page a browser can show): the session of balance + tip.
  const [session] = stripe.created().filter((s) => s.metadata.invoiceId === invoiceId);
  expect(session).toMatchObject({ amount_total: total + tip, status: "open" });
  await expect(page.getByRole("link", { name: `Pay ${formatAmount(total + tip)} on the secure page` })).toHaveAttribute(
    "href",
    session!.url,
  );

  const paid = checkoutEvent("checkout.session.completed", {
    id: session!.id,
    payment_status: "paid",
    status: "complete",
    payment_intent: "pi_test_e2e_balance",
  } as never);
  expect(JSON.parse((await sendWebhook(server.origin, paid)).body)).toMatchObject({ recorded: "recorded" });
  expect(JSON.parse((await sendWebhook(server.origin, paid)).body)).toMatchObject({ recorded: "replayed" });

  await expect.poll(() => receipts(dataDir, email).length, { timeout: 15_000 }).toBe(1);
  const text = pdfText(receipts(dataDir, email)[0]!);
  for (const part of [formatAmount(total), `Tip: ${formatAmount(tip)}`, "Card", `Balance left: ${formatAmount(0)}`])
    expect(text).toContain(part);
  expect(await stageOf(database, lead.id)).toBe("paid");

  // Nothing is left to pay: the pay page says so.
  await page.goto(payPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nothing to pay");
});

test("at 1440 px the owner records a check by hand; hostile input is refused and a second send records once", async ({
  page,
  request,
  site: { database, dataDir },
}, testInfo) => {
  test.skip(testInfo.project.name !== "desktop", "the owner's desk");
  const total = 30_000;
  const { lead, payPath } = await completedWithInvoice(page, database, dataDir, total);

  // The pay page: a forged link, a tip not offered, a tip above the balance, a field far too long.
  expect((await request.get(payPath.replace(/t=.{4}/, "t=AAAA"))).status()).toBe(400);
  for (const form of [
    { tip: "99", tipAmount: "" },
    { tip: "amount", tipAmount: "300.01" },
    { tip: "amount", tipAmount: "9".repeat(5000) },
  ])
    expect(
      (await request.post(payPath, { form, headers: { Origin: new URL(page.url() || SITE_URL).origin } })).status(),
      JSON.stringify(form),
    ).toBeGreaterThanOrEqual(400);

  const owner = uniqueOwner("invoice-pay");
  await addOwnerWithCli(owner, dataDir);
  await signIn(page, owner);
  await page.goto(`/admin/requests/${lead.id}`);
  await page.getByRole("link", { name: "Open the payments" }).click();
  const form = page.getByRole("form", { name: /Record a payment/ });
  // A check without its number, and an amount that is no amount: said, nothing recorded.
  await form.getByRole("textbox", { name: "Amount ($)" }).fill("<script>1</script>");
  await form.getByRole("button", { name: "Record the payment" }).click();
  await expect(page.getByText("Enter an amount like 543.75")).toBeVisible();
  await expect(page.getByText("Enter the check's number")).toBeVisible();
  await form.getByRole("textbox", { name: "Amount ($)" }).fill("100");
  await form.getByRole("textbox", { name: /Check number/ }).fill("1042");
  await form.getByRole("button", { name: "Record the payment" }).click();
  await expect(page.getByRole("status")).toContainText("Payment recorded");
  await expect(page.getByTestId("invoice-balance")).toHaveText(formatAmount(total - 10_000));
  await form.getByRole("textbox", { name: "Amount ($)" }).fill(String((total - 10_000) / 100));
  await form.getByRole("textbox", { name: /Check number/ }).fill("1043");
  await form.getByRole("button", { name: "Record the payment" }).click();
  await expect(page.getByTestId("invoice-balance")).toHaveText(formatAmount(0));
  await expectNoViolations(page, "the payments page at 1440 px");
  await page.screenshot({ path: `${SHOTS}/owner-payments-1440.png`, fullPage: true });
  expect(await stageOf(database, lead.id)).toBe("paid");
  await page.goto(`/admin/requests/${lead.id}`);
  await expect(page.getByRole("main")).toContainText("Paid");
});
