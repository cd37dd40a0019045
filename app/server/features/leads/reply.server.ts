/**
 * The e-mail to the visitor after an accepted request (docs/decisions/008-customer-reply-and-double-opt-in.md):
 * their reference number, the choices they picked from the form's fixed lists, the price range when the
 * request carries one, what happens next and when, and our phone number; for a newsletter sign-up, the link
 * that confirms it. From the site's address, Reply-To the business. composeReplyEmail is pure.
 *
 * Anyone can type anyone's address into a form, so this e-mail carries nothing a stranger wrote
 * (docs/security.md "It is no relay"): no message, project details, experience, city, phone or ZIP, no list entry that
 * is not one of the form's own choices, and a name only when it is a plain name (letters, with spaces, hyphens or
 * apostrophes between them). What it says is the business's wording (business.ts, confirmations.ts) and the server's
 * price range.
 */
import type Mail from "nodemailer/lib/mailer";
import { business } from "../../../content/business.ts";
import { jobs } from "../../../content/careers.ts";
import {
  availabilityOptions,
  contactMethods,
  serviceTypeOptions,
  servicesNeededOptions,
} from "../../../forms/options.ts";
import { bookPathOf } from "../../kit/book-link.server.ts";
import type { LeadKind, LeadRow } from "../../kit/leads.server.ts";
import { referenceOf } from "../../kit/reference.server.ts";
import { CONFIRM_TTL_MS, LINK_TTL_MS, newsletterLink } from "../../kit/signed-links.server.ts";
import {
  accountLink,
  chosen,
  chosenAll,
  customerRecipient,
  fromBusiness,
  listUnsubscribeHeaders,
  plainName,
  render,
  signature,
  type Block,
} from "../../notify/customer-email.server.ts";
import type { Delivery } from "../../notify/delivery.server.ts";
import { confirmationOf } from "./confirmations.server.ts";

export interface ReplyContext {
  /** The site's own address (MAIL_FROM) and its public origin (SITE_URL), for links. */
  env: { MAIL_FROM: string; SITE_URL: string };
  /** The key signing the newsletter links (linkSecret). */
  secret: string;
  now: Date;
}

/** What the visitor sent, as the reply names it: the contact page's form ("Send My Request") may ask anything, not only for an estimate. */
const what: Record<Exclude<LeadKind, "newsletter">, string> = {
  estimate: "estimate request",
  contact: "request",
  application: "job application",
};

const text = (value: unknown): string => (typeof value === "string" ? value.trim() : "");

/** "Monday – Friday: 7:00 AM – 7:00 PM", one line per day range. */
const hoursLines = () => business.hours.map((h) => `${h.days}: ${h.display}`);

const positions = jobs.map((job) => ({ value: job.slug, label: job.title }));

/** The choices the visitor picked from the form's fixed lists, labelled; anything else the request holds is left out. */
function choiceRows(fields: LeadRow["fields"]): { label: string; value: string }[] {
  const rows = [
    { label: "Position", value: chosen(positions, fields.position) },
    { label: "Availability", value: chosen(availabilityOptions, fields.availability) },
    { label: "Property type", value: chosen(serviceTypeOptions, fields.serviceType) },
    { label: "Services", value: chosenAll(servicesNeededOptions, fields.servicesNeeded) },
    { label: "Preferred contact method", value: chosen(contactMethods, fields.contactMethod) },
  ];
  return rows.filter((row) => row.value !== "");
}

