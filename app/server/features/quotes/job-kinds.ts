/** The outbox job kinds of a quote: the customer's e-mail, its reminders, the owner's e-mail and text of the
 * answer, the customer's copy of what they accepted. Their senders: jobs.server.ts. */
export const QUOTE_JOB_KINDS = [
  "quote",
  "quote-reminder",
  "quote-answer",
  "quote-answer-sms",
  "quote-accepted",
] as const;
export type QuoteJobKind = (typeof QUOTE_JOB_KINDS)[number];
