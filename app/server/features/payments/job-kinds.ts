/** The payments feature's outbox job kinds (what each tells, and when it is queued: jobs.server.ts, their senders). */
export const PAYMENT_JOB_KINDS = [
  "deposit",
  "deposit-sms",
  "receipt",
  "balance-paid",
  "balance-paid-sms",
  "refund",
  "refund-sms",
  "dispute",
  "dispute-sms",
] as const;
export type PaymentJobKind = (typeof PAYMENT_JOB_KINDS)[number];