function requestReply(
  lead: LeadRow & { kind: Exclude<LeadKind, "newsletter"> },
  /** The "Choose an arrival window" link (absolute), when the request may choose one online. */
  bookUrl?: string,
): {
  subject: string;
  title: string;
  blocks: Block[];
} {
  const reference = referenceOf(lead.id);
  const firstName = plainName(lead.fields.firstName);
  // The range the server computed from the pricing choices (pricing.tsx); never text the visitor sent.
  const price = text(lead.fields.priceEstimate);
  const position = chosen(positions, lead.fields.position);
  const confirmation = confirmationOf(lead.kind, { ...lead.fields, position: position || null });
  const next: string[] = [confirmation.message];
  if (lead.kind !== "application") next.push("Our office hours (Mountain Time):", ...hoursLines().map((l) => `  ${l}`));
  if (lead.inServiceArea === false)
    next.push(
      "Your ZIP code is outside the area we usually serve. We will confirm whether we can cover your location when we reply.",
    );
  next.push(`Urgent job or a question? Call us at ${business.phone.display}, or reply to this e-mail.`);
  const blocks: Block[] = [
    {
      lines: [
        `Hi${firstName ? ` ${firstName}` : ""},`,
        `Thank you for contacting ${business.name}. We received your ${what[lead.kind]}.`,
      ],
    },
    {
      lines: [
        `Your reference number: ${reference}`,
        "Please mention it when you call or reply, so we find your request at once.",
      ],
    },
  ];
  if (price)
    blocks.push({
      heading: "Your price range",
      lines: [price, "An estimate from what you told us; we confirm the price once we have seen the property."],
    });
  blocks.push({ heading: "What happens next", lines: next });
  if (bookUrl)
    blocks.push({
      heading: "Choose an arrival window",
      lines: [
        "Pick when our crew arrives from the open windows for your ZIP code. A window is a request until we confirm it by e-mail.",
        `The link works for ${Math.round(LINK_TTL_MS.book / 86_400_000)} days.`,
      ],
      link: { label: "Choose an arrival window", href: bookUrl, button: true },
    });
  const choices = choiceRows(lead.fields);
  if (choices.length > 0) blocks.push({ heading: "What you chose", lines: [], rows: choices });
  blocks.push(signature());
  return { subject: `We received your ${what[lead.kind]} (reference ${reference})`, title: confirmation.title, blocks };
}

function confirmationRequest(
  confirmUrl: string,
  unsubscribeUrl: string,
): { subject: string; title: string; blocks: Block[] } {
  const days = Math.round(CONFIRM_TTL_MS / 86_400_000);
  return {
    subject: `Please confirm your subscription to ${business.name} tips`,
    title: "Please confirm your subscription",
    blocks: [
      {
        lines: [
          `Someone, hopefully you, asked on our website to receive ${business.name}'s seasonal exterior cleaning tips at this address: a few short e-mails a year.`,
          `Nothing is sent until you confirm. The link works for ${days} days.`,
        ],
      },
      { lines: [], link: { label: "Confirm my subscription", href: confirmUrl, button: true } },
      {
        lines: [
          "Did not sign up? Ignore this e-mail: you will not hear from us again.",
          `Questions? Call us at ${business.phone.display}.`,
        ],
      },
      { lines: [], link: { label: "Unsubscribe (cancel this sign-up)", href: unsubscribeUrl } },
      signature(),
    ],
  };
}

/** The reply for one 'reply' job. Its Message-ID is derived from the job id, so a resend after a crash is recognisable. */
export function composeReplyEmail({ jobId, lead }: Delivery, { env, secret, now }: ReplyContext): Mail.Options {
  const recipient = customerRecipient(lead);
  const headers: Record<string, string> = {};
  let content: ReturnType<typeof requestReply>;
  if (lead.kind === "newsletter") {
    const unsubscribeUrl = newsletterLink("unsubscribe", lead.id, secret, env.SITE_URL, now);
    Object.assign(headers, listUnsubscribeHeaders(unsubscribeUrl));
    content = confirmationRequest(newsletterLink("confirm", lead.id, secret, env.SITE_URL, now), unsubscribeUrl);
  } else {
    const bookPath = bookPathOf({ id: lead.id, kind: lead.kind, zip: lead.contact.zip }, secret, now);
    content = requestReply(
      lead as LeadRow & { kind: Exclude<LeadKind, "newsletter"> },
      bookPath ? `${new URL(env.SITE_URL).origin}${bookPath}` : undefined,
    );
    headers["X-Reference"] = referenceOf(lead.id);
  }
  const { text: textBody, html } = render(
    content.blocks,
    content.title,
    accountLink(env.SITE_URL, lead.id, secret, now),
  );
  return {
    ...fromBusiness(env.MAIL_FROM, "reply", jobId),
    to: recipient.to,
    subject: content.subject,
    headers,
    text: textBody,
    html,
  };
}
