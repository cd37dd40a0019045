/**
 * The flag a kept request carries when a spam check could not tell a person from a bot
 * (docs/decisions/012-fill-time-and-flags.md): stored in its fields, shown to the owner in the inbox and
 * the e-mail subject, never to the visitor.
 */
import type { Fields } from "./leads.server.ts";

/** The field of a request that holds its flag. */
export const SPAM_SIGNAL_FIELD = "spamSignal";

/** The flags, as the owner reads them. */
export const SPAM_SIGNAL = {
  /** Sent sooner after the form was shown than LEAD_MIN_FILL_SECONDS: a browser's autofill, or a bot. */
  fast: "sent fast",
} as const;

/** "Check: sent fast" for a flagged request, null for any other. */
export function spamFlag(fields: Fields): string | null {
  const signal = fields[SPAM_SIGNAL_FIELD];
  return typeof signal === "string" && signal !== "" ? `Check: ${signal}` : null;
}
