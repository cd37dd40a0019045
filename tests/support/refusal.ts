import { HttpError } from "../../app/server/kit/form-body.server.ts";

/** What a form-body reader refused with: its HttpError's status and sentence (null when it read the body). */
export const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof HttpError ? { status: error.status, message: error.message } : error),
  );
