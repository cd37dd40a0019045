import type { SubmissionResult } from "@conform-to/react";
import type { AreaAnswer } from "../lib/service-area.ts";

export interface Confirmation {
  title: string;
  message: string;
  /** Whether the ZIP is inside the known service area (estimate forms); null when not asked. */
  inServiceArea?: boolean | null;
  /** The request's reference number (app/server/kit/reference.server.ts), as in the visitor's e-mail; none for newsletter sign-ups. */
  reference?: string;
  /** The service-area answer for the ZIP code (estimate forms); null when not asked. */
  area?: AreaAnswer | null;
  /** The instant estimate the request carries (/pricing), one line. */
  estimate?: string | null;
  /** The request's "Choose an arrival window" link (/book?r=<signed token>), when its ZIP code has windows by day. */
  bookPath?: string;
  /** The photos not received, each "name (why)". */
  photosRefused?: string[];
}

/** What every lead form action returns. */
export type LeadActionData = { result: SubmissionResult<string[]>; confirmation?: Confirmation };
