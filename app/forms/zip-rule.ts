/**
 * The ZIP code rule, without Zod: the schemas build `zipcode` from it (./fields.ts), and the page's own
 * script checks a ZIP with it before the app has started (app/lib/first-effects/), so both say the same.
 */
export const ZIP_PATTERN = /^\d{5}(?:-?\d{4})?$/;
export const zipMessages = {
  required: "Enter your ZIP code",
  invalid: "Enter a 5-digit ZIP code like 83646",
} as const;

/** The message for a ZIP code as typed (surrounding spaces ignored), or null when it is one. */
export function zipProblem(value: string): string | null {
  const zip = value.trim();
  if (zip === "") return zipMessages.required;
  return ZIP_PATTERN.test(zip) ? null : zipMessages.invalid;
}
