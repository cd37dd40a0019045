/**
 * The two statements of a lead form (app/forms/consent.ts): the text-message consent, a box of its own, and
 * the terms, a sentence beside the send button. Their wording names the policies; here they become links.
 */
import { Link } from "react-router";
import { CONSENT, POLICY_WORDS, TERMS_NOTE } from "../../forms/consent.ts";
import { Checkbox } from "./controls.tsx";

function WithPolicyLinks({ text }: { text: string }) {
  const [before, after] = text.split(POLICY_WORDS);
  return (
    <>
      {before}
      <Link to="/privacy-policy" className="font-medium text-brand-700 underline">
        Privacy Policy
      </Link>{" "}
      and{" "}
      <Link to="/terms-of-service" className="font-medium text-brand-700 underline">
        Terms of Service
      </Link>
      {after}
    </>
  );
}

/**
 * The text-message consent box (never pre-checked). `when` says when it is needed, after the wording: "Required."
 * where the form cannot be sent without it, the condition where a choice requires it, "Optional." elsewhere.
 */
export function TextConsentBox({
  field,
  required = false,
  when,
}: {
  field: Parameters<typeof Checkbox>[0]["field"];
  required?: boolean;
  when: string;
}) {
  return (
    <Checkbox field={field} required={required}>
      <WithPolicyLinks text={CONSENT.text} /> <span className="font-semibold text-slate-800">({when})</span>
    </Checkbox>
  );
}

/** The terms, accepted by sending the request: a statement, not a box. */
export function TermsNote() {
  return (
    <p className="text-sm text-slate-700">
      <WithPolicyLinks text={TERMS_NOTE} />
    </p>
  );
}
