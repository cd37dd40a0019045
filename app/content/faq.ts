/**
 * The FAQ page's questions (content/faq.yaml). The phone number and e-mail are never written there: the
 * page's "Still Have Questions" card shows them.
 */
export { questions as faq } from "./modules/faq.ts";
