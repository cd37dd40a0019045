/**
 * What a visitor is told once a request is stored: on the page (with and without JavaScript) and, in the
 * same words, in the reply e-mail. Plain relative imports: the outbox worker runs in Node without Vite.
 */
import { business } from "../../../content/business.ts";
import type { Confirmation } from "../../../forms/result.ts";
import type { Fields, LeadKind } from "../../kit/leads.server.ts";

export const estimateConfirmation = (): Confirmation => ({
  title: "Thank you! Your request is in.",
  message: `We will reply within ${business.replyWithinHours} hours with your free estimate.`,
});

/**
 * The same answer whether the address is new, waiting for its confirmation or confirmed already: the form
 * tells no one who is on the list (a confirmed address is sent nothing).
 */
export const newsletterConfirmation = (): Confirmation => ({
  title: "Please check your inbox",
  message:
    "If this address is not on our list yet, we have e-mailed it a link to confirm your subscription. Nothing is sent until you click it; the link works for 7 days. Every e-mail has an unsubscribe link.",
});

export const applicationConfirmation = (position: string | undefined): Confirmation => ({
  title: "Thank you for applying!",
  message: `We received your application for ${position ?? "the position"} and will call you within a few business days.`,
});

/** The confirmation of a stored request of any kind (the confirmation page after a post without JavaScript, the reply e-mail). */
export function confirmationOf(kind: LeadKind, fields: Fields): Confirmation {
  if (kind === "newsletter") return newsletterConfirmation();
  if (kind === "application")
    return applicationConfirmation(typeof fields.position === "string" ? fields.position : undefined);
  return {
    ...estimateConfirmation(),
    estimate: typeof fields.priceEstimate === "string" && fields.priceEstimate !== "" ? fields.priceEstimate : null,
  };
}
