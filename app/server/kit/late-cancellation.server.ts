/**
 * When a cancellation is late under the terms (content/availability.yaml `lateCancellation`): less than `hours`
 * before the window's start, counted on Boise's clock, so "48 hours before Monday 8 AM" is Saturday 8 AM also
 * across a change of the clocks (docs/decisions/039-completion-and-late-cancellation.md). The words are
 * app/lib/late-cancellation.ts.
 */
import { lateCancellationRule, type LateCancellationRule } from "../../lib/late-cancellation.ts";
import { localParts, localTime } from "./business-time.server.ts";

/** The last instant a window starting at `startsAt` may be cancelled at no charge. */
export function freeCancellationUntil(startsAt: Date, rule: LateCancellationRule = lateCancellationRule()): Date {
  const start = localParts(startsAt);
  return localTime(start.year, start.month, start.day, start.hour - rule.hours, start.minute);
}

/** Whether cancelling at `now` a window starting at `startsAt` is late (the window not begun yet). */
export const isLateCancellation = (
  startsAt: Date,
  now: Date,
  rule: LateCancellationRule = lateCancellationRule(),
): boolean => now.getTime() > freeCancellationUntil(startsAt, rule).getTime() && now.getTime() < startsAt.getTime();

/** What a late cancellation records (on the booking, in the e-mails and the owner's text). */
export type { LateCancellationRecord as LateCancellation } from "../../lib/late-cancellation.ts";
