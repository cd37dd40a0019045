import { afterEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, type TestStorage } from "../../../tests/support/storage.ts";
import type { Database } from "./db/database.server.ts";
import { invoiceBalance, takeInvoiceNumber } from "./invoice-ledger.server.ts";

const AT = "2026-12-02T18:00:00.000Z";

/** Stores an invoice of `totalCents` with the next number, in one transaction; `fail` rolls it back after the number. */
async function storeInvoice(database: Database, id: string, totalCents: number, fail = false) {
  return database.db.transaction().execute(async (trx) => {
    const number = await takeInvoiceNumber(trx, 2026);
    await trx
      .insertInto("invoices")
      .values({
        id,
        lead_id: null,
        number: number.number,
        year: number.year,
        seq: number.seq,
        status: "draft",
        content: "{}",
        total_cents: totalCents,
        quote_id: null,
        due_date: null,
        created_at: AT,
        updated_at: AT,
        sent_at: null,
        reminders_paused_at: null,
      })
      .execute();
    if (fail) throw new Error("the invoice's transaction failed");
    return number.number;
  });
}

describe.each(backends)("invoice numbers and balances on %s", (dialect) => {
  let storage: TestStorage;
  afterEach(async () => storage.cleanup());

  // PostgreSQL: two pools, as two server instances; SQLite has one server per DATA_DIR (its lock), so one.
  it("gives 20 invoices made at once 20 consecutive numbers; a failed one gives its number back", async () => {
    storage = await createTestStorage(dialect);
    const a = await storage.open();
    const b = dialect === "postgres" ? await storage.open() : a;
    await expect(storeInvoice(a, "failed", 100, true)).rejects.toThrow("failed");
    const numbers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => storeInvoice(i % 2 ? a : b, `inv-${i}`, 100)),
    );
    expect(numbers.toSorted()).toEqual(Array.from({ length: 20 }, (_, i) => `2026-${String(i + 1).padStart(4, "0")}`));
  });

  it("reads the balance from the payment rows: by hand, by card with a tip, and a refund", async () => {
    storage = await createTestStorage(dialect);
    const database = await storage.open();
    await storeInvoice(database, "inv", 72_500);
    const row = (id: string, method: "cash" | "card", amount: number, tip: number) => ({
      id,
      invoice_id: "inv",
      lead_id: null,
      method,
      status: "paid" as const,
      amount_cents: amount,
      tip_cents: tip,
      checkout_session_id: null,
      invoice_version: null,
      attempt: null,
      checkout_url: null,
      expires_at: null,
      payment_intent_id: method === "card" ? "pi_1" : null,
      reference: null,
      received_on: null,
      idempotency_key: null,
      created_at: AT,
      updated_at: AT,
      paid_at: AT,
    });
    await database.db
      .insertInto("invoice_payments")
      .values([row("p1", "cash", 20_000, 0), row("p2", "card", 30_000, 4_500)])
      .execute();
    expect(await invoiceBalance(database.db, "inv")).toMatchObject({
      paidCents: 50_000,
      tipCents: 4_500,
      balanceCents: 22_500,
    });
    await database.db
      .insertInto("refunds")
      .values({
        id: "re_1",
        payment_intent_id: "pi_1",
        checkout_session_id: null,
        invoice_payment_id: "p2",
        lead_id: null,
        amount_cents: 10_000,
        currency: "usd",
        status: "succeeded",
        created_at: AT,
        updated_at: AT,
      })
      .execute();
    expect(await invoiceBalance(database.db, "inv")).toMatchObject({
      paidCents: 40_000,
      refundedCents: 10_000,
      balanceCents: 32_500,
    });
  });
});
