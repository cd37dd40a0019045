/**
 * Where a visitor came from (decisions.md §5.4): the first page of the visit and its referrer, kept in
 * sessionStorage for the rest of the visit, sent with each form. Nothing here leaves the browser except
 * inside a form the visitor submits.
 */
const KEY = "gs-attribution";

export interface Attribution {
  page: string;
  landing: string;
  referrer: string;
}

export function rememberLanding() {
  try {
    if (!sessionStorage.getItem(KEY)) {
      sessionStorage.setItem(KEY, JSON.stringify({ landing: location.pathname + location.search, referrer: document.referrer }));
    }
  } catch {
    // Storage can be unavailable (private mode); attribution is best effort.
  }
}

export function readAttribution(): Attribution {
  if (typeof window === "undefined") return { page: "", landing: "", referrer: "" };
  let stored: Partial<Attribution>;
  try {
    stored = JSON.parse(sessionStorage.getItem(KEY) ?? "{}");
  } catch {
    stored = {};
  }
  return { page: location.pathname + location.search, landing: stored.landing ?? "", referrer: stored.referrer ?? "" };
}
