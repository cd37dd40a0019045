/**
 * The review request e-mail (one per customer, queued by reviews.server.ts when a job is marked completed):
 * short and plain: thanks for the job, one button to REVIEW_URL, the phone, and a one-click opt-out (a link
 * and the List-Unsubscribe headers). Like the reply (reply.server.ts) it carries nothing the visitor typed but
 * a plain first name and the services picked from the form's own list. composeReviewEmail is pure.
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../../content/business.ts";
import { servicesNeededOptions } from "../../../forms/options.ts";
import { signedPath, linkSecret } from "../../kit/signed-links.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { CalledOff, type Delivery, NotBefore, type Sender } from "../../notify/delivery.server.ts";
import { invoiceBalance } from "../../kit/invoice-ledger.server.ts";
import { createMailSender } from "../../notify/mail.server.ts";
import {
  listUnsubscribeHeaders,
  chosenAll,
  accountLink,
  customerRecipient,
  fromBusiness,
  plainName,
  render,
  signature,
} from "../../notify/customer-email.server.ts";
import { optedOut, reviewKey } from "./reviews.server.ts";

export interface ReviewMailContext {
  env: Pick<Env, "MAIL_FROM" | "SITE_URL">;
  reviewUrl: string;
  /** The key signing the opt-out link (linkSecret) and the customer's address key (reviewKey). */
  secret: string;
  emailKey: string;
  now: Date;
}

/** "house washing and roof cleaning" from the services the customer picked ("" when none of the list's). */
function servicesText(fields: Delivery["lead"]["fields"]): string {
  const labels = chosenAll(
    servicesNeededOptions.filter((o) => o.value !== "other"),
    fields.servicesNeeded,
  )
    .split(", ")
    .filter(Boolean)
    .map((label) => label.toLowerCase());
  return labels.length < 2 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

export function composeReviewEmail(
  { jobId, lead }: Delivery,
  { env, reviewUrl, secret, emailKey, now }: ReviewMailContext,
): Mail.Options {
  // The bare address: the review request names no one in its header.
  const to = customerRecipient(lead).address;
  const firstName = plainName(lead.fields.firstName);
  const services = servicesText(lead.fields);
  const optOutUrl = `${env.SITE_URL}${signedPath("review-opt-out", emailKey, secret, now)}`;
  const { text, html } = render(
    [
      {
        lines: [
          `Hi${firstName ? ` ${firstName}` : ""},`,
          `Thank you for choosing ${business.name}${services ? ` for your ${services}` : ""}. We hope you are happy with the result.`,
          "Would you take a minute to tell other homeowners how it went? A short review helps a family business more than anything else.",
        ],
      },
      { lines: [], link: { label: "Leave a review", href: reviewUrl, button: true } },
      {
        lines: [
          `Something not right? Call us at ${business.phone.display} and we will come back and make it right.`,
          "This is the only time we ask.",
        ],
      },
      signature(),
      { lines: [], link: { label: "Do not ask me for reviews", href: optOutUrl } },
    ],
    "Thank you for your business",
    accountLink(env.SITE_URL, lead.id, secret, now),
  );
  return {
    ...fromBusiness(env.MAIL_FROM, "review", jobId),
    to,
    subject: `How did we do? A quick review for ${business.name}`,
    headers: listUnsubscribeHeaders(optOutUrl),
    text,
    html,
  };
}

/**
 * The outbox's sender of review requests. At send time it calls the job off (CalledOff: 'cancelled', never
 * retried) when the address opted out since it was queued, or REVIEW_URL is no longer set; while the request has a
 * sent invoice not paid in full it waits a day at a time (the payment brings it forward: reviewAfterPayment).
 */
export function createReviewSender(database: Database, env: Env, now: () => Date = () => new Date()): Sender {
  return createMailSender(env, async (delivery) => {
    if (!env.REVIEW_URL) throw new CalledOff("REVIEW_URL is not set");
    const emailKey = await reviewKey(database, delivery.lead.contact.email);
    if (await optedOut(database, emailKey)) throw new CalledOff("the customer opted out of review requests");
    if (await unpaidInvoice(database, delivery.lead.id))
      throw new NotBefore(new Date(now().getTime() + 86_400_000), "the review request waits for the invoice's payment");
    return composeReviewEmail(delivery, {
      env,
      reviewUrl: env.REVIEW_URL,
      secret: await linkSecret(database, env),
      emailKey,
      now: now(),
    });
  });
}

/** Whether request `leadId` has a sent invoice with a balance left. */
async function unpaidInvoice(database: Database, leadId: string): Promise<boolean> {
  const sent = await database.db
    .selectFrom("invoices")
    .select("id")
    .where("lead_id", "=", leadId)
    .where("status", "=", "sent")
    .execute();
  for (const { id } of sent) if (((await invoiceBalance(database.db, id))?.balanceCents ?? 0) > 0) return true;
  return false;
}
