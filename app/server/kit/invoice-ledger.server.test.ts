import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { backends, createTestStorage, leadsRow, type TestStorage } from "../../../tests/support/storage.ts";
import type { Database } from "./db/database.server.ts";
import { invoiceBalance, invoiceBalances, takeInvoiceNumber } from "./invoice-ledger.server.ts";

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

  /** Any mix of requests, invoices (sent, draft, void), deposits and payments (paid or not) and their refunds. */
  const world = fc.record({
    invoices: fc.array(
      fc.record({
        lead: fc.option(fc.nat(2), { nil: null }),
        status: fc.constantFrom("sent" as const, "draft" as const, "void" as const),
        totalCents: fc.nat(200_000),
        payments: fc.array(
          fc.record({
            paid: fc.boolean(),
            amountCents: fc.integer({ min: 1, max: 100_000 }),
            tipCents: fc.nat(20_000),
            refunds: fc.array(fc.integer({ min: 1, max: 60_000 }), { maxLength: 2 }),
          }),
          { maxLength: 3 },
        ),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    deposits: fc.array(
      fc.record({
        lead: fc.nat(2),
        paid: fc.boolean(),
        amountCents: fc.integer({ min: 1, max: 50_000 }),
        refunds: fc.array(fc.integer({ min: 1, max: 30_000 }), { maxLength: 2 }),
      }),
      { maxLength: 3 },
    ),
  });

  it("reads many balances in a fixed number of queries, each one what invoiceBalance reads", async () => {
    storage = await createTestStorage(dialect);
    const database = await storage.open();
    let run = 0;
    await fc.assert(
      fc.asyncProperty(world, async ({ invoices, deposits }) => {
        const r = `r${run++}`;
        const at = (n: number) => new Date(Date.parse(AT) + n * 60_000).toISOString();
        const leads = [0, 1, 2].map((n) => `${r}-lead-${n}`);
        await database.db
          .insertInto("leads")
          .values(leads.map((id) => leadsRow(id, "estimate", AT)))
          .execute();
        const refund = (
          n: string,
          cents: number,
          to: { checkout_session_id?: string; invoice_payment_id?: string },
        ) => ({
          id: `re_${r}_${n}`,
          payment_intent_id: `pi_${r}_${n}`,
          checkout_session_id: to.checkout_session_id ?? null,
          invoice_payment_id: to.invoice_payment_id ?? null,
          lead_id: null,
          amount_cents: cents,
          currency: "usd",
          status: "succeeded" as const,
          created_at: AT,
          updated_at: AT,
        });
        for (const [d, deposit] of deposits.entries()) {
          const session = `cs_${r}_${d}`;
          await database.db
            .insertInto("payments")
            .values({
              checkout_session_id: session,
              lead_id: leads[deposit.lead]!,
              quote_ref: `Q-${r}`,
              quote_version: 1,
              attempt: d,
              amount_cents: deposit.amountCents,
              currency: "usd",
              status: deposit.paid ? "paid" : "expired",
              checkout_url: "https://checkout.example/",
              expires_at: AT,
              created_at: AT,
              updated_at: AT,
              paid_at: deposit.paid ? AT : null,
              payment_intent_id: null,
            })
            .execute();
          for (const [k, cents] of deposit.refunds.entries())
            await database.db
              .insertInto("refunds")
              .values(refund(`d${d}-${k}`, cents, { checkout_session_id: session }))
              .execute();
        }
        const ids: string[] = [];
        for (const [i, invoice] of invoices.entries()) {
          const id = `${r}-inv-${i}`;
          ids.push(id);
          const number = await database.db.transaction().execute((trx) => takeInvoiceNumber(trx, 2026));
          await database.db
            .insertInto("invoices")
            .values({
              id,
              lead_id: invoice.lead === null ? null : leads[invoice.lead]!,
              number: number.number,
              year: number.year,
              seq: number.seq,
              status: invoice.status,
              content: "{}",
              total_cents: invoice.totalCents,
              quote_id: null,
              due_date: null,
              created_at: at(i),
              updated_at: at(i),
              sent_at: null,
              reminders_paused_at: null,
            })
            .execute();
          for (const [p, payment] of invoice.payments.entries()) {
            const paymentId = `${id}-p${p}`;
            await database.db
              .insertInto("invoice_payments")
              .values({
                id: paymentId,
                invoice_id: id,
                lead_id: null,
                method: "cash",
                status: payment.paid ? "paid" : "pending",
                amount_cents: payment.amountCents,
                tip_cents: payment.tipCents,
                created_at: AT,
                updated_at: AT,
                paid_at: payment.paid ? AT : null,
              })
              .execute();
            for (const [k, cents] of payment.refunds.entries())
              await database.db
                .insertInto("refunds")
                .values(refund(`${i}-${p}-${k}`, cents, { invoice_payment_id: paymentId }))
                .execute();
          }
        }
        const many = await invoiceBalances(database.db, [...ids, `${r}-unknown`]);
        expect(many.has(`${r}-unknown`)).toBe(false);
        for (const id of ids) {
          const { credits, ...one } = (await invoiceBalance(database.db, id))!;
          void credits;
          expect(many.get(id)).toEqual(one);
        }
      }),
      { numRuns: 25 },
    );
  });
});
