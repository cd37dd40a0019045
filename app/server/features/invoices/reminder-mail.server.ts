/**
 * The e-mail of an unpaid invoice's reminder, in the customer e-mail layout. When it is due it reads the invoice
 * again (reminderOutlook): paid in full, void, paused or not sent, it is called off and nothing goes.
 */
import type Mail from "nodemailer/lib/mailer";
import type { Database } from "../../kit/db/database.server.ts";
import type { Env } from "../../kit/env.server.ts";
import {
  accountUrl,
  customerRecipient,
  fromBusiness,
  plainName,
  render,
  signature,
} from "../../notify/customer-email.server.ts";
import { CalledOff, type Delivery, type Sender } from "../../notify/delivery.server.ts";
import { createMailSender } from "../../notify/mail.server.ts";
import { readReminderRef, REMINDER_KIND } from "../../kit/invoice-reminder-jobs.server.ts";
import { reminderOutlook } from "./reminders.server.ts";
import { reminderClosing, reminderLines, reminderSubject, type ReminderFacts } from "./reminder-words.ts";

export function composeReminderEmail(
  { jobId, lead }: Delivery,
  { env, facts, account }: { env: Pick<Env, "MAIL_FROM">; facts: ReminderFacts; account: string },
): Mail.Options {
  const firstName = plainName(lead.fields.firstName);
  const { text, html } = render(
    [
      { lines: [`Hi${firstName ? ` ${firstName}` : ""},`, ...reminderLines(facts)] },
      { lines: [], link: { label: `See invoice ${facts.number}`, href: facts.link, button: true } },
      { lines: reminderClosing() },
      signature(),
    ],
    `Invoice ${facts.number}`,
    account,
  );
  return {
    ...fromBusiness(env.MAIL_FROM, REMINDER_KIND, jobId),
    to: customerRecipient(lead).to,
    subject: reminderSubject(facts),
    text,
    html,
  };
}

/** The facts a reminder job tells now, or null (with why) when it must not go. */
export async function reminderFactsOf(
  delivery: Delivery,
  { database, env, now }: { database: Database; env: Pick<Env, "LINK_SECRET" | "SITE_URL">; now: Date },
): Promise<{ facts: ReminderFacts } | { why: string }> {
  const ref = readReminderRef(delivery.job.ref);
  if (!ref) return { why: "not a reminder of an invoice" };
  const outlook = await reminderOutlook(database, env, ref.invoiceId, now);
  if (!outlook.send) return { why: outlook.why };
  const { send, path, ...facts } = outlook;
  void send;
  return { facts: { ...facts, link: `${env.SITE_URL}${path}` } };
}

export function createInvoiceReminderSender(database: Database, env: Env, now: () => Date = () => new Date()): Sender {
  return createMailSender(env, async (delivery) => {
    const found = await reminderFactsOf(delivery, { database, env, now: now() });
    if ("why" in found) throw new CalledOff(`the invoice's reminder is not sent: ${found.why}`);
    const account = await accountUrl(database, env, delivery.lead.id, now());
    return composeReminderEmail(delivery, { env, facts: found.facts, account });
  });
}
