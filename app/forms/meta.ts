/**
 * Names of the fields every lead form carries besides its own (read by app/server/features/leads/submit.server.ts).
 * The honeypot is named like nothing a browser would autofill.
 */
export const META = {
  key: "_idem",
  elapsed: "_elapsed_ms",
  honeypot: "kq_confirm_field",
  page: "_page",
  landing: "_landing",
  referrer: "_referrer",
  source: "_source",
} as const;

export const metaNames: ReadonlySet<string> = new Set(Object.values(META));
