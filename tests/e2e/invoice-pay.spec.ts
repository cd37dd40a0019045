/**
 * Paying an invoice's balance (docs/decisions/042-tips-and-balance-payments.md), end to end against the real server
 * with its Stripe settings at the local fake. The invoice is stored with the ledger in the setup (its making and
 * sending are the invoice's own specs). At 1440 px the owner records a check, after hostile input. The customer's
 * payment with a tip, its receipt and Paid are the connected walk's (tests/e2e/paid-job.spec.ts).
 */
import type { Page } from "@playwright/test";
import { listLeads } from "../../app/server/features/admin/listing.server.ts";
import { formatAmount } from "../../app/lib/money.ts";
import { parseEnv } from "../../app/server/kit/env.server.ts";
import { changeLeadStatus } from "../../app/server/kit/leads.server.ts";
import { linkSecret, signedPath } from "../../app/server/kit/signed-links.server.ts";
import type { Database } from "../../app/server/kit/db/database.server.ts";
import { withFakeStripe } from "../support/fake-stripe.ts";
import { storeInvoice } from "../support/invoice-rows.ts";
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

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("at 390 px the pay button names the sum of the tip chosen, and that sum is what Checkout is asked for", async ({
    page,
    site: { database, dataDir },
  }, testInfo) => {
    test.skip(testInfo.project.name !== "mobile", "a customer's phone");
    const { payPath } = await completedWithInvoice(page, database, dataDir, 45_500);
    await page.goto(payPath);
    const pay = page.getByRole("button", { name: /^Pay/ });
    const youPay = async (label: RegExp) =>
      /you pay (\$[\d,.]+)/.exec((await page.getByText(label).textContent()) ?? "")?.[1] ?? "no sum in the label";
    await expect(pay).toHaveAccessibleName(`Pay ${formatAmount(45_500)}`);
    for (const percent of [10, 20, 15]) {
      await page.getByRole("radio", { name: new RegExp(`^${percent}% tip`) }).check();
      await expect(pay).toHaveAccessibleName(`Pay ${await youPay(new RegExp(`^${percent}% tip`))}`);
    }
    await page.getByRole("radio", { name: "Another amount" }).check();
    await expect(pay).toHaveAccessibleName("Pay by card");
    await page.getByRole("radio", { name: /^15% tip/ }).check();
    const chosen = await youPay(/^15% tip/);
    await expect(pay).toHaveAccessibleName(`Pay ${chosen}`);
    await pay.click();
    // The secure page's link says the sum Checkout was asked for: the one the button named.
    await expect(page.getByRole("link", { name: /on the secure page/ })).toHaveText(`Pay ${chosen} on the secure page`);
  });
});
