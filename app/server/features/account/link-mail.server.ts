/**
 * The e-mail of "Send me my link": one button to the customer's page, signed when the e-mail is composed (so a
 * retried job carries a fresh week), to the address of the request the job names: the one typed, in normal form.
 * It carries nothing the visitor typed but a plain first name.
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../../content/business.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { linkSecret } from "../../kit/signed-links.server.ts";
import type { Delivery, Sender } from "../../notify/delivery.server.ts";
import { createMailSender } from "../../notify/mail.server.ts";
import {
  accountLink,
  customerRecipient,
  fromBusiness,
  plainName,
  render,
  signature,
} from "../../notify/customer-email.server.ts";

export function composeAccountLinkEmail(
  { jobId, lead }: Delivery,
  link: string,
  env: Pick<Env, "MAIL_FROM">,
): Mail.Options {
  const firstName = plainName(lead.fields.firstName);
  const { text, html } = render(
    [
      {
        lines: [
          `Hi${firstName ? ` ${firstName}` : ""},`,
          `Here is the link to your page with ${business.name}: every request, quote, visit and invoice, and your e-mail and text preferences.`,
          "The link works for 7 days. After that, ask for a new one on the same page.",
        ],
      },
      { lines: [], link: { label: "Open my page", href: link, button: true } },
      {
        lines: [
          "You asked for this link on our website. If you did not, you can ignore this e-mail: the link shows your requests only to whoever holds this e-mail.",
        ],
      },
      signature(),
    ],
    "Your link",
    link,
  );
  return {
    ...fromBusiness(env.MAIL_FROM, "account-link", jobId),
    to: customerRecipient(lead).to,
    subject: `Your link to your requests with ${business.name}`,
    text,
    html,
  };
}

export function createAccountLinkSender(database: Database, env: Env, now: () => Date = () => new Date()): Sender {
  return createMailSender(env, async (delivery) => {
    const link = accountLink(env.SITE_URL, delivery.lead.id, await linkSecret(database, env), now());
    return composeAccountLinkEmail(delivery, link, env);
  });
}
