/**
 * The features wired to the outbox worker, in the one place that knows them all (app.server.ts starts the worker
 * with this): the senders each feature declares, the upkeep tasks of the stored data, and what follows a sent job.
 */
import type { Logger } from "pino";
import { withChannelTexts } from "./channel-texts.server.ts";
import type { Database } from "./kit/db/database.server.ts";
import type { Env } from "./kit/env.server.ts";
import { pruneAuth } from "./features/admin/auth.server.ts";
import { BOOKING_SENDERS } from "./features/bookings/jobs.server.ts";
import { createBookingSender } from "./features/bookings/booking-mail.server.ts";
import { soldWork } from "./sold-work.server.ts";
import { INVOICE_REMINDER_SENDERS } from "./features/invoices/reminder-jobs.server.ts";
import { LEAD_SENDERS } from "./features/leads/jobs.server.ts";
import { purgeMailFiles } from "./notify/mail.server.ts";
import { markNotified } from "./features/leads/delivery-status.server.ts";
import { purgeExpiredLeads, RETENTION_DAYS } from "./features/leads/retention.server.ts";
import { pruneReplyQuota } from "./features/leads/reply-quota.server.ts";
import { pruneRateLimits } from "./kit/rate-limits.server.ts";
import { createSenders } from "./notify/jobs.server.ts";
import { REVIEW_SENDERS } from "./features/reviews/jobs.server.ts";
import { PAYMENT_SENDERS } from "./features/payments/jobs.server.ts";
import { createDisputeMailSender } from "./features/payments/refund-mail.server.ts";
import { disputeEvidence } from "./dispute-evidence.server.ts";
import { QUOTE_SENDERS } from "./features/quotes/jobs.server.ts";
import { INVOICE_SENDERS } from "./features/invoices/jobs.server.ts";
import { REMINDER_SENDERS } from "./features/reminders/jobs.server.ts";
import { TEXT_SENDERS } from "./features/texts/jobs.server.ts";
import { ACCOUNT_SENDERS } from "./features/account/jobs.server.ts";
import { queueDayBeforeTexts } from "./features/texts/texts.server.ts";

export function outboxWiring(database: Database, env: Env, logger: Logger, now: () => Date = () => new Date()) {
  return {
    // The quote's, the window's, the invoice's and its reminders' customer e-mails also text the customer
    // (channel-texts).
    senders: withChannelTexts(
      createSenders(
        { database, env, now },
        LEAD_SENDERS,
        {
          ...BOOKING_SENDERS,
          // The owner's e-mail of a confirmed window says what was sold (quotes, payments: ./sold-work.server.ts).
          booking: (context) => createBookingSender(context.database, context.env, context.now, soldWork(database)),
        },
        REVIEW_SENDERS,
        QUOTE_SENDERS,
        {
          ...PAYMENT_SENDERS,
          // The owner's dispute e-mail lists what the site holds as evidence (./dispute-evidence.server.ts).
          dispute: (context) => createDisputeMailSender(context.env, disputeEvidence(database)),
        },
        REMINDER_SENDERS,
        TEXT_SENDERS,
        INVOICE_SENDERS,
        INVOICE_REMINDER_SENDERS,
        ACCOUNT_SENDERS,
      ),
      { database, env, now },
    ),
    maintenance: {
      /** Ended rate-limit windows. */
      "rate limits": (at: Date) => pruneRateLimits(database, at),
      /** Reply slots unused for a whole window. */
      "reply quota": (at: Date) => pruneReplyQuota(database, at),
      /** Expired owner sessions and old sign-in counters. */
      "owner sessions": (at: Date) => pruneAuth(database, at),
      /** Requests past their retention period. */
      retention: async (at: Date) => {
        const purged = await purgeExpiredLeads(database, at);
        if (purged > 0) logger.info({ purged }, "requests past their retention period deleted");
      },
      /** Copies of the owner's e-mails (MAIL_TRANSPORT=files), after the shortest retention period of any request. */
      "mail files": async (at: Date) => {
        const days = Math.min(...Object.values(RETENTION_DAYS));
        const mailFiles = await purgeMailFiles(env.DATA_DIR, days * 86_400_000, at);
        if (mailFiles > 0) logger.info({ mailFiles }, "e-mail files past their retention period deleted");
      },
      /** The day-before texts of confirmed windows in the next two days, to customers who agreed to texts. */
      "day-before texts": async (at: Date) => {
        const queued = await queueDayBeforeTexts(database, at);
        if (queued > 0) logger.info({ queued }, "day-before texts queued");
      },
      /** Requests whose last owner notification was sent just before a crash. */
      "delivery status": () => markNotified(database),
    },
    /** A request is 'notified' once its owner notifications are all sent. */
    onSent: (leadId: string) => markNotified(database, leadId),
  };
}
