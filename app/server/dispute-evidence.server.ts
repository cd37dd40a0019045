/**
 * What the site holds about a disputed job, for the owner's urgent e-mail (features/payments/refund-mail.server.ts,
 * docs/decisions/043-refunds-and-disputes.md): the accepted quote (the quotes feature), the photos (the kit), the
 * arrival window and when it was confirmed (the bookings feature, the request's events), the texts (the texts
 * feature) and the e-mailed reply (the leads feature). Wired here, above them all, since no feature imports
 * another (decision 026), as ./sold-work.server.ts does.
 */
import { BOOKING_STATUS_LABELS } from "./features/bookings/owner-decisions.server.ts";
import { bookingForLead } from "./features/bookings/bookings.server.ts";
import { replySentAt } from "./features/leads/reply-sent.server.ts";
import type { DisputeEvidence, EvidenceOf } from "./features/payments/refund-mail.server.ts";
import { photosOnlyEvidence } from "./features/payments/refund-mail.server.ts";
import { quotesOfLead } from "./features/quotes/quotes.server.ts";
import { threadSummary } from "./features/texts/thread-summary.server.ts";
import type { Database } from "./kit/db/database.server.ts";
import { stageEvents } from "./kit/leads.server.ts";

export const disputeEvidence =
  (database: Database): EvidenceOf =>
  async (leadId): Promise<DisputeEvidence> => {
    const [base, quotes, booking, events, texts, reply] = await Promise.all([
      photosOnlyEvidence(database)(leadId),
      quotesOfLead(database, leadId),
      bookingForLead(database, leadId),
      stageEvents(database.db, leadId),
      threadSummary(database, leadId),
      replySentAt(database, leadId),
    ]);
    const accepted = quotes.findLast((q) => q.status === "accepted" && q.answer?.answer === "accepted");
    const option = accepted?.content.options[accepted.answer?.option ?? -1];
    const confirmed = events.findLast((e) => e.kind === "window-confirmed");
    return {
      ...base,
      quote:
        accepted?.answer && option
          ? {
              version: accepted.version,
              option: option.label,
              totalCents: option.totalCents,
              name: accepted.answer.name ?? "",
              acceptedAt: accepted.answer.answeredAt,
              termsHash: accepted.answer.contentHash,
            }
          : null,
      window: booking
        ? {
            day: booking.day,
            times: booking.times,
            status: BOOKING_STATUS_LABELS[booking.status],
            confirmedAt: booking.status === "confirmed" && confirmed ? confirmed.at : null,
          }
        : null,
      texts,
      replySentAt: reply,
    };
  };
