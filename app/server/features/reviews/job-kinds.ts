/** The outbox job kind of a completed job: the one review request to the customer. Its sender: jobs.server.ts. */
export const REVIEW_JOB_KINDS = ["review"] as const;
export type ReviewJobKind = (typeof REVIEW_JOB_KINDS)[number];
