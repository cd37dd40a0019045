/**
 * Text-message consent wording. Required on the FREE ESTIMATE form, and on the contact form when text is
 * the chosen contact method; optional elsewhere. Never pre-checked, never bundled with accepting the terms.
 * Every stored request keeps CONSENT.version and the exact text shown; change the version whenever
 * the wording changes.
 */
export const CONSENT = {
  version: "sms-2026-11-21",
  /** Plain text, as stored with each request. Links are added where it is rendered. */
  text: "I agree to the Privacy Policy and Terms of Service and consent to receive conversational text messages about my request at the phone number I provided. Message frequency varies. Message and data rates may apply. Reply STOP to opt out, HELP for help. Consent is not a condition of purchase.",
} as const;
