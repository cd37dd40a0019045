/**
 * The "Choose an arrival window" link of a request (docs/decisions/020-booking.md): on the confirmation panel, the page
 * after a form sent without JavaScript, and the reply e-mail. Only an estimate or contact request whose ZIP code has
 * windows by day gets one (a by-appointment area, a ZIP outside the area or none: the visitor calls). The link carries
 * only a signed token naming the request (app/server/kit/signed-links.server.ts), valid LINK_TTL_MS.book.
 */
import type { LeadKind } from "./lead-kinds.server.ts";
import { isBookable } from "./lead-kinds.server.ts";
import { signedPath } from "./signed-links.server.ts";
import { areaRule } from "./arrival-windows.server.ts";

/** Whether a request of this kind and ZIP code may choose an arrival window online. */
export const canChooseWindow = (kind: LeadKind, zip: string | null | undefined): boolean =>
  isBookable(kind) && Boolean(zip) && areaRule(zip!).kind === "days";

/** The path (/book?r=…) of the request's link, or undefined when it may not choose a window online. */
export const bookPathOf = (
  lead: { id: string; kind: LeadKind; zip: string | null | undefined },
  secret: string,
  now = new Date(),
): string | undefined => (canChooseWindow(lead.kind, lead.zip) ? signedPath("book", lead.id, secret, now) : undefined);
