import { describe, expect, it } from "vitest";
import { CONSENT, POLICY_WORDS, TERMS_NOTE } from "./consent.ts";

describe("the text-message consent's wording (decisions.md section 4)", () => {
  it("has the spec's items, the two decisions added, and links the policies", () => {
    for (const item of [
      /conversational text messages/,
      /Reply STOP to opt out/,
      /HELP for help/,
      /Message and data rates may apply/,
      /Message frequency varies/,
      /Consent is not a condition of purchase/,
    ])
      expect(CONSENT.text).toMatch(item);
    expect(CONSENT.text.split(POLICY_WORDS)).toHaveLength(2);
  });

  it("is never bundled with accepting the terms: the terms are a statement of their own", () => {
    expect(CONSENT.text).not.toMatch(/\b(agree|accept)\w* (to )?(the |our )?(Privacy|Terms)/i);
    expect(TERMS_NOTE).toMatch(/accept our Privacy Policy and Terms of Service/);
    expect(TERMS_NOTE).not.toMatch(/text|message|SMS/i);
  });

  it("is kept by a version that names a day", () => {
    expect(CONSENT.version).toMatch(/^sms-\d{4}-\d{2}-\d{2}$/);
  });
});
