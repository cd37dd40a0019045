/**
 * The reference number a visitor is given for a request: short enough to read out on a phone call, derived
 * from the stored request's id (its first eight hex digits), so it needs no column of its own and the
 * owner's command line finds the request by it (`npm run leads -- show GS-1A2B-3C4D`).
 */
const PREFIX = "GS";

export function referenceOf(leadId: string): string {
  const hex = leadId.replace(/-/g, "").slice(0, 8).toUpperCase();
  return `${PREFIX}-${hex.slice(0, 4)}-${hex.slice(4, 8)}`;
}

/** The lowercase id prefix a reference stands for ("gs-1a2b 3c4d" → "1a2b3c4d"), or null when it is not one. */
export function idPrefixOf(reference: string): string | null {
  const match = /^\s*gs[-\s]?([0-9a-f]{4})[-\s]?([0-9a-f]{4})\s*$/i.exec(reference);
  return match ? `${match[1]}${match[2]}`.toLowerCase() : null;
}
