/** The owner's list of unpaid invoices, from the store: what is listed, in what order, and what it says of each. */
import { describe, expect, it } from "vitest";
import { recordCheck, sendInvoice } from "../../../../tests/support/invoices.ts";
import { backends, sampleLead } from "../../../../tests/support/storage.ts";
import { freshDatabaseEach } from "../../../../tests/support/test-database.ts";
import { invoiceBalance } from "../../kit/invoice-ledger.server.ts";
import { recordLead } from "../leads/store.server.ts";
import { reminderAt, reminderDays, setRemindersPaused } from "./reminders.server.ts";
import { unpaidInvoices } from "./unpaid.server.ts";

describe.each(backends)("the unpaid invoices on %s", (dialect) => {
  const current = freshDatabaseEach(dialect);
  let serial = 0;
  const lead = async (firstName: string, at: Date) => {
    const made = sampleLead({ idempotencyKey: `key:unpaid-${serial++}` });
    made.contact = { ...made.contact, name: `${firstName} Doe` };
    return (await recordLead(current.database, made, { webhook: false, now: at })).id;
  };

  it("lists every sent invoice with a balance, oldest first, with its age, past-due mark and reminders", async () => {
    const { database } = current;
    const first = new Date("2030-03-02T17:00:00Z");
    const later = new Date("2030-03-10T17:00:00Z");
    const now = new Date("2030-03-12T18:00:00Z");
    const a = await lead("Ann", first);
    const b = await lead("Bob", first);
    const c = await lead("Cal", first);
    // Sent later but listed second; a partial payment; one paid in full; one void; one draft.
    await sendInvoice(database, { id: "later", leadId: b, totalCents: 40_000, dueDate: "2030-03-24" }, later);
    await sendInvoice(database, { id: "old", leadId: a, totalCents: 72_500, dueDate: "2030-03-09" }, first);
    await recordCheck(database, "old", 20_000, first);
    await sendInvoice(database, { id: "paid", leadId: c, totalCents: 10_000, dueDate: "2030-03-09" }, first);
    await recordCheck(database, "paid", 10_000, first);
    await sendInvoice(database, { id: "void", leadId: c, totalCents: 10_000, dueDate: "2030-03-09" }, first);
    await database.db.updateTable("invoices").set({ status: "void" }).where("id", "=", "void").execute();
    await sendInvoice(database, { id: "draft", leadId: c, totalCents: 10_000, dueDate: null }, first);
    await database.db.updateTable("invoices").set({ status: "draft" }).where("id", "=", "draft").execute();
    // One reminder of the old invoice went; the later one's are paused.
    await database.db
      .updateTable("outbox_jobs")
      .set({ status: "sent", sent_at: now.toISOString() })
      .where("ref", "like", "old:%")
      .where("next_attempt_at", "=", reminderAt(first, reminderDays()[0]!).toISOString())
      .execute();
    await setRemindersPaused(database, "later", true, now);

    const list = await unpaidInvoices(database, now);
    expect(list.map((i) => i.id)).toEqual(["old", "later"]);
    const [old, newer] = list;
    expect(old).toMatchObject({
      customer: "Ann Doe",
      totalCents: 72_500,
      balanceCents: (await invoiceBalance(database.db, "old"))!.balanceCents,
      ageDays: 10,
      overdue: true,
      remindersSent: 1,
      nextReminderAt: reminderAt(first, reminderDays()[1]!).toISOString(),
      paused: false,
    });
    expect(newer).toMatchObject({ customer: "Bob Doe", ageDays: 2, overdue: false, remindersSent: 0, paused: true });
  });
});
