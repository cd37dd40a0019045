/** The outbox job of a completed job: the one review request to the customer, with its sender. */
import { declareSenders } from "../../notify/jobs.server.ts";
import { REVIEW_JOB_KINDS } from "./job-kinds.ts";
import { createReviewSender } from "./review-mail.server.ts";

export const REVIEW_SENDERS = declareSenders(REVIEW_JOB_KINDS, {
  review: ({ database, env, now }) => createReviewSender(database, env, now),
});
