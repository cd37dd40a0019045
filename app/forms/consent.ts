/**
 * What a lead form says about text messages and about the site's terms: two statements, never one
 * (decisions.md section 4; docs/decisions/040-request-kind-and-consent.md).
 *
 * CONSENT is the text-message consent box's wording. Required on the FREE ESTIMATE form (the sidebar, the
 * holiday dialog, /estimate), and on the contact form when text is the chosen contact method; optional elsewhere.
 * Never pre-checked, never bundled with accepting the terms: it names the Privacy Policy and the Terms of Service
 * (rendered as links) but does not accept them. Every stored request keeps CONSENT.version and the exact text
 * shown; change the version whenever the wording changes.
 */
export const CONSENT = {
  version: "sms-2026-12-02",
  /** Plain text, as stored with each request. Links are added where it is rendered. */
  text: "Text me about my request: I agree to receive conversational text messages at the phone number I provided. Message frequency varies. Message and data rates may apply. Reply STOP to opt out, HELP for help. Consent is not a condition of purchase. See our Privacy Policy and Terms of Service.",
} as const;

/** The words both statements link, in this order: the renderers split on them (app/components/forms/consent-text.tsx). */
export const POLICY_WORDS = "Privacy Policy and Terms of Service";

/** The terms, said beside the send button of every lead form that asks for text consent; not a box, not stored. */
export const TERMS_NOTE = `By sending this request you accept our ${POLICY_WORDS}.`;
