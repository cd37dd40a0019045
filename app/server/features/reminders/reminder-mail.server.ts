/**
 * The e-mails of seasonal reminders, in the customer e-mail layout: the offer after a completed job ("Remind me
 * when it's due", a signed link to a page that asks for a click) and the reminder itself (one tap to ask again,
 * a one-click opt-out with the List-Unsubscribe headers). Like every customer e-mail they carry nothing the visitor
 * typed but a plain first name; the services are named from the site's own content. The compose functions are pure.
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../../content/business.ts";
import { localParts } from "../../kit/business-time.server.ts";
import type { Database } from "../../kit/db/database.server.ts";
import type { Env } from "../../kit/env.server.ts";
import { linkSecret, reminderPath } from "../../kit/signed-links.server.ts";
import {
  accountLink,
  customerRecipient,
  fromBusiness,
  listUnsubscribeHeaders,
  plainName,
  render,
  signature,
} from "../../notify/customer-email.server.ts";
import { CalledOff, type Delivery, type Sender } from "../../notify/delivery.server.ts";
import { createMailSender } from "../../notify/mail.server.ts";
import { sendAt } from "./due-dates.server.ts";
import { askedAgainSince, getConsent, planNext, reminderRules, servicesOfRequest } from "./reminders.server.ts";

type MailEnv = Pick<Env, "MAIL_FROM" | "SITE_URL">;

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/** "house washing and gutter cleaning" */
export function listed(titles: readonly string[]): string {
  const words = titles.map((t) => t.toLowerCase());
  return words.length < 2 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** When a service's reminder comes, in words: "12 months after the job", "each October", "in October and January". */
export function whenWords(slug: string): string {
  const rule = reminderRules.get(slug)?.rule;
  if (!rule) return "";
  if (rule.everyMonths !== undefined)
    return rule.everyMonths % 12 === 0
      ? `${rule.everyMonths / 12 === 1 ? "a year" : `${rule.everyMonths / 12} years`} after the job`
      : `${rule.everyMonths} months after the job`;
  const months = [...new Set((rule.dates ?? []).map((d) => MONTHS[d.month - 1]!))];
  return `each ${months.join(" and each ")}`;
}

export function composeOfferEmail(
  { jobId, lead }: Delivery,
  { env, remindUrl, account }: { env: MailEnv; remindUrl: string; account: string },
): Mail.Options {
  const to = customerRecipient(lead).address;
  const firstName = plainName(lead.fields.firstName);
  const slugs = servicesOfRequest(lead.fields);
  const names = slugs.map((slug) => reminderRules.get(slug)!.title);
  const { text, html } = render(
    [
      {
        lines: [
          `Hi${firstName ? ` ${firstName}` : ""},`,
          `Thank you for choosing ${business.name}. Your job is marked completed.`,
          `Would you like one e-mail when your ${listed(names)} is due again? ${slugs
            .map((slug) => `${reminderRules.get(slug)!.title}: ${whenWords(slug)}.`)
            .join(" ")}`,
        ],
      },
      { lines: [], link: { label: "Remind me when it's due", href: remindUrl, button: true } },
      {
        lines: [
          "If you do nothing, we will not e-mail you about it. Each reminder has a link to stop them.",
          `Questions? Call us at ${business.phone.display}.`,
        ],
      },
      signature(),
    ],
    "Want a reminder when it's due?",
    account,
  );
  return {
    ...fromBusiness(env.MAIL_FROM, "reminder-offer", jobId),
    to,
    subject: `Want a reminder when your ${listed(names)} is due?`,
    text,
    html,
  };
}

/** "October 2027" */
const monthYear = (date: string) => {
  const [year, month] = date.split("-").map(Number) as [number, number];
  return `${MONTHS[month - 1]} ${year}`;
};

/** What is due, in a sentence per service, from content: the season's words, or the time since the job. */
function dueLines(slugs: readonly string[], due: string, since: string): string[] {
  const [, month, day] = due.split("-").map(Number) as [number, number, number];
  return slugs.flatMap((slug) => {
    const service = reminderRules.get(slug);
    if (!service) return [];
    const { rule, title } = service;
    if (rule.everyMonths !== undefined)
      return [
        `${title}: it has been ${whenWords(slug).replace(" after the job", "")} since the job in ${monthYear(since)}.`,
      ];
    const date = rule.dates?.find((d) => d.month === month && d.day === day);
    return [`${title}: ${date?.what ?? "it is the season again"}.`];
  });
}

export function composeReminderEmail(
  { jobId, lead }: Delivery,
  {
    env,
    due,
    since,
    services,
    askAgainUrl,
    optOutUrl,
    account,
  }: {
    env: MailEnv;
    due: string;
    since: string;
    services: string[];
    askAgainUrl: string;
    optOutUrl: string;
    account: string;
  },
): Mail.Options {
  const to = customerRecipient(lead).address;
  const firstName = plainName(lead.fields.firstName);
  const names = services.map((slug) => reminderRules.get(slug)?.title ?? slug);
  const { text, html } = render(
    [
      {
        lines: [
          `Hi${firstName ? ` ${firstName}` : ""},`,
          `You asked us to remind you when your ${listed(names)} is due. It is:`,
          ...dueLines(services, due, since),
          "One tap asks us again for the same property and services; we reply with a time and a price.",
        ],
      },
      { lines: [], link: { label: "Ask for it again", href: askAgainUrl, button: true } },
      { lines: [`Or call us at ${business.phone.display}.`] },
      signature(),
      { lines: [], link: { label: "Stop these reminders", href: optOutUrl } },
    ],
    `Your ${listed(names)} is due`,
    account,
  );
  return {
    ...fromBusiness(env.MAIL_FROM, "seasonal-reminder", jobId),
    to,
    subject: `Your ${listed(names)} is due: ask again in one tap`,
    headers: listUnsubscribeHeaders(optOutUrl),
    text,
    html,
  };
}

/** The offer's sender: only while the request still names a service offering a reminder. */
export function createOfferSender(database: Database, env: Env, now: () => Date = () => new Date()): Sender {
  return createMailSender(env, async (delivery) => {
    if (servicesOfRequest(delivery.lead.fields).length === 0)
      throw new CalledOff("no service of the request offers a reminder");
    const secret = await linkSecret(database, env);
    return composeOfferEmail(delivery, {
      env,
      remindUrl: `${env.SITE_URL}${reminderPath("remind-me", delivery.lead.id, secret, now())}`,
      account: accountLink(env.SITE_URL, delivery.lead.id, secret, now()),
    });
  });
}

/**
 * The reminder's sender. At send time it calls the reminder off when the customer opted out or asked again since
 * agreeing (a newer request from the same e-mail or phone); otherwise it plans the next one (before sending: a
 * retry finds it planned and plans nothing more) and sends this one.
 */
export function createReminderSender(database: Database, env: Env, now: () => Date = () => new Date()): Sender {
  return createMailSender(env, async (delivery) => {
    const consent = await getConsent(database.db, delivery.lead.id);
    if (!consent || consent.optedOut) throw new CalledOff("the customer opted out of reminders");
    const { lead } = delivery;
    if (
      await askedAgainSince(
        database.db,
        { id: lead.id, email: lead.contact.email, phone: lead.contact.phone },
        consent.givenAt,
      )
    )
      throw new CalledOff("the customer asked again since agreeing to reminders");
    const due = delivery.job.ref;
    const payload = delivery.job.payload as { services?: string[] } | null;
    const services = (payload?.services ?? []).filter((slug) => reminderRules.has(slug));
    await planNext(database.db, consent, due, now());
    if (services.length === 0) throw new CalledOff("no service of the reminder offers one any more");
    const secret = await linkSecret(database, env);
    const at = now();
    return composeReminderEmail(delivery, {
      env,
      due,
      since: consent.since,
      services,
      askAgainUrl: `${env.SITE_URL}${reminderPath("ask-again", delivery.jobId, secret, at)}`,
      optOutUrl: `${env.SITE_URL}${reminderPath("reminder-opt-out", lead.id, secret, at)}`,
      account: accountLink(env.SITE_URL, lead.id, secret, at),
    });
  });
}

/** For the owner: the date a reminder due on `due` goes out, in Boise time words ("October 15, 2027"). */
export function dueWords(due: string): string {
  const { year, month, day } = localParts(sendAt(due));
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}
