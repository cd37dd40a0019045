/**
 * The signed links of booking and review e-mails, which act without a sign-in: the token in the link is the
 * authority. `<purpose>.<id>.<expiry, base 36 seconds>.<signature>`, signed with the links' key (LINK_SECRET,
 * or the key the site keeps in its database: linkSecret), each purpose in its own namespace, so a token made
 * for one use never works for another (or as a newsletter link).
 */
import { makeToken, readToken } from "../signed-token.server.ts";

export type LinkPurpose = "book" | "manage" | "review-opt-out";

const CODES: Record<LinkPurpose, string> = { book: "b", manage: "m", "review-opt-out": "o" };

/** How long each link works: choosing a window (from the confirmation and the reply e-mail), managing a booking, opting out of the review request. */
export const LINK_TTL_MS: Record<LinkPurpose, number> = {
  book: 14 * 86_400_000,
  manage: 120 * 86_400_000,
  "review-opt-out": 365 * 86_400_000,
};

export const LINK_PATHS: Record<LinkPurpose, string> = {
  book: "/book",
  manage: "/book/manage",
  "review-opt-out": "/reviews/opt-out",
};

// "booking-links" keeps these signatures apart from the newsletter's, made with the same key.
export const signedToken = (purpose: LinkPurpose, id: string, secret: string, now = new Date()): string =>
  makeToken("booking-links", CODES[purpose], id, LINK_TTL_MS[purpose], secret, now);

/** The id a token names, or why not: "invalid" (forged, altered, another purpose's) or "expired". */
export const readSignedToken = (
  token: string,
  purpose: LinkPurpose,
  secret: string,
  now = new Date(),
): { id: string } | "invalid" | "expired" => readToken(token, "booking-links", CODES[purpose], secret, now);

/** The query parameter a link's token travels in. */
export const LINK_PARAMS: Record<LinkPurpose, string> = { book: "r", manage: "t", "review-opt-out": "t" };

/** The path of a link carrying `token`; prefix the site's origin for an e-mail. */
export const linkPath = (purpose: LinkPurpose, token: string) =>
  `${LINK_PATHS[purpose]}?${LINK_PARAMS[purpose]}=${encodeURIComponent(token)}`;

/** The path of a new link naming `id`. */
export const signedPath = (purpose: LinkPurpose, id: string, secret: string, now = new Date()) =>
  linkPath(purpose, signedToken(purpose, id, secret, now));
