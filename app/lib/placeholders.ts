/** {{phone}}, {{email}}, {{name}}, {{legalName}}, {{replyWithinHours}} in content text: the business's own values. */
import { business } from "../content/business.ts";

/** Replaces the placeholders so content never copies a constant; an unknown one is left as written. */
export function fillPlaceholders(text: string) {
  const values: Record<string, string> = {
    phone: business.phone.display,
    email: business.email,
    name: business.name,
    legalName: business.legalName,
    replyWithinHours: String(business.replyWithinHours),
  };
  return text.replace(/\{\{(\w+)\}\}/g, (match, key: string) => values[key] ?? match);
}
