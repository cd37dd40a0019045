/**
 * When a job is done (docs/decisions/039-completion-and-late-cancellation.md): the owner marks a request
 * "completed" once its arrival window has begun, or earlier only after confirming an early completion; a request
 * with no window held (a job done without booking) may be completed at any time. A completed job is not changed
 * by the customer any more (the booking page, the texted C and R). In the kit: the status form (admin), the
 * booking pages (bookings) and the texts (texts) all ask, and a feature never imports another.
 */
import type { Database } from "./db/database.server.ts";
import type { DB } from "./db/tables.server.ts";
import type { Transaction } from "kysely";
import { windowLabel } from "./arrival-windows.server.ts";
import { isDone, isStage } from "./stages.ts";

type Reader = Pick<Database["db"], "selectFrom"> | Transaction<DB>;

/** Whether the request's stage is Completed or Paid (its stored stage: app/server/kit/stages.ts, decision 035). */
export async function isCompleted(db: Reader, leadId: string): Promise<boolean> {
  const row = await db.selectFrom("leads").select("stage").where("id", "=", leadId).executeTakeFirst();
  return row !== undefined && isStage(row.stage) && isDone(row.stage);
}

/** The window the request's booking holds (asked for, proposed or confirmed), or null. */
export async function heldWindow(
  db: Reader,
  leadId: string,
): Promise<{ day: string; times: string; startsAt: Date; label: string } | null> {
  const row = await db
    .selectFrom("bookings")
    .select(["day", "window_times", "starts_at"])
    .where("lead_id", "=", leadId)
    .where("status", "in", ["requested", "proposed", "confirmed"])
    .executeTakeFirst();
  return row
    ? {
        day: row.day,
        times: row.window_times,
        startsAt: new Date(row.starts_at),
        label: windowLabel(row.day, row.window_times),
      }
    : null;
}

export type CompletionCheck =
  /** May be completed; what it sets off for the customer (the review request) goes no earlier than `notBefore`. */
  | { ok: true; notBefore: Date }
  /** The window has not begun: only after the owner confirms an early completion. */
  | { ok: false; window: string };

/** Whether the request may be marked completed at `now` (`early`: the owner confirmed an early completion). */
export async function completionCheck(db: Reader, leadId: string, now: Date, early: boolean): Promise<CompletionCheck> {
  const window = await heldWindow(db, leadId);
  if (!window || window.startsAt.getTime() <= now.getTime()) return { ok: true, notBefore: now };
  if (!early) return { ok: false, window: window.label };
  return { ok: true, notBefore: window.startsAt };
}
