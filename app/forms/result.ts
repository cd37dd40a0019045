import type { SubmissionResult } from "@conform-to/react";

export interface Confirmation {
  title: string;
  message: string;
  /** Whether the ZIP is inside the known service area (estimate forms); null when not asked. */
  inServiceArea?: boolean | null;
}

/** What every lead form action returns. */
export type LeadActionData = { result: SubmissionResult<string[]>; confirmation?: Confirmation };
