/**
 * A lead form's send with photos, with the app (docs/decisions/030-request-photos.md): the same request React
 * Router's fetcher makes (a POST of the form's multipart body to the action's data URL, `/estimate.data`), made
 * with XMLHttpRequest because fetch reports no upload progress in Firefox and Safari. The answer is React Router's
 * own (single fetch: turbo-stream), decoded with its own decoder, so the form receives exactly the action's data
 * the fetcher would have: the confirmation, or the schema's field messages on a 400. Loaded only when photos
 * are sent.
 */
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from "react-router";
import type { LeadActionData } from "../../forms/result.ts";
import { DATA_ANSWER_HEADER, DATA_SUFFIX } from "../../lib/framework-output.ts";

export interface UploadProgress {
  loaded: number;
  total: number;
}

export type UploadOutcome =
  /** The action's answer (a confirmation, or field or form messages). */
  | { answer: LeadActionData }
  /** The connection failed before an answer came: nothing is known to have been received. */
  | { failed: "network" }
  /** The server answered without the action's data (a refusal at the edge: busy, too large, another origin). */
  | { failed: "refused"; status: number }
  /** The action sent the visitor elsewhere. */
  | { redirect: string };

/** Sends `formData` to `action`'s data URL, reporting the bytes sent as they go. */
export function uploadWithProgress(
  action: string,
  formData: FormData,
  onProgress: (progress: UploadProgress) => void,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${action}${DATA_SUFFIX}`);
    request.responseType = "blob";
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    });
    for (const type of ["error", "abort", "timeout"] as const)
      request.addEventListener(type, () => resolve({ failed: "network" }));
    request.addEventListener("load", () => {
      const { status } = request;
      if (!request.getResponseHeader(DATA_ANSWER_HEADER) || !(request.response instanceof Blob))
        return resolve({ failed: "refused", status });
      decodeViaTurboStream(request.response.stream(), window).then(
        ({ value }) => {
          const typed = value as { data?: LeadActionData; redirect?: string };
          if (typed.redirect) resolve({ redirect: typed.redirect });
          else if (typed.data) resolve({ answer: typed.data });
          else resolve({ failed: "refused", status: status < 400 ? 500 : status });
        },
        () => resolve({ failed: "refused", status }),
      );
    });
    request.send(formData);
  });
}
