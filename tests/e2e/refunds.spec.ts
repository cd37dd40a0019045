/**
 * A refunded deposit, end to end at 1440 px (docs/decisions/043-refunds-and-disputes.md): the real server with its
 * Stripe settings at a local fake; a deposit paid through Stripe's signed webhook, then Stripe's refund events
 * posted to the running server as Stripe would. The owner's request page follows the events: partly refunded,
 * then refunded; the owner is e-mailed once per refund.
 */
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseEnv } from "../../app/server/kit/env.server.ts";
import { listLeads } from "../../app/server/features/admin/listing.server.ts";
import { depositReturnUrls, startDepositCheckout } from "../../app/server/features/payments/deposits.server.ts";
import { formatAmount } from "../../app/lib/money.ts";
import {
  checkoutEvent,
  fakeId,
  fakeRefund,
  refundEvent,
  sendWebhook,
  stripeTestEnv,
  withFakeStripe,
} from "../support/fake-stripe.ts";
import { SITE_URL, withTextSite } from "../support/text-site.ts";
import { expectNoViolations } from "./axe.ts";
import { expect } from "./fixtures.ts";
import { uniqueEmail } from "./leads.ts";
import { addOwnerWithCli, sendRequest, signIn, uniqueOwner } from "./owners.ts";

const test = withTextSite("refunds", withFakeStripe);

test.skip(({ isMobile }) => isMobile, "the owner's request page, on the desktop project");

const SHOTS = "/work/shots/refunds";

/** The owner's e-mails written to DATA_DIR/mail that contain `needle`. */
const ownerMails = (dataDir: string, needle: string) => {
  const dir = path.join(dataDir, "mail");
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith(".eml"))
      .map((f) => readFileSync(path.join(dir, f), "utf8"))
      .filter((raw) => raw.includes(needle));
  } catch {
    return [];
  }
};

test("a deposit refunded at Stripe: the request page reads partly refunded, then refunded, and the owner is told of each refund once", async ({
  page,
  site: { server, database, stripe, dataDir },
}) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("refund");
  await sendRequest(page, { first: "Rhea", email });
  await expect.poll(async () => (await listLeads(database, {})).some((l) => l.contact.email === email)).toBe(true);
  const lead = (await listLeads(database, {})).find((l) => l.contact.email === email)!;

  // A deposit paid through Stripe Checkout, as the quote's acceptance makes it.
  const env = parseEnv({ NODE_ENV: "test", SITE_URL, DATA_DIR: dataDir, ...stripeTestEnv(stripe.url) });
  const amount = 15_000;
  const quoteRef = `Q-${Date.now().toString(36).toUpperCase()}`;
  const { sessionId } = await startDepositCheckout(
    { database, env },
    {
      leadId: lead.id,
      quoteRef,
      quoteVersion: 1,
      amountCents: amount,
      currency: "usd",
      ...depositReturnUrls(SITE_URL),
    },
  );
  const paid = checkoutEvent("checkout.session.completed", { id: sessionId, payment_status: "paid" });
  expect((await sendWebhook(server.origin, paid)).status).toBe(200);
  // The payment intent of the paid session, as checkout.session.completed stores it (the pay part of issue 41).
  const intent = fakeId("pi");
  await database.db
    .updateTable("payments")
    .set({ payment_intent_id: intent })
    .where("checkout_session_id", "=", sessionId)
    .execute();

  // A first refund, of a part: reported by refund.created, then again (a replay).
  const part = fakeRefund(intent, 5_000);
  const first = refundEvent("refund.created", part);
  expect(JSON.parse((await sendWebhook(server.origin, first)).body)).toMatchObject({ recorded: "recorded" });
  expect(JSON.parse((await sendWebhook(server.origin, first)).body)).toMatchObject({ recorded: "replayed" });

  const owner = uniqueOwner("refund");
  await addOwnerWithCli(owner, dataDir);
  await signIn(page, owner);
  await page.goto(`/admin/requests/${lead.id}`);
  const deposit = page.getByRole("region", { name: "Deposit" });
  await expect(deposit).toContainText(
    `${formatAmount(amount)} · Partly refunded (${formatAmount(part.amount)} of ${formatAmount(amount)})`,
  );
  await expect(deposit).not.toContainText("Paid ");
  await expectNoViolations(page, "the request page with a partly refunded deposit");
  mkdirSync(SHOTS, { recursive: true });
  await deposit.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/request-partly-refunded-1440.png` });

  // The rest, pending first, then succeeded: the whole deposit reads refunded.
  const rest = fakeRefund(intent, amount - part.amount, { status: "pending" });
  await sendWebhook(server.origin, refundEvent("refund.created", rest));
  await page.reload();
  await expect(deposit).toContainText("Partly refunded");
  await sendWebhook(server.origin, refundEvent("refund.updated", { ...rest, status: "succeeded" }));
  await page.reload();
  await expect(deposit).toContainText(`${formatAmount(amount)} · Refunded`);
  await page.setViewportSize({ width: 390, height: 844 });
  await deposit.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/request-refunded-390.png` });

  // One e-mail per refund, whatever was sent twice.
  for (const refund of [part, rest])
    await expect
      .poll(() => ownerMails(dataDir, `Refunded: ${formatAmount(refund.amount)} of the deposit`).length, {
        timeout: 15_000,
      })
      .toBe(1);
});
