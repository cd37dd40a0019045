/**
 * The rules of app.css that name values from code: the pay page's button shows the sum of the checked tip with CSS
 * alone (before and without JavaScript), one rule per choice; a choice added in code without its rule would leave
 * the button empty when it is chosen.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TIP_CHOICES, tipChoiceId } from "./forms/payments.ts";

const css = readFileSync(new URL("./app.css", import.meta.url), "utf8");

describe("app.css", () => {
  it.each(TIP_CHOICES)("shows the pay button's sum of the tip choice %s when its radio is checked", (choice) => {
    expect(css).toContain(`.pay-form:has(#${tipChoiceId(choice)}:checked) .pay-sum[data-tip="${choice}"]`);
  });
});
