/**
 * Where a visitor came from, for the owner: the first page of the visit and its referrer, kept in
 * sessionStorage for the rest of the visit (the page's early script writes them, app/lib/early-script.ts),
 * sent with each form. Nothing here leaves the browser except inside a form the visitor submits.
 */
export const ATTRIBUTION_KEY = "gs-attribution";

export interface Attribution {
  page: string;
  landing: string;
  referrer: string;
}

export function readAttribution(): Attribution {
  if (typeof window === "undefined") return { page: "", landing: "", referrer: "" };
  let stored: Partial<Attribution>;
  try {
    stored = JSON.parse(sessionStorage.getItem(ATTRIBUTION_KEY) ?? "{}");
  } catch {
    stored = {};
  }
  return { page: location.pathname + location.search, landing: stored.landing ?? "", referrer: stored.referrer ?? "" };
}
