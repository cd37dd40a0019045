import type { Kysely } from "kysely";

// The day a dispute's evidence is due, on the dispute itself (docs/decisions/043-refunds-and-disputes.md): Stripe
// says it in each charge.dispute.* event and may move it. Before this column it was read from the owner's alert
// job; the disputes already stored take it from there once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("disputes").addColumn("evidence_due_at", "text").execute();
  const anyDb = db as Kysely<{
    outbox_jobs: { kind: string; ref: string | null; payload: string | null };
    disputes: { id: string; evidence_due_at: string | null };
  }>;
  const alerts = await anyDb
    .selectFrom("outbox_jobs")
    .select(["ref", "payload"])
    .where("kind", "=", "dispute")
    .execute();
  for (const { ref, payload } of alerts) {
    let dueBy: unknown;
    try {
      dueBy = (JSON.parse(payload ?? "null") as { dueBy?: unknown } | null)?.dueBy;
    } catch {
      continue;
    }
    if (ref && typeof dueBy === "string" && !Number.isNaN(Date.parse(dueBy)))
      await anyDb.updateTable("disputes").set({ evidence_due_at: dueBy }).where("id", "=", ref).execute();
  }
}
