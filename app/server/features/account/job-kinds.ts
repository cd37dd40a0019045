/** The outbox job kind of "Send me my link": the account link e-mailed to the address typed. Its sender: jobs.server.ts. */
export const ACCOUNT_JOB_KINDS = ["account-link"] as const;
export type AccountJobKind = (typeof ACCOUNT_JOB_KINDS)[number];
